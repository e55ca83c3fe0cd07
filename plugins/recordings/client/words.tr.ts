/** The recordings screens' words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The list and the picker
  'Upload an MP3, MPEG or M4A file with UPLOAD; it can then become an episode.':
    'YÜKLE ile bir MP3, MPEG ya da M4A dosyası yükleyin; sonra bölüme dönüşebilir.',
  "You haven't uploaded any recordings yet.": 'Henüz bir kayıt yüklemediniz.',
  'There are no recordings yet.': 'Henüz kayıt yok.',
  'Select Recording': 'Kayıt Seç',
  'Duration {duration}': 'Süre {duration}',
  'Delete Recording': 'Kaydı Sil',
  'Are you sure you want to delete "{title}"? Its audio file is deleted too; episodes made from it keep their own copy.':
    '"{title}" kaydını silmek istediğinizden emin misiniz? Ses dosyası da silinir; ondan yapılan bölümler kendi kopyalarını korur.',
  'The recording is deleted.': 'Kayıt silindi.',

  // Editing
  'Edit Recording': 'Kaydı Düzenle',
  'Made from the title.': 'Başlıktan oluşturulur.',
  'The recording is saved.': 'Kayıt kaydedildi.',

  // Uploading
  'Upload Recording': 'Kayıt Yükle',
  'Audio file': 'Ses dosyası',
  'MP3, MPEG or M4A': 'MP3, MPEG ya da M4A',
  'The length is read from the file.': 'Süre dosyadan okunur.',
  'CHANGE FILE': 'DOSYAYI DEĞİŞTİR',
  'CHOOSE FILE': 'DOSYA SEÇ',
  'Choose an MP3, MPEG or M4A file.': 'Bir MP3, MPEG ya da M4A dosyası seçin.',
  'Uploading...': 'Yükleniyor...',
  'The recording is uploaded.': 'Kayıt yüklendi.',

  // ../rules.ts, the recording-update schema and the server's answers
  'You can only upload MP3/MPEG/M4A file!': 'Yalnızca MP3/MPEG/M4A dosyası yükleyebilirsiniz!',
  'Subtitle must be text.': 'Alt başlık metin olmalı.',
};

export default words;

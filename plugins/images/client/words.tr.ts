/**
 * The image library's words in Turkish (core/client/words.ts: English → Turkish). The alt text's
 * message, 'Lütfen alt metin girin.', is the spec's Turkish in both languages: it has no entry.
 */
import { constants } from '../../../core/shared/config';
import type { Words } from '../../../core/client/words';
import { sizeMessage } from '../rules';

const { longSide, shortSide } = constants.limits.imageMaxPixels;
const maxMegabytes = constants.limits.imageMaxBytes / 1_048_576;

const words: Words = {
  // The library
  'Filter by Uploader': 'Yükleyene Göre Filtrele',
  'Upload an image with UPLOAD; it will be ready for covers, logos and stories.':
    'YÜKLE ile bir görsel yükleyin; kapaklar, logolar ve yazılar için hazır olur.',
  "You haven't uploaded any images yet.": 'Henüz bir görsel yüklemediniz.',
  'There are no images yet.': 'Henüz görsel yok.',
  'Source: {source}': 'Kaynak: {source}',
  'Copy Image': 'Görseli Kopyala',
  'The image address is on your clipboard.': 'Görselin adresi panoya kopyalandı.',
  'The image address could not be copied.': 'Görselin adresi kopyalanamadı.',
  'Delete Image': 'Görseli Sil',
  'Are you sure you want to delete this image? Stories and pages that use it will show a broken image.':
    'Bu görseli silmek istediğinizden emin misiniz? Onu kullanan yazılar ve sayfalar bozuk bir görsel gösterir.',

  // The picker
  'Image source': 'Görsel kaynağı',
  GALLERY: 'GALERİ',
  Gallery: 'Galeri',
  'Upload one in the UPLOAD tab.': 'YÜKLE sekmesinden bir tane yükleyin.',

  // Uploading and the credentials
  'Upload Image': 'Görsel Yükle',
  'Upload image': 'Görsel yükle',
  'Preview of the chosen image': 'Seçilen görselin önizlemesi',
  'Click or drag an image here': 'Tıklayın ya da bir görseli buraya sürükleyin',
  'JPG, PNG or GIF, at most {size} MB': 'JPG, PNG ya da GIF, en fazla {size} MB',
  'Image file': 'Görsel dosyası',
  'Recommended size: {size}': 'Önerilen boyut: {size}',
  'UPLOADING...': 'YÜKLENİYOR...',
  'ALT TEXT': 'ALT METİN',
  'Describe the image for people who cannot see it...': 'Görseli göremeyenler için betimleyin...',
  SOURCE: 'KAYNAK',
  'Who made or owns the image...': 'Görselin sahibi ya da yapımcısı...',
  CAPTION: 'GÖRSEL ALTI YAZISI',
  'Type a caption...': 'Görsel altı yazısını girin...',

  // The server's answers, ../rules.ts and the image-update schema
  'Image is uploaded.': 'Görsel yüklendi.',
  'Image is updated.': 'Görsel güncellendi.',
  'Image is deleted.': 'Görsel silindi.',
  'You can only upload JPG/PNG/GIF file!': 'Yalnızca JPG/PNG/GIF dosyası yükleyebilirsiniz!',
  [sizeMessage]: `Görsel en fazla ${maxMegabytes} MB olabilir!`,
  [`Image is too large: at most ${longSide} x ${shortSide} pixels.`]: `Görsel çok büyük: en fazla ${longSide} x ${shortSide} piksel olabilir.`,
  'Image not found.': 'Görsel bulunamadı.',
  'Alt text is too long.': 'Alt metin çok uzun.',
  'Source must be text.': 'Kaynak metin olmalı.',
  'Source is too long.': 'Kaynak çok uzun.',
  'Caption must be text.': 'Görsel altı yazısı metin olmalı.',
  'Caption is too long.': 'Görsel altı yazısı çok uzun.',
};

export default words;

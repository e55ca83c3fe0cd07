/** The episodes screens' words in Turkish (core/client/words.ts: English → Turkish). */
import { constants } from '../../../core/shared/config';
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The list
  Recording: 'Kayıt',
  'Upload from Megaphone': "Megaphone'dan Yükle",
  'Make one from a recording, or import one from your podcast provider, with CREATE.':
    'OLUŞTUR ile bir kayıttan bölüm yapın ya da podcast sağlayıcınızdan bir bölüm içe aktarın.',
  "You haven't made any episodes yet.": 'Henüz bir bölüm oluşturmadınız.',
  'There are no episodes yet.': 'Henüz bölüm yok.',
  'Delete Episode': 'Bölümü Sil',
  'Are you sure you want to delete "{title}"? It leaves the podcast feed too.':
    '"{title}" bölümünü silmek istediğinizden emin misiniz? Podcast akışından da kaldırılır.',
  'Select Episode': 'Bölüm Seç',

  // Statuses (config/badges.json's story labels)

  // The podcast feed's address
  'Podcast feed': 'Podcast akışı',
  'Published episodes; give this address to podcast apps.': 'Yayındaki bölümler; bu adresi podcast uygulamalarına verin.',
  'Copy feed address': 'Akış adresini kopyala',
  'The podcast feed address is copied.': 'Podcast akışının adresi kopyalandı.',

  // The episode form
  'New Episode': 'Yeni Bölüm',
  'Recording: {title}': 'Kayıt: {title}',
  IMAGE: 'GÖRSEL',
  'Publish now': 'Şimdi yayınla',
  Schedule: 'Zamanla',
  'DATE AND TIME': 'TARİH VE SAAT',
  'The episode is created.': 'Bölüm oluşturuldu.',
  'The episode is saved.': 'Bölüm kaydedildi.',
  'The episode is deleted.': 'Bölüm silindi.',
  // The schemas' messages (episode-create, episode-update) and ../rules.ts
  'Body is too long.': 'Metin çok uzun.',
  'Choose a status.': 'Bir durum seçin.',
  "This episode's story is premium: its audio stays out of the podcast while it is.":
    'Bu bölümün yazısı premium: premium kaldıkça sesi podcast akışının dışında kalır.',

  // The podcast browser
  Podcasts: 'Podcastler',
  Cover: 'Kapak',
  'Add the RSS feed of a podcast to browse its episodes.': "Bölümlerine göz atmak için bir podcast'in RSS akışını ekleyin.",
  'There are no podcasts yet.': 'Henüz podcast yok.',
  'Podcast feed URL': "Podcast akışı URL'si",
  'The podcast feed is added.': 'Podcast akışı eklendi.',
  IMPORT: 'İÇE AKTAR',
  'Import {title}': '{title} bölümünü içe aktar',
  'This podcast has no episodes with audio.': "Bu podcast'in sesi olan bölümü yok.",
  'Importing the episode...': 'Bölüm içe aktarılıyor...',
  'The episode is imported as a recording.': 'Bölüm kayıt olarak içe aktarıldı.',
  // The server's answers the browser toasts (plugins/episodes/server, podcast-feed-create's schema)
  'This address is on a private network; podcast feeds must be public.': 'Bu adres özel bir ağda; podcast akışları herkese açık olmalı.',
  'This address does not give a podcast RSS feed.': 'Bu adres bir podcast RSS akışı vermiyor.',
  'This feed is too large to read.': 'Bu akış okunamayacak kadar büyük.',
  'Podcast feeds are used only when no Megaphone account is configured.': 'Podcast akışları yalnızca bir Megaphone hesabı ayarlı değilken kullanılır.',
  'This feed is already in your list.': 'Bu akış zaten listenizde.',
  [`You can keep at most ${constants.limits.podcastFeedsMax} podcast feeds.`]: `En fazla ${constants.limits.podcastFeedsMax} podcast akışı tutabilirsiniz.`,
  'Podcast feed not found.': 'Podcast akışı bulunamadı.',
  'Megaphone cannot be reached.': "Megaphone'a ulaşılamıyor.",
  'Podcast not found.': 'Podcast bulunamadı.',
  'Episode not found.': 'Bölüm bulunamadı.',
};

export default words;

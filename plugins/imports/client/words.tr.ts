/** The Import page's words in Turkish, with the report's reasons the server writes (plugins/imports/rules.ts; core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The page and its form
  Import: 'İçe Aktar',
  'Bring your readers and posts from another platform. Check the files first: nothing is written until you import, and nobody is mailed.':
    'Okurlarınızı ve yazılarınızı başka bir platformdan getirin. Önce dosyaları denetleyin: içe aktarana kadar hiçbir şey yazılmaz ve kimseye e-posta gitmez.',
  Source: 'Kaynak',
  'Choose the newsletter to import into.': 'İçe aktarılacak bülteni seçin.',
  Files: 'Dosyalar',
  'Choose files': 'Dosya seç',
  'No file chosen': 'Dosya seçilmedi',
  'No export at hand?': 'Elinizde bir dışa aktarma yok mu?',
  'Download a sample Ghost members CSV': 'Örnek bir Ghost üye CSV dosyası indirin',
  'Old site address': 'Eski sitenin adresi',
  "Ghost's export writes its own address as __GHOST_URL__: give it, and the posts' images are fetched from there.":
    'Ghost dışa aktarması kendi adresini __GHOST_URL__ olarak yazar: adresi verin, yazıların görselleri oradan alınsın.',
  "Enter the old site's address as it starts its pages, such as https://example.com.":
    'Eski sitenin adresini sayfalarının başladığı gibi girin, örneğin https://example.com.',
  'Check the files': 'Dosyaları denetle',
  'Import into {newsletter}?': '{newsletter} bültenine içe aktarılsın mı?',
  'The readers and posts of these files are added to the newsletter. Nobody is mailed; what an earlier import took is skipped.':
    'Bu dosyalardaki okurlar ve yazılar bültene eklenir. Kimseye e-posta gitmez; önceki bir içe aktarmanın aldıkları atlanır.',
  'START THE IMPORT': 'İÇE AKTARMAYI BAŞLAT',
  'The import is queued.': 'İçe aktarma sıraya alındı.',
  'The files are being checked.': 'Dosyalar denetleniyor.',

  // What each source takes (rules.ts sourceFiles)
  'The site export (Settings → Import/Export: a .json file) and/or the members CSV (Members → Export).':
    'Site dışa aktarması (Ayarlar → İçe/Dışa aktarma: bir .json dosyası) ve/veya üyelerin CSV dosyası (Üyeler → Dışa aktar).',
  'The export zip (Settings → Exports), with posts.csv, the posts and the e-mail list.':
    'Dışa aktarma zip dosyası (Ayarlar → Dışa aktarmalar): yazıların listesi, yazılar ve e-posta listesiyle.',
  'The audience export (Audience → Export): its subscribed, unsubscribed and cleaned CSV files, or the zip they come in.':
    'Kitle dışa aktarması (Kitle → Dışa aktar): abonelerin, abonelikten çıkanların ve temizlenen adreslerin CSV dosyaları ya da içinde geldikleri zip.',
  'The subscribers CSV and/or the posts CSV (Settings → Exports).': 'Abonelerin CSV dosyası ve/veya yazıların CSV dosyası (Ayarlar → Dışa aktarmalar).',

  // An import and its report
  'Check of the files into {newsletter}': '{newsletter} için dosyaların denetimi',
  'Import into {newsletter}': '{newsletter} bültenine içe aktarma',
  Queued: 'Sırada',
  Running: 'Sürüyor',
  Finished: 'Bitti',
  Failed: 'Başarısız',
  Taken: 'Alındı',
  Changed: 'Değişti',
  Skipped: 'Atlandı',
  Paying: 'Ödeyen',
  'Nothing was written: this is what an import of these files would do.': 'Hiçbir şey yazılmadı: bu dosyaların içe aktarılması bunları yapardı.',
  Show: 'Göster',
  'All rows': 'Tüm satırlar',
  ACTION: 'İŞLEM',
  ITEM: 'ÖĞE',
  WHY: 'NEDEN',
  'The report has no rows here.': 'Raporda burada satır yok.',
  'The report fills in as the import runs.': 'Rapor, içe aktarma sürdükçe dolar.',
  'Show more': 'Daha fazla göster',
  'Past imports': 'Geçmiş içe aktarmalar',
  DATE: 'TARİH',
  FROM: 'KAYNAK',
  NEWSLETTER: 'BÜLTEN',
  RUN: 'ÇALIŞMA',
  Check: 'Denetim',
  STATE: 'DURUM',
  READERS: 'OKURLAR',
  Report: 'Rapor',
  'Readers: {count}': 'Okurlar: {count}',

  // The report's reasons (rules.ts memberReasons, fileReasons)
  'Imported as a subscriber.': 'Abone olarak içe aktarıldı.',
  'Imported as a paying subscriber.': 'Ödeyen abone olarak içe aktarıldı.',
  'Already imported by an earlier import.': 'Önceki bir içe aktarmada alınmıştı.',
  'Subscribes already: left as they are.': 'Zaten abone: olduğu gibi bırakıldı.',
  'Subscribes already: the import adds their labels.': 'Zaten abone: içe aktarma etiketlerini ekliyor.',
  'Subscribes already: the import records that they pay.': 'Zaten abone: içe aktarma ödediğini kaydediyor.',
  'Unsubscribed from this newsletter before: never signed up again.': 'Daha önce bu bültenden ayrılmış: yeniden abone yapılmaz.',
  'Unsubscribed there: imported as unsubscribed, never mailed.': 'Orada abonelikten çıkmış: abonelikten çıkmış olarak alındı, hiç e-posta gönderilmez.',
  'Unsubscribed there, but subscribes here now: left as they are.': 'Orada abonelikten çıkmış ama burada abone: olduğu gibi bırakıldı.',
  'Cleaned there (the address bounced): suppressed, never mailed.': 'Orada temizlenmiş (adres geri dönmüş): engellendi, hiç e-posta gönderilmez.',
  'Deleted there: not imported.': 'Orada silinmiş: içe aktarılmadı.',
  'Never confirmed the subscription there: not imported.': 'Aboneliğini orada hiç onaylamamış: içe aktarılmadı.',
  'Repeated in the file: imported once.': 'Dosyada tekrarlanıyor: bir kez içe aktarıldı.',
  'The e-mail address is not valid.': 'E-posta adresi geçerli değil.',
  'The row cannot be read as CSV.': 'Satır CSV olarak okunamıyor.',
  'Not a file this import takes: left out.': 'Bu içe aktarmanın aldığı bir dosya değil: dışarıda bırakıldı.',
};

export default words;

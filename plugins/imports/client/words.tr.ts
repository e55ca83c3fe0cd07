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

  // The report's reasons about posts (rules.ts postReasons: the page reads their values)
  'An earlier import took it: it stays as it is.': 'Önceki bir içe aktarma almıştı: olduğu gibi kalıyor.',
  'Another story has the slug "{wanted}": this one\'s is "{slug}", and its old address leads to it.':
    'Başka bir yazının adresi "{wanted}": bunun adresi "{slug}" oldu, eski adresi de ona götürüyor.',
  'A story published on {date}, /s/{slug}.': '{date} tarihinde yayımlanmış bir yazı, /s/{slug}.',
  'A premium story published on {date}, /s/{slug}.': '{date} tarihinde yayımlanmış, abonelere özel bir yazı, /s/{slug}.',
  'A story scheduled for {time}, /s/{slug}.': '{time} için zamanlanmış bir yazı, /s/{slug}.',
  'A premium story scheduled for {time}, /s/{slug}.': '{time} için zamanlanmış, abonelere özel bir yazı, /s/{slug}.',
  'A draft story, /s/{slug} once published.': 'Taslak bir yazı; yayımlanınca /s/{slug}.',
  'A premium draft story, /s/{slug} once published.': 'Abonelere özel taslak bir yazı; yayımlanınca /s/{slug}.',
  'The old address /{old} answers at {path}.': 'Eski adres /{old}, {path} adresinde yanıt veriyor.',
  'The old address /{old} already leads to another imported story.': 'Eski adres /{old} zaten içe aktarılmış başka bir yazıya götürüyor.',
  'An issue of the archive, e-mailed on {date} by the old service: never sent here, so it has no results.':
    'Arşivde bir sayı; eski hizmet {date} tarihinde e-postayla göndermiş: burada hiç gönderilmediği için sonucu yok.',
  'Sent by e-mail only on Ghost: published here, so that its issue in the archive can be read.':
    'Ghost’ta yalnızca e-postayla gönderilmiş: arşivdeki sayısı okunabilsin diye burada yayımlandı.',
  'Ghost\'s status "{status}" is read as a draft.': 'Ghost’taki "{status}" durumu taslak olarak okundu.',
  'Scheduled on Ghost without a date: kept as a draft.': 'Ghost’ta tarihsiz zamanlanmış: taslak olarak tutuldu.',
  'The export has no HTML for this post, only its editor document: its body is empty here.':
    'Dışa aktarmada bu yazının HTML’i yok, yalnızca düzenleyici belgesi var: metni burada boş.',
  'Written by {names} on Ghost: signed by the first, as a story has one byline.':
    'Ghost’ta {names} yazmış: bir yazının tek imzası olduğundan ilkinin imzasıyla.',
  'beehiiv\'s status "{status}" is read as a draft.': 'beehiiv’deki "{status}" durumu taslak olarak okundu.',
  'Scheduled on beehiiv without a date: kept as a draft.': 'beehiiv’de tarihsiz zamanlanmış: taslak olarak tutuldu.',
  '{file} is not in the export: the story has no body.': '{file} dışa aktarmada yok: yazının metni yok.',
  "Its podcast episode is not imported (Substack's export links to its audio): the story keeps its text.":
    'Podcast bölümü içe aktarılmadı (Substack dışa aktarması sesine yalnızca bağlantı veriyor): yazı metnini koruyor.',
  'The row has neither a title nor a body.': 'Satırda ne başlık ne metin var.',
  'The row has no post_id.': 'Satırda post_id yok.',
  'The row cannot be read: {error}': 'Satır okunamıyor: {error}',
  "The image is on the Ghost site, whose address the export does not give: the post keeps Ghost's address for it.":
    'Görsel, adresini dışa aktarmanın vermediği Ghost sitesinde: yazı onun için Ghost’un adresini koruyor.',
  'The image has no web address to fetch it from: the post keeps it as it was.': 'Görselin alınabileceği bir web adresi yok: yazı onu olduğu gibi koruyor.',
  '{error} The post keeps the old address.': '{error} Yazı eski adresi koruyor.',
};

export default words;

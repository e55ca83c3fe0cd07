/** The analytics screens' words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // Pages and headers
  'Analytics: {title}': 'Analitik: {title}',
  'Issue analytics': 'Sayı analitiği',
  'Story analytics': 'Yazı analitiği',
  'Newsletter analytics': 'Bülten analitiği',
  'Beta analytics': 'Beta analitik',
  'Results of the issue it went out in': 'Gönderildiği sayının sonuçları',
  // The server's (plugins/analytics/server/routes.ts)

  // Panels (ranges.ts, AudienceAnalytics, ContentAnalyticsPage, AverageViews, LatestIssues, ClickMap, CancellationView)
  SUBSCRIBERS: 'ABONELER',
  SUBSCRIPTIONS: 'ABONELİKLER',
  UNSUBSCRIPTION: 'ABONELİKTEN ÇIKMALAR',
  'TOTAL READS': 'TOPLAM OKUMALAR',
  'TOTAL CLICKS': 'TOPLAM TIKLAMALAR',
  'SUBSCRIPTIONS BY SOURCE': 'KAYNAĞA GÖRE ABONELİKLER',
  'UNSUBSCRIPTION BY SOURCE': 'KAYNAĞA GÖRE ABONELİKTEN ÇIKMALAR',
  'OPENS BY DEVICE': 'CİHAZA GÖRE AÇILMALAR',
  'CLICKS BY DEVICE': 'CİHAZA GÖRE TIKLAMALAR',
  'READS BY DEVICE': 'CİHAZA GÖRE OKUMALAR',
  'OPENS BY SOURCE': 'KAYNAĞA GÖRE AÇILMALAR',
  'CLICKS BY SOURCE': 'KAYNAĞA GÖRE TIKLAMALAR',
  'READS BY SOURCE': 'KAYNAĞA GÖRE OKUMALAR',
  'OPENS AND CLICKS': 'AÇILMALAR VE TIKLAMALAR',
  READS: 'OKUMALAR',
  'AVERAGE VIEWS': 'ORTALAMA GÖRÜNTÜLENME',
  'CLICK MAP': 'TIKLAMA HARİTASI',
  CANCELLATIONS: 'AYRILMALAR',

  // The range picker
  MONTHLY: 'AYLIK',
  WEEKLY: 'HAFTALIK',
  DAILY: 'GÜNLÜK',
  CUSTOM: 'ÖZEL',
  Range: 'Aralık',
  'Start date': 'Başlangıç tarihi',
  'End date': 'Bitiş tarihi',

  // A panel's states, its download
  'Loading {what}': '{what} yükleniyor',
  'Not Ready': 'Hazır Değil',
  'The figures could not be loaded. Try again with the refresh button.': 'Rakamlar yüklenemedi. Yenile düğmesiyle yeniden deneyin.',
  'No data yet: the chart fills as readers receive, open and click the issues.':
    'Henüz veri yok: okuyucular sayıları aldıkça, açtıkça ve tıkladıkça grafik dolar.',
  'Download {title} as CSV': '{title} CSV olarak indir',

  // The figures and the notes under the charts
  '{share} machine reads filtered': '{share} makine okuması ayıklandı',
  'Average reading time {time}': 'Ortalama okuma süresi {time}',
  'Open rate {open} · Click rate {click}': 'Açılma oranı {open} · Tıklama oranı {click}',

  // Series, legends, tooltips
  Opens: 'Açılmalar',
  'Machine opens': 'Makine açılmaları',
  Clicks: 'Tıklamalar',
  'Machine clicks': 'Makine tıklamaları',
  Reads: 'Okumalar',
  'Machine reads': 'Makine okumaları',
  Subscriptions: 'Abonelikler',
  Unsubscriptions: 'Abonelikten çıkmalar',
  Total: 'Toplam',
  Cancellations: 'Ayrılmalar',
  'Cancellation reasons': 'Ayrılma nedenleri',
  // What a value counts, after a number ('12 açılma'); also what a chart has none of yet ('henüz açılma yok').
  opens: 'açılma',
  clicks: 'tıklama',
  reads: 'okuma',
  unsubscriptions: 'abonelikten çıkma',
  subscribers: 'abone',
  'opens or clicks': 'açılma ya da tıklama',
  // The running span
  'so far': 'şu ana dek',
  '{period} (so far)': '{period} (şu ana dek)',
  // A chart's CSV
  Label: 'Etiket',
  Period: 'Dönem',
  complete: 'tamamlandı',

  // Sources and devices
  'Unknown source': 'Bilinmeyen kaynak',
  Tablet: 'Tablet',
  'Unknown device': 'Bilinmeyen cihaz',

  // Nothing to draw yet
  'No {what} in this period yet. Pick a longer range, or come back once readers have had the issues.':
    'Bu dönemde henüz {what} yok. Daha uzun bir aralık seçin ya da okuyucular sayıları aldıktan sonra yeniden bakın.',
  'No subscribers counted in this period yet: the count is taken at the end of each week.':
    'Bu dönemde henüz abone sayılmadı: sayım her haftanın sonunda yapılır.',
  'No {what} by people yet: a device is counted as each one arrives.': 'Kişilerden henüz {what} gelmedi: cihaz, her biri geldikçe sayılır.',
  'No {what} by people yet.': 'Kişilerden henüz {what} gelmedi.',
  'No issue has been opened yet among those sent in the last {months} months up to {days} days ago: an issue counts here a week after it goes out.':
    'Son {months} ayda gönderilen sayılardan ({days} gün öncesine kadar) henüz açılan olmadı: bir sayı, gönderildikten bir hafta sonra burada sayılır.',

  // The click map
  'Total {count}': 'Toplam {count}',
  'Subscribers {count}': 'Abone {count}',
  'IPs {count}': 'IP {count}',
  'Other links in the e-mail': 'E-postadaki diğer bağlantılar',
  'No link of this issue has been counted yet: its links are counted once it goes out by e-mail.':
    'Bu sayının bağlantılarından henüz hiçbiri sayılmadı: bağlantılar, sayı e-postayla gönderildiğinde sayılmaya başlar.',
  'No link of this story has been counted yet: its links are counted once it goes out by e-mail.':
    'Bu yazının bağlantılarından henüz hiçbiri sayılmadı: bağlantılar, yazı e-postayla gönderildiğinde sayılmaya başlar.',

  // Cancellations (the reasons are the spec's Turkish, shown as they are)
  'Subscriber ID': 'Abone kimliği',
  Reason: 'Neden',
  'Cancellations range': 'Ayrılmaların tarih aralığı',
  'Cancellations from': 'Ayrılmalar: başlangıç tarihi',
  'Cancellations to': 'Ayrılmalar: bitiş tarihi',
  'Nobody left in these dates: readers who unsubscribe appear here with their reason.':
    'Bu tarihlerde ayrılan olmadı: abonelikten çıkan okuyucular burada nedenleriyle görünür.',

  // An issue's or a story's figures, one definition each (issue 55)
  'Clicks on this story': 'Bu yazıdaki tıklamalar',
  'In these dates: {note}': 'Bu tarihlerde: {note}',

  // The running span written apart, the publisher's newsletters side by side, average views by issue (issue 55 point 4)
  'Today so far: {figures}': 'Bugün şu ana dek: {figures}',
  'This week so far: {figures}': 'Bu hafta şu ana dek: {figures}',
  'This month so far: {figures}': 'Bu ay şu ana dek: {figures}',
  NEWSLETTERS: 'BÜLTENLER',
  Growth: 'Büyüme',
  'Growth: subscriptions less unsubscriptions from {from} to {to}.': 'Büyüme: {from} ile {to} arasındaki aboneliklerden ayrılmalar çıkınca kalan.',
  'Rates: the issues e-mailed in these dates, over their delivered copies; opens and clicks are people, each copy once, as on each issue.':
    'Oranlar: bu tarihlerde e-postayla gönderilen sayıların, teslim edilen kopyalarına göre; açılmalar ve tıklamalar kişidir, her kopya bir kez, her sayıda olduğu gibi.',
  views: 'görüntülenme',
  Views: 'Görüntülenme',
  'Average {views}': 'Ortalama {views}',
  'Average views of {count} issue: {views}': '{count} sayının ortalama görüntülenmesi: {views}',
  'Average views of {count} issues: {views}': '{count} sayının ortalama görüntülenmesi: {views}',
};

export default words;

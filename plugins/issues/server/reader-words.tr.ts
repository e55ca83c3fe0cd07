/** The issues' reader words in Turkish (core/server/reader-words.ts: English → Turkish): the issue's e-mail and page, the archive, the design's sample issue. */
import type { ReaderWords } from '../../../core/server/reader-words';

const words: ReaderWords = {
  // The e-mail (email/render.ts) and the page (public-page.ts).
  'Read more': 'Devamını oku',
  '{minutes} MIN': '{minutes} DK',
  'Did you like this newsletter?': 'Bu bülteni beğendiniz mi?',
  'If you enjoy {title}, share it with your friends: they can subscribe with your own invitation link.':
    '{title} hoşunuza gittiyse arkadaşlarınızla paylaşın: size özel davet bağlantınızla abone olabilirler.',
  'Invite your friends': 'Arkadaşlarınızı davet edin',
  'Read on the web': 'Web’de oku',
  '{title}: this e-mail was sent to {email}.': '{title}: bu e-posta {email} adresine gönderildi.',

  // The archive and the landing page's latest issues (public-archive.ts).
  'Latest issues': 'Son sayılar',
  'All issues': 'Tüm sayılar',
  Archive: 'Arşiv',
  'The published issues of {title}, newest first.': '{title} bülteninin yayımlanmış sayıları, en yeniden eskiye.',
  'Newer issues': 'Daha yeni sayılar',
  'Older issues': 'Daha eski sayılar',
  'No issue has been published yet.': 'Henüz yayımlanmış bir sayı yok.',

  // The sample issue of the e-mail design's preview (email/design-preview.ts).
  '{title}: the first issue': '{title}: ilk sayı',
  'A sample of your design': 'Tasarımınızın bir örneği',
  'Hello! This is a sample of the {title} e-mail. {links} look as the design says.':
    'Merhaba! Bu, {title} e-postasının bir örneği. {links} tasarımdaki gibi görünür.',
  Links: 'Bağlantılar',
  'In the News': 'Gündem',
  'A short piece of news: your readers see the main point at a glance, {details}.': 'Kısa bir haber: okurlarınız ana fikri bir bakışta görür, {details}.',
  'the details one click away': 'ayrıntısı bir tık uzakta',
  'Story of the Week': 'Haftanın Yazısı',
  'The headline of a long story': 'Uzun bir yazının başlığı',
  "A subtitle that takes the reader to the story's page": 'Okuru yazının sayfasına götüren bir alt başlık',
};
export default words;

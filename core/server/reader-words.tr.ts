/**
 * The core's reader words in Turkish (core/server/reader-words.ts: English → Turkish): the frame of
 * every reader page, its error pages, and the texts several parts say alike (a part does not write
 * them again).
 */
import type { ReaderWords } from './reader-words';

const words: ReaderWords = {
  // The frame (core/server/public-page.ts).
  Subscribe: 'Abone ol',
  'Published with Masthead': 'Masthead ile yayınlanır',
  'Page not found': 'Sayfa bulunamadı',
  'The page you are looking for is not here. Check the address or go back to the home page.':
    'Aradığınız sayfa burada yok. Adresi kontrol edin ya da ana sayfaya dönün.',
  'This page is no longer published': 'Bu sayfa artık yayında değil',
  'This content has been taken down.': 'Bu içerik yayından kaldırıldı.',
  'This address is not valid': 'Adres geçerli değil',
  'This address could not be read. Please check the link.': 'Bu adres okunamadı. Lütfen bağlantıyı kontrol edin.',
  'Back to the home page': 'Ana sayfaya dön',

  // Said by several parts: the subscribers', the readers' and the paid plans' pages, the e-mails.
  Subscription: 'Abonelik',
  Unsubscribe: 'Abonelikten çık',
  Newsletters: 'Bültenler',
  'Newsletter not found.': 'Bülten bulunamadı.',
  'Your e-mail address': 'E-posta adresiniz',
  'name@example.com': 'ornek@eposta.com',
  'Please enter a valid e-mail address.': 'Lütfen geçerli bir e-posta adresi yazın.',
  'Too many attempts. Please try again in a while.': 'Çok fazla deneme yapıldı. Lütfen bir süre sonra yeniden deneyin.',
  'This form has expired. Please refresh the page and try again.': 'Bu form geçerliliğini yitirdi. Lütfen sayfayı yenileyip yeniden deneyin.',
  'Reader sign-in': 'Okur girişi',
  'You are signed in as {email}.': '{email} adresiyle giriş yaptınız.',
  'Hello,': 'Merhaba,',
  'This e-mail was sent to {email}.': 'Bu e-posta {email} adresine gönderildi.',
};
export default words;

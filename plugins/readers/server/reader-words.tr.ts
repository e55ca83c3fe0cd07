/** The readers' words in Turkish (core/server/reader-words.ts: English → Turkish): the sign-in, its e-mail, the account. */
import type { ReaderWords } from '../../../core/server/reader-words';

const words: ReaderWords = {
  'Enter your e-mail address to manage your subscriptions to {title}: we will send you a sign-in link to use once.':
    '{title} aboneliklerinizi yönetmek için e-posta adresinizi yazın: size tek kullanımlık bir giriş bağlantısı gönderelim.',
  'Send a sign-in link': 'Giriş bağlantısı gönder',
  'If this address subscribes to the newsletter, we sent the sign-in link to its inbox. The link is valid for {minutes} minutes and can be used once.':
    'Bu adres bültenin abonelerindense giriş bağlantısını e-posta kutunuza gönderdik. Bağlantı {minutes} dakika geçerlidir ve bir kez kullanılabilir.',
  'Press the button to sign in to your reader account.': 'Okur hesabınıza girmek için düğmeye basın.',
  'Sign in': 'Giriş yap',
  'This sign-in link is no longer valid: it has expired or has been used already.':
    'Bu giriş bağlantısı artık geçerli değil: süresi dolmuş ya da daha önce kullanılmış.',
  'Ask for a new sign-in link': 'Yeni bir giriş bağlantısı isteyin',
  'My account': 'Hesabım',
  Subscribed: 'Abonesiniz',
  'Not subscribed': 'Abone değilsiniz',
  'Sign out': 'Çıkış yap',
  'You have signed out. Your reader account is no longer open in this browser.': 'Çıkış yaptınız. Bu tarayıcıda okur hesabınız artık açık değil.',
  'Do you subscribe? Sign in to manage your subscriptions': 'Abone misiniz? Aboneliklerinizi yönetmek için giriş yapın',

  // The sign-in e-mail (sign-in-mail.ts).
  '{title}: your sign-in link': '{title}: giriş bağlantınız',
  'You asked for a link to sign in to your reader account of {title}. The link is valid for {minutes} minutes and can be used once:':
    '{title} okur hesabınıza girmek için bir bağlantı istediniz. Bağlantı {minutes} dakika geçerlidir ve bir kez kullanılabilir:',
  'If it was not you, ignore this e-mail: the link expires by itself if it is not used.':
    'Siz istemediyseniz bu e-postayı yok sayın: bağlantı kullanılmazsa kendiliğinden geçersiz olur.',
};
export default words;

/** The subscribers' reader words in Turkish (core/server/reader-words.ts: English → Turkish): the subscribe form, its answers, the confirmation and welcome e-mails, the unsubscribe page. */
import type { ReaderWords } from '../../../core/server/reader-words';

const words: ReaderWords = {
  // The subscribe form (subscribe-form.ts).
  'Subscribe now': 'Abone olun',
  'Get every new issue of {title} in your inbox.': '{title} yeni sayılarıyla e-posta kutunuza gelsin.',
  'Your name': 'Adınız',
  'Your city': 'Şehriniz',
  '{label} (optional)': '{label} (isteğe bağlı)',
  'It is free. You can leave with one click at any time.': 'Ücretsizdir. İstediğiniz zaman tek tıkla ayrılabilirsiniz.',

  // What the reader typed (subscriptions.ts).
  'Please enter your name.': 'Lütfen adınızı yazın.',
  'Please enter your city.': 'Lütfen şehrinizi yazın.',
  'Your name can be at most {max} characters long.': 'Ad en fazla {max} karakter olabilir.',
  'Your city can be at most {max} characters long.': 'Şehir en fazla {max} karakter olabilir.',

  // The answers (subscribe-page.ts).
  'Check your inbox': 'E-posta kutunuza bakın',
  'We sent the confirmation e-mail to:': 'Onay e-postasını şu adrese gönderdik:',
  'We sent the confirmation e-mail again to:': 'Onay e-postasını yeniden gönderdik:',
  'Click the link we sent to your inbox to confirm your subscription.': 'Aboneliğinizi onaylamak için e-posta kutunuza gönderdiğimiz bağlantıya tıklayın.',
  'The link is valid for {hours} hours.': 'Bağlantı {hours} saat geçerlidir.',
  'Did the e-mail not come?': 'E-posta gelmedi mi?',
  'If it does not come within a few minutes, look in your spam and promotions folders, or send it again.':
    'Birkaç dakika içinde gelmezse istenmeyen (spam) ve promosyon klasörlerine bakın ya da yeniden gönderin.',
  'Send the confirmation e-mail again': 'Onay e-postasını yeniden gönder',
  'An address gets at most {emails} confirmation e-mails in {hours} hours.': 'Bir adrese {hours} saatte en fazla {emails} onay e-postası gönderilir.',
  'Did you mistype the address?': 'Adresi yanlış mı yazdınız?',
  'Subscribe with another address': 'Başka bir adresle abone olun',
  'This request to send again is not valid. Please subscribe again below.': 'Bu yeniden gönderme isteği geçerli değil. Lütfen aşağıdan yeniden abone olun.',
  'We could not send the confirmation e-mail just now. Please try again in a little while.':
    'Onay e-postasını şu anda gönderemedik. Lütfen biraz sonra yeniden deneyin.',
  'Your subscription is confirmed. Welcome!': 'Aboneliğiniz onaylandı. Hoş geldiniz!',
  'This confirmation link is not valid or has expired. Please subscribe again.':
    'Bu onay bağlantısı geçerli değil ya da süresi dolmuş. Lütfen yeniden abone olun.',
  'The latest issue': 'Son sayı',
  'New issues will come to your inbox. While you wait, read the latest one:': 'Yeni sayılar e-posta kutunuza gelecek. Beklerken son sayıyı okuyun:',
  'Read the latest issue on the web': 'Son sayıyı web’de okuyun',
  'No issue has been published yet: the first one will come to your inbox when it is out.':
    'Henüz yayımlanmış bir sayı yok: ilk sayı yayımlandığında e-posta kutunuza gelecek.',
  'Go to the page of {title}': '{title} sayfasına gidin',

  // The confirmation and welcome e-mails (subscriptions.ts).
  '{title}: confirm your subscription': '{title}: aboneliğinizi onaylayın',
  'Confirm your subscription': 'Aboneliğinizi onaylayın',
  'Hello {name},': 'Merhaba {name},',
  'You entered this address to subscribe to {title}.': '{title} bültenine abone olmak için bu adresi yazdınız.',
  'Open this link to confirm your subscription:': 'Aboneliğinizi onaylamak için bu bağlantıyı açın:',
  'Confirm my subscription': 'Aboneliğimi onayla',
  'If it was not you, ignore this e-mail: a request that is not confirmed is deleted after {hours} hours.':
    'Siz istemediyseniz bu e-postayı yok sayın: onaylanmayan bir istek {hours} saat sonra silinir.',
  'Welcome to {title}': '{title} bültenine hoş geldiniz',
  'Your subscription is confirmed. {title} will come to your inbox with every new issue.':
    'Aboneliğiniz onaylandı. {title} yeni sayılarıyla e-posta kutunuza gelecek.',

  // Leaving (unsubscribe-page.ts, app-routes.ts; the reasons of reasons.ts).
  'Do you want to leave this newsletter, sent to {email}?': '{email} adresine gönderilen bu bültenden çıkmak istiyor musunuz?',
  'Why are you leaving?': 'Neden ayrılıyorsunuz?',
  'Your subscription has ended.': 'Aboneliğiniz sona erdi.',
  'You will no longer get e-mails from this newsletter.': 'Bu bültenden artık e-posta almayacaksınız.',
  'This link is not valid, or your subscription has already ended.': 'Bu bağlantı geçerli değil ya da aboneliğiniz zaten sona ermiş.',
  "The newsletter's content does not interest me": 'Bülten içeriği ilgimi çekmiyor',
  'I have no time to read': 'Okumaya vaktim yok',
  'I get too many e-mails': 'Çok fazla e-posta alıyorum',
  'I will keep following on the app and the web': 'Uygulama ve web üzerinden takip etmeye devam edeceğim',
  Other: 'Diğer',
};
export default words;

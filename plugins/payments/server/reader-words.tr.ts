/** The paid plans' reader words in Turkish (core/server/reader-words.ts: English → Turkish): the premium page, the account's notes, the landing page's offer. */
import type { ReaderWords } from '../../../core/server/reader-words';

const words: ReaderWords = {
  'Premium subscription': 'Premium abonelik',
  'Choose a plan to read the premium stories of {title} in full.': '{title} bülteninin premium yazılarını tamamıyla okumak için bir plan seçin.',
  'What does premium include?': 'Premium abonelikte neler var?',
  'You read premium stories whole on the site, signed in as a reader, never cut short.':
    'Premium yazıların tamamını sitede, okur girişinizle, kısaltılmadan okursunuz.',
  "Every issue's e-mail comes whole, with its premium stories.": 'Her sayının e-postası premium yazılarıyla birlikte tam hâliyle gelir.',
  'You manage your subscription and your card yourself, and cancel whenever you like.':
    'Aboneliğinizi ve kartınızı kendiniz yönetir, istediğiniz zaman iptal edersiniz.',
  Plans: 'Planlar',
  Monthly: 'Aylık',
  Yearly: 'Yıllık',
  month: 'ay',
  year: 'yıl',
  '{price} a month': 'Ayda {price}',
  '1 month free': '1 ay bedava',
  '{months} months free': '{months} ay bedava',
  'Save {percent}': '{percent} tasarruf',
  '{amount} ({percent}) less a year than 12 monthly payments.': '12 aylık ödemeye göre yılda {amount} ({percent}) daha az.',
  'Subscribe monthly': 'Aylık abone ol',
  'Subscribe yearly': 'Yıllık abone ol',
  "To pay, sign in as a reader first. The sign-in link is sent to the newsletter's subscribers: if you do not subscribe, subscribe for free first.":
    'Ödeme yapmak için önce okur girişi yapın. Giriş bağlantısı bültenin abonelerine gönderilir: abone değilseniz önce ücretsiz abone olun.',
  'Subscribe for free': 'Ücretsiz abone ol',
  'Your premium subscription is active (monthly plan).': 'Premium aboneliğiniz etkin (aylık plan).',
  'You read the premium stories with a membership you were given, until {date}.': 'Size tanınan üyelikle premium yazıları {date} tarihine kadar okursunuz.',
  'You read the premium stories with a membership you were given.': 'Size tanınan üyelikle premium yazıları okursunuz.',
  'Your premium subscription is active (yearly plan).': 'Premium aboneliğiniz etkin (yıllık plan).',
  'Your premium subscription is active (monthly plan, paid until {date}).': 'Premium aboneliğiniz etkin (aylık plan, {date} tarihine kadar ödendi).',
  'Your premium subscription is active (yearly plan, paid until {date}).': 'Premium aboneliğiniz etkin (yıllık plan, {date} tarihine kadar ödendi).',
  'Your last payment could not be taken; Stripe is trying again. Meanwhile you can keep reading premium stories: update your card by managing your subscription.':
    'Son ödemeniz alınamadı; Stripe yeniden deniyor. Bu sürede premium yazıları okumaya devam edebilirsiniz: kartınızı aboneliğinizi yöneterek güncelleyin.',
  'Your premium subscription has ended. You can subscribe again.': 'Premium aboneliğiniz sona erdi. Yeniden abone olabilirsiniz.',
  'Your payment has been received; your subscription will be active within a few seconds. Refresh the page.':
    'Ödemeniz alındı; aboneliğiniz birkaç saniye içinde etkinleşecek. Sayfayı yenileyin.',
  'Refresh the page': 'Sayfayı yenile',
  'Manage the subscription': 'Aboneliği yönet',
  'This newsletter offers no paid subscription.': 'Bu bülten ücretli abonelik sunmuyor.',
  'The payment page cannot be opened just now. Please try again in a little while.': 'Ödeme sayfası şu anda açılamıyor. Lütfen biraz sonra yeniden deneyin.',
  'Premium subscription: {price}': 'Premium abonelik: {price}',
  'See the plans': 'Planları görün',
};
export default words;

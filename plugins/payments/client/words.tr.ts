/** The payments' words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // PAID PLANS on Newsletter Credentials
  'PAID PLANS': 'ÜCRETLİ PLANLAR',
  CURRENCY: 'PARA BİRİMİ',
  'Turkish lira (TRY)': 'Türk lirası (TRY)',
  'US dollar (USD)': 'ABD doları (USD)',
  'Euro (EUR)': 'Euro (EUR)',
  'Pound sterling (GBP)': 'İngiliz sterlini (GBP)',
  'MONTHLY PRICE': 'AYLIK FİYAT',
  'YEARLY PRICE': 'YILLIK FİYAT',
  'Not offered': 'Sunulmuyor',
  'Empty: this plan is not offered.': 'Boşsa: bu plan sunulmaz.',
  'Readers pay {price} a month.': 'Okurlar ayda {price} öder.',
  'Readers pay {price} a year.': 'Okurlar yılda {price} öder.',
  "Readers cannot subscribe yet: the publisher's Stripe keys must be set in Publisher Credentials first.":
    "Okurlar henüz abone olamaz: önce yayıncının Stripe anahtarları Yayıncı Bilgileri'nde girilmeli.",
  "The prices are set by the publisher's directors and admins.": 'Fiyatları yayıncının direktörleri ve yöneticileri belirler.',
  'SAVE PRICES': 'FİYATLARI KAYDET',
  'The prices are saved.': 'Fiyatlar kaydedildi.',
  'Choose a currency.': 'Bir para birimi seçin.',
  'A price is at least 1.': 'Fiyat en az 1 olmalı.',
  'A price is at most 1,000,000.': 'Fiyat en fazla 1.000.000 olabilir.',
  'Enter a price.': 'Bir fiyat girin.',

  // PAYMENTS on Publisher Credentials (Stripe in one step)
  PAYMENTS: 'ÖDEMELER',
  'Stripe is connected in live mode with the key {hint}: readers pay for real.': 'Stripe canlı modda {hint} anahtarıyla bağlı: okurlar gerçekten ödeme yapar.',
  'Stripe is connected in test mode with the key {hint}: payments are pretend, no card is charged.':
    'Stripe test modunda {hint} anahtarıyla bağlı: ödemeler denemedir, hiçbir karttan çekim yapılmaz.',
  'Stripe is connected in live mode: the account {account}, with the key {hint}. Readers pay for real.':
    'Stripe canlı modda bağlı: {account} hesabı, {hint} anahtarıyla. Okurlar gerçekten ödeme yapar.',
  'Stripe is connected in test mode: the account {account}, with the key {hint}. Payments are pretend, no card is charged.':
    'Stripe test modunda bağlı: {account} hesabı, {hint} anahtarıyla. Ödemeler denemedir, hiçbir karttan çekim yapılmaz.',
  'The saved key {hint} was never checked with Stripe. Paste it again: Masthead checks it and creates the webhook endpoint, and the card says which account it opens.':
    "Kayıtlı {hint} anahtarı Stripe'ta hiç denetlenmedi. Yeniden yapıştırın: Masthead onu denetler, webhook uç noktasını oluşturur ve kart hangi hesabı açtığını gösterir.",
  'Stripe is not connected: readers cannot subscribe to the paid plans until the secret key of your Stripe account is saved.':
    'Stripe bağlı değil: Stripe hesabınızın gizli anahtarı kaydedilene kadar okurlar ücretli planlara abone olamaz.',
  'A reader could not open the Stripe payment page.': 'Bir okur Stripe ödeme sayfasını açamadı.',
  "Stripe's notice of a payment could not be taken.": "Stripe'ın bir ödeme bildirimi alınamadı.",
  'Last problem, {date} at {time}:': 'Son sorun, {date} {time}:',
  '{count} imported members not found in Stripe: their customer has no subscription in this account, so they read only what is free.':
    "İçe aktarılan {count} üye Stripe'ta bulunamadı: müşterilerinin bu hesapta aboneliği yok, bu yüzden yalnızca ücretsiz içerikleri okurlar.",
  '{count} imported members are being matched with their Stripe subscriptions.': 'İçe aktarılan {count} üye Stripe abonelikleriyle eşleştiriliyor.',
  'STRIPE SECRET KEY': 'STRIPE GİZLİ ANAHTARI',
  'Show the secret key as typed': 'Gizli anahtarı yazıldığı gibi göster',
  'Paste another key to replace it': 'Değiştirmek için başka bir anahtar yapıştırın',
  "In Stripe's dashboard, Developers → API keys: the secret key (a restricted key works too, with write access to Webhook Endpoints, Checkout Sessions and the Customer portal). A test key (sk_test_) lets you try a payment round trip with Stripe's test card 4242 4242 4242 4242.":
    "Stripe panosunda Geliştiriciler → API anahtarları: gizli anahtar (Webhook Endpoints, Checkout Sessions ve Customer portal için yazma izni olan kısıtlı bir anahtar da olur). Test anahtarıyla (sk_test_) Stripe'ın 4242 4242 4242 4242 test kartı ile baştan sona bir ödeme deneyebilirsiniz.",
  'WEBHOOK ADDRESS': 'WEBHOOK ADRESİ',
  'Masthead created this webhook endpoint in your Stripe account, with the events it needs, and keeps its signing secret. Replacing or removing the key removes it.':
    'Masthead bu webhook uç noktasını gereken olaylarla Stripe hesabınızda oluşturdu ve imza anahtarını saklıyor. Anahtarı değiştirmek ya da kaldırmak onu da kaldırır.',
  'Stripe posts to this address through an endpoint made by hand, with the signing secret saved before. Paste the key again to let Masthead create and keep its own.':
    "Stripe bu adrese elle oluşturulmuş bir uç noktadan, daha önce kaydedilen imza anahtarıyla gönderiyor. Masthead'in kendi uç noktasını oluşturup saklaması için anahtarı yeniden yapıştırın.",
  'CONNECT STRIPE': "STRIPE'I BAĞLA",
  'REMOVE KEYS': 'ANAHTARLARI KALDIR',
  'Remove the Stripe keys?': 'Stripe anahtarları kaldırılsın mı?',
  "Readers can no longer subscribe to the paid plans, and Stripe's news of the current subscriptions (renewals, cancellations) is no longer taken, until a key is saved again. The webhook endpoint Masthead created is removed from your Stripe account.":
    "Yeniden bir anahtar kaydedilene kadar okurlar ücretli planlara abone olamaz ve Stripe'ın mevcut aboneliklerle ilgili bildirimleri (yenilemeler, iptaller) alınmaz. Masthead'in oluşturduğu webhook uç noktası Stripe hesabınızdan kaldırılır.",
  'Stripe is connected.': 'Stripe bağlandı.',
  'The Stripe keys are saved.': 'Stripe anahtarları kaydedildi.',
  'The Stripe keys are removed.': 'Stripe anahtarları kaldırıldı.',
  'Enter the secret key.': 'Gizli anahtarı girin.',
  'Enter a Stripe secret key: it starts with sk_test_, sk_live_, rk_test_ or rk_live_.':
    'Bir Stripe gizli anahtarı girin: sk_test_, sk_live_, rk_test_ ya da rk_live_ ile başlar.',
  'Enter the webhook signing secret: it starts with whsec_.': 'Webhook imza anahtarını girin: whsec_ ile başlar.',

  // Earnings
  'No earnings yet': 'Henüz kazanç yok',
  "Nothing has been paid yet. Earnings fill in once readers subscribe to a newsletter's monthly or yearly plan (set in the newsletter's Credentials) and pay through Stripe.":
    "Henüz ödeme yapılmadı. Okurlar bir bültenin aylık ya da yıllık planına (bültenin Bilgileri'nde belirlenir) abone olup Stripe ile ödedikçe kazançlar burada görünür.",
  Currency: 'Para birimi',
  'Download the earnings of this period as CSV': 'Bu dönemin kazançlarını CSV olarak indir',
  Now: 'Şimdi',
  'Monthly recurring revenue': 'Aylık yinelenen gelir',
  'Paying subscriptions now, a yearly plan counted as a twelfth a month': 'Şu anki ücretli abonelikler; yıllık plan ayda on ikide bir sayılır',
  'Paying subscribers': 'Ödeme yapan aboneler',
  'Including those whose last payment failed while Stripe tries again': "Son ödemesi alınamayıp Stripe'ın yeniden denediği aboneler dahil",
  REVENUE: 'GELİR',
  'NEW AND CANCELLED': 'YENİ VE İPTAL EDİLEN',
  'REVENUE BY NEWSLETTER': 'BÜLTENE GÖRE GELİR',
  'Revenue ({currency})': 'Gelir ({currency})',
  '{amount} from {count} payments in this period': 'Bu dönemde {count} ödemeden {amount}',
  '{newsletter}: {amount}, {count} payments': '{newsletter}: {amount}, {count} ödeme',
  'No payments in this period yet. Pick a longer range, or come back once readers have had the issues.':
    'Bu dönemde henüz ödeme yok. Daha uzun bir aralık seçin ya da okurlar sayıları aldıktan sonra yeniden bakın.',
  'No new or cancelled paid subscriptions in this period yet. Pick a longer range, or come back once readers have had the issues.':
    'Bu dönemde henüz yeni ya da iptal edilen ücretli abonelik yok. Daha uzun bir aralık seçin ya da okurlar sayıları aldıktan sonra yeniden bakın.',
  Payments: 'Ödemeler',
};

export default words;

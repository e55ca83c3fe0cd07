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

  // PAYMENTS on Publisher Credentials (the Stripe keys)
  PAYMENTS: 'ÖDEMELER',
  'Stripe is connected with the secret key {hint}.': 'Stripe, {hint} gizli anahtarıyla bağlı.',
  'Stripe is not connected: readers cannot subscribe to the paid plans until the keys are saved.':
    'Stripe bağlı değil: anahtarlar kaydedilene kadar okurlar ücretli planlara abone olamaz.',
  'STRIPE SECRET KEY': 'STRIPE GİZLİ ANAHTARI',
  'Show the secret key as typed': 'Gizli anahtarı yazıldığı gibi göster',
  'Empty: keep the saved key': 'Boşsa: kayıtlı gizli anahtar kalır',
  'WEBHOOK SIGNING SECRET': 'WEBHOOK İMZA ANAHTARI',
  'Show the signing secret as typed': 'İmza anahtarını yazıldığı gibi göster',
  'Empty: keep the saved secret': 'Boşsa: kayıtlı imza anahtarı kalır',
  'WEBHOOK ADDRESS': 'WEBHOOK ADRESİ',
  'Copy the webhook address': 'Webhook adresini kopyala',
  'The webhook address is copied.': 'Webhook adresi kopyalandı.',
  "In Stripe's dashboard, add this address as a webhook endpoint with the events checkout.session.completed, customer.subscription.created, customer.subscription.updated, customer.subscription.deleted, invoice.paid and invoice.payment_failed; then paste its signing secret above.":
    'Stripe panosunda bu adresi checkout.session.completed, customer.subscription.created, customer.subscription.updated, customer.subscription.deleted, invoice.paid ve invoice.payment_failed olaylarıyla bir webhook uç noktası olarak ekleyin; ardından imza anahtarını yukarıya yapıştırın.',
  'SAVE KEYS': 'ANAHTARLARI KAYDET',
  'REMOVE KEYS': 'ANAHTARLARI KALDIR',
  'Remove the Stripe keys?': 'Stripe anahtarları kaldırılsın mı?',
  "Readers can no longer subscribe to the paid plans, and Stripe's news of the current subscriptions (renewals, cancellations) is no longer taken, until keys are saved again.":
    "Anahtarlar yeniden kaydedilene kadar okurlar ücretli planlara abone olamaz ve Stripe'ın mevcut aboneliklerle ilgili bildirimleri (yenilemeler, iptaller) alınmaz.",
  'The Stripe keys are saved.': 'Stripe anahtarları kaydedildi.',
  'The Stripe keys are removed.': 'Stripe anahtarları kaldırıldı.',
  'Enter the secret key and the webhook signing secret.': 'Gizli anahtarı ve webhook imza anahtarını girin.',
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

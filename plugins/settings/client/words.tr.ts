/** The settings' words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // Newsletter and publisher credentials
  'Newsletter Credentials': 'Bülten Bilgileri',
  'NEWSLETTER CREDENTIALS': 'BÜLTEN BİLGİLERİ',
  'Publisher Credentials': 'Yayıncı Bilgileri',
  'PUBLISHER CREDENTIALS': 'YAYINCI BİLGİLERİ',
  'Welcome Issue': 'Karşılama Sayısı',
  'WELCOME ISSUE': 'KARŞILAMA SAYISI',
  'Edit Welcome Issue': 'Karşılama Sayısını Düzenle',
  'New subscribers receive the welcome issue first.': 'Yeni aboneler önce karşılama sayısını alır.',
  WEBSITE: 'WEB SİTESİ',
  LOGO: 'LOGO',
  COLOUR: 'RENK',
  'Pick {label}': '{label} seç',
  SENDER: 'GÖNDEREN',
  TESTERS: 'TEST ALICILARI',
  'VOICE SETTINGS': 'SES AYARLARI',
  'The publisher name {key} already exists.': '{key} adlı bir yayıncı zaten var.',
  'Your changes are saved.': 'Değişiklikleriniz kaydedildi.',

  // The publisher's data in one file
  'YOUR DATA': 'VERİLERİNİZ',
  "Everything of this publisher in one file: its newsletters, stories, issues, collections, subscribers, designs and settings, with their images and recordings. Stripe keys and passwords are left out. Another Masthead's admin imports it as the same publisher.":
    'Bu yayıncının her şeyi tek dosyada: bültenleri, yazıları, sayıları, koleksiyonları, aboneleri, tasarımları ve ayarları, görselleri ve kayıtlarıyla. Stripe anahtarları ve parolalar dosyaya girmez. Başka bir Masthead’in yöneticisi onu aynı yayıncı olarak içe aktarır.',
  'DOWNLOAD THE PUBLISHER FILE': 'YAYINCI DOSYASINI İNDİR',
  'Preparing the file...': 'Dosya hazırlanıyor...',
  'The publisher file is ready.': 'Yayıncı dosyası hazır.',

  // The sender
  'FROM NAME': 'GÖNDEREN ADI',
  "Readers see this name as the sender. Empty: the newsletter's title.": 'Okurlar gönderen olarak bu adı görür. Boşsa: bültenin başlığı.',
  'FROM ADDRESS': 'GÖNDEREN ADRESİ',
  "A new address gets a confirmation link; e-mails come from it once the link is opened. Empty: the server's address.":
    'Yeni bir adrese onay bağlantısı gönderilir; bağlantı açılınca e-postalar bu adresten gider. Boşsa: sunucunun adresi.',
  'Send the link again': 'Bağlantıyı yeniden gönder',
  '{pending} waits for confirmation: open the link we sent to it. Until then e-mails come from {current}.':
    '{pending} onay bekliyor: ona gönderdiğimiz bağlantıyı açın. O zamana kadar e-postalar {current} adresinden gider.',
  'REPLY-TO': 'YANIT ADRESİ',
  "Where readers' replies go. Empty: the From address.": 'Okurların yanıtlarının gideceği adres. Boşsa: gönderen adresi.',
  'Your changes are saved. We sent a confirmation link to {email}: e-mails come from it once the link is opened.':
    'Değişiklikleriniz kaydedildi. {email} adresine bir onay bağlantısı gönderdik: bağlantı açılınca e-postalar bu adresten gider.',
  'Your changes are saved, but the confirmation link could not be sent. Try ‘Send the link again’ later.':
    'Değişiklikleriniz kaydedildi, ancak onay bağlantısı gönderilemedi. ‘Bağlantıyı yeniden gönder’i daha sonra deneyin.',

  // Testers, interests, voices
  'Choose the people who receive test e-mails': 'Test e-postalarını alacak kişileri seçin',
  'Choose up to {max} interests ({count}/{max}).': 'En fazla {max} ilgi alanı seçin ({count}/{max}).',
  'Article voice': 'Makale sesi',
  'Article stability': 'Makale kararlılığı',
  'Article similarity boost': 'Makale benzerlik artışı',
  'Bullet voice': 'Kısa yazı sesi',
  'Bullet stability': 'Kısa yazı kararlılığı',
  'Bullet similarity boost': 'Kısa yazı benzerlik artışı',

  // The welcome issue
  '‹ Back to Dashboard': '‹ Panoya Dön',
  'SUBJECT LINE': 'KONU SATIRI',
  'Welcome to our newsletter!': 'Bültenimize hoş geldiniz!',
  'PREVIEW TEXT': 'ÖNİZLEME METNİ',
  'What the inbox shows after the subject': 'Gelen kutusunda konudan sonra görünen metin',
  INTRO: 'GİRİŞ',
  'Greet your new subscribers...': 'Yeni abonelerinizi karşılayın...',

  // The server's refusals and the schemas' messages these pages show
  'Testers must work for the publisher.': 'Test alıcıları yayıncıda çalışıyor olmalı.',
  'Choose a voice from the list.': 'Listeden bir ses seçin.',
  'Publisher title cannot be empty.': 'Yayıncı başlığı boş olamaz.',
  'Publisher title is too long.': 'Yayıncı başlığı çok uzun.',
  'Website must start with either "https://" or "http://".': 'Web sitesi "https://" ya da "http://" ile başlamalı.',
  'Publisher slug must be at least 3 characters.': 'Yayıncının kısa adı en az 3 karakter olmalı.',
  'Publisher slug is too long.': 'Yayıncının kısa adı çok uzun.',
  'Publisher slug may contain only lowercase letters, digits and hyphens.': 'Yayıncının kısa adında yalnızca küçük harf, rakam ve kısa çizgi olabilir.',
  'Interests must be a list of interests.': 'İlgi alanları bir ilgi alanı listesi olmalı.',
  'Testers must be a list of people.': 'Test alıcıları bir kişi listesi olmalı.',
  'The sender name must be text.': 'Gönderen adı metin olmalı.',
  'The sender name is too long.': 'Gönderen adı çok uzun.',
  'The sender name cannot hold quotes, angle brackets or line breaks.': 'Gönderen adında tırnak, açılı ayraç ya da satır sonu olamaz.',
  'Choose a voice.': 'Bir ses seçin.',
  'Stability must be between 1 and 100.': 'Kararlılık 1 ile 100 arasında olmalı.',
  'Similarity boost must be between 1 and 100.': 'Benzerlik artışı 1 ile 100 arasında olmalı.',
  'Subject line must be text.': 'Konu satırı metin olmalı.',
  'Preview text must be text.': 'Önizleme metni metin olmalı.',
  'Intro must be text.': 'Giriş metni metin olmalı.',
};

export default words;

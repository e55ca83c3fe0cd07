/** The design plugin's words in Turkish (core/client/words.ts: English → Turkish): the wizard and the design pages. */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The sidebar (plugin.ts).

  // The wizard's frame, stages and buttons (wizard-state.ts).
  'Leave the wizard': 'Sihirbazdan çık',
  'Leave the wizard?': 'Sihirbazdan çıkılsın mı?',
  'Your newsletter is saved but not published. What you changed on this page will be lost; you can finish the rest from its dashboard.':
    'Bülteniniz kaydedildi ama yayınlanmadı. Bu sayfada değiştirdikleriniz kaybolacak; gerisini bültenin panosundan tamamlayabilirsiniz.',
  'Your newsletter is not created yet: what you entered will be lost.': 'Bülteniniz henüz oluşturulmadı: girdikleriniz kaybolacak.',
  LEAVE: 'ÇIK',
  SKIP: 'ATLA',
  FINISH: 'BİTİR',
  'Before you start': 'Başlamadan önce',
  'Your newsletter': 'Bülteniniz',
  Colours: 'Renkler',
  'Welcome e-mail': 'Karşılama e-postası',
  'Ready to publish': 'Yayına hazır',
  'Congrats!': 'Tebrikler!',
  'E-mail design preferences': 'E-posta tasarımı tercihleri',

  // Stage -1: the terms (publisher-terms.tsx).
  'Before you create a newsletter, please read and accept the terms you publish under.':
    'Bülten oluşturmadan önce lütfen altında yayın yapacağınız koşulları okuyup kabul edin.',
  'Publisher Agreement': 'Yayıncı Sözleşmesi',
  'Publisher Policy': 'Yayıncı Politikası',
  'I have read and accept the Publisher Agreement.': "Yayıncı Sözleşmesi'ni okudum ve kabul ediyorum.",
  'I have read and accept the Publisher Policy.': "Yayıncı Politikası'nı okudum ve kabul ediyorum.",
  'Read the Publisher Agreement': "Yayıncı Sözleşmesi'ni oku",
  'Read the Publisher Policy': "Yayıncı Politikası'nı oku",
  'Your newsletter, your content': 'Bülteniniz, içeriğiniz',
  'You own what you publish through Masthead: your newsletters, issues, stories, images and recordings. You give us the right to store, format, send and show them as far as it takes to run your newsletter for you and your readers, and no further.':
    'Masthead üzerinden yayınladıklarınız sizindir: bültenleriniz, sayılarınız, yazılarınız, görselleriniz ve kayıtlarınız. Bize bunları yalnızca bülteninizi sizin ve okurlarınız için yürütmeye yetecek ölçüde saklama, biçimlendirme, gönderme ve gösterme hakkı verirsiniz; daha fazlasını değil.',
  'Your responsibility': 'Sorumluluğunuz',
  'You are responsible for what you publish and for the people you give access to your publisher. Your content must be lawful and must not infringe the rights of others, and you hold the rights to the texts, images and audio you use.':
    'Yayınladıklarınızdan ve yayıncınıza erişim verdiğiniz kişilerden siz sorumlusunuz. İçeriğiniz yasalara uygun olmalı ve başkalarının haklarını ihlal etmemelidir; kullandığınız metin, görsel ve seslerin hakları size aittir.',
  'Your readers': 'Okurlarınız',
  'Your subscribers are your readers. You send only to people who asked to receive your newsletter, and you may take your subscriber list with you when you leave.':
    'Aboneleriniz sizin okurlarınızdır. Yalnızca bülteninizi almak isteyen kişilere gönderirsiniz ve ayrılırken abone listenizi yanınızda götürebilirsiniz.',
  Suspension: 'Askıya alma',
  'We may suspend a newsletter that breaks this agreement or the Publisher Policy, or that puts our readers, our sending reputation or other publishers at risk. Where we can, we tell you first and give you the chance to put it right.':
    "Bu sözleşmeyi ya da Yayıncı Politikası'nı ihlal eden veya okurlarımızı, gönderim itibarımızı ya da diğer yayıncıları riske atan bir bülteni askıya alabiliriz. Elimizden geldiğince önce size haber verir ve düzeltme fırsatı tanırız.",
  Changes: 'Değişiklikler',
  'We may update this agreement. When a change matters to you, we tell you before it takes effect; continuing to publish afterwards means you accept it.':
    'Bu sözleşmeyi güncelleyebiliriz. Sizi ilgilendiren bir değişikliği yürürlüğe girmeden önce size bildiririz; sonrasında yayına devam etmeniz onu kabul ettiğiniz anlamına gelir.',
  Consent: 'İzin',
  'Add only people who have agreed to receive your newsletter. Do not import bought, rented or scraped lists. New subscribers confirm their address before they receive anything but the confirmation.':
    'Yalnızca bülteninizi almayı kabul etmiş kişileri ekleyin. Satın alınmış, kiralanmış ya da toplanmış listeleri içe aktarmayın. Yeni aboneler, onay e-postası dışında bir şey almadan önce adreslerini onaylar.',
  'No spam': 'Spam yok',
  'Do not send unsolicited or misleading mail: the sender, the subject and the content must say honestly who you are and what the issue is about. Links must go where they say they go.':
    'İstenmeyen ya da yanıltıcı e-posta göndermeyin: gönderen, konu ve içerik kim olduğunuzu ve sayının ne hakkında olduğunu dürüstçe söylemelidir. Bağlantılar söyledikleri yere gitmelidir.',
  'Every issue carries an unsubscribe link, and a reader who unsubscribes receives nothing more from that newsletter. Do not add them back without their new consent.':
    'Her sayıda abonelikten çıkma bağlantısı bulunur ve abonelikten çıkan bir okur o bültenden artık hiçbir şey almaz. Yeni izinleri olmadan onları yeniden eklemeyin.',
  "Readers' privacy": 'Okurların gizliliği',
  "Use readers' addresses and reading figures only to run your newsletter. Do not sell or share them, and delete a reader's data when they ask you to. We keep statistics in aggregate and do not keep raw addresses in them.":
    'Okurların adreslerini ve okuma verilerini yalnızca bülteninizi yürütmek için kullanın. Bunları satmayın ya da paylaşmayın; bir okur isterse verilerini silin. İstatistikleri toplu olarak tutarız ve içlerinde açık adres saklamayız.',
  'Content we do not carry': 'Yayınlamadığımız içerikler',
  'No malware or phishing, no content that harasses or incites violence or hatred, and nothing illegal. Newsletters that break this policy may be suspended.':
    'Zararlı yazılım ya da oltalama yok; taciz eden, şiddete ya da nefrete kışkırtan içerik yok; yasa dışı hiçbir şey yok. Bu politikayı ihlal eden bültenler askıya alınabilir.',

  // Stage 0: the identity.
  'Give your newsletter a face and a name. Readers find it at its address.': 'Bülteninize bir yüz ve bir ad verin. Okurlar onu adresinden bulur.',
  LANGUAGE: 'DİL',
  'The newsletter name {key} already exists.': '{key} adlı bülten zaten var.',

  // Stages 1 and 2: what it is about, its colours.
  'Tell readers what your newsletter is about, and choose the interests it is filed under.':
    'Okurlara bülteninizin ne hakkında olduğunu anlatın ve hangi ilgi alanlarında yer alacağını seçin.',
  "Pick your newsletter's colours: the primary colour and the colour of text on it.":
    'Bülteninizin renklerini seçin: ana renk ve onun üzerindeki metnin rengi.',
  'PRIMARY COLOUR': 'ANA RENK',

  // Stage 3: the welcome e-mail.
  'New subscribers receive this e-mail first. Say hello and tell them what to expect.':
    'Yeni aboneler önce bu e-postayı alır. Merhaba deyin ve onları neyin beklediğini anlatın.',
  'WELCOME TITLE': 'KARŞILAMA BAŞLIĞI',
  "The e-mail's subject. For example: Welcome to {title}!": 'E-postanın konusu. Örneğin: {title} bültenine hoş geldiniz!',
  "The e-mail's subject. For example: Welcome to our newsletter!": 'E-postanın konusu. Örneğin: Bültenimize hoş geldiniz!',
  'WELCOME SUBTITLE': 'KARŞILAMA ALT BAŞLIĞI',
  'The line the inbox shows after the title.': 'Gelen kutusunun başlıktan sonra gösterdiği satır.',
  'WELCOME TEXT': 'KARŞILAMA METNİ',
  'Write your greeting here': 'Karşılama mesajınızı buraya yazın',

  // Stage 4: the channels.
  'Channels are the sections of every issue. Start from an example: drag its channels to your template or click them. You can skip this and add channels later.':
    'Kanallar her sayının bölümleridir. Bir örnekten başlayın: kanallarını şablonunuza sürükleyin ya da üzerlerine tıklayın. Bu adımı atlayıp kanalları sonra da ekleyebilirsiniz.',
  'Example templates': 'Örnek şablonlar',
  USE: 'KULLAN',
  'Use {title}': '{title} şablonunu kullan',
  'Add {name}': '{name} kanalını ekle',
  'Your template': 'Şablonunuz',

  // Stage 5: ready to publish.
  'Everything is ready. Check your newsletter once more, then publish it.': 'Her şey hazır. Bülteninizi bir kez daha gözden geçirin, sonra yayınlayın.',
  Address: 'Adres',
  Language: 'Dil',
  Interests: 'İlgi alanları',
  'None yet: you can add them later.': 'Henüz yok: daha sonra ekleyebilirsiniz.',
  'Your newsletter is saved. PUBLISH again to finish what is left.': "Bülteniniz kaydedildi. Kalanı tamamlamak için yeniden YAYINLA'ya basın.",
  'Saving the newsletter...': 'Bülten kaydediliyor...',
  'Setting up its e-mail design...': 'E-posta tasarımı hazırlanıyor...',
  'Publishing...': 'Yayınlanıyor...',
  'Loading your newsletters...': 'Bültenleriniz yükleniyor...',

  // Stage 6: congratulations.
  '{title} is published, and its page is live now. Share it with your readers:': '{title} yayınlandı ve sayfası şu an yayında. Okurlarınızla paylaşın:',
  'COPY LINK': 'BAĞLANTIYI KOPYALA',
  'Readers can subscribe there from now on. Next: the look of its e-mails.': 'Okurlar artık oradan abone olabilir. Sırada e-postalarının görünümü var.',
  'Link is copied to clipboard!': 'Bağlantı panoya kopyalandı!',
  'The link could not be copied. Select it and copy it yourself.': 'Bağlantı kopyalanamadı. Seçip kendiniz kopyalayın.',

  // Stage 7: the e-mail design.
  'Make the e-mail your subscribers receive look like yours. You can change it any time under Design, Email.':
    'Abonelerinize giden e-postayı kendinize benzetin. Bunu istediğiniz zaman Tasarım, E-posta altından değiştirebilirsiniz.',

  // The rules' messages (rules.ts), which the server answers with too, and the create schema's.
  'You should accept our Publisher Agreement & Publisher Policy before continuing':
    'Devam etmeden önce Yayıncı Sözleşmemizi ve Yayıncı Politikamızı kabul etmelisiniz',
  'Please pick an interest before proceeding.': 'Devam etmeden önce lütfen bir ilgi alanı seçin.',
  'You can pick up to 4 interest topics.': 'En fazla 4 ilgi alanı seçebilirsiniz.',
  'Newsletter description must be at least 24 characters or more.': 'Bülten açıklaması en az 24 karakter olmalı.',
  'Welcome title must be at least 12 characters or more.': 'Karşılama başlığı en az 12 karakter olmalı.',
  'Welcome subtitle must be at least 12 characters or more.': 'Karşılama alt başlığı en az 12 karakter olmalı.',
  'Welcome text must be at least 12 characters or more.': 'Karşılama metni en az 12 karakter olmalı.',
  'Choose a language from the list.': 'Listeden bir dil seçin.',
  'Channel templates must be a list.': 'Kanal şablonları bir liste olmalı.',
  'A newsletter keeps at most 20 channel templates.': 'Bir bültende en fazla 20 kanal şablonu olabilir.',

  // The channel templates page and the template card.
  'Channel Templates': 'Kanal Şablonları',
  'NEW TEMPLATE': 'YENİ ŞABLON',
  'New Template': 'Yeni Şablon',
  'Delete Template': 'Şablonu Sil',
  '{title} will be deleted. Issues made from it keep their channels.': '{title} silinecek. Ondan oluşturulan sayılar kanallarını korur.',
  'Rename Template': 'Şablonu Yeniden Adlandır',
  RENAME: 'YENİDEN ADLANDIR',
  'The only template cannot be deleted.': 'Tek şablon silinemez.',
  'A template named {title} already exists.': '{title} adlı bir şablon zaten var.',
  'A template holds at most {count} channels.': 'Bir şablonda en fazla {count} kanal olabilir.',
  'Make Default Template': 'Varsayılan Şablon Yap',
  Default: 'Varsayılan',
  'Template actions': 'Şablon işlemleri',
  'Actions for {title}': '{title} için işlemler',
  'Channels of {title}': '{title} kanalları',
  'Move up': 'Yukarı taşı',
  'Move {name} up': '{name} kanalını yukarı taşı',
  'Move down': 'Aşağı taşı',
  'Move {name} down': '{name} kanalını aşağı taşı',
  'Delete channel': 'Kanalı sil',
  'Delete {name}': '{name} kanalını sil',
  '{name} is not unique.': '{name} birden fazla kez kullanılmış.',
  'New channel in {title}': '{title} içinde yeni kanal',
  'Add a channel': 'Kanal ekle',

  // Saving as the user works (autosave.tsx).

  // The e-mail design page, its form and preview.
  'Email Design': 'E-posta Tasarımı',
  Banner: 'Banner',
  'A {width} x {height} px transparent png; the banner image ratio is 2:1.': '{width} x {height} piksel, saydam bir png; banner görselinin oranı 2:1.',
  'Use the newsletter cover': 'Bültenin kapağını kullan',
  'Remove banner': "Banner'ı kaldır",
  Page: 'Sayfa',
  Font: 'Yazı tipi',
  Links: 'Bağlantılar',
  Footer: 'Alt bilgi',
  Dark: 'Koyu',
  'Email background color': 'E-posta arka plan rengi',
  'Card background color': 'Kart arka plan rengi',
  'Card text color': 'Kart metin rengi',
  'Border color': 'Kenarlık rengi',
  'Border width': 'Kenarlık kalınlığı',
  '1 Thin': '1 İnce',
  '2 Thick': '2 Kalın',
  '3 Thicker': '3 Daha kalın',
  'Rounded borders': 'Yuvarlak köşeler',
  'Show reading time': 'Okuma süresini göster',
  'Show channel names': 'Kanal adlarını göster',
  'Center channel titles': 'Kanal başlıklarını ortala',
  'Show referral campaign': 'Tavsiye kampanyasını göster',
  'Link color': 'Bağlantı rengi',
  'Link styling': 'Bağlantı biçimi',
  Underline: 'Alt çizgi',
  Highlight: 'Vurgu',
  'Link styling color': 'Bağlantı biçimi rengi',
  'Footer background color': 'Alt bilgi arka plan rengi',
  'Footer text color': 'Alt bilgi metin rengi',
  'Footer link color': 'Alt bilgi bağlantı rengi',
  // What each colour is for (the e-mail design schema's descriptions) and its message.
  'Behind the cards.': 'Kartların arkasında.',
  "Inside a card (the issue's head, each channel, the referral invite).": 'Bir kartın içinde (sayının başı, her kanal, tavsiye daveti).',
  'The text of a card.': 'Bir kartın metni.',
  "A card's border and the rules between stories.": 'Bir kartın kenarlığı ve yazılar arasındaki çizgiler.',
  'The text of a link.': 'Bir bağlantının metni.',
  'The underline or the highlight of a link.': 'Bir bağlantının alt çizgisi ya da vurgusu.',
  'Behind the footer.': 'Alt bilginin arkasında.',
  "The footer's text.": 'Alt bilginin metni.',
  "The footer's links (the issue's web page, unsubscribe).": 'Alt bilginin bağlantıları (sayının web sayfası, abonelikten çık).',
  'Choose a colour as #rrggbb.': '#rrggbb biçiminde bir renk seçin.',
  'E-mail preview': 'E-posta önizlemesi',
  'E-mail preview (dark)': 'E-posta önizlemesi (koyu)',
  'Rendering the preview': 'Önizleme hazırlanıyor',
  'Rendering the preview...': 'Önizleme hazırlanıyor...',

  // The web design page.
  'Web Design': 'Web Tasarımı',
  'View landing page': 'Açılış sayfasını gör',
  'Landing page': 'Açılış sayfası',
  'Landing page cover': 'Açılış sayfası kapağı',
  'Recommended size {width}x{height} px': 'Önerilen boyut {width}x{height} piksel',
  'Remove cover': 'Kapağı kaldır',
  'Subscribe form': 'Abone olma formu',
  'Readers always give their e-mail address. Choose what else the form on your reader pages asks.':
    'Okurlar her zaman e-posta adreslerini verir. Okur sayfalarınızdaki formun başka neler soracağını seçin.',
  City: 'Şehir',
  'Not asked': 'Sorulmaz',
  Optional: 'İsteğe bağlı',
  Required: 'Zorunlu',
};

export default words;

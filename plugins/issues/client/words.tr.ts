/**
 * The issues' words in Turkish (core/client/words.ts: English → Turkish): the issue list and panels,
 * the new-issue screen, the editor, the publish page and the preview, with the server's messages
 * that they show (plugins/issues/server, ../rules.ts, ../publishing.ts, the issue schemas).
 */
import type { Words } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { subjectTestTexts } from '../subject-test';

const { maxVariants, shareMin, shareMax, waitMinutesMin, waitMinutesMax } = constants.subjectTests;

const words: Words = {
  // ---- shared with other parts (the same Turkish everywhere) ----------------------------------
  MORE: 'DAHA FAZLA',
  Settings: 'Ayarlar',
  'Sending...': 'Gönderiliyor...',
  'Checking...': 'Denetleniyor...',
  Time: 'Saat',
  'Reply-To': 'Yanıt adresi',

  // ---- the plugin's actions and panels (index.tsx) ---------------------------------------------

  // ---- statuses (badges, filter, statistics) ---------------------------------------------------
  ALL: 'TÜMÜ',
  'Publication date': 'Yayın tarihi',

  // ---- the issue list (IssuesPage.tsx) ---------------------------------------------------------
  'Code name': 'Kod adı',
  Owner: 'Sahibi',
  'Open rate': 'Açılma oranı',
  'Click rate': 'Tıklama oranı',
  'Issues shown: {status}': 'Gösterilen sayılar: {status}',
  'Show all issues': 'Tüm sayıları göster',
  'Show published issues': 'Yayındaki sayıları göster',
  'Show draft issues': 'Taslak sayıları göster',
  'There are no issues yet.': 'Henüz sayı yok.',
  "You haven't published any issues yet...": 'Henüz hiç sayı yayınlamadınız...',
  'There are no draft issues.': 'Taslak sayı yok.',
  'Create a new issue with NEW.': 'YENİ ile yeni bir sayı oluşturun.',
  'Delete Issue': 'Sayıyı Sil',
  'Are you sure you want to delete "{name}"? Its stories stay in the newsletter.':
    '"{name}" sayısını silmek istediğinizden emin misiniz? Yazıları bültende kalır.',

  // ---- the dashboard panels (IssuePanels.tsx) --------------------------------------------------
  'See all draft issues': 'Tüm taslak sayıları gör',
  'See all published issues': 'Tüm yayındaki sayıları gör',
  'Create a new issue': 'Yeni bir sayı oluştur',
  'In {count} newsletter': '{count} bültende',
  'In {count} newsletters': '{count} bültende',
  'Last issue’s open rate': 'Son sayının açılma oranı',
  'Click rate {rate}': 'Tıklama oranı {rate}',
  'No issue has gone out yet.': 'Henüz hiçbir sayı gönderilmedi.',
  'Next scheduled': 'Sıradaki zamanlanan',
  'Nothing is scheduled.': 'Zamanlanmış bir şey yok.',

  // ---- the new issue (NewIssuePage.tsx) --------------------------------------------------------
  'e.g. sabah-bulteni-12': 'örn. sabah-bulteni-12',
  'Lowercase letters and digits, in groups joined by hyphens.': 'Küçük harfler ve rakamlar; gruplar kısa çizgiyle birleşir.',
  '{name} is available.': '{name} kullanılabilir.',
  'The code name {name} already exists.': '{name} kod adı zaten var.',
  'Channel template': 'Kanal şablonu',
  Plain: 'Sade',
  'Channels: {channels}': 'Kanallar: {channels}',
  'Premium publishing requires admin approval.': 'Premium yayın yönetici onayı gerektirir.',

  // ---- results (ResultsPanel.tsx, BounceCounts.tsx) --------------------------------------------
  Results: 'Sonuçlar',
  Delivered: 'Teslim edildi',
  'Unsubscribe rate': 'Ayrılma oranı',
  Complaints: 'Şikâyetler',
  'Sent less bounced': 'Gönderilenlerden geri dönenler çıkınca',
  '{count} opened': '{count} açtı',
  '{count} clicked': '{count} tıkladı',
  '{count} unsubscribed': '{count} abonelikten çıktı',
  '{count} bounced': '{count} geri döndü',
  '{rate} of delivered': 'teslim edilenlerin {rate} kadarı',
  '{rate} machine opens filtered': '{rate} makine açılması ayıklandı',
  '{rate} machine clicks filtered': '{rate} makine tıklaması ayıklandı',
  'Nothing delivered': 'Hiçbir şey teslim edilmedi',
  'Bounces and complaints': 'Geri dönenler ve şikâyetler',
  'Bounced for now': 'Şimdilik geri döndü',
  'Reported as spam': 'Spam olarak bildirildi',

  // ---- the editor (IssueEditorPage.tsx, SavePanel.tsx, IssueSettings.tsx, LiveTextField.tsx) ---
  'Loading the issue...': 'Sayı yükleniyor...',
  'Changes you made may not be saved.': 'Yaptığınız değişiklikler kaydedilmemiş olabilir.',
  'Issue editor': 'Sayı düzenleyici',
  'Close the sidebar': 'Kenar çubuğunu kapat',
  'Open the sidebar': 'Kenar çubuğunu aç',
  'This issue went out by e-mail on {date}. Changes you make now show on its web page only.':
    'Bu sayı {date} tarihinde e-postayla gönderildi. Şimdi yaptığınız değişiklikler yalnızca web sayfasında görünür.',
  'This issue is published. Changes you make now show on its web page at once.':
    'Bu sayı yayında. Şimdi yaptığınız değişiklikler hemen web sayfasında görünür.',
  'Subject Line': 'Konu Satırı',
  'Preview Text': 'Önizleme Metni',
  'Under {count} characters.': '{count} karakterden az.',
  '{name} is here': '{name} burada',
  '{count} others are here': '{count} kişi daha burada',
  'is editing': 'düzenliyor',
  'are editing': 'düzenliyor',
  'Saved {time}': '{time} kaydedildi',
  'GO TO URL': 'ADRESE GİT',
  'Cover Image': 'Kapak Görseli',
  '2:1, e.g. 1200 x 600 pixels': '2:1, örn. 1200 x 600 piksel',
  'Web Slug': 'Web Adresi',
  'Its public page: {path}': 'Herkese açık sayfası: {path}',
  'E-mail Subject': 'E-posta Konusu',
  'E-mail Preview': 'E-posta Önizlemesi',
  'Notification Title': 'Bildirim Başlığı',
  'Notification Subtitle': 'Bildirim Alt Başlığı',
  'No episode': 'Bölüm yok',

  // ---- the intro (IntroEditor.tsx) -------------------------------------------------------------
  'The intro is free: click into it, and what you typed goes in where you clicked.': 'Giriş boşta: içine tıklayın; yazdıklarınız tıkladığınız yere girer.',
  '{name} is writing the intro.': 'Girişi {name} yazıyor.',
  '{name} is writing the intro. It is yours when they pause.': 'Girişi {name} yazıyor. Ara verdiğinde sizin olur.',
  'What you type while you wait': 'Beklerken yazdıklarınız',
  'Type here: it goes into the intro where you clicked once it is yours.': 'Buraya yazın: giriş sizin olunca tıkladığınız yere girer.',
  'Your intro is getting long. Consider dividing your content into stories.': 'Girişiniz uzuyor. İçeriğinizi yazılara bölmeyi düşünün.',
  'Intro must be less than 3000 characters. Please divide your content into stories.': 'Giriş 3000 karakterden az olmalı. Lütfen içeriğinizi yazılara bölün.',

  // ---- channels and stories in the issue (Channels.tsx, Outline.tsx, AddStoryPanel.tsx) --------
  'Draft Stories': 'Taslak Yazılar',
  'New Channel': 'Yeni Kanal',
  'New Channel {number}': 'Yeni Kanal {number}',
  'New bullet': 'Yeni kısa yazı',
  'Write a bullet for this channel': 'Bu kanal için kısa bir yazı yazın',
  'Remove from issue': 'Sayıdan çıkar',
  'Story actions': 'Yazı işlemleri',
  'Channel title': 'Kanal başlığı',
  'Channel actions': 'Kanal işlemleri',
  'Creating the story': 'Yazı oluşturuluyor',
  'ADD CHANNEL': 'KANAL EKLE',
  'Add a story to {channel}': '{channel} kanalına yazı ekle',
  'There is no story outside an issue to add.': 'Eklenecek, sayı dışında bir yazı yok.',
  'Add the story {name}': '"{name}" yazısını ekle',
  'Added {name}': '"{name}" eklendi',
  Outline: 'Ana hat',
  'Another channel of this issue has this title.': 'Bu sayının başka bir kanalı bu başlığı taşıyor.',
  'A channel needs a title.': 'Kanalın bir başlığı olmalı.',
  'The story is no longer in this issue.': 'Yazı artık bu sayıda değil.',
  'The channel no longer exists.': 'Kanal artık yok.',
  'Draft Stories stays first.': 'Taslak Yazılar ilk sırada kalır.',
  'This channel already exists.': 'Bu kanal zaten var.',
  'Draft Stories keeps its name.': 'Taslak Yazılar adını korur.',
  'Draft Stories cannot be deleted.': 'Taslak Yazılar silinemez.',

  // ---- statistics (IssueStatistics.tsx) --------------------------------------------------------
  Words: 'Sözcükler',
  'Reading time': 'Okuma süresi',

  // ---- the preview (PreviewDialog.tsx, EmailSize.tsx) ------------------------------------------
  'Close the preview': 'Önizlemeyi kapat',
  Width: 'Genişlik',
  Phone: 'Telefon',
  'Issue preview': 'Sayı önizlemesi',
  'Issue preview (phone)': 'Sayı önizlemesi (telefon)',
  'Issue preview (dark)': 'Sayı önizlemesi (koyu)',
  'Issue preview (phone, dark)': 'Sayı önizlemesi (telefon, koyu)',
  'Building the preview...': 'Önizleme hazırlanıyor...',
  'E-mail size: {size} KB': 'E-posta boyutu: {size} KB',
  'Gmail clips e-mails over {size} KB: readers see only the start of the issue and a link to the rest. Shorten the intro or move stories out of the issue.':
    'Gmail {size} KB üzerindeki e-postaları kırpar: okurlar sayının yalnızca başını ve gerisine bir bağlantı görür. Girişi kısaltın ya da bazı yazıları sayıdan çıkarın.',

  // ---- the publish page (PublishPage.tsx) ------------------------------------------------------
  'Back to issue': 'Sayıya dön',
  'Loading the publish settings...': 'Yayın ayarları yükleniyor...',
  Summary: 'Özet',
  Timeline: 'Zaman çizelgesi',
  'SEE RESULTS': 'SONUÇLARI GÖR',
  'Go To Issue': 'Sayıya Git',
  Testing: 'Test',
  "Sends the issue as it is now to the newsletter's testers ({count}).": 'Sayıyı şu anki hâliyle bültenin test alıcılarına gönderir ({count}).',
  'SEND TEST': 'TEST GÖNDER',
  'Live news goes on its web page only, dated as you pick.': 'Canlı haber yalnızca web sayfasında, seçtiğiniz tarihle yayınlanır.',
  'Publish as Notification': 'Bildirim Olarak Yayınla',
  "Sends the published issue to the newsletter's app subscribers as a notification.":
    'Yayındaki sayıyı bültenin uygulama abonelerine bildirim olarak gönderir.',
  'Publish as E-mail': 'E-posta Olarak Yayınla',
  "Sends the published issue to the newsletter's e-mail subscribers.": 'Yayındaki sayıyı bültenin e-posta abonelerine gönderir.',
  'Cancel the publication': 'Yayını İptal Et',
  'Stops the publication: what has not been sent yet stays unsent.': 'Yayını durdurur: henüz gönderilmemiş olanlar gönderilmez.',
  Reschedule: 'Yeniden Zamanla',
  'A reschedule sends the issue only to the subscribers who did not receive it.': 'Yeniden zamanlama, sayıyı yalnızca onu almamış abonelere gönderir.',
  'RESCHEDULE...': 'YENİDEN ZAMANLA...',

  // The timeline (../publishing.ts timelineOf).
  'Issue is tested.': 'Sayı test edildi.',
  'Issue is queued.': 'Sayı sırada.',
  'Issue is processing...': 'Sayı işleniyor...',
  'Issue will be published at {date}.': 'Sayı {date} tarihinde yayınlanacak.',
  'Issue is published at {date}.': 'Sayı {date} tarihinde yayınlandı.',
  'Issue will be sent as notification at {date}.': 'Sayı {date} tarihinde bildirim olarak gönderilecek.',
  'Issue is sent as notification at {date}.': 'Sayı {date} tarihinde bildirim olarak gönderildi.',
  'Issue will be sent as email at {date}.': 'Sayı {date} tarihinde e-posta olarak gönderilecek.',
  'Issue is sent as email at {date}.': 'Sayı {date} tarihinde e-posta olarak gönderildi.',

  // The confirmations (../publishing.ts publicationConfirmation, cancelConfirmation), a sentence at a time.
  'Publish on the live page, dated {date}?': 'Canlı sayfada {date} tarihiyle yayınlansın mı?',
  'Live news goes on its web page only.': 'Canlı haber yalnızca web sayfasında yayınlanır.',
  'Send to {email} e-mail and {app} app subscribers now?': 'Şimdi {email} e-posta ve {app} uygulama abonesine gönderilsin mi?',
  'Send to {email} e-mail subscribers now?': 'Şimdi {email} e-posta abonesine gönderilsin mi?',
  'Send to {app} app subscribers now?': 'Şimdi {app} uygulama abonesine gönderilsin mi?',
  'Publish on the web page only now?': 'Şimdi yalnızca web sayfasında yayınlansın mı?',
  'It starts as soon as you confirm.': 'Onayladığınız anda başlar.',
  'Subscribers who already received it get nothing.': 'Sayıyı önceden almış abonelere bir şey gönderilmez.',
  'Nobody is sent anything.': 'Kimseye bir şey gönderilmez.',
  'Schedule for {date}?': '{date} için zamanlansın mı?',
  'Send to {email} e-mail and {app} app subscribers at {date}.': '{date} tarihinde {email} e-posta ve {app} uygulama abonesine gönderilir.',
  'Send to {email} e-mail subscribers at {date}.': '{date} tarihinde {email} e-posta abonesine gönderilir.',
  'Send to {app} app subscribers at {date}.': '{date} tarihinde {app} uygulama abonesine gönderilir.',
  'Publish on the web page only at {date}.': '{date} tarihinde yalnızca web sayfasında yayınlanır.',
  'Stop sending the issue?': 'Sayının gönderimi durdurulsun mu?',
  '1 message is not sent yet.': '1 ileti henüz gönderilmedi.',
  'If the mail server is already taking it, it still goes; otherwise it stays unsent.':
    'Posta sunucusu onu almaktaysa yine de gider; yoksa gönderilmeden kalır.',
  '{count} messages are not sent yet.': '{count} ileti henüz gönderilmedi.',
  'Any the mail server is already taking still go; the rest stay unsent.':
    'Posta sunucusunun almakta olduğu iletiler yine de gider; gerisi gönderilmeden kalır.',
  'What has been sent cannot be called back; a reschedule sends the rest later.':
    'Gönderilenler geri alınamaz; yeniden zamanlama kalanları daha sonra gönderir.',
  'Cancel the publication?': 'Yayın iptal edilsin mi?',
  'The issue will not go out at {date}.': 'Sayı {date} tarihinde gönderilmeyecek.',
  'The issue will not go out.': 'Sayı gönderilmeyecek.',
  'You can publish or reschedule it again later.': 'Daha sonra yeniden yayınlayabilir ya da yeniden zamanlayabilirsiniz.',
  'CANCEL PUBLICATION': 'YAYINI İPTAL ET',

  // The forms' buttons (../publishing.ts publishAction) and fields (PublishForm.tsx).
  'PUBLISH NOW': 'ŞİMDİ YAYINLA',
  SCHEDULE: 'ZAMANLA',
  'RESCHEDULE NOW': 'ŞİMDİ YENİDEN ZAMANLA',
  RESCHEDULE: 'YENİDEN ZAMANLA',
  'SEND AS E-MAIL': 'E-POSTA OLARAK GÖNDER',
  'SCHEDULE E-MAIL': 'E-POSTAYI ZAMANLA',
  'SEND AS NOTIFICATION': 'BİLDİRİM OLARAK GÖNDER',
  'SCHEDULE NOTIFICATION': 'BİLDİRİMİ ZAMANLA',
  'Publish time': 'Yayın saati',
  'Reschedule date': 'Yeniden zamanlama tarihi',
  'Reschedule time': 'Yeniden zamanlama saati',
  'E-mail date': 'E-posta tarihi',
  'E-mail time': 'E-posta saati',
  'Notification date': 'Bildirim tarihi',
  'Notification time': 'Bildirim saati',
  'An issue is scheduled at least half an hour into the future.': 'Bir sayı en az yarım saat sonrası için zamanlanır.',
  'It can go out right away.': 'Hemen gönderilebilir.',
  'Pick a time from now on.': 'Şu andan sonraki bir saat seçin.',
  'Publish options': 'Yayın seçenekleri',
  'Publish Only': 'Yalnızca Yayınla',
  'Send to subscribers': 'Abonelere gönder',
  'Publish Only puts the issue on its web page and sends it to nobody.': 'Yalnızca Yayınla, sayıyı web sayfasına koyar ve kimseye göndermez.',
  'The issue goes to the subscribers as e-mail and notification.': 'Sayı abonelere e-posta ve bildirim olarak gider.',
  'The issue goes to the subscribers as e-mail.': 'Sayı abonelere e-posta olarak gider.',
  'The issue goes to the subscribers as notification.': 'Sayı abonelere bildirim olarak gider.',

  // ---- the checklist (PreflightChecklist.tsx, ../publishing.ts sendingChecks) ------------------
  'Pre-flight checklist': 'Yayın öncesi denetim listesi',
  'Before you publish': 'Yayınlamadan önce',
  'Everything is ready.': 'Her şey hazır.',
  '{count} thing is left to do.': 'Yapılacak {count} şey kaldı.',
  '{count} things are left to do.': 'Yapılacak {count} şey kaldı.',
  Checklist: 'Denetim listesi',
  '{label}: done': '{label}: tamam',
  '{label}: to do': '{label}: yapılacak',
  'Subject line': 'Konu satırı',
  'Preview text': 'Önizleme metni',
  'Notification title': 'Bildirim başlığı',
  'Notification subtitle': 'Bildirim alt başlığı',
  Testers: 'Test alıcıları',
  'Stories accepted': 'Yazılar kabul edildi',
  Tested: 'Test edildi',
  'Open the newsletter settings': 'Bülten ayarlarını aç',
  'Open the issue settings': 'Sayı ayarlarını aç',
  'Open the issue': 'Sayıyı aç',
  'Looking for draft stories...': 'Taslak yazılar aranıyor...',
  'Go to Testing': 'Test bölümüne git',

  // ---- the draft-story warning (DraftStoriesModal.tsx) -----------------------------------------
  'This issue has draft stories': 'Bu sayıda taslak yazılar var',
  'BACK TO ISSUE': 'SAYIYA DÖN',
  'ACCEPT ALL': 'TÜMÜNÜ KABUL ET',
  'The stories are accepted. You can publish the issue now.': 'Yazılar kabul edildi. Artık sayıyı yayınlayabilirsiniz.',

  // ---- deliveries (DeliveryPanel.tsx) ----------------------------------------------------------
  Deliveries: 'Teslimatlar',
  '{medium}: preparing the recipients...': '{medium}: alıcılar hazırlanıyor...',
  '{medium}: nobody to send to.': '{medium}: gönderilecek kimse yok.',
  '{medium}: {done} of {total}': '{medium}: {done} / {total}',
  '{count} sent': '{count} gönderildi',
  '{count} failed': '{count} başarısız',
  '{count} in doubt': '{count} belirsiz',
  '{count} pending': '{count} bekliyor',
  'In doubt: handed to the mail server just before a restart, with no answer recorded. Resending them may give some readers a second copy.':
    'Belirsiz: yeniden başlatmadan hemen önce posta sunucusuna verildi, yanıtı kaydedilmedi. Yeniden göndermek bazı okurlara ikinci bir kopya ulaştırabilir.',
  'RETRY FAILED': 'BAŞARISIZLARI YENİDEN DENE',
  'RESEND IN DOUBT': 'BELİRSİZLERİ YENİDEN GÖNDER',
  'Send the {count} failed message again?': 'Başarısız {count} ileti yeniden gönderilsin mi?',
  'Send the {count} failed messages again?': 'Başarısız {count} ileti yeniden gönderilsin mi?',
  'Only the messages the mail server refused or never took go again.': 'Yalnızca posta sunucusunun reddettiği ya da hiç almadığı iletiler yeniden gider.',
  'Resend the {count} message in doubt?': 'Belirsiz {count} ileti yeniden gönderilsin mi?',
  'Resend the {count} messages in doubt?': 'Belirsiz {count} ileti yeniden gönderilsin mi?',
  'Some of these readers may have received it already and would get a second copy.': 'Bu okurların bazıları onu zaten almış olabilir ve ikinci bir kopya alır.',
  'The failed messages are sent again.': 'Başarısız iletiler yeniden gönderiliyor.',
  'The messages in doubt are sent again.': 'Belirsiz iletiler yeniden gönderiliyor.',
  'Latest failures': 'Son hatalar',
  'Unreachable since {since}; next try at {next}. Last answer: {answer}': '{since} saatinden beri ulaşılamıyor; sonraki deneme {next}. Son yanıt: {answer}',

  // ---- the server's messages (plugins/issues/server, ../rules.ts, ../publishing.ts) ------------
  'Issue created.': 'Sayı oluşturuldu.',
  'Issue saved.': 'Sayı kaydedildi.',
  'Channels saved.': 'Kanallar kaydedildi.',
  'Issue has been deleted.': 'Sayı silindi.',
  'Cancel the schedule before deleting this issue.': 'Bu sayıyı silmeden önce zamanlamayı iptal edin.',
  'The issue is featured.': 'Sayı öne çıkarıldı.',
  'The issue is no longer featured.': 'Sayı artık öne çıkarılmıyor.',
  'This story is already in another issue.': 'Bu yazı zaten başka bir sayıda.',
  'This field cannot be changed here.': 'Bu alan burada değiştirilemez.',
  'This change is not understood.': 'Bu değişiklik anlaşılamadı.',
  'This change is too large.': 'Bu değişiklik çok büyük.',
  "This change would make the issue's document too large.": 'Bu değişiklik sayının belgesini fazla büyütür.',
  'This change builds on changes the server does not have.': 'Bu değişiklik, sunucuda olmayan değişikliklere dayanıyor.',
  'Only plain text can be typed in these fields: formatting, attributes and other content are refused.':
    'Bu alanlara yalnızca düz metin yazılabilir: biçimlendirme, öznitelikler ve başka içerikler kabul edilmez.',
  'The issue is being sent; it cannot change now.': 'Sayı gönderiliyor; şu anda değiştirilemez.',
  'Choose one of the channel templates.': 'Kanal şablonlarından birini seçin.',
  'The slug cannot change once the issue is published.': 'Sayı yayınlandıktan sonra web adresi değiştirilemez.',
  'Slug is not unique.': 'Bu web adresi zaten kullanılıyor.',
  'Please enter an e-mail subject line with more than 3 and less than 240 characters before you schedule your issue.':
    'Sayınızı zamanlamadan önce 3 karakterden uzun, 240 karakterden kısa bir e-posta konu satırı girin.',
  'Please enter an e-mail preview text with more than 3 and less than 240 characters before you schedule your issue.':
    'Sayınızı zamanlamadan önce 3 karakterden uzun, 240 karakterden kısa bir e-posta önizleme metni girin.',
  'Please enter a notification title with more than 3 and less than 120 characters before you schedule your issue.':
    'Sayınızı zamanlamadan önce 3 karakterden uzun, 120 karakterden kısa bir bildirim başlığı girin.',
  'Please enter a notification subtitle with more than 3 and less than 240 characters before you schedule your issue.':
    'Sayınızı zamanlamadan önce 3 karakterden uzun, 240 karakterden kısa bir bildirim alt başlığı girin.',
  "You don't have any testers. Testers can be added through Newsletter Settings > Credentials > Testers":
    'Hiç test alıcınız yok. Test alıcıları Bülten Ayarları > Kimlik Bilgileri > Test Alıcıları bölümünden eklenebilir',
  'Draft stories block publishing; they must be accepted or removed.': 'Taslak yazılar yayını engelliyor; kabul edilmeli ya da çıkarılmalılar.',
  'A test email has been sent.': 'Bir test e-postası gönderildi.',
  'You can close this page and we will do the rest.': 'Bu sayfayı kapatabilirsiniz, gerisini biz hallederiz.',
  'The issue is successfully cancelled.': 'Sayı başarıyla iptal edildi.',
  'Test the issue before you publish it.': 'Sayıyı yayınlamadan önce test edin.',
  'The issue cannot be published in its current state.': 'Sayı şu anki durumunda yayınlanamaz.',
  'Only an issue that is scheduled, queued or processing can be cancelled.': 'Yalnızca zamanlanmış, sırada ya da işlenmekte olan bir sayı iptal edilebilir.',
  'Pick a time at least half an hour from now.': 'Şu andan en az yarım saat sonrası için bir saat seçin.',
  'Publishing is paused while the console is being updated. Please try again in a few minutes.':
    'Konsol güncellenirken yayın duraklatıldı. Lütfen birkaç dakika sonra yeniden deneyin.',
  'This issue has already been sent as a notification.': 'Bu sayı zaten bildirim olarak gönderildi.',
  'Waiting for the mail server: it cannot be reached. Sending goes on by itself once it answers; nothing is lost.':
    'Posta sunucusu bekleniyor: sunucuya ulaşılamıyor. Sunucu yanıt verince gönderim kendiliğinden sürer; hiçbir şey kaybolmaz.',
  'Sending paused: the mail server has not been reachable for {minutes} minutes. It is tried every few minutes, and sending goes on by itself once it answers.':
    'Gönderim duraklatıldı: posta sunucusuna {minutes} dakikadır ulaşılamıyor. Birkaç dakikada bir deneniyor; sunucu yanıt verince gönderim kendiliğinden sürer.',
  '{count} message will be sent again.': '{count} ileti yeniden gönderilecek.',
  '{count} messages will be sent again.': '{count} ileti yeniden gönderilecek.',

  // The issue schemas' messages (schemas/api/issue-create, issue-fields, issue-list-query).
  'Choose a newsletter.': 'Bir bülten seçin.',
  'Subject line is not allowed to be empty.': 'Konu satırı boş olamaz.',
  'Subject line must be less than 240 characters': 'Konu satırı 240 karakterden kısa olmalı',
  'Preview must be less than 240 characters': 'Önizleme 240 karakterden kısa olmalı',
  'Slug must be at least 3 characters': 'Web adresi en az 3 karakter olmalı',
  'Slug must be at most 64 characters': 'Web adresi en fazla 64 karakter olabilir',
  'Slug can hold lowercase letters, digits and hyphens.': 'Web adresinde küçük harfler, rakamlar ve kısa çizgiler olabilir.',
  'Slug can hold lowercase letters and digits in groups joined by hyphens.':
    'Web adresinde kısa çizgiyle birleşen gruplar hâlinde küçük harfler ve rakamlar olabilir.',

  // ---- subject tests (issue 58: SubjectTestResults.tsx, subject-test-words.ts, the publish page) --
  'Subject test': 'Konu testi',
  'Subject lines': 'Konu satırları',
  'Subject {number}': 'Konu {number}',
  Winner: 'Kazanan',
  'People’s opens': 'İnsan açılmaları',
  'People’s clicks': 'İnsan tıklamaları',
  'Send this one to the rest': 'Bunu geri kalanlara gönder',
  'Rates are over delivered copies. People’s opens and clicks decide; machine opens (privacy proxies, link scanners) are counted apart and never decide.':
    'Oranlar teslim edilen kopyalar üzerindendir. İnsanların açmaları ve tıklamaları karar verir; makine açılmaları (gizlilik vekilleri, bağlantı tarayıcıları) ayrı sayılır ve hiçbir zaman karar vermez.',
  'Testing: the copies of the test are going out.': 'Test sürüyor: testin kopyaları gönderiliyor.',
  'Planned: the copies of the test go out first, when the issue is sent.': 'Planlandı: sayı gönderildiğinde önce testin kopyaları gider.',
  'Waiting for readers until {date}: then the winner goes to the rest of the audience.':
    'Okurlar {date} tarihine kadar bekleniyor: ardından kazanan, kitlenin geri kalanına gider.',
  'Waiting for readers: then the winner goes to the rest of the audience.': 'Okurlar bekleniyor: ardından kazanan, kitlenin geri kalanına gider.',
  'Decided: the winner goes to the rest of the audience.': 'Karar verildi: kazanan, kitlenin geri kalanına gider.',
  'Cancelled with the issue before a winner was chosen: the rest of the audience gets nothing.':
    'Kazanan seçilmeden sayıyla birlikte iptal edildi: kitlenin geri kalanına bir şey gönderilmez.',
  'Picked by hand: {subject} goes to the rest of the audience.': 'Elle seçildi: {subject}, kitlenin geri kalanına gider.',
  'Too close to call: the difference between the subject lines reached {confidence} confidence, short of the {level} asked, so {subject}, the issue’s own, goes to the rest.':
    'Fark belirsiz: konu satırları arasındaki fark {confidence} güvene ulaştı, istenen {level} düzeyinin altında kaldı; bu yüzden sayının kendi konusu olan {subject} geri kalanlara gider.',
  '{subject} won on people’s opens: {rate} opened it, against {other} for {runner}, with {confidence} confidence.':
    '{subject}, insanların açmalarına göre kazandı: açılma oranı {rate}, {runner} için {other}; güven {confidence}.',
  '{subject} won on people’s clicks: {rate} clicked, against {other} for {runner}, with {confidence} confidence.':
    '{subject}, insanların tıklamalarına göre kazandı: tıklama oranı {rate}, {runner} için {other}; güven {confidence}.',
  'The figures of {subject} include the rest of the audience, who got it after the decision; the decision read the copies of the test alone.':
    '{subject} rakamları, karardan sonra onu alan kitlenin geri kalanını da içerir; karar yalnızca testin kopyalarına bakarak verildi.',
  'People’s opens were too close to call, so clicks decided.': 'İnsanların açmaları arasındaki fark belirsizdi; bu yüzden tıklamalar karar verdi.',
  'Subject test won by “{subject}”': 'Konu testini “{subject}” kazandı',
  'Subject test running': 'Konu testi sürüyor',
  // The publish forms' test (publish/SubjectTestFields.tsx).
  'Test subject lines': 'Konu satırlarını test et',
  'Up to {count} more subject lines go to a share of the e-mail audience first; after the wait, the one people engaged with most goes to the rest.':
    'En fazla {count} konu satırı daha önce e-posta kitlesinin bir payına gider; bekleme süresinden sonra insanların en çok ilgilendiği, geri kalanlara gider.',
  'The issue’s own subject line and preview: {preview}': 'Sayının kendi konu satırı ve önizlemesi: {preview}',
  'Preview of {subject}': '{subject} önizlemesi',
  'Remove {subject}': '{subject}: kaldır',
  'Add a subject line': 'Konu satırı ekle',
  'Share of the e-mail audience that tests them': 'Bunları test eden e-posta kitlesi payı',
  'Wait after their copies went out': 'Kopyalar gittikten sonra bekleme süresi',
  'What decides': 'Neye göre karar verilir',
  'Clicks if opens are too close to call': 'Açılmalar arasındaki fark belirsizse tıklamalar',
  // The server's refusals of a test (../subject-test.ts), their limits the configuration's.
  [subjectTestTexts.count]: `Bir konu testi, sayının kendi konusunun yanında bir ile ${maxVariants - 1} arası konu satırı daha dener.`,
  [subjectTestTexts.same]: 'Bir testin her konu satırı diğerlerinden farklı olmalı.',
  [subjectTestTexts.share]: `Testin e-posta kitlesindeki payı %${shareMin} ile %${shareMax} arasındadır.`,
  [subjectTestTexts.wait]: `Bekleme süresi ${waitMinutesMin} dakika ile ${waitMinutesMax / 60} saat arasındadır.`,
  [subjectTestTexts.emailOnly]: 'Konu testi, henüz e-postayla gönderilmemiş bir sayının e-posta gönderimiyle birlikte yapılır.',
  [subjectTestTexts.started]: 'Konu testi başladı: konu satırları artık değiştirilemez.',
  [subjectTestTexts.none]: 'Bu sayının konu testi yok.',
  [subjectTestTexts.over]: 'Konu testinin kararı zaten verildi.',
  [subjectTestTexts.notStarted]: 'Konu testi başlamadı: kopyaları sayı yayınlandığında gider.',
  [subjectTestTexts.noSuchVariant]: 'Testte böyle bir konu satırı yok.',
  // Picking the winner by hand, and the confirmation of a publication with a test.
  'Send {subject} to the rest?': '{subject} geri kalanlara gönderilsin mi?',
  'The test ends now, before its wait: “{line}” goes to the other {count} e-mail subscribers, whatever the figures say.':
    'Test, bekleme süresi dolmadan şimdi biter: rakamlar ne derse desin “{line}” kalan {count} e-posta abonesine gider.',
  'SEND TO THE REST': 'GERİ KALANLARA GÖNDER',
  'The winner goes to the rest of the audience.': 'Kazanan, kitlenin geri kalanına gider.',
  '{count} get {subject}': '{count} kişiye {subject}',
  'The subject test goes to {count} e-mail subscribers first: {sizes}.': 'Konu testi önce {count} e-posta abonesine gider: {sizes}.',
  'After {wait}, the winner goes to the other {rest}.': '{wait} sonra kazanan, kalan {rest} kişiye gider.',

  // People's repeats and a send's audience, one definition each (issue 55).
  '{repeats} repeat opens not counted': '{repeats} tekrar açılma sayılmadı',
  '{repeats} repeat clicks not counted': '{repeats} tekrar tıklama sayılmadı',
  '{email} e-mail and {app} app subscribers': '{email} e-posta ve {app} uygulama abonesi',
  '{count} suppressed e-mail address is left out: the newsletter counts it among its e-mail subscribers, the send does not.':
    'Gönderimi durdurulan {count} e-posta adresi dışarıda kalır: bülten onu e-posta aboneleri arasında sayar, gönderim saymaz.',
  '{count} suppressed e-mail addresses are left out: the newsletter counts them among its e-mail subscribers, the send does not.':
    'Gönderimi durdurulan {count} e-posta adresi dışarıda kalır: bülten onları e-posta aboneleri arasında sayar, gönderim saymaz.',
  '{count} MIN': '{count} DK',
};

export default words;

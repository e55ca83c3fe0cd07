/** The outbox's words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The list
  REFRESH: 'YENİLE',
  'Search by recipient or subject': 'Alıcıya ya da konuya göre ara',
  'Search the outbox': 'Giden kutusunda ara',
  '{count} e-mail': '{count} e-posta',
  '{count} e-mails': '{count} e-posta',
  'Captured e-mail': 'Yakalanan e-postalar',
  'No e-mail has been captured yet.': 'Henüz yakalanan e-posta yok.',
  'Try other words.': 'Başka sözcükler deneyin.',
  'E-mail goes to the configured SMTP server. The outbox holds only what was captured before it was set up.':
    'E-postalar yapılandırılan SMTP sunucusuna gider. Giden kutusunda yalnızca o ayarlanmadan önce yakalananlar var.',
  'No SMTP server is configured (SMTP_URL), so every e-mail the server sends is kept here instead of being delivered: the newest {count}.':
    'Yapılandırılmış bir SMTP sunucusu yok (SMTP_URL); bu yüzden sunucunun gönderdiği her e-posta teslim edilmek yerine burada tutulur: en yeni {count} tanesi.',
  // An e-mail's headers and the list's columns, as a mail program names them
  Size: 'Boyut',

  // One message
  'E-mail: {subject}': 'E-posta: {subject}',
  Headers: 'Üst bilgiler',
  'Show the message as': 'İletiyi göster:',
  'This e-mail has no text.': 'Bu e-postanın metni yok.',
  // The server's (plugins/outbox/server/routes.ts)
  'This e-mail is no longer in the outbox.': 'Bu e-posta artık giden kutusunda değil.',
};

export default words;

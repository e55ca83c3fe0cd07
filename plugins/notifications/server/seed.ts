/**
 * Demo notifications: an announcement from the admin to Kuzey Medya's users, and for each demo
 * account a few notifications of its own (some read, some not), in-app links and one https link.
 */
import { ownTables } from '../../../core/server/db/database';
import { constants } from '../../../core/shared/config';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { createAnnouncement, insertNotifications, type NewNotification } from './store';
import { clock } from '../../../core/server/clock';

const hour = 60 * 60 * 1000;

export const demoAnnouncement = {
  subject: 'Bildirimler ve duyurular artık konsolda',
  preview: 'Ekibinizle ilgili gelişmeleri ve platform duyurularını tek yerden izleyin.',
  body: `<h2>Bildirimler artık üst çubukta</h2>
<p>Merhaba! Konsolun sağ üst köşesindeki zil simgesi, ekibinizle ilgili gelişmeleri ve platform duyurularını gösteriyor.</p>
<ul><li><strong>Yalnızca okunmamışlar:</strong> listeyi tek dokunuşla süzün.</li><li><strong>Yenile:</strong> yeni bildirimleri hemen görün.</li></ul>
<p>Sorularınız için profil menüsündeki <em>Give Feedback</em> bağlantısını kullanabilirsiniz.</p>`,
};

export async function seedDemoNotifications({ db, demo }: SeedContext): Promise<void> {
  const tables = ownTables(db, 'notifications');
  const { admin, director, editor, author } = demo.userIds;
  const [morning, tech, culture] = demo.newsletterIds;
  const ago = (hours: number) => new Date(clock.ms() - hours * hour);

  await createAnnouncement(tables, {
    publisherId: demo.publisherId,
    subject: demoAnnouncement.subject,
    preview: demoAnnouncement.preview,
    bodyHtml: sanitizeRichText(demoAnnouncement.body),
    senderId: admin,
    createdAt: ago(30),
  });

  // Everyone's one https link: it opens in a new window.
  const guide = (userId: string, hours: number): NewNotification => ({
    userId,
    senderId: admin,
    createdAt: ago(hours),
    readAt: ago(hours - 1),
    title: 'Yazım rehberi güncellendi',
    text: 'Açık ve erişilebilir yazmanın ipuçları.',
    link: constants.links.writingGuide,
  });
  const tips = (userId: string, hours: number): NewNotification => ({
    userId,
    senderId: admin,
    createdAt: ago(hours),
    title: 'Yeni ipuçları yayında',
    text: 'Topluluk oluşturma rehberlerine göz atın.',
    link: '/resources/list',
  });

  await insertNotifications(tables, [
    tips(editor, 2),
    {
      userId: editor,
      senderId: director,
      createdAt: ago(5),
      title: 'Teknoloji Notları ekibine eklendiniz',
      text: 'Selin Kaya sizi bültenin editörü yaptı.',
      link: `/newsletters/show/${tech}`,
    },
    {
      userId: editor,
      senderId: author,
      createdAt: ago(50),
      readAt: ago(48),
      title: 'Yeni görseller yüklendi',
      text: 'Ayşe Yılmaz Sabah Bülteni kütüphanesine görsel ekledi.',
      link: `/newsletters/show/${morning}/images`,
    },
    guide(editor, 72),

    tips(author, 3),
    {
      userId: author,
      senderId: editor,
      createdAt: ago(26),
      readAt: ago(20),
      title: 'Yazınız incelendi',
      text: 'Emre Demir Teknoloji Notları için notlarını bıraktı.',
      link: `/newsletters/show/${tech}`,
    },
    guide(author, 72),

    {
      userId: director,
      senderId: admin,
      createdAt: ago(4),
      title: 'Kültür Sanat Haftalık ekibinde yeni yazar',
      text: 'Ayşe Yılmaz ekibe katıldı.',
      link: `/newsletters/show/${culture}`,
    },
    {
      userId: director,
      senderId: editor,
      createdAt: ago(40),
      readAt: ago(39),
      title: 'Sabah Bülteni panosu güncellendi',
      text: 'Emre Demir yeni bölümler ekledi.',
      link: `/newsletters/show/${morning}`,
    },
    guide(director, 72),

    {
      userId: admin,
      senderId: director,
      createdAt: ago(1),
      title: 'Kuzey Medya yeni bir bülten hazırlıyor',
      text: 'Selin Kaya yayıncı sayfasını güncelledi.',
      link: `/publishers/show/${demo.publisherId}`,
    },
    {
      userId: admin,
      senderId: null,
      createdAt: ago(8),
      title: 'Geri bildirimler sizi bekliyor',
      text: 'Kullanıcılardan gelen yeni geri bildirimleri inceleyin.',
      link: '/admin/feedback',
    },
    {
      userId: admin,
      senderId: director,
      createdAt: ago(30),
      readAt: ago(29),
      title: 'Duyurunuz iletildi',
      text: demoAnnouncement.subject,
      link: '/resources/list',
    },
    guide(admin, 72),
  ]);
}

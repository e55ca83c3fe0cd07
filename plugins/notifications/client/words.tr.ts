/** The notifications' words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The bell and its list
  Notifications: 'Bildirimler',
  'Notifications, {count} unread': 'Bildirimler, {count} okunmamış',
  'Only show unread': 'Yalnızca okunmamışları göster',
  "You don't have any new notifications yet.": 'Henüz yeni bildiriminiz yok.',
  'Notification list': 'Bildirim listesi',
  'Load more': 'Daha fazla yükle',
  'Mark as read': 'Okundu olarak işaretle',
  'New announcement': 'Yeni duyuru',
  'All notifications are marked as read.': 'Tüm bildirimler okundu olarak işaretlendi.',
  'Notification not found.': 'Bildirim bulunamadı.',

  // Announcements
  'Announcement not found.': 'Duyuru bulunamadı.',
  'Every director, editor and author of the publisher gets a notification that opens the announcement.':
    'Yayıncının her direktörü, editörü ve yazarı duyuruyu açan bir bildirim alır.',
  PUBLISHER: 'YAYINCI',
  'Select a publisher': 'Bir yayıncı seçin',
  SUBJECT: 'KONU',
  'Type the subject...': 'Konuyu yazın...',
  'Type the preview...': 'Önizlemeyi yazın...',
  'Write the announcement...': 'Duyuruyu yazın...',
  'The announcement is sent to {count} user.': 'Duyuru {count} kullanıcıya gönderildi.',
  'The announcement is sent to {count} users.': 'Duyuru {count} kullanıcıya gönderildi.',
  'Please choose a publisher.': 'Lütfen bir yayıncı seçin.',
  'Please enter a subject.': 'Lütfen bir konu girin.',
  'The subject must be less than 240 characters.': 'Konu 240 karakterden kısa olmalı.',
  'The preview must be text.': 'Önizleme metin olmalı.',
  'The preview must be less than 240 characters.': 'Önizleme 240 karakterden kısa olmalı.',
  'Please write the announcement.': 'Lütfen duyuruyu yazın.',
  'The announcement is too long.': 'Duyuru çok uzun.',
};

export default words;

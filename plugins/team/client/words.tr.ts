/** The team's words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // Roles
  Admin: 'Yönetici',
  Director: 'Direktör',
  Editor: 'Editör',
  Author: 'Yazar',

  // The team pages
  'Newsletter Team': 'Bülten Ekibi',
  'Publisher Team': 'Yayıncı Ekibi',
  Editors: 'Editörler',
  Authors: 'Yazarlar',
  Directors: 'Direktörler',
  'Add Editor': 'Editör Ekle',
  'Add Author': 'Yazar Ekle',
  'Add Director': 'Direktör Ekle',
  'This newsletter has no editors yet.': 'Bu bültenin henüz editörü yok.',
  'This newsletter has no authors yet.': 'Bu bültenin henüz yazarı yok.',
  'This publisher has no directors yet.': 'Bu yayıncının henüz direktörü yok.',
  'Add an editor from your staff, or invite one by e-mail.': 'Kadronuzdan bir editör ekleyin ya da e-postayla birini davet edin.',
  'Add an author from your staff, or invite one by e-mail.': 'Kadronuzdan bir yazar ekleyin ya da e-postayla birini davet edin.',
  'Add a director from your staff, or invite one by e-mail.': 'Kadronuzdan bir direktör ekleyin ya da e-postayla birini davet edin.',
  'More for {name}': '{name} için diğer işlemler',
  'The account is not ready yet: an invitation not taken up, or a profile to finish.':
    'Hesap henüz hazır değil: kabul edilmemiş bir davet ya da tamamlanacak bir profil.',
  'Remove Member': 'Üyeyi Kaldır',
  "Are you sure you want to remove {name} from this newsletter's team? The account stays with the publisher.":
    '{name} bu bültenin ekibinden çıkarılsın mı? Hesap yayıncıda kalır.',

  // Adding a member
  MEMBER: 'ÜYE',
  'Select a member': 'Bir üye seçin',
  'Select a member.': 'Bir üye seçin.',
  'No one else on the staff can join as an editor. Invite someone new by e-mail.':
    'Kadroda editör olarak katılabilecek başka kimse yok. Yeni birini e-postayla davet edin.',
  'No one else on the staff can join as an author. Invite someone new by e-mail.':
    'Kadroda yazar olarak katılabilecek başka kimse yok. Yeni birini e-postayla davet edin.',
  'No one else on the staff can join as a director. Invite someone new by e-mail.':
    'Kadroda direktör olarak katılabilecek başka kimse yok. Yeni birini e-postayla davet edin.',
  'Not on the staff yet?': 'Henüz kadroda değil mi?',
  'INVITE BY E-MAIL': 'E-POSTAYLA DAVET ET',
  'MAKE DIRECTOR': 'DİREKTÖR YAP',
  '{name} is added to the team.': '{name} ekibe eklendi.',
  '{name} is removed from the team.': '{name} ekipten çıkarıldı.',
  '{name} is now a director.': '{name} artık bir direktör.',

  // Inviting a member
  'Invite a Member': 'Üye Davet Et',
  'The invitee receives an e-mail with a link to choose a password.':
    'Davet edilen kişiye, şifresini belirleyeceği bir bağlantı içeren bir e-posta gönderilir.',
  INVITE: 'DAVET ET',
  ROLE: 'ROL',
  'Select a role': 'Bir rol seçin',
  'An invitation email is sent to {email}.': '{email} adresine bir davet e-postası gönderildi.',

  // Editing a member
  'Edit User': 'Kullanıcıyı Düzenle',
  'Account is ready': 'Hesap hazır',
  'The member is saved.': 'Üye kaydedildi.',

  // The server's refusals and the schemas' messages these dialogs show
  'Member not found.': 'Üye bulunamadı.',
  'Select a newsletter.': 'Bir bülten seçin.',
  'Select a role.': 'Bir rol seçin.',
  'This e-mail belongs to an account of another publisher.': 'Bu e-posta başka bir yayıncının hesabına ait.',
  'You cannot edit or remove yourself here; change your own profile in My Profile.':
    "Burada kendinizi düzenleyemez ya da kaldıramazsınız; kendi profilinizi Profilim'de değiştirin.",
  'Directors cannot be edited or removed.': 'Direktörler düzenlenemez ya da kaldırılamaz.',
  'Admins cannot be edited or removed.': 'Yöneticiler düzenlenemez ya da kaldırılamaz.',
  'An editor cannot edit or remove another editor.': 'Bir editör başka bir editörü düzenleyemez ya da kaldıramaz.',
};

export default words;

/** The feedback dialog's and list's words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The dialog (and the profile menu's actions that open it)
  PRODUCT: 'ÜRÜN',
  'Select a product': 'Bir ürün seçin',
  'Tell us what you think...': 'Düşüncelerinizi bize anlatın...',
  'What went wrong?': 'Ne ters gitti?',
  'What did you do, what did you expect, and what happened instead?': 'Ne yaptınız, ne bekliyordunuz, bunun yerine ne oldu?',
  'What would you like?': 'Ne istersiniz?',
  'What would it help you do?': 'Ne yapmanıza yardımcı olur?',
  'See all feedback': 'Tüm geri bildirimleri gör',
  // Its validation (schemas/api/feedback-create.schema.json) and the server's answers
  'Choose what you are sending: feedback, a bug or a feature request.': 'Ne gönderdiğinizi seçin: geri bildirim, hata ya da özellik isteği.',
  'Please choose a product.': 'Lütfen bir ürün seçin.',
  'Please enter a title.': 'Lütfen bir başlık girin.',
  'The title must be at least 3 characters.': 'Başlık en az 3 karakter olmalı.',
  'The title must be less than 120 characters.': 'Başlık 120 karakterden kısa olmalı.',
  'Please describe it.': 'Lütfen açıklayın.',
  'The description must be at least 10 characters.': 'Açıklama en az 10 karakter olmalı.',
  'The description must be less than 5000 characters.': 'Açıklama 5000 karakterden kısa olmalı.',
  'Thank you! Your feedback is sent.': 'Teşekkürler! Geri bildiriminiz gönderildi.',
  'The status is updated.': 'Durum güncellendi.',
  'Feedback not found.': 'Geri bildirim bulunamadı.',

  // The list (/admin/feedback)
  Feedback: 'Geri bildirim',
  'All types': 'Tüm türler',
  'All statuses': 'Tüm durumlar',
  Product: 'Ürün',
  'Status of {title}': '{title}: durum',
  'No feedback yet.': 'Henüz geri bildirim yok.',
  'Nothing matches these filters.': 'Bu filtrelerle eşleşen bir şey yok.',
  Bug: 'Hata',
  'Feature request': 'Özellik isteği',
  Seen: 'Görüldü',
  Done: 'Tamamlandı',
  // The products a report is about (constants.feedbackProducts), stored in English.
  Console: 'Konsol',
  Audio: 'Ses',
  Other: 'Diğer',
};

export default words;

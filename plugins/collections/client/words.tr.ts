/** The collections plugin's words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The list, its cards and the dashboard's panel.
  'Search collections': 'Koleksiyonlarda ara',
  'There are no collections yet.': 'Henüz koleksiyon yok.',
  'Make the first one with NEW.': 'İlkini YENİ ile oluşturun.',
  Items: 'Öğeler',
  'Create a collection': 'Koleksiyon oluştur',
  '{count} story': '{count} yazı',
  '{count} stories': '{count} yazı',
  '{count} issue': '{count} sayı',
  '{count} issues': '{count} sayı',

  // The menu and its question.
  View: 'Görüntüle',
  'Delete the collection?': 'Koleksiyon silinsin mi?',
  "'{title}' is deleted; its items stay as they are.": "'{title}' silinir; öğeleri olduğu gibi kalır.",

  // The collection's dashboard.
  'The collection could not be found.': 'Koleksiyon bulunamadı.',
  'Back to Collections': 'Koleksiyonlara Dön',
  UPDATE: 'GÜNCELLE',
  'About the collection': 'Koleksiyon hakkında',
  'Public link:': 'Herkese açık bağlantı:',
  'Not published: its public page opens once it is.': 'Yayında değil: herkese açık sayfası yayınlanınca açılır.',
  'Edit the collection': 'Koleksiyonu düzenle',
  'You have changes: UPDATE saves them.': 'Değişiklikleriniz var: GÜNCELLE onları kaydeder.',

  // The models' texts (collection-api.ts' childrenRefLabels).
  'Add Story': 'Yazı Ekle',
  'Stories of the collection': 'Koleksiyonun yazıları',
  'Published stories': 'Yayındaki yazılar',
  'There are no published stories.': 'Yayında yazı yok.',
  'There are no published stories matching the search.': 'Aramaya uyan yayında yazı yok.',
  'No stories yet.': 'Henüz yazı yok.',
  'No stories yet: Add some.': 'Henüz yazı yok: Biraz ekleyin.',
  'No stories yet: ADD them from the list.': 'Henüz yazı yok: Listeden EKLE ile ekleyin.',
  'Add published stories, then drag them into the order readers will see.': 'Yayındaki yazıları ekleyin, sonra okurların göreceği sıraya sürükleyin.',
  'ADD ISSUE': 'SAYI EKLE',
  'Add Issue': 'Sayı Ekle',
  'Issues of the collection': 'Koleksiyonun sayıları',
  'There are no published issues.': 'Yayında sayı yok.',
  'There are no published issues matching the search.': 'Aramaya uyan yayında sayı yok.',
  'No issues yet.': 'Henüz sayı yok.',
  'No issues yet: Add some.': 'Henüz sayı yok: Biraz ekleyin.',
  'No issues yet: ADD them from the list.': 'Henüz sayı yok: Listeden EKLE ile ekleyin.',
  'Add published issues, then drag them into the order readers will see.': 'Yayındaki sayıları ekleyin, sonra okurların göreceği sıraya sürükleyin.',

  // The items: the browser, the Add Story modal, the ordering.
  'Add {title}': '{title} ekle',
  '{title}: added, take out': '{title}: eklendi, çıkar',
  DONE: 'TAMAM',
  'Move Up {title}': '{title} yukarı taşı',
  'Move Down {title}': '{title} aşağı taşı',
  'Go to URL': "URL'ye Git",
  'Go to URL of {title}': "{title} URL'sine git",
  "Preview of the collection's page": 'Koleksiyon sayfasının önizlemesi',

  // The fields, the wizard and the edit page.
  'Create a Collection': 'Koleksiyon Oluştur',
  'Collection type': 'Koleksiyon türü',
  'In the collection ({count})': 'Koleksiyonda ({count})',
  'Items of the collection': 'Koleksiyonun öğeleri',
  'The collection is saved as a draft: an admin or a director of your publisher publishes it.':
    'Koleksiyon taslak olarak kaydedilir: yayıncınızın bir yöneticisi ya da direktörü onu yayınlar.',
  'SAVE AS DRAFT': 'TASLAK OLARAK KAYDET',
  'Edit Collection': 'Koleksiyonu Düzenle',
  Add: 'Ekle',
  "On its owner's public page": 'Sahibinin herkese açık sayfasında',
  Indexed: 'Dizinlenmiş',
  'Open to search engines': 'Arama motorlarına açık',
  Off: 'Kapalı',

  // Toasts and messages: the console's and the server's (plugins/collections/rules.ts, server/).
  'Collection published.': 'Koleksiyon yayınlandı.',
  'You need to select an image.': 'Bir görsel seçmeniz gerekiyor.',
  'Collection title must be three characters or more.': 'Koleksiyon başlığı en az üç karakter olmalı.',
  'Collection description must be three characters or more.': 'Koleksiyon açıklaması en az üç karakter olmalı.',
  'Collection must have at least one item.': 'Koleksiyonda en az bir öğe olmalı.',
  'Collection key must be three characters or more: lowercase letters, digits and hyphens.':
    'Koleksiyon anahtarı en az üç karakter olmalı: küçük harfler, rakamlar ve kısa çizgiler.',
  'This collection name already exists.': 'Bu koleksiyon adı zaten var.',
  'An item is in the collection twice.': 'Bir öğe koleksiyonda iki kez var.',
  'Only published articles of your publisher can be added to a collection.': 'Bir koleksiyona yalnızca yayıncınızın yayındaki makaleleri eklenebilir.',
  'Only published issues of your publisher can be added to this collection.': 'Bu koleksiyona yalnızca yayıncınızın yayındaki sayıları eklenebilir.',
  "A collection's type cannot change.": 'Bir koleksiyonun türü değiştirilemez.',
  'You created a new collection.': 'Yeni bir koleksiyon oluşturdunuz.',
  'Collection saved.': 'Koleksiyon kaydedildi.',
  'Collection deleted.': 'Koleksiyon silindi.',
  'Collection not found.': 'Koleksiyon bulunamadı.',
};

export default words;

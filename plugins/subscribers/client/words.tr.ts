/** The subscribers list's and the weekly spotlight's words in Turkish (core/client/words.ts: English → Turkish). */
import type { Words } from '../../../core/client/words';

const words: Words = {
  // The list
  'EXPORT CSV': 'CSV DIŞA AKTAR',
  'IMPORT CSV': 'CSV İÇE AKTAR',
  'CSV file': 'CSV dosyası',
  'Search by e-mail or name': 'E-posta ya da ada göre ara',
  'Search subscribers': 'Abonelerde ara',
  'Bounced or complained only': 'Yalnızca geri dönenler ya da şikâyet edenler',
  'Type: {type}': 'Tür: {type}',
  'Filter by label': 'Etikete göre süz',
  'Label: {label}': 'Etiket: {label}',
  'No subscriber has this label.': 'Bu etiketi taşıyan abone yok.',
  All: 'Tümü',
  Free: 'Ücretsiz',
  Paid: 'Ücretli',
  'Importing...': 'İçe aktarılıyor...',
  'Exporting...': 'Dışa aktarılıyor...',
  'No subscriber matches your search.': 'Aramanızla eşleşen abone yok.',
  'No address has bounced or complained.': 'Geri dönen ya da şikâyet eden adres yok.',
  'No free subscribers.': 'Ücretsiz abone yok.',
  'No paid subscribers.': 'Ücretli abone yok.',
  'There are no subscribers yet.': 'Henüz abone yok.',
  'Import them from a CSV file with IMPORT CSV.': 'CSV İÇE AKTAR ile bir CSV dosyasından içe aktarın.',
  TYPE: 'TÜR',
  'EMAIL ADDRESS': 'E-POSTA ADRESİ',
  CITY: 'ŞEHİR',
  'SIGN-UP DATE': 'KAYIT TARİHİ',
  FREE: 'ÜCRETSİZ',
  PAID: 'ÜCRETLİ',
  'PAID · MONTHLY': 'ÜCRETLİ · AYLIK',
  'PAID · YEARLY': 'ÜCRETLİ · YILLIK',
  'Payment failed': 'Ödeme başarısız',
  Complained: 'Şikâyet etti',
  'Bouncing: suppressed': 'Geri dönüyor: gönderim durduruldu',
  'Soft bounces: {count}': 'Geçici geri dönmeler: {count}',

  // The import: its toast, its dialog and the server's texts (plugins/subscribers/server)
  '{imported} subscribers imported, {skipped} skipped (already subscribed).': '{imported} abone içe aktarıldı, {skipped} atlandı (zaten abone).',
  'Import Errors': 'İçe Aktarma Hataları',
  'Import errors': 'İçe aktarma hataları',
  'Nothing was imported. Fix these rows in the file and import it again.': 'Hiçbir şey içe aktarılmadı. Dosyadaki bu satırları düzeltip yeniden içe aktarın.',
  OK: 'Tamam',
  'Row {row}: {problem}': 'Satır {row}: {problem}',
  'Email is repeated (first on row {row}).': 'E-posta tekrarlanıyor (ilk kez {row}. satırda).',
  'Name is longer than {max} characters.': 'Ad {max} karakterden uzun.',
  'City is longer than {max} characters.': 'Şehir {max} karakterden uzun.',
  '{count} more rows have errors.': '{count} satırda daha hata var.',
  'Choose a CSV file to import.': 'İçe aktarmak için bir CSV dosyası seçin.',
  'The CSV file must be smaller than 5MB.': "CSV dosyası 5 MB'tan küçük olmalı.",
  'You can only import a CSV file!': 'Yalnızca CSV dosyası içe aktarabilirsiniz!',
  'The CSV file needs an email column.': 'CSV dosyasında bir email sütunu olmalı.',
  'The CSV file has no subscribers.': 'CSV dosyasında abone yok.',

  // The weekly spotlight (the dashboard's panel)
  'See subscribers': 'Aboneleri gör',
  'By e-mail': 'E-postayla',
  'By notification': 'Bildirimle',
  '{change} since last week': 'Geçen haftaya göre {change}',
  'The spotlight shows once your newsletter has more than {count} weeks of subscribers.':
    'Bu bölüm, bülteninizin abone geçmişi {count} haftayı geçince görünür.',
};

export default words;

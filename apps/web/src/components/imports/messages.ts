/** Turkish texts of the shared import pieces (the ambiguous-number confirmation). */
export const IMPORT_MESSAGES = {
  ambiguousTitle: 'Biçimi belli olmayan sayılar',
  ambiguousIntro:
    'Dosya sayı biçimini göstermiyor; bu hücreler iki türlü okunabilir. Dosyanın biçimini seçin: tablo, onaylayınca kaydedilecek değeri gösterir.',
  ambiguousChoice: 'Bu sayılar hangi biçimde yazılmış?',
  numberFormatTr: 'Türkçe (1.234,56)',
  numberFormatIntl: 'Uluslararası (1,234.56)',
  ambiguousRow: 'Satır',
  ambiguousColumn: 'Sütun',
  ambiguousText: 'Hücre',
  ambiguousRead: 'Kaydedilecek değer',
  ambiguousOther: 'Diğer okunuş',
  confirmTitle: 'Yüklemeden önce onay gerekiyor',
  confirmUpload: 'Onayla ve yükle',
  cancel: 'Vazgeç',
} as const;

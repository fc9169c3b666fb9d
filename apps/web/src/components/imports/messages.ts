/** Turkish texts of the shared import pieces (the ambiguous-number confirmation). */
export const IMPORT_MESSAGES = {
  ambiguousTitle: 'Biçimi belli olmayan sayılar',
  ambiguousIntro:
    'Dosya sayı biçimini göstermiyor; bu hücreler varsayılan biçimle okundu. Okunuşlar doğruysa onaylayın, değilse dosyada ondalık ayırıcıyı açıkça yazın.',
  ambiguousRow: 'Satır',
  ambiguousColumn: 'Sütun',
  ambiguousText: 'Hücre',
  ambiguousRead: 'Okunan',
  ambiguousOther: 'Diğer okunuş',
  confirmTitle: 'Yüklemeden önce onay gerekiyor',
  confirmUpload: 'Onayla ve yükle',
  cancel: 'Vazgeç',
} as const;

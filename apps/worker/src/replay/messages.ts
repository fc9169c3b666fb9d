/** Turkish texts of a replay (`fonrisk replay`, decision 0041). */
export const REPLAY_MESSAGES = {
  unknownType: (type: string) => `"${type}" analiz türü bu sürümde yeniden hesaplanamıyor.`,
  invalidInputs: (details: string) => `paketteki analiz girdileri bu sürümde geçersiz: ${details}`,
  unrecordedStatement: (text: string) =>
    `bu sürümün kodu pakette kaydı olmayan bir sorgu çalıştırdı (çalıştırma bu veriyi okumamıştı): ${text}`,
  failed: (reason: string) => `paket yeniden hesaplanamadı: ${reason}`,
  invalidResult: (details: string) =>
    `yeniden hesaplanan sonuç, türün sonuç şemasına uymuyor: ${details}`,
} as const;

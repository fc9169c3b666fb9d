/** Turkish texts of the shared date controls. */
export const DATE_MESSAGES = {
  period: 'Dönem',
  from: 'Başlangıç',
  to: 'Bitiş',
  fromDate: 'Başlangıç tarihi',
  toDate: 'Bitiş tarihi',
  dateMode: 'Tarih seçimi',
  singleDate: 'Tek tarih',
  dateRange: 'Tarih aralığı',
  presets: { '1M': '1 Ay', '3M': '3 Ay', '6M': '6 Ay', '1Y': '1 Yıl', '3Y': '3 Yıl', ALL: 'Tümü' },
} as const;

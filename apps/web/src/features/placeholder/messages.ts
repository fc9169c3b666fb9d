export const PLACEHOLDER_MESSAGES = {
  preparing: 'Bu ekran hazırlanıyor',
  explanation: 'Bu ekranın içeriği sonraki sürümlerde eklenecek.',
} as const;

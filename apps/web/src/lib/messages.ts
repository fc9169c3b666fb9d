/** Turkish texts shown by the shared library code (API client, spinner, copy button, toasts). */
export const LIB_MESSAGES = {
  loading: 'Yükleniyor...',
  copy: 'Kopyala',
  copied: 'Kopyalandı',
  copyFailed: 'Kopyalanamadı',
  closeToast: 'Bildirimi kapat',
  traceId: 'İzleme kimliği',
  networkError: 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
  unexpectedResponse: 'Sunucudan beklenmeyen bir yanıt alındı.',
  httpFailure: (status: number, statusText: string): string =>
    `İstek başarısız oldu: ${status}${statusText ? ` ${statusText}` : ''}`,
  defaultFileName: 'dosya',
} as const;

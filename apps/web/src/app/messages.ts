export const APP_MESSAGES = {
  appName: 'Fonrisk',
  tagline: 'Risk analizi ve raporlama',
  logout: 'Çıkış yap',
  login: 'Giriş yap',
  menu: 'Menü',
  toggleMenu: 'Menüyü aç/kapat',
  notFoundTitle: 'Sayfa bulunamadı',
  notFoundBody:
    'Aradığınız sayfa yok ya da taşınmış olabilir. Adresi kontrol edin veya ana sayfaya dönün.',
  goHome: 'Ana sayfaya dön',
  loadingScreen: 'Ekran yükleniyor…',
  documentTitle: (title: string): string => `${title} · Fonrisk`,
} as const;

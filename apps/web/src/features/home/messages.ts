export const HOME_MESSAGES = {
  welcome: 'Fonrisk',
  tagline: 'Yatırım fonları ve portföyler için risk analizi ve raporlama',
  highlightsLabel: 'Ürün özellikleri',
  previous: 'Önceki',
  next: 'Sonraki',
  goTo: (n: number): string => `${n}. özelliğe git`,
  latestPosts: 'Son yazılar',
  /** What the product covers, module by module (product-spec.md section 1). */
  highlights: [
    {
      title: 'Riske Maruz Değer ve geriye dönük test',
      body: 'RMD analizi, geriye dönük test, kaldıraç ve artımsal RMD hesapları; RMD limit takibi tek yerde.',
    },
    {
      title: 'Stres testi, likidite ve yoğunlaşma',
      body: 'Stres senaryoları, risk değeri, likidite testi, yoğunlaşma riski ve aktif pay analizleri.',
    },
    {
      title: 'İç denetim ve fon istatistikleri',
      body: 'İç denetim kontrolleri, takip ekranları ve fon istatistikleri sonuçları.',
    },
    {
      title: 'Performans raporları',
      body: 'Fon ve müşteri portföyleri için performans raporları; PDF ve Excel çıktıları.',
    },
    {
      title: 'Portföy ve veri yönetimi',
      body: 'Portföyler, yatırım araçları, karşılaştırma ölçütleri ve FTP aktarımları; Türkçe biçimlerle.',
    },
  ],
} as const;

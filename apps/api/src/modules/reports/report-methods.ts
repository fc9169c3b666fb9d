/**
 * The text of the methods printed at the end of a report, one per analysis type (Turkish, for
 * the board and the SPK file). Sources: shared/domain/regulation-and-methods.md (SPK Rehber
 * §7.6 for RMD, backtest and stress; §9.3.2 for the risk value; Jorion for VaR decomposition).
 * A type without a text here gets the generic text, so a newly registered type still prints.
 */
export const REPORT_METHOD_TEXTS: Readonly<Record<string, string>> = {
  var:
    'Riske maruz değer (RMD), SPK Rehberi §7.6.1 uyarınca %99 tek taraflı güven düzeyinde, 20 iş ' +
    'günü elde tutma süresi için ve en az bir yıllık (250 iş günü) gözlem dönemiyle hesaplanır. ' +
    'Parametrik, tarihsel ve Monte Carlo yöntemleri desteklenir; seçilen yöntem ve ufuk ölçekleme ' +
    'kuralı her bölümün varsayımlar satırında yazılıdır. Mutlak yaklaşımda RMD fon toplam değerinin ' +
    '%20’sini, göreli yaklaşımda referans portföy RMD’sinin iki katını aşamaz. Bileşen, marjinal ve ' +
    'artımsal RMD Jorion’un ayrıştırmasıyla hesaplanır; bileşenlerin toplamı portföy RMD’sine eşittir.',
  backtest:
    'Geriye dönük test (SPK Rehberi §7.6.4), her gün için hesaplanan bir günlük RMD ile ertesi günün ' +
    'gerçekleşen kar/zararını karşılaştırır. Son 250 gözlemdeki aşım sayısı Basel trafik ışığı ' +
    'bölgelerine (yeşil 0–4, sarı 5–9, kırmızı 10+) göre değerlendirilir; Kupiec POF ve ' +
    'Christoffersen bağımsızlık testlerinin olabilirlik oranı istatistikleri ve p-değerleri verilir.',
  leverage:
    'Kaldıraç, türev araçların dayanak varlık eşdeğeri pozisyonlarının (taahhüt yaklaşımı) fon ' +
    'toplam değerine oranı olarak hesaplanır (SPK Rehberi §7.5); netleştirme ve riskten korunma ' +
    'işlemleri Rehber’deki kurallara göre düşülür.',
  'incremental-var':
    'Artımsal RMD, bir pozisyon (veya varsayımsal işlem) portföyden çıkarıldığında ya da eklendiğinde ' +
    'portföy RMD’sinde oluşan değişimdir; portföy yeniden değerlendirilerek tam olarak hesaplanır.',
  'stress-test':
    'Stres testi (SPK Rehberi §7.6.5), piyasa risk faktörlerinde tanımlı senaryo şoklarının (faiz, ' +
    'kur, hisse, emtia) portföyün güncel değerine etkisini tam yeniden değerlendirme ile hesaplar; ' +
    'tarihsel ve varsayımsal senaryoların sonuçları fon toplam değerine oranla verilir.',
  'risk-value':
    'Risk değeri (SPK Rehberi §9.3.2), fonun son beş yıllık haftalık getirilerinin yıllıklandırılmış ' +
    'oynaklığına göre 1–7 arası bir sınıfa atanır; beş yıllık geçmişi olmayan fonlarda Rehber’deki ' +
    'özel durum kuralları (referans portföy, temsili seri) uygulanır.',
  'performance-report':
    'Getiriler zaman ağırlıklı olarak hesaplanır ve dönemler zincirlenir; karşılaştırma ölçütüne göre ' +
    'aktif getiri, varlık sınıfı bazında Brinson-Fachler dağılım, seçim ve etkileşim etkilerine ayrılır.',
  'customer-performance-report':
    'Müşteri portföyü getirisi, dış nakit akışlarını dikkate alan Modified Dietz yöntemiyle her alt ' +
    'dönem için hesaplanır ve dönemler zincirlenir.',
  'bond-analysis':
    'Tahvil fiyatı, getirisi ve işlemiş faizi tahvilin gün sayım kuralıyla; Macaulay ve düzeltilmiş ' +
    'süre, konveksite ve DV01 nakit akışlarının getiri eğrisi üzerinden iskontolanmasıyla hesaplanır.',
  'internal-audit':
    'İç denetim kontrolleri, SPK III-52.1 Tebliği ve fon içtüzüğünden tanımlanan yatırım sınırlamalarını ' +
    'her portföy tarihinde portföy ağırlıklarına uygular; aşımlar ve süreleri listelenir.',
  'fund-statistics':
    'Fon istatistikleri birim pay fiyatlarının günlük getirilerinden hesaplanır: yıllıklandırılmış ' +
    'getiri ve oynaklık, en büyük düşüş, Sharpe ve Sortino oranları.',
  'liquidity-test':
    'Likidite testi, her pozisyonun likidite sınıfını varlık türü veya ortalama günlük işlem hacmi ve ' +
    'katılım oranından belirler; olağan ve stresli koşullarda karşılanabilecek geri ödeme oranını verir.',
  'concentration-risk':
    'Yoğunlaşma riski ihraççı, ihraççı grubu, sektör ve varlık sınıfı bazında maruz kalınan tutarı ve ' +
    'Herfindahl-Hirschman endeksini hesaplar; Tebliğ sınırlarıyla karşılaştırır.',
};

export const GENERIC_METHOD_TEXT =
  'Bu analizin sonuçları Fonrisk risk motoruyla, bölümde belirtilen motor sürümü, veri tarihleri ve ' +
  'varsayımlarla hesaplanmıştır.';

export function methodText(analysisType: string): string {
  return REPORT_METHOD_TEXTS[analysisType] ?? GENERIC_METHOD_TEXT;
}

import { eq, users } from '@fonrisk/db';
import type { BlogPostRequest } from '@fonrisk/contracts';
import { insertBlogPost } from '../modules/blog/blog.repository.ts';
import type { DemoStep } from './demo-steps.ts';

interface DemoPost extends BlogPostRequest {
  readonly publishedAt: string;
}

const POSTS: readonly DemoPost[] = [
  {
    publishedAt: '2026-01-12T09:00:00+03:00',
    title: 'Riske Maruz Değer (RMD) nedir, ne değildir?',
    summary:
      'RMD, belirli bir güven düzeyinde ve elde tutma süresinde portföyün normal piyasa koşullarında uğrayabileceği en büyük kaybı tek bir sayıyla özetler.',
    body: [
      'Riske Maruz Değer (RMD, İngilizce Value at Risk), bir portföyün belirli bir elde tutma süresi ve güven düzeyi için olası kaybının üst sınırını gösterir. Örneğin bir günlük, %99 güven düzeyli RMD’nin 1.000.000 TL olması, normal piyasa koşullarında 100 işlem gününün yaklaşık 99’unda günlük kaybın bu tutarı aşmamasının beklendiği anlamına gelir.',
      'RMD üç temel yöntemle hesaplanır. Tarihsel simülasyon, geçmiş getirileri bugünkü portföye uygulayarak kayıp dağılımını doğrudan gözlemden kurar. Parametrik (varyans-kovaryans) yöntem getirilerin normal dağıldığını varsayar ve volatilite ile korelasyonlardan hesap yapar. Monte Carlo simülasyonu ise risk faktörleri için çok sayıda senaryo üreterek portföyü her senaryoda yeniden değerler.',
      'RMD, kuyruğun ötesinde ne olduğunu söylemez: %1’lik kötü günlerde kaybın ne kadar büyük olabileceği için beklenen kayıp (Expected Shortfall) ve stres testleri birlikte izlenmelidir. Ayrıca sonuç, kullanılan veri penceresine ve yönteme duyarlıdır; bu nedenle modelin düzenli olarak geriye dönük testle doğrulanması gerekir.',
    ].join('\n\n'),
  },
  {
    publishedAt: '2026-01-26T09:00:00+03:00',
    title: 'SPK risk değeri: fonun 1’den 7’ye risk sınıfı',
    summary:
      'Yatırımcı bilgi formlarında yer alan risk değeri, fon getirilerinin geçmiş oynaklığına dayanan ve 1 (düşük) ile 7 (yüksek) arasında değişen bir göstergedir.',
    body: [
      'Sermaye Piyasası Kurulu düzenlemeleri, yatırım fonlarının yatırımcı bilgi formunda 1 ile 7 arasında bir risk değeri göstermesini ister. Değer büyüdükçe fon getirilerinin oynaklığı, dolayısıyla hem kazanç hem kayıp potansiyeli artar.',
      'Risk değeri, fonun haftalık getirilerinden hesaplanan yıllık oynaklığın (standart sapmanın) düzenlemede tanımlanan aralıklardan hangisine düştüğüne göre belirlenir. Yeterli geçmişi olmayan fonlar için eksik dönem, fonun yatırım stratejisine uygun bir karşılaştırma ölçütü veya temsili portföy ile tamamlanır.',
      'Risk değeri bir kalite notu değildir; yalnızca fiyat oynaklığını özetler. Likidite, karşı taraf ve yoğunlaşma riskleri bu göstergede görünmez. Fonrisk’in risk değeri ekranı, hesabın dayandığı getiri serisini ve oynaklığın zaman içindeki değişimini birlikte göstererek sınıf değişikliklerini önceden izlemeyi kolaylaştırır.',
    ].join('\n\n'),
  },
  {
    publishedAt: '2026-02-09T09:00:00+03:00',
    title: 'Geriye dönük test: modeliniz kaç kez yanıldı?',
    summary:
      'Geriye dönük test, gerçekleşen kayıpları önceden hesaplanan RMD ile karşılaştırır ve aşım sayısının güven düzeyiyle uyumlu olup olmadığını sınar.',
    body: [
      'Bir RMD modeli ancak geçmişte söz verdiğini tuttuysa güvenilirdir. Geriye dönük testte her gün için önceden hesaplanan RMD ile ertesi gün gerçekleşen kâr veya zarar karşılaştırılır; kaybın RMD’yi aştığı günler “aşım” olarak sayılır.',
      '%99 güven düzeyinde 250 işlem gününde beklenen aşım sayısı 2,5’tir. Basel Komitesi’nin trafik ışığı yaklaşımında 0-4 aşım yeşil, 5-9 aşım sarı, 10 ve üzeri aşım kırmızı bölge kabul edilir. Kupiec’in oran testi (POF) aşım oranının beklenen orandan istatistiksel olarak farklı olup olmadığını, Christoffersen testi ise aşımların zaman içinde kümelenip kümelenmediğini sınar.',
      'Çok az aşım da bir uyarıdır: model riski olduğundan yüksek gösteriyor ve sermaye ya da limit kullanımını gereksiz yere kısıtlıyor olabilir. Sonuçlar yorumlanırken test dönemindeki piyasa rejimi ve portföy değişiklikleri de dikkate alınmalıdır.',
    ].join('\n\n'),
  },
  {
    publishedAt: '2026-02-23T09:00:00+03:00',
    title: 'Likidite riski: portföy ne kadar hızlı nakde döner?',
    summary:
      'Likidite testi, yüklü geri alım taleplerinin fon portföyündeki varlıklar piyasa fiyatını bozmadan satılarak karşılanıp karşılanamayacağını ölçer.',
    body: [
      'Bir fonun likidite riski iki yönlüdür: varlık tarafında pozisyonların piyasayı etkilemeden hangi sürede satılabileceği, yükümlülük tarafında ise yatırımcıların ne kadar hızlı ve ne büyüklükte geri alım talep edebileceği.',
      'Varlık likiditesi genellikle her pozisyonun günlük işlem hacmine oranıyla ölçülür: günlük hacmin belirli bir yüzdesinden fazlası satılmadan tasfiye edilebilen tutar her gün için toplanarak portföyün 1, 5 ve 20 günde nakde çevrilebilen kısmı bulunur. Mevduat, ters repo ve kısa vadeli kamu borçlanma araçları bu hesapta en likit dilimi oluşturur.',
      'Stres senaryolarında geri alım talepleri geçmişteki en yüksek çıkışlara veya belirlenen şok oranlarına göre artırılır; aynı anda piyasa hacimleri düşürülür. Fonrisk’in likidite testi, senaryo altında karşılanamayan geri alım tutarını ve fon büyüklüğüne oranını raporlayarak yönetim kurulu ve risk yönetimi için karar zemini sağlar.',
    ].join('\n\n'),
  },
];

/** Four Turkish articles on VaR, the SPK risk value, backtests and liquidity, by the demo admin. */
export const demoBlogPostsStep: DemoStep = {
  name: 'blog-posts-v1',
  async run(tx) {
    const [author] = await tx.select().from(users).where(eq(users.username, 'admin'));
    for (const { publishedAt, ...post } of POSTS) {
      await insertBlogPost(
        tx,
        post,
        { id: author?.id ?? null, name: author?.fullName ?? 'Fonrisk' },
        new Date(publishedAt),
      );
    }
  },
};

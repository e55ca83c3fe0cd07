import type { Guide } from '../guide';
import toplulukYaratma from './covers/topluluk-yaratma.svg';
import toplulukGelistirmeEtkilesim from './covers/topluluk-gelistirme-etkilesim.svg';
import toplulukGelistirmeDialog from './covers/topluluk-gelistirme-dialog.svg';
import toplulukGenisletme from './covers/topluluk-genisletme.svg';
import odakBulmak from './covers/odak-bulmak.svg';
import ePostaKirpilmasi from './covers/e-posta-kirpilmasi.svg';
import baslikVeOnizleme from './covers/baslik-ve-onizleme.svg';
import bulletYazimi from './covers/bullet-yazimi.svg';
import makaleYazimi from './covers/makale-yazimi.svg';
import gorselKullanimi from './covers/gorsel-kullanimi.svg';
import kanallar from './covers/kanallar.svg';
import etikKurallar from './covers/etik-kurallar.svg';
import testEPostasi from './covers/test-e-postasi.svg';

/** The built-in guidance library, newest first. Written for this project; not fetched. The bodies are in ./texts (loaded only by a guide's page). */
export const guides: Guide[] = [
  {
    _id: 'topluluk-yaratma',
    date: '2026-11-03',
    image: toplulukYaratma,
    title: 'Bülteninizin etrafında bir topluluk yaratmak',
    subtitle: 'Okuru aboneden fazlası yapmanın ilk adımları',
    description:
      'Topluluk, abone listesinin kendiliğinden dönüştüğü bir şey değildir; bilinçli kararlarla kurulur. Bu rehber, ilk günden itibaren okurlarınızla ortak bir alan oluşturmanın temellerini anlatıyor.',
  },
  {
    _id: 'topluluk-gelistirme-etkilesim',
    date: '2026-10-14',
    image: toplulukGelistirmeEtkilesim,
    title: 'Etkileşimle topluluğu büyütmek',
    subtitle: 'Okuru pasif bir alıcı olmaktan çıkarmanın yolları',
    description:
      'Etkileşim, okurun bülteninizle kurduğu ilişkinin en görünür işaretidir. Anketlerden okur katkılarına kadar etkileşimi artırmanın pratik yollarını derledik.',
  },
  {
    _id: 'topluluk-gelistirme-dialog',
    date: '2026-09-22',
    image: toplulukGelistirmeDialog,
    title: 'Diyalogla topluluğu güçlendirmek',
    subtitle: 'Okurla konuşmak, okura konuşmaktan farklıdır',
    description:
      'Okurlarla kurulan gerçek bir diyalog, bülteni kişisel ve güvenilir kılar. Yanıtlara nasıl dönüleceğini, eleştirinin nasıl karşılanacağını ve sohbetin yayına nasıl taşınacağını anlatıyoruz.',
  },
  {
    _id: 'topluluk-genisletme',
    date: '2026-09-01',
    image: toplulukGenisletme,
    title: 'Topluluğu genişletmek: yeni okurlara ulaşmak',
    subtitle: 'Büyürken kimliğinizi kaybetmeden',
    description:
      'Sağlam bir çekirdek topluluk kurduktan sonra sıra yeni okurlara ulaşmaya gelir. Tavsiyeler, iş birlikleri ve yeni kapılarla sürdürülebilir biçimde büyümenin yollarını inceliyoruz.',
  },
  {
    _id: 'odak-bulmak',
    date: '2026-08-11',
    image: odakBulmak,
    title: 'Bülteniniz için bir odak bulmak',
    subtitle: 'Her şeyi anlatan bülten, hiçbir şeyi anlatmaz',
    description:
      'Net bir odak, okurun neden abone olduğunu ve editörün neyi dışarıda bırakacağını belirler. Bültenin odağını tanımlamak ve korumak için pratik bir çerçeve sunuyoruz.',
  },
  {
    _id: 'e-posta-kirpilmasi',
    date: '2026-07-21',
    image: ePostaKirpilmasi,
    title: 'E-posta kırpılmasını önlemek',
    subtitle: "Gmail'in 102 KB sınırının altında kalmak",
    description:
      "Gmail, HTML boyutu 102 KB'ı aşan iletileri kırparak içeriğin bir kısmını okurdan gizler. Sayılarınızı bu sınırın altında tutmanın yollarını anlatıyoruz.",
    link: 'https://support.google.com/mail',
  },
  {
    _id: 'baslik-ve-onizleme',
    date: '2026-06-30',
    image: baslikVeOnizleme,
    title: 'Sayı başlığı ve önizleme metni',
    subtitle: 'Gelen kutusunda okurun ilk gördüğü iki satır',
    description:
      'Sayı başlığı ve önizleme metni, okurun sayınızı açıp açmayacağına karar verdiği yerdir. İkisini birlikte, dürüst ve etkili biçimde yazmanın ilkelerini derledik.',
  },
  {
    _id: 'bullet-yazimi',
    date: '2026-06-09',
    image: bulletYazimi,
    title: 'Bullet hikâyeleri yazmak',
    subtitle: 'Kısa, net ve kolay taranan haberler',
    description:
      'Bullet hikâyeler, okurun birkaç saniyede bilgi alabileceği kısa içeriklerdir. Az sözcükle çok şey anlatmanın tekniklerini ve sık yapılan hataları anlatıyoruz.',
  },
  {
    _id: 'makale-yazimi',
    date: '2026-05-19',
    image: makaleYazimi,
    title: 'Makale hikâyeleri yazmak',
    subtitle: 'Derinlik isteyen konular için yapı ve akış',
    description:
      'Makale hikâyeler, bir konuyu bağlamıyla birlikte anlatmanın yeridir. Güçlü bir giriş, sağlam bir yapı ve e-postada okunabilir bir uzunluk için önerilerimizi paylaşıyoruz.',
  },
  {
    _id: 'gorsel-kullanimi',
    date: '2026-04-28',
    image: gorselKullanimi,
    title: 'Görselleri doğru kullanmak',
    subtitle: 'Alt metin, boyutlar ve dosya türleri',
    description:
      'Görseller bir sayıyı güçlendirebilir ya da okunmaz hâle getirebilir. Alt metin zorunluluğunu, önerilen boyutları ve desteklenen dosya türlerini tek yerde topladık.',
    link: 'https://www.w3.org/WAI/tutorials/images/',
  },
  {
    _id: 'kanallar',
    date: '2026-04-07',
    image: kanallar,
    title: 'Kanalları etkili kullanmak',
    subtitle: 'Bir sayının iskeleti: giriş ve kanallar',
    description:
      'Her sayı bir giriş metni ve kanallar altında gruplanan hikâyelerden oluşur. Kanalları nasıl tanımlayacağınızı, sıralayacağınızı ve canlı tutacağınızı anlatıyoruz.',
  },
  {
    _id: 'etik-kurallar',
    date: '2026-03-10',
    image: etikKurallar,
    title: 'Yayın etiği kuralları',
    subtitle: 'Kaynaklar, düzeltmeler, çıkar çatışmaları ve reklam ayrımı',
    description:
      'Okurun güveni, bir bültenin en değerli varlığıdır. Kaynak kullanımından reklamın editoryal içerikten ayrılmasına kadar tüm ekibin uyması gereken temel etik kuralları özetliyoruz.',
    link: 'https://www.spj.org/ethicscode.asp',
  },
  {
    _id: 'test-e-postasi',
    date: '2026-02-17',
    image: testEPostasi,
    title: 'Önce test e-postası gönderin',
    subtitle: 'Dağıtımı planlamadan önceki son kontrol',
    description: 'Dağıtımı planlamadan önce test e-postası göndermek zorunludur. Test e-postasında neleri kontrol etmeniz gerektiğini adım adım anlatıyoruz.',
  },
];

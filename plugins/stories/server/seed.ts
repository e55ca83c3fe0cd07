/**
 * Demo stories: bullets and articles in every state for the three newsletters of Kuzey Medya and
 * a few for Ege Gündem, signed with the demo staff's pen names and a shared desk's. Articles use
 * the publisher's library images as covers (one draft still waits for its cover); scheduled ones
 * are real schedules on the job queue.
 */
import type { Handle } from '../../../core/server/db/database';
import type { SeedContext } from '../../../core/server/plugins/contract';
import type { JobQueue } from '../../../core/server/jobs';
import { findPeople } from '../../../core/server/people';
import { findNewsletterByKey, findUserByEmail } from '../../../core/server/store';
import { schedulePublication } from '../../../core/server/publication';
import { constants } from '../../../core/shared/config';
import { slugify } from '../../../core/shared/text';
import { libraryImages } from '../../images/server/public';
import { storedBody } from './content';
import { contentOf, storyRelease } from './publication';
import { findPublicStory, findStory, insertPenName, insertStory, ownPenName, storiesDb, uniqueStorySlug, type StoriesDb } from './store';
import type { StatusFlag, StoryType } from './tables';
import { clock } from '../../../core/server/clock';

type Writer = 'admin' | 'director' | 'editor' | 'author' | 'desk';
type State = 'draft' | 'ready' | 'accepted' | 'scheduled' | 'published' | 'republishing' | 'cancelled' | 'featured';

interface DemoStory {
  type: StoryType;
  title?: string;
  subtitle?: string;
  paragraphs: string[];
  state: State;
  writer: Writer;
  /** Days from now: the past for published ones, the future for schedules. */
  days?: number;
  tags?: string[];
  notify?: boolean;
  /** An article whose cover is still to be chosen: it cannot become ready until it has one. */
  noCover?: boolean;
}

const day = 24 * 60 * 60 * 1000;

const flagsOf: Record<State, StatusFlag[]> = {
  draft: ['draft'],
  ready: ['ready'],
  accepted: ['ready', 'accepted'],
  scheduled: ['ready', 'accepted', 'scheduled'],
  published: ['ready', 'accepted', 'published'],
  // A published story someone is editing again: it stays as readers saw it until accepted.
  republishing: ['draft', 'published'],
  cancelled: ['ready', 'accepted', 'cancelled'],
  featured: ['draft', 'featured'],
};

const bullet = (state: State, writer: Writer, text: string, extra: Partial<DemoStory> = {}): DemoStory => ({
  type: 'bullet',
  state,
  writer,
  paragraphs: [`• ${text}`],
  ...extra,
});

const demoStories: { newsletter: number; stories: DemoStory[] }[] = [
  {
    newsletter: 0,
    stories: [
      {
        type: 'article',
        title: 'Şehirde Yeni Metro Hattı Açıldı',
        subtitle: 'Yolculuk süresi yarıya iniyor',
        state: 'published',
        writer: 'editor',
        days: -6,
        tags: ['ulaşım', 'şehir'],
        paragraphs: [
          'Uzun süredir beklenen metro hattı bu sabah ilk yolcularını taşıdı.',
          'Hat, şehrin doğusunu merkeze 25 dakikada bağlıyor. Seferler her beş dakikada bir yapılacak.',
          'Belediye, ilk hafta boyunca yolculuğun ücretsiz olacağını duyurdu.',
        ],
      },
      {
        type: 'article',
        title: 'Hafta Sonu Hava Durumu',
        subtitle: 'Cumartesi güneşli, pazar yağmurlu',
        state: 'published',
        writer: 'desk',
        days: -2,
        notify: true,
        paragraphs: [
          'Meteoroloji, cumartesi günü sıcaklığın 18 dereceye çıkacağını bildirdi.',
          'Pazar öğleden sonra kuzeyden gelen yağmur bulutları bölgeyi etkileyecek.',
        ],
      },
      {
        type: 'article',
        title: 'Kent Bostanlarında Hasat Zamanı',
        subtitle: 'Gönüllüler ilk ürünleri topladı',
        state: 'scheduled',
        writer: 'editor',
        days: 2,
        paragraphs: ['Mahalle bostanlarında bu yılın ilk hasadı yapıldı.', 'Ürünler semt pazarında ihtiyaç sahiplerine ulaştırılacak.'],
      },
      {
        type: 'article',
        title: 'Kütüphaneler Gece de Açık',
        subtitle: 'Sınav döneminde yeni çalışma saatleri',
        state: 'accepted',
        writer: 'director',
        paragraphs: ['Merkez kütüphane sınav dönemi boyunca gece yarısına kadar açık kalacak.', 'Öğrenciler için ücretsiz çay ve internet hizmeti verilecek.'],
      },
      {
        type: 'article',
        title: 'Sahil Yolu Bisiklet Şeridi',
        subtitle: 'Yeni şerit hafta sonu hizmete giriyor',
        state: 'ready',
        writer: 'desk',
        paragraphs: ['Sahil boyunca uzanan 12 kilometrelik bisiklet şeridi tamamlandı.'],
      },
      {
        type: 'article',
        title: 'Belediye Bütçesi Görüşmeleri',
        subtitle: 'Meclis yeni yılın önceliklerini tartışıyor',
        state: 'draft',
        writer: 'editor',
        paragraphs: ['Meclis, gelecek yılın bütçesini önümüzdeki hafta oylayacak.', 'Ulaşım ve yeşil alanlar en büyük payı alıyor.'],
      },
      {
        type: 'article',
        title: 'Gece Pazarı Geri Dönüyor',
        subtitle: 'Kapalı otoparkta her cuma akşamı',
        state: 'draft',
        writer: 'editor',
        noCover: true,
        paragraphs: ['Yerel üreticiler cuma akşamları yeniden bir araya geliyor.'],
      },
      {
        type: 'article',
        title: 'Çarşıda Yenileme Çalışması',
        subtitle: 'Tarihi çarşı iki ay kapalı kalacak',
        state: 'cancelled',
        writer: 'director',
        paragraphs: ['Tarihi çarşının çatısı yenileniyor; esnaf geçici alana taşınacak.'],
      },
      bullet('published', 'editor', 'Köprü trafiği sabah 7 ile 9 arasında tek şeritten akacak.', { days: -1 }),
      bullet('published', 'desk', 'Şehir tiyatrosu yeni sezonun biletlerini satışa çıkardı.', { days: -3 }),
      bullet('draft', 'editor', 'Yarın sabah bazı mahallelerde su kesintisi olacak.'),
      bullet('ready', 'director', 'Hayvanat bahçesinde iki yavru panda dünyaya geldi.'),
      bullet('accepted', 'editor', 'Otobüs hatlarında kış tarifesi pazartesi başlıyor.'),
    ],
  },
  {
    newsletter: 1,
    stories: [
      {
        type: 'article',
        title: 'Yapay Zekâ ile Kod Yazmak',
        subtitle: 'Geliştiriciler yeni araçları nasıl kullanıyor?',
        state: 'published',
        writer: 'author',
        days: -5,
        tags: ['yapay zekâ', 'yazılım'],
        paragraphs: [
          'Kod yazan yapay zekâ araçları artık birçok ekibin günlük işinin parçası.',
          'Ancak uzmanlar, üretilen kodun dikkatle gözden geçirilmesi gerektiğini hatırlatıyor.',
          'Testler, gözden geçirme ve küçük adımlar hâlâ en iyi güvence.',
        ],
      },
      {
        type: 'article',
        title: 'Telefonunuzu Güvende Tutmanın Beş Yolu',
        subtitle: 'Basit ayarlarla büyük fark',
        state: 'republishing',
        writer: 'editor',
        days: -4,
        tags: ['güvenlik'],
        paragraphs: ['İki adımlı doğrulamayı açın ve uygulama izinlerini gözden geçirin.', 'Yedeklerinizi düzenli alın; güncellemeleri ertelemeyin.'],
      },
      {
        type: 'article',
        title: 'Açık Kaynakta Bu Ay',
        subtitle: 'Topluluğun öne çıkan projeleri',
        state: 'scheduled',
        writer: 'desk',
        days: 4,
        paragraphs: ['Bu ay üç büyük projenin yeni sürümü yayımlandı.', 'Katkıda bulunmak isteyenler için başlangıç rehberleri hazırlandı.'],
      },
      {
        type: 'article',
        title: 'Elektrikli Araçlarda Menzil',
        subtitle: 'Kışın menzil neden düşer?',
        state: 'ready',
        writer: 'author',
        paragraphs: ['Soğuk havada bataryanın kimyası yavaşlar, ısıtma da enerji harcar.', 'Ön ısıtma ve lastik basıncı menzili korumaya yardımcı olur.'],
      },
      {
        type: 'article',
        title: 'Uydu İnterneti Köylere Ulaşıyor',
        subtitle: 'Kırsalda bağlantı sorunu çözülüyor mu?',
        state: 'draft',
        writer: 'author',
        paragraphs: ['Alçak yörünge uyduları, kırsal bölgelere geniş bant internet getiriyor.'],
      },
      {
        type: 'article',
        title: 'Oyun Dünyasında Yeni Dönem',
        subtitle: 'Bulut oyun servisleri yaygınlaşıyor',
        state: 'featured',
        writer: 'editor',
        paragraphs: ['Güçlü bir bilgisayar olmadan yeni oyunları oynamak mümkün hale geliyor.'],
      },
      {
        type: 'article',
        title: 'Veri Merkezleri ve Enerji',
        subtitle: 'Serin tutmanın yeni yolları',
        state: 'accepted',
        writer: 'director',
        paragraphs: ['Veri merkezleri soğutma için deniz suyu ve atık ısı geri kazanımı deniyor.'],
      },
      bullet('published', 'author', 'Yeni tarayıcı sürümü parola sızıntılarına karşı uyarı veriyor.', { days: -2 }),
      bullet('published', 'editor', 'Avrupa’da şarj kabloları tek standartta birleşti.', { days: -6 }),
      bullet('draft', 'author', 'Yerli kodlama kampı başvuruları cuma günü kapanıyor.'),
      bullet('ready', 'author', 'Akıllı saatlerde uyku takibi ne kadar doğru?'),
      bullet('accepted', 'editor', 'Bir sonraki yazılım güncellemesi pil ömrünü uzatacak.'),
    ],
  },
  {
    newsletter: 2,
    stories: [
      {
        type: 'article',
        title: 'Modern Sanat Müzesinde Yeni Sergi',
        subtitle: 'Genç ressamlar ilk kez bir arada',
        state: 'published',
        writer: 'author',
        days: -3,
        tags: ['sergi'],
        paragraphs: ['Sergi, otuz yaş altı yirmi sanatçının işlerini bir araya getiriyor.', 'Müze, perşembe akşamları ücretsiz rehberli turlar düzenleyecek.'],
      },
      {
        type: 'article',
        title: 'Ayın Kitapları',
        subtitle: 'Editörlerimizin seçtiği beş roman',
        state: 'draft',
        writer: 'author',
        paragraphs: ['Bu ay iki ilk roman ve üç çeviri listemize girdi.'],
      },
      {
        type: 'article',
        title: 'Caz Festivali Programı Açıklandı',
        subtitle: 'On gün, kırk konser',
        state: 'ready',
        writer: 'author',
        paragraphs: ['Festival bu yıl şehrin altı farklı sahnesinde yapılacak.'],
      },
      bullet('draft', 'author', 'Şehir orkestrası pazar günü açık havada çalacak.'),
      bullet('published', 'director', 'Tarihi sinema salonu restorasyondan sonra yeniden açıldı.', { days: -4 }),
      bullet('ready', 'author', 'Çocuklar için kukla atölyesine kayıtlar başladı.'),
    ],
  },
];

const egeStories: DemoStory[] = [
  {
    type: 'article',
    title: 'İzmir Körfezi’nde Temizlik Seferberliği',
    subtitle: 'Gönüllüler kıyıda buluşuyor',
    state: 'published',
    writer: 'director',
    days: -2,
    paragraphs: ['Körfez kıyısında hafta sonu büyük bir temizlik etkinliği düzenlenecek.'],
  },
  bullet('draft', 'director', 'Vapur seferleri kış tarifesine geçiyor.'),
];

const html = (paragraphs: string[]) => paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('');

async function insertDemoStory(
  db: StoriesDb,
  story: DemoStory,
  where: { newsletterId: string; publisherId: string; ownerId: string; writerId: string; image: string },
  now: number,
  jobs: JobQueue,
): Promise<void> {
  const flags = Object.fromEntries(flagsOf[story.state].map((flag) => [flag, true])) as Partial<Record<StatusFlag, boolean>>;
  const at = story.days !== undefined ? new Date(now + story.days * day) : null;
  at?.setSeconds(0, 0);
  const article = story.type === 'article';
  const body = storedBody(article ? html(story.paragraphs) : `<p>${story.paragraphs[0]}</p>`);
  const released = story.state === 'published' || story.state === 'republishing';
  const id = await insertStory(db, {
    newsletter_id: where.newsletterId,
    publisher_id: where.publisherId,
    type: story.type,
    title: story.title ?? '',
    subtitle: story.subtitle ?? '',
    slug: article ? await uniqueStorySlug(db, slugify(story.title!, constants.stories.slugMax), undefined, constants.stories.slugMax) : null,
    image: article && !story.noCover ? where.image : '',
    ...body,
    tags: JSON.stringify(story.tags ?? []),
    keywords: JSON.stringify([]),
    writer_id: where.writerId,
    owner_id: where.ownerId,
    notify: story.notify ?? false,
    draft: false,
    ...flags,
    notified: released && Boolean(story.notify),
    published_at: released ? at : null,
    notified_at: released && story.notify ? at : null,
    scheduled_at: story.state === 'scheduled' ? at : null,
    created_at: new Date(now - 10 * day + (story.days ?? 0) * day),
    updated_at: new Date(now - (story.days && story.days < 0 ? -story.days : 0.2) * day),
  });
  const row = (await findStory(db, id))!;
  if (released)
    await db
      .updateTable('stories')
      .set({ published_content: contentOf(row) })
      .where('id', '=', id)
      .execute();
  if (story.state === 'scheduled' && at) {
    const jobId = await schedulePublication(jobs, storyRelease, id, at);
    await db.updateTable('stories').set({ job_id: jobId }).where('id', '=', id).execute();
  }
}

export async function seedStories(context: SeedContext): Promise<void> {
  const { demo, jobs } = context;
  const db = storiesDb(context.db);
  const users = await findPeople(db, Object.values(demo.userIds));
  const userOf = (role: Exclude<Writer, 'desk'>) => users.find((user) => user.id === demo.userIds[role])!;
  const desk = await insertPenName(db, { publisherId: demo.publisherId, userId: null, name: 'Kuzey Medya Haber Masası' });
  const penNames: Record<Writer, string> = {
    admin: await ownPenName(db, demo.publisherId, userOf('admin')),
    director: await ownPenName(db, demo.publisherId, userOf('director')),
    editor: await ownPenName(db, demo.publisherId, userOf('editor')),
    author: await ownPenName(db, demo.publisherId, userOf('author')),
    desk,
  };
  // The editor writes the desk's stories.
  const ownerOf = (writer: Writer) => demo.userIds[writer === 'desk' ? 'editor' : writer];
  const covers = await libraryImages(context.db, context.storage, demo.publisherId);
  const now = clock.ms();
  let count = 0;
  for (const { newsletter, stories } of demoStories) {
    const newsletterId = demo.newsletterIds[newsletter];
    if (!newsletterId) continue;
    for (const story of stories) {
      const image = covers[count % Math.max(covers.length, 1)] ?? '/demo/kuzey-medya.svg';
      await insertDemoStory(
        db,
        story,
        { newsletterId, publisherId: demo.publisherId, ownerId: ownerOf(story.writer), writerId: penNames[story.writer], image },
        now,
        jobs,
      );
      count++;
    }
  }

  // The neighbour publisher's stories: no one of Kuzey Medya may reach them.
  const ege = await findNewsletterByKey(db, 'ege-gundem');
  const egeDirector = await findUserByEmail(db, 'director@egehaber.example');
  if (ege && egeDirector) {
    const writerId = await ownPenName(db, ege.publisher_id, egeDirector);
    for (const story of egeStories) {
      await insertDemoStory(
        db,
        story,
        { newsletterId: ege.id, publisherId: ege.publisher_id, ownerId: egeDirector.id, writerId, image: '/demo/ege-gundem.svg' },
        now,
        jobs,
      );
      count++;
    }
  }
  context.log.info({ count }, 'demo stories created');
}

/** Adds `html` to the end of a demo story's text, as readers see it too when it is released (the embeds' demo shows there). */
export async function addToDemoStory(handle: Handle, slug: string, html: string): Promise<string | null> {
  const db = storiesDb(handle);
  const found = await findPublicStory(db, slug);
  const row = found ? await findStory(db, found.id) : undefined;
  if (!row) return null;
  const body = storedBody(row.body_html + html);
  // A released story's page shows its published content: it gets the same text.
  const published = row.published_content ? { published_content: contentOf({ ...row, ...body }) } : {};
  await db
    .updateTable('stories')
    .set({ ...body, ...published })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

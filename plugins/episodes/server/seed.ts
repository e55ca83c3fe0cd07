/**
 * Demo episodes for Sabah Bülteni and Teknoloji Notları: published ones, one scheduled a few days
 * ahead and one draft each, every one with its own short recording the project makes itself.
 */
import { ownTables } from '../../../core/server/db/database';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { demoTone } from '../../../core/server/services/demo-audio';
import { createRecording } from '../../recordings/server/public';
import { applyPlan } from './publication';
import { copyRecordingAudio } from './audio';
import { insertEpisode, uniqueKey } from './store';
import type { EpisodeStatus } from './tables';
import { clock } from '../../../core/server/clock';

interface DemoEpisode {
  title: string;
  subtitle: string;
  body: string;
  status: EpisodeStatus;
  /** Days from now: negative for the past (published), positive for a schedule. */
  days: number;
  notes: number[];
  uploader: 'editor' | 'director';
}

const day = 24 * 60 * 60 * 1000;

const demoEpisodes: { newsletter: number; image: string; episodes: DemoEpisode[] }[] = [
  {
    newsletter: 0,
    image: '/demo/sabah-bulteni.svg',
    episodes: [
      {
        title: 'Güne Başlarken: Pazartesi Özeti',
        subtitle: 'Haftanın ilk gününde bilmeniz gerekenler',
        body: 'Ekonomi, şehir gündemi ve hava durumu, beş dakikada.',
        status: 'published',
        days: -6,
        notes: [523.25, 659.25, 783.99],
        uploader: 'editor',
      },
      {
        title: 'Sabah Kahvesi: Şehirde Ulaşım',
        subtitle: 'Yeni metro hattı ve otobüs saatleri',
        body: 'Açılan hatlar, değişen seferler ve yolculara öneriler.',
        status: 'published',
        days: -3,
        notes: [440, 554.37, 659.25],
        uploader: 'director',
      },
      {
        title: 'Hafta Sonu Planı',
        subtitle: 'Cumartesi ve pazar için öneriler',
        body: 'Konserler, pazarlar ve yürüyüş rotaları.',
        status: 'scheduled',
        days: 3,
        notes: [392, 493.88, 587.33],
        uploader: 'editor',
      },
      {
        title: 'Taslak: Okur Soruları',
        subtitle: 'Dinleyicilerden gelen sorular',
        body: 'Bu bölüm henüz hazırlanıyor.',
        status: 'draft',
        days: 0,
        notes: [349.23, 440, 523.25],
        uploader: 'editor',
      },
    ],
  },
  {
    newsletter: 1,
    image: '/demo/teknoloji-notlari.svg',
    episodes: [
      {
        title: 'Yapay Zekâ Haftası',
        subtitle: 'Yeni modeller ve gerçek kullanım örnekleri',
        body: 'Bu hafta duyurulan araçlar, neyi değiştiriyor, neyi değiştirmiyor.',
        status: 'published',
        days: -5,
        notes: [659.25, 783.99, 987.77],
        uploader: 'editor',
      },
      {
        title: 'Telefonunuzu Güvende Tutmak',
        subtitle: 'Beş basit ayar',
        body: 'İki adımlı doğrulama, uygulama izinleri ve yedekleme.',
        status: 'published',
        days: -2,
        notes: [587.33, 739.99, 880],
        uploader: 'editor',
      },
      {
        title: 'Açık Kaynak Gündemi',
        subtitle: 'Ayın öne çıkan projeleri',
        body: 'Topluluğun bu ay konuştuğu projeler.',
        status: 'scheduled',
        days: 5,
        notes: [493.88, 622.25, 739.99],
        uploader: 'director',
      },
      {
        title: 'Taslak: Oyun Dünyası',
        subtitle: 'Yeni çıkanlar',
        body: 'Bu bölüm henüz hazırlanıyor.',
        status: 'draft',
        days: 0,
        notes: [329.63, 415.3, 493.88],
        uploader: 'editor',
      },
    ],
  },
];

export async function seedEpisodes(context: SeedContext): Promise<void> {
  const { demo, storage, jobs } = context;
  const db = ownTables(context.db, 'episodes');
  const now = clock.ms();
  let order = 0;
  for (const { newsletter: index, image, episodes } of demoEpisodes) {
    const newsletterId = demo.newsletterIds[index];
    if (!newsletterId) continue;
    for (const episode of episodes) {
      const uploaderId = demo.userIds[episode.uploader];
      const recording = await createRecording(
        { db: context.db, storage },
        {
          publisherId: demo.publisherId,
          uploaderId,
          title: episode.title,
          subtitle: episode.subtitle,
          description: episode.body,
          image,
          audio: { buffer: await demoTone({ seconds: 8, notes: episode.notes }), mime: 'audio/mpeg', ext: 'mp3' },
          lang: 'tr',
        },
      );
      const { audio } = (await copyRecordingAudio({ db: context.db, storage }, demo.publisherId, recording._id))!;
      // Older episodes first, so the list shows them newest first in a believable order.
      const createdAt = new Date(now - (episodes.length * 2 - order++) * 60_000 - (episode.days < 0 ? -episode.days * day : 0));
      const published = episode.status === 'published' ? new Date(now + episode.days * day) : null;
      const id = await insertEpisode(db, {
        newsletter_id: newsletterId,
        publisher_id: demo.publisherId,
        recording_id: recording._id,
        title: episode.title,
        key: await uniqueKey(db, newsletterId, episode.title),
        subtitle: episode.subtitle,
        body: episode.body,
        image,
        audio_key: audio.key,
        audio_type: audio.type,
        audio_size: audio.size,
        duration: audio.duration,
        status: episode.status === 'scheduled' ? 'draft' : episode.status,
        published_at: published,
        type: 'other',
        lang: 'tr',
        uploader_id: uploaderId,
        created_at: createdAt,
        updated_at: createdAt,
      });
      if (episode.status === 'scheduled') {
        await applyPlan(
          { db, jobs },
          { id, status: 'draft', scheduled_at: null, published_at: null, job_id: null },
          { status: 'scheduled', at: new Date(now + episode.days * day) },
        );
      }
    }
  }
}

/**
 * Demo data on an empty database (DEMO_DATA=off starts empty): two publishers, newsletters and
 * the four demo accounts, then each enabled plugin's own demo data. Each part is seeded once and
 * remembered in `settings`, so a plugin enabled later still gets its demo data.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { RoleKey } from '../shared/permissions';
import { hashPassword } from './auth/passwords';
import type { Db } from './db/database';
import type { ServerEnv } from './env';
import type { JobQueue } from './jobs';
import type { SeedContext, ServerPlugin } from './plugins/contract';
import type { Storage } from './services/storage';
import { clock } from './clock';

export const demoAccounts: { role: RoleKey; email: string; name: string; biography: string }[] = [
  { role: 'admin', email: 'admin@masthead.local', name: 'Deniz Aksoy', biography: 'Platform yöneticisi.' },
  { role: 'director', email: 'director@masthead.local', name: 'Selin Kaya', biography: 'Kuzey Medya yayın yönetmeni.' },
  { role: 'editor', email: 'editor@masthead.local', name: 'Emre Demir', biography: 'Sabah Bülteni ve Teknoloji Notları editörü.' },
  { role: 'author', email: 'author@masthead.local', name: 'Ayşe Yılmaz', biography: 'Teknoloji ve kültür yazarı.' },
];

type Demo = SeedContext['demo'];

/** A small seeded generator of numbers in [0, 1) (mulberry32), for demo data that is the same at every start. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

export async function seedDemoData(options: {
  db: Db;
  env: ServerEnv;
  log: FastifyBaseLogger;
  storage: Storage;
  jobs: JobQueue;
  plugins: ServerPlugin[];
  /** What each plugin's register answered, by plugin id: handed to its seed. */
  owns: ReadonlyMap<string, unknown>;
}): Promise<void> {
  const { db, env, log, storage, jobs, owns } = options;
  let demo = await readDemo(db);
  if (!demo) {
    const users = await db.selectFrom('users').select(db.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
    if (Number(users.count) > 0) return; // not an empty database: never mix demo data into real data
    demo = await seedCore(db, env.demoPassword);
    log.info('demo data created');
  }
  for (const plugin of options.plugins) {
    if (!plugin.seed) continue;
    const key = `seeded:${plugin.manifest.id}`;
    const done = await db.selectFrom('settings').select('key').where('key', '=', key).executeTakeFirst();
    if (done) continue;
    await plugin.seed({ db, log, env, storage, jobs, demo }, owns.get(plugin.manifest.id));
    await db
      .insertInto('settings')
      .values({ key, value: clock.now().toISOString() })
      .onConflict((oc) => oc.column('key').doNothing())
      .execute();
  }
}

async function readDemo(db: Db): Promise<Demo | undefined> {
  const row = await db.selectFrom('settings').select('value').where('key', '=', 'demo').executeTakeFirst();
  return row ? (JSON.parse(row.value) as Demo) : undefined;
}

async function seedCore(db: Db, password: string): Promise<Demo> {
  const passwordHash = await hashPassword(password);
  return db.transaction().execute(async (tx) => {
    const publishers = await seedPublishers(tx);
    const newsletters = await seedNewsletters(tx, publishers);
    const userIds = await seedUsers(tx, publishers, passwordHash);
    await seedMemberships(tx, newsletters, userIds);
    const demo: Demo = { publisherId: publishers.publisherId, newsletterIds: newsletters.map((newsletter) => newsletter.id), userIds };
    await tx
      .insertInto('settings')
      .values({ key: 'demo', value: JSON.stringify(demo) })
      .execute();
    return demo;
  });
}

interface DemoPublishers {
  /** Kuzey Medya, the demo accounts' publisher. */
  publisherId: string;
  /** Ege Haber, a neighbour. */
  otherPublisherId: string;
  /** Yeni Yayın, with no newsletter yet. */
  newPublisherId: string;
}

async function seedPublishers(tx: Db): Promise<DemoPublishers> {
  const publisherId = randomUUID();
  const otherPublisherId = randomUUID();
  const newPublisherId = randomUUID();
  await tx
    .insertInto('publishers')
    .values([
      {
        id: publisherId,
        title: 'Kuzey Medya',
        key: 'kuzey-medya',
        image: '/demo/kuzey-medya.svg',
        description: 'Sabah, teknoloji ve kültür bültenleri yayımlayan bağımsız yayıncı.',
        website: 'https://kuzeymedya.example',
        email: 'iletisim@kuzeymedya.example',
        color: '#ffce14',
        text_color: '#201f1e',
      },
      {
        id: otherPublisherId,
        title: 'Ege Haber',
        key: 'ege-haber',
        image: '/demo/ege-haber.svg',
        description: 'Ege bölgesinden yerel haber bültenleri.',
        website: 'https://egehaber.example',
        email: 'bilgi@egehaber.example',
        color: '#0078d4',
        text_color: '#ffffff',
      },
      {
        id: newPublisherId,
        title: 'Yeni Yayın',
        key: 'yeni-yayin',
        image: '/demo/yeni-yayin.svg',
        description: 'İlk bültenini hazırlayan yeni bir yayıncı.',
        website: 'https://yeniyayin.example',
        email: 'merhaba@yeniyayin.example',
        color: '#00b294',
        text_color: '#ffffff',
      },
    ])
    .execute();
  return { publisherId, otherPublisherId, newPublisherId };
}

/**
 * The day the demo's newsletters were made: a year and a day ago, before the year of readers,
 * issues and departures the plugins' seeds give them (an analytics range is kept from that day on;
 * a newsletter made today would hide its own demo history).
 */
const demoFounded = () => new Date(clock.now().getTime() - 366 * 86_400_000);

/** Kuzey Medya's three newsletters (returned, in order: morning, tech, culture), and Ege Haber's one. */
async function seedNewsletters(tx: Db, publishers: DemoPublishers): Promise<{ id: string }[]> {
  const founded = demoFounded();
  // A minute apart, in the order they are listed: a sort by creation keeps that order.
  const madeAt = (order: number) => new Date(founded.getTime() + order * 60_000);
  const newsletters = [
    { title: 'Sabah Bülteni', key: 'sabah-bulteni', subtitle: 'Güne beş dakikada hazır başlayın', image: '/demo/sabah-bulteni.svg', color: '#ffce14' },
    {
      title: 'Teknoloji Notları',
      key: 'teknoloji-notlari',
      subtitle: 'Haftanın teknoloji gündemi, sade bir dille',
      image: '/demo/teknoloji-notlari.svg',
      // Dark text on this blue is 5.2:1 (WCAG asks 4.5:1); on #2b88d8 it was 4.4:1.
      color: '#3a96dd',
      // Its readers' pages and e-mails speak English, so the demo shows both reader languages
      // (issue 55 point 1); what its team wrote stays theirs, in Turkish.
      lang: 'en',
    },
    {
      title: 'Kültür Sanat Haftalık',
      key: 'kultur-sanat-haftalik',
      subtitle: 'Sergiler, kitaplar ve sahne',
      image: '/demo/kultur-sanat.svg',
      color: '#c239b3',
      // Dark text on this purple is 3.5:1, under WCAG's 4.5:1; white is 4.6:1.
      text_color: '#ffffff',
    },
  ].map((newsletter, order) => ({
    id: randomUUID(),
    publisher_id: publishers.publisherId,
    created_at: madeAt(order),
    text_color: '#201f1e',
    lang: 'tr',
    ...newsletter,
    published: true,
    description: `${newsletter.title}: ${newsletter.subtitle.toLocaleLowerCase('tr')}.`,
  }));
  const otherNewsletter = {
    id: randomUUID(),
    publisher_id: publishers.otherPublisherId,
    title: 'Ege Gündem',
    key: 'ege-gundem',
    subtitle: 'İzmir ve çevresinden haberler',
    image: '/demo/ege-gundem.svg',
    color: '#0078d4',
    text_color: '#ffffff',
    lang: 'tr',
    published: true,
    description: 'Ege bölgesinin günlük haber bülteni.',
    created_at: madeAt(3),
  };
  await tx
    .insertInto('newsletters')
    .values([...newsletters, otherNewsletter])
    .execute();
  return newsletters;
}

/** The demo accounts (returned by role), and the other publishers' directors. */
async function seedUsers(tx: Db, publishers: DemoPublishers, passwordHash: string): Promise<Demo['userIds']> {
  const userIds = {} as Demo['userIds'];
  for (const account of demoAccounts) {
    const id = randomUUID();
    userIds[account.role] = id;
    await tx
      .insertInto('users')
      .values({
        id,
        email: account.email,
        password_hash: passwordHash,
        role: account.role,
        publisher_id: account.role === 'admin' ? null : publishers.publisherId,
        name: account.name,
        biography: account.biography,
        url: 'https://masthead.local/ekip',
        image: `/demo/avatar-${account.role}.svg`,
        ready: true,
      })
      .execute();
  }
  // The other publishers' directors: Ege Haber's, a neighbour no one of Kuzey Medya may reach, and
  // Yeni Yayın's, which has no newsletter yet: its director signs in straight into the newsletter wizard.
  const otherDirectors = [
    {
      publisher: publishers.otherPublisherId,
      email: 'director@egehaber.example',
      name: 'Mert Çelik',
      biography: 'Ege Haber yayın yönetmeni.',
      url: 'https://egehaber.example',
    },
    {
      publisher: publishers.newPublisherId,
      email: 'director@yeniyayin.example',
      name: 'Can Öztürk',
      biography: 'Yeni Yayın kurucusu.',
      url: 'https://yeniyayin.example',
    },
  ];
  for (const { publisher, ...director } of otherDirectors) {
    await tx
      .insertInto('users')
      .values({
        ...director,
        id: randomUUID(),
        password_hash: passwordHash,
        role: 'director',
        publisher_id: publisher,
        // The grey picture: the director's demo picture shows Selin Kaya's initials (issue 55 point 5).
        image: '/demo/avatar-default.svg',
        ready: true,
      })
      .execute();
  }
  return userIds;
}

async function seedMemberships(tx: Db, newsletters: { id: string }[], userIds: Demo['userIds']): Promise<void> {
  const [morning, tech, culture] = newsletters;
  await tx
    .insertInto('newsletter_members')
    .values([
      { newsletter_id: morning!.id, user_id: userIds.editor, role: 'editor' },
      { newsletter_id: tech!.id, user_id: userIds.editor, role: 'editor' },
      { newsletter_id: tech!.id, user_id: userIds.author, role: 'author' },
      { newsletter_id: culture!.id, user_id: userIds.author, role: 'author' },
    ])
    .execute();
}

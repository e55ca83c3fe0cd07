/**
 * Demo subscribers: a few thousand per newsletter with Turkish names and cities, signing up over
 * the last year at a growing pace (more sign-ups in recent weeks), about a third to push
 * notifications. One `insert ... select` per newsletter, the rows made by the database: the demo data is created
 * at every test server's start, so it must take well under a second even on PGlite.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { rebuildTimeline, recountSubscribers, type SubscribersDb } from './store';
import type { SubscriberTables } from './tables';

/** Subscribers per demo newsletter (by key): the publisher's lists sort by these counts. */
export const demoSubscriberCounts: Record<string, number> = {
  'sabah-bulteni': 4000,
  'teknoloji-notlari': 2500,
  'kultur-sanat-haftalik': 1200,
  'ege-gundem': 600,
};

const firstNames = [
  'Ayşe',
  'Mehmet',
  'Fatma',
  'Mustafa',
  'Zeynep',
  'Ahmet',
  'Elif',
  'Ali',
  'Emine',
  'Hüseyin',
  'Merve',
  'Hasan',
  'Esra',
  'İbrahim',
  'Büşra',
  'Murat',
  'Özge',
  'Emre',
  'Şule',
  'Burak',
  'Çağla',
  'Oğuz',
  'İrem',
  'Can',
  'Ümran',
  'Serkan',
  'Gizem',
  'Kerem',
  'Deniz',
  'Tuğba',
  'Barış',
  'Sibel',
  'Onur',
  'Ebru',
  'Cem',
  'Aslı',
  'Volkan',
  'Gül',
  'Eren',
  'Nazlı',
];
const lastNames = [
  'Yılmaz',
  'Kaya',
  'Demir',
  'Şahin',
  'Çelik',
  'Yıldız',
  'Yıldırım',
  'Öztürk',
  'Aydın',
  'Özdemir',
  'Arslan',
  'Doğan',
  'Kılıç',
  'Aslan',
  'Çetin',
  'Kara',
  'Koç',
  'Kurt',
  'Özkan',
  'Şimşek',
  'Polat',
  'Korkmaz',
  'Erdoğan',
  'Güneş',
  'Aksoy',
  'Tekin',
  'Uçar',
  'Bulut',
  'Işık',
  'Ekinci',
];
// Weighted like the readership: the big cities more often.
const cities = [
  'İstanbul',
  'İstanbul',
  'İstanbul',
  'İstanbul',
  'Ankara',
  'Ankara',
  'İzmir',
  'İzmir',
  'Bursa',
  'Antalya',
  'Adana',
  'Konya',
  'Gaziantep',
  'Kocaeli',
  'Mersin',
  'Eskişehir',
  'Kayseri',
  'Samsun',
  'Trabzon',
  'Denizli',
  'Muğla',
  'Diyarbakır',
  'Erzurum',
  'Edirne',
  'Çanakkale',
];
const domains = ['gmail.com', 'hotmail.com', 'outlook.com', 'yandex.com.tr', 'icloud.com', 'yahoo.com'];

const textArray = (values: string[]) => sql`${sql.val(values)}::text[]`;

/** Inserts `count` demo subscribers into a newsletter, deterministic for a given newsletter id. */
async function insertDemoSubscribers(db: SubscribersDb, newsletterId: string, count: number): Promise<void> {
  // h(salt) is a stable pseudo-random number in [0, 1) per row; the age in days follows
  // 365 * (1 - sqrt(u)), which puts more sign-ups in recent weeks (a growing newsletter).
  const h = (salt: string) => sql`((hashtext(${newsletterId} || ${salt} || i::text)::bigint + 2147483648) / 4294967296.0)`;
  await sql`
    insert into subscribers (id, newsletter_id, email, name, city, medium, created_at)
    select id, ${newsletterId},
      lower(translate(first, 'ÇĞİIÖŞÜçğıöşü', 'CGIIOSUcgiosu')) || '.' || lower(translate(last, 'ÇĞİIÖŞÜçğıöşü', 'CGIIOSUcgiosu')) || i || '@' || domain,
      first || ' ' || last, city,
      case when ${h('m')} < 0.3 then 'notification' else 'email' end,
      now() - (365 * (1 - sqrt(${h('d')}))) * interval '1 day'
    from (
      select id, i,
        (${textArray(firstNames)})[1 + floor(${h('f')} * ${firstNames.length})::int] as first,
        (${textArray(lastNames)})[1 + floor(${h('l')} * ${lastNames.length})::int] as last,
        (${textArray(cities)})[1 + floor(${h('c')} * ${cities.length})::int] as city,
        (${textArray(domains)})[1 + floor(${h('e')} * ${domains.length})::int] as domain
      -- Ids from Node: gen_random_uuid() is slow in PGlite's WebAssembly.
      from unnest(${textArray(Array.from({ length: count }, () => randomUUID()))}) with ordinality as generated (id, i)
    ) as people`.execute(db);
}

export async function seedSubscribers(context: SeedContext): Promise<void> {
  const db = context.db.withTables<SubscriberTables>();
  const started = performance.now();
  const newsletters = await db.selectFrom('newsletters').select(['id', 'key']).where('key', 'in', Object.keys(demoSubscriberCounts)).execute();
  for (const newsletter of newsletters) {
    await db.transaction().execute(async (tx) => {
      await insertDemoSubscribers(tx, newsletter.id, demoSubscriberCounts[newsletter.key]!);
      await rebuildTimeline(tx, newsletter.id);
      await recountSubscribers(tx, newsletter.id);
    });
  }
  context.log.info({ newsletters: newsletters.length, ms: Math.round(performance.now() - started) }, 'demo subscribers created');
}

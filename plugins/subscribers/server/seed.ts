/**
 * Demo subscribers: a few thousand per newsletter with Turkish names and cities, signing up over
 * the last year at a growing pace (more sign-ups in recent weeks), about a third to push
 * notifications, each with the source they came by (mostly e-mail and web, some apps, a few
 * unknown). Besides them, the year's departures (8%), each with a source and a reason (the four
 * presets and some typed 'other' answers), a few this week, so the analytics' subscriptions and
 * unsubscriptions by source and the cancellation donut have data from the start. A few
 * `insert ... select` per newsletter, the rows made by the database: the demo data is created at
 * every test server's start, so it must take well under a second even on PGlite.
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { findNewsletterByKey } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { rebuildTimeline, recountSubscribers, subscribersDb, type SubscribersDb } from './store';
import { clock } from '../../../core/server/clock';

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

/** Former subscribers per demo newsletter, as a share of its subscribers: the departures of the year. */
const departedShare = 0.08;
/** Former subscribers who left during the current week (the cancellation view opens on it). */
const departedThisWeek = 6;
/**
 * Reasons of the demo departures: the presets by weight (constants.audience.cancellationReasons, in
 * order), then 'other' answers, typed or not.
 */
const presetWeights = [0.3, 0.22, 0.2, 0.1];
const otherAnswers = [
  constants.audience.otherReason,
  'Taşındım, bölge haberleri artık ilgimi çekmiyor',
  'Başka bir bültene geçtim',
  'E-postalar hep istenmeyen klasörüne düşüyor',
  'Haberleri sosyal medyadan takip ediyorum',
];

/**
 * When the current week began as the console shows it, in UTC or in Istanbul (UTC+3 all year
 * since 2016), whichever began later: a departure after it is in this week for both.
 */
function currentWeekStart(now: Date): Date {
  const mondayOf = (offsetMs: number) => {
    const local = new Date(now.getTime() + offsetMs);
    const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - ((local.getUTCDay() + 6) % 7) * 86_400_000;
    return midnight - offsetMs;
  };
  return new Date(Math.max(mondayOf(0), mondayOf(3 * 3_600_000)));
}

/** A stable pseudo-random number in [0, 1) per row `i` of a newsletter, one per salt. */
const hashOf = (newsletterId: string) => (salt: string) => sql`((hashtext(${newsletterId} || ${salt} || i::text)::bigint + 2147483648) / 4294967296.0)`;

/** How a reader subscribed: mostly by e-mail and on the web, some in the apps, a few unknown (imports). */
const sourceOf = (u: RawBuilder<unknown>) =>
  sql`(case when ${u} < 0.45 then 'email' when ${u} < 0.75 then 'web' when ${u} < 0.85 then 'ios' when ${u} < 0.93 then 'android' else '' end)`;
/** How a reader left: mostly through the e-mail's link. */
const leftBy = (u: RawBuilder<unknown>) => sql`(case when ${u} < 0.6 then 'email' when ${u} < 0.75 then 'web' when ${u} < 0.9 then 'ios' else 'android' end)`;

/** A demo address from the row's names (Turkish letters folded), with `separator` before the row number. */
const demoEmail = (separator: string) =>
  sql`lower(translate(first, 'ÇĞİIÖŞÜçğıöşü', 'CGIIOSUcgiosu')) || '.' || lower(translate(last, 'ÇĞİIÖŞÜçğıöşü', 'CGIIOSUcgiosu')) || ${separator} || i || '@' || domain`;

/** Names, city and mail domain of row `i`, for `count` rows with ids from Node (gen_random_uuid() is slow in PGlite's WebAssembly). */
function people(newsletterId: string, count: number, extraIds = false) {
  const h = hashOf(newsletterId);
  const ids = () => textArray(Array.from({ length: count }, () => randomUUID()));
  return sql`(
      select id, ${extraIds ? sql`other_id` : sql`null::text as other_id`}, i,
        (${textArray(firstNames)})[1 + floor(${h('f')} * ${firstNames.length})::int] as first,
        (${textArray(lastNames)})[1 + floor(${h('l')} * ${lastNames.length})::int] as last,
        (${textArray(cities)})[1 + floor(${h('c')} * ${cities.length})::int] as city,
        (${textArray(domains)})[1 + floor(${h('e')} * ${domains.length})::int] as domain
      from ${extraIds ? sql`unnest(${ids()}, ${ids()}) with ordinality as generated (id, other_id, i)` : sql`unnest(${ids()}) with ordinality as generated (id, i)`}
    )`;
}

/**
 * Inserts `count` demo subscribers into a newsletter, deterministic for a given newsletter id,
 * leaving out any address on its suppression list (one that left is never added again), with
 * their subscription events (each event's id is its subscriber's: unique, and one array of ids
 * less to send) and the daily rollup, in one statement.
 */
async function insertDemoSubscribers(db: SubscribersDb, newsletterId: string, count: number): Promise<void> {
  // The age in days follows 365 * (1 - sqrt(u)), which puts more sign-ups in recent weeks (a growing newsletter).
  const h = hashOf(newsletterId);
  const now = sql`${clock.now()}::timestamptz`;
  await sql`
    with added as (
      insert into subscribers (id, newsletter_id, email, name, city, medium, source, created_at)
      select id, ${newsletterId}, email, name, city, medium, source, created_at from (
        select id, ${demoEmail('')} as email, first || ' ' || last as name, city,
          case when ${h('m')} < 0.3 then 'notification' else 'email' end as medium,
          ${sourceOf(h('s'))} as source,
          ${now} - (365 * (1 - sqrt(${h('d')}))) * interval '1 day' as created_at
        from ${people(newsletterId, count)} as people
      ) as rows
      where not exists (select 1 from unsubscribed u where u.newsletter_id = ${newsletterId} and u.email = rows.email)
      returning id, source, created_at
    ), events as (
      insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, created_at)
      select id, ${newsletterId}, id, 'subscription', source, null, created_at from added
    )
    insert into subscription_daily (newsletter_id, date, type, source, count)
    select ${newsletterId}, (created_at at time zone 'UTC')::date, 'subscription', source, count(*) from added group by 2, 4
    on conflict (newsletter_id, date, type, source) do update set count = subscription_daily.count + excluded.count`.execute(db);
}

/**
 * The year's departures: readers who subscribed (by a source) and left later (by a source, with a
 * reason), a few of them this week; each is a subscription and an unsubscription event with the
 * daily rollup, and an address on the suppression list, in one statement. Their subscription
 * event's id is their (former) subscriber id, as for the demo subscribers below.
 */
async function insertDepartures(db: SubscribersDb, newsletterId: string, count: number): Promise<void> {
  const h = hashOf(newsletterId);
  const at = clock.now();
  const now = sql`${at}::timestamptz`;
  const recent = sql`(${now} - ${h('w')} * least(${now} - ${currentWeekStart(at)}::timestamptz, interval '2 days'))`;
  const presets = constants.audience.cancellationReasons;
  let bound = 0;
  const presetCases = presets.map((preset, index) => {
    bound += presetWeights[index] ?? 0;
    return sql`when ${h('r')} < ${bound} then ${preset}`;
  });
  // Readers leave in step with the newsletter's size, as they join (more of them in recent weeks, a
  // growing newsletter's), not crowding into the last weeks: a demo whose departures surge reads
  // as a crisis. Each joined some time between the year's start and the day they left.
  const leaving = sql`(${now} - (365 * (1 - sqrt(${h('t')}))) * interval '1 day')`;
  const reason = sql`(case ${sql.join(presetCases, sql` `)} else (${textArray(otherAnswers)})[1 + floor(${h('o')} * ${otherAnswers.length})::int] end)`;
  await sql`
    with departed as (
      select id, other_id, ${demoEmail('.')} as email, first || ' ' || last as name,
        ${sourceOf(h('s'))} as joined_by, ${leftBy(h('b'))} as left_by, ${reason} as reason,
        case when i <= ${departedThisWeek} then ${recent} else ${leaving} end as left_at,
        i
      from ${people(newsletterId, count, true)} as people
    ), timed as (
      select *, case when i <= ${departedThisWeek} then left_at - (7 + 300 * ${h('d')}) * interval '1 day'
        else left_at - (left_at - (${now} - interval '365 days')) * ${h('d')} end as joined_at from departed
    ), joined as (
      insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, created_at)
      select id, ${newsletterId}, id, 'subscription', joined_by, null, joined_at from timed
    ), left_events as (
      insert into subscription_events (id, newsletter_id, subscriber_id, type, source, reason, email, name, created_at)
      select other_id, ${newsletterId}, id, 'unsubscription', left_by, reason, email, name, left_at from timed
    ), suppressed as (
      insert into unsubscribed (newsletter_id, email, created_at)
      select ${newsletterId}, email, left_at from timed
      on conflict (newsletter_id, email) do nothing
    ), daily as (
      select (joined_at at time zone 'UTC')::date as date, 'subscription' as type, joined_by as source from timed
      union all
      select (left_at at time zone 'UTC')::date, 'unsubscription', left_by from timed
    )
    insert into subscription_daily (newsletter_id, date, type, source, count)
    select ${newsletterId}, date, type, source, count(*) from daily group by 2, 3, 4
    on conflict (newsletter_id, date, type, source) do update set count = subscription_daily.count + excluded.count`.execute(db);
}

export async function seedSubscribers(context: SeedContext): Promise<void> {
  const db = subscribersDb(context.db);
  const started = performance.now();
  const newsletters = (await Promise.all(Object.keys(demoSubscriberCounts).map((key) => findNewsletterByKey(db, key)))).filter(
    (newsletter) => newsletter !== undefined,
  );
  for (const newsletter of newsletters) {
    const count = demoSubscriberCounts[newsletter.key]!;
    await db.transaction().execute(async (tx) => {
      await insertDepartures(tx, newsletter.id, Math.max(departedThisWeek, Math.round(count * departedShare)));
      await insertDemoSubscribers(tx, newsletter.id, count);
      await rebuildTimeline(tx, newsletter.id);
      await recountSubscribers(tx, newsletter.id);
    });
  }
  context.log.info({ newsletters: newsletters.length, ms: Math.round(performance.now() - started) }, 'demo subscribers created');
}

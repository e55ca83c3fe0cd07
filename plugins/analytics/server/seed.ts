/**
 * Demo audience: a year of opens, clicks and reads for each demo newsletter (by source, with the
 * share machines take: Apple's privacy proxy, scanners), and for each published demo issue its
 * first weeks of opens and clicks, its links with their clicks, and reads of its stories. The
 * demo writes the rollups the charts read, not ten million events: it runs at every test
 * server's start. Numbers come from a seeded generator, so every start shows the same charts.
 */
import { ownTables } from '../../../core/server/db/database';
import { sql } from 'kysely';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { seededRandom } from '../../../core/server/seed';
import { findNewsletters } from '../../../core/server/store';
import { decideDemoSubjectTests, demoCopiesOf, emailedIssues, linksOf } from '../../issues/server/public';
import { issueAudienceCounts } from './results';
import { seenKind } from './recorder';
import { storyTextsOfIssue } from '../../stories/server/public';
import { subscriberCount } from '../../subscribers/server/public';
import type { AnalyticsDb } from './tables';
import { seedDevices } from './seed-devices';
import { clock } from '../../../core/server/clock';

interface Row {
  key: string;
  type: 'open' | 'click' | 'read';
  date: string;
  source: string;
  total: number;
  uniques: number;
  machine: number;
  machineUniques: number;
  durationMs: number;
}

const dayMs = 86_400_000;
const dateOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A day's figures for one source: people (with repeats) and machines, from a daily base. */
function figures(random: () => number, base: number, machineShare: number, repeat: number) {
  const people = Math.max(0, Math.round(base * (0.85 + random() * 0.3)));
  const machine = Math.round(people * machineShare * (0.8 + random() * 0.4));
  return { total: Math.round(people * repeat), uniques: people, machine, machineUniques: Math.round(machine * 0.9) };
}

export async function seedAudience(context: SeedContext): Promise<void> {
  const db = ownTables(context.db, 'analytics');
  const base = context.env.publicUrl.replace(/\/+$/, '');
  const linksOfHtml = (html: string) => linksOf(html.replace(/href="\/(?!\/)/g, `href="${base}/`));
  const random = seededRandom(20261124);
  // One reading of the clock: three would straddle midnight now and then.
  const now = clock.now();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const newsletters = await findNewsletters(db, context.demo.newsletterIds);

  // A year of the newsletters' own figures, growing with their audience.
  const newsletterRows: (Row & { newsletterId: string })[] = [];
  for (const newsletter of newsletters) {
    const audience = Math.max(await subscriberCount(db, newsletter.id), 200);
    for (let back = 364; back >= 0; back--) {
      const date = dateOf(today - back * dayMs);
      const growth = 0.55 + 0.45 * ((364 - back) / 364);
      const weekday = new Date(today - back * dayMs).getUTCDay();
      const weekly = weekday === 0 || weekday === 6 ? 0.6 : 1;
      const opens = audience * 0.42 * growth * weekly;
      const add = (type: Row['type'], source: string, base: number, machineShare: number, repeat: number, readSeconds = 0) => {
        const day = figures(random, base, machineShare, repeat);
        if (day.total + day.machine === 0) return;
        newsletterRows.push({
          key: newsletter.id,
          newsletterId: newsletter.id,
          type,
          date,
          source,
          ...day,
          durationMs: Math.round(day.total * readSeconds * 1000 * (0.8 + random() * 0.4)),
        });
      };
      add('open', 'email', opens * 0.78, 0.34, 1.3);
      add('open', 'ios', opens * 0.12, 0, 1.1);
      add('open', 'android', opens * 0.1, 0, 1.1);
      add('click', 'email', opens * 0.11, 0.08, 1.4);
      add('read', 'web', opens * 0.09, 0, 1, 95);
      add('read', 'ios', opens * 0.07, 0, 1, 140);
      add('read', 'android', opens * 0.05, 0, 1, 120);
    }
  }
  await insertRollup(db, 'audience_newsletter_daily', newsletterRows);

  // The published demo issues: their links, their first three weeks, their stories' reads.
  const issues = await emailedIssues(db, context.demo.newsletterIds);
  for (const issue of issues) {
    const stories = await storyTextsOfIssue(db, issue.id);
    const links = [
      ...linksOfHtml(issue.intro_html).map((url) => ({ url, storyId: null as string | null })),
      ...stories.flatMap((story) => linksOfHtml(story.body_html).map((url) => ({ url, storyId: story.id as string | null }))),
    ];
    await db
      .insertInto('audience_contents')
      .values({ content_id: issue.id, content_type: 'issue', newsletter_id: issue.newsletter_id })
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (links.length > 0)
      await db
        .insertInto('audience_links')
        .values(links.map((link, position) => ({ content_id: issue.id, position, url: link.url, story_id: link.storyId })))
        .onConflict((oc) => oc.doNothing())
        .execute();
    // Shares of the copies it went to, so that its results read as a real issue's (about 45 % opened, 7 % clicked).
    const audience = issue.copies > 0 ? issue.copies : Math.max(await subscriberCount(db, issue.newsletter_id), 200);
    const sent = (issue.published_at ?? now).getTime();
    const contentRows: (Row & { contentType: 'issue' | 'story'; newsletterId: string })[] = [];
    const weights = links.map((_link, position) => (0.3 + random()) * (position === 0 ? 1.6 : 1));
    const weightSum = weights.reduce((sum, weight) => sum + weight, 0);
    const linkCounts = weights.map((weight, position) => {
      const people = Math.round((audience * 0.07 * weight) / weightSum);
      return { position, total: Math.round(people * 1.3), subscribers: people, ips: Math.round(people * 1.1), machine: Math.round(people * 0.12) };
    });
    const clickPeople = linkCounts.reduce((sum, link) => sum + link.subscribers, 0);
    for (let after = 0; after < 21; after++) {
      const at = sent + after * dayMs;
      if (at > now.getTime()) break;
      // Most opens come the first day, then fewer each day.
      const share = after === 0 ? 0.55 : (0.45 * Math.pow(0.72, after)) / 2.6;
      const date = dateOf(at);
      const add = (
        key: string,
        contentType: 'issue' | 'story',
        type: Row['type'],
        source: string,
        base: number,
        machineShare: number,
        repeat: number,
        readSeconds = 0,
      ) => {
        const day = figures(random, base, machineShare, repeat);
        if (day.total + day.machine === 0) return;
        contentRows.push({
          key,
          contentType,
          newsletterId: issue.newsletter_id,
          type,
          date,
          source,
          ...day,
          durationMs: Math.round(day.total * readSeconds * 1000),
        });
      };
      add(issue.id, 'issue', 'open', 'email', audience * 0.36 * share, 0.34, 1.3);
      add(issue.id, 'issue', 'open', 'ios', audience * 0.05 * share, 0, 1.1);
      add(issue.id, 'issue', 'open', 'android', audience * 0.04 * share, 0, 1.1);
      add(issue.id, 'issue', 'click', 'email', clickPeople * share, 0.1, 1.3);
      add(issue.id, 'issue', 'read', 'web', audience * 0.05 * share, 0, 1, 110);
      for (const story of stories) {
        // A click on a link of a story counts for the story too.
        const storyClicks = linkCounts.filter((link) => links[link.position]!.storyId === story.id).reduce((sum, link) => sum + link.subscribers, 0);
        add(story.id, 'story', 'click', 'email', storyClicks * share, 0.1, 1.3);
        add(story.id, 'story', 'read', 'web', audience * 0.03 * share, 0, 1, 80);
        add(story.id, 'story', 'read', 'ios', audience * 0.02 * share, 0, 1, 120);
      }
    }
    await insertContentRollup(db, contentRows);
    await seedSeen(db, issue.id, contentRows);
    if (linkCounts.length > 0)
      await db
        .insertInto('audience_link_counts')
        .values(linkCounts.map((link) => ({ content_id: issue.id, ...link })))
        .onConflict((oc) => oc.doNothing())
        .execute();
  }
  await decideDemoSubjectTests(context.db, issueAudienceCounts);
  await seedDevices(db);
}

/**
 * Who the issue's rollup rows counted once (audience_seen, as the recorder keeps it: a copy is its
 * subscriber, and audience_group_uniques for a subject test's variants), so that its copies'
 * figures (a subject test's variants) add up to the issue's: as
 * many of its copies as the rows' unique people and machines, drawn at random but weighted by the
 * copy's appeal for people (its subject line's, in a demo subject test; machines open alike).
 */
async function seedSeen(db: AnalyticsDb, issueId: string, rows: readonly (Row & { key: string })[]): Promise<void> {
  const copies = await demoCopiesOf(db, issueId);
  for (const type of ['open', 'click'] as const) {
    const own = rows.filter((row) => row.key === issueId && row.type === type);
    for (const machine of [false, true]) {
      const count = own.reduce((sum, row) => sum + (machine ? row.machineUniques : row.uniques), 0);
      const kind = seenKind({ type, machine });
      // Weighted sampling without replacement: each copy's key is u^(1/weight), u uniform from a digest.
      const u = sql`((('x' || substr(md5(${issueId} || ${kind} || c.subscriber_id), 1, 8))::bit(32)::bigint + 1) / 4294967297.0)`;
      await sql`
        insert into audience_seen (content_id, kind, who)
        select ${issueId}, ${kind}, c.subscriber_id from ${copies} c
        order by power(${u}, 1.0 / ${machine ? sql`1` : sql`c.appeal`}) desc, c.subscriber_id limit ${count}
        on conflict do nothing`.execute(db);
      // A subject test's copies are counted by their variant too, as their tokens would have had them.
      await sql`
        insert into audience_group_uniques (content_id, copy_group, kind, uniques)
        select ${issueId}, c.copy_group, ${kind}, count(*) from ${copies} c
        join audience_seen s on s.content_id = ${issueId} and s.kind = ${kind} and s.who = c.subscriber_id
        where c.copy_group is not null
        group by c.copy_group
        on conflict do nothing`.execute(db);
    }
  }
}

async function insertRollup(db: AnalyticsDb, table: 'audience_newsletter_daily', rows: (Row & { newsletterId: string })[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into ${sql.table(table)} (newsletter_id, type, date, source, total, uniques, machine, machine_uniques, duration_ms)
    select * from unnest(${rows.map((row) => row.newsletterId)}::text[], ${rows.map((row) => row.type)}::text[], ${rows.map((row) => row.date)}::date[],
      ${rows.map((row) => row.source)}::text[], ${rows.map((row) => row.total)}::integer[], ${rows.map((row) => row.uniques)}::integer[],
      ${rows.map((row) => row.machine)}::integer[], ${rows.map((row) => row.machineUniques)}::integer[], ${rows.map((row) => row.durationMs)}::bigint[])
    on conflict do nothing`.execute(db);
}

async function insertContentRollup(db: AnalyticsDb, rows: (Row & { contentType: 'issue' | 'story'; newsletterId: string })[]): Promise<void> {
  if (rows.length === 0) return;
  await sql`
    insert into audience_daily (content_id, type, date, source, content_type, newsletter_id, total, uniques, machine, machine_uniques, duration_ms)
    select * from unnest(${rows.map((row) => row.key)}::text[], ${rows.map((row) => row.type)}::text[], ${rows.map((row) => row.date)}::date[],
      ${rows.map((row) => row.source)}::text[], ${rows.map((row) => row.contentType)}::text[], ${rows.map((row) => row.newsletterId)}::text[],
      ${rows.map((row) => row.total)}::integer[], ${rows.map((row) => row.uniques)}::integer[], ${rows.map((row) => row.machine)}::integer[],
      ${rows.map((row) => row.machineUniques)}::integer[], ${rows.map((row) => row.durationMs)}::bigint[])
    on conflict do nothing`.execute(db);
}

/**
 * Demo issues: in every demo newsletter, channel templates and issues in several states built
 * from bullets written for them. The first newsletter's 'sabah-bulteni-hazir' is a draft that
 * passes every check before a test e-mail (subject, preview, notification title and body, testers,
 * no draft story), so a newcomer can test-send it. Each published issue carries an article written
 * for it, released with the issue as a publication releases it (decision 0033): its 'Devamını oku'
 * leads to its page. The first newsletter also has an issue scheduled three days ahead, a real job
 * on the queue, so the publisher home's 'Next scheduled' has something to show (issue 31).
 */
import { randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { findPerson } from '../../../core/server/people';
import { findNewsletters } from '../../../core/server/store';
import type { Handle } from '../../../core/server/db/database';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { constants } from '../../../core/shared/config';
import { slugify } from '../../../core/shared/text';
import { insertStory, ownPenName, storedBody } from '../../stories/server/public';
import { seedDemoBounces, subscribersQuery } from '../../subscribers/server/public';
import { normalizeChannels, stuffChannelId } from '../rules';
import { releaseArticlesOfIssue } from './articles';
import { publishJob, type PublishJobData } from './publish';
import { issuesDb, saveChannelTemplates, type IssuesDb } from './store';
import type { IssueFlag } from './tables';
import { clock } from '../../../core/server/clock';
import type { SubjectVariant } from '../../../schemas/generated/entities/subject-variant';
import { decideSubjectTest, type SubjectTestMeasure } from '../subject-test';
import { variantResultsAmong, type IssueAudience } from './results';

type StoryState = 'draft' | 'ready' | 'accepted' | 'published';
type IssueState = 'ready-to-test' | 'draft' | 'tested' | 'scheduled' | 'published' | 'cancelled';

interface DemoIssue {
  key: string;
  subject: string;
  preview: string;
  intro: string;
  notification?: { title: string; body: string };
  state: IssueState;
  /** Days from now (the past for published ones, the future for a scheduled one). */
  days?: number;
  /** In the first demo newsletter only. */
  firstOnly?: boolean;
  /** A subject test it ran before the rest of its audience got the winner: in the first demo newsletter only. */
  subjectTest?: DemoSubjectTest;
  /** Some of its copies came back (bounced, or reported as spam): in the first demo newsletter only. */
  bounces?: boolean;
  /** A story's `link` is where it came from: sent issues' links are what readers click (the click map). */
  channels: { title: string; stories: (DemoBullet | DemoArticle)[] }[];
}

/**
 * A demo issue's subject test (issue 58): its other subject lines, and how much more readily
 * people open each subject line than the issue's own (its `appeal`, 1 for the issue's own): the
 * demo audience (the analytics plugin's seed) opens by it, machines open every copy alike. The
 * winner is what the figures decide, checked once they are seeded (decideDemoSubjectTests).
 */
interface DemoSubjectTest {
  variants: SubjectVariant[];
  share: number;
  waitMinutes: number;
  decideBy: SubjectTestMeasure;
  winner: number;
  appeal: number[];
}

interface DemoBullet {
  text: string;
  state: StoryState;
  link?: string;
}

/** An article written for the issue: accepted, and released with it when the issue is published. */
interface DemoArticle {
  title: string;
  subtitle: string;
  paragraphs: string[];
}

const day = 24 * 60 * 60 * 1000;
/** The newsletter whose last sent issue has bounces and a complaint: the publish page counts them, the subscribers list shows them; its next issue is scheduled. */
const bouncingNewsletterKey = 'sabah-bulteni';

const issueFlagsOf: Record<IssueState, IssueFlag[]> = {
  'ready-to-test': ['draft'],
  draft: ['draft'],
  tested: ['tested'],
  scheduled: ['tested', 'scheduled'],
  published: ['tested', 'published', 'notified', 'emailed', 'sent'],
  cancelled: ['tested', 'cancelled'],
};

const storyFlagsOf: Record<StoryState, Partial<Record<'draft' | 'ready' | 'accepted' | 'published', boolean>>> = {
  draft: { draft: true },
  ready: { draft: false, ready: true },
  accepted: { draft: false, ready: true, accepted: true },
  published: { draft: false, ready: true, accepted: true, published: true },
};

const templates = [
  { title: 'Günlük Bülten', channels: ['Gündem', 'Ekonomi', 'Kültür Sanat'] },
  { title: 'Hafta Sonu', channels: ['Haftanın Özeti', 'Öneriler'] },
];

/** How the key of each demo newsletter's issue ready to test-send ends. */
const readyIssueKeyEnd = '-sabah-bulteni-hazir';

function demoIssues(newsletter: string): DemoIssue[] {
  const code = slugify(newsletter, 20);
  return [
    {
      key: `${code}${readyIssueKeyEnd}`,
      subject: 'Sabah Bülteni: Metro, bütçe ve hafta sonu',
      preview: 'Şehirde bugün neler oluyor? Üç dakikada okuyun.',
      intro: '<p>Günaydın! Bugünkü bültende ulaşımdaki yenilikler, bütçe görüşmeleri ve hafta sonu önerileri var.</p>',
      notification: { title: 'Sabah Bülteni hazır', body: 'Metro, bütçe ve hafta sonu önerileri' },
      state: 'ready-to-test',
      channels: [
        {
          title: 'Gündem',
          stories: [
            { text: 'Yeni metro hattı ilk haftasında 200 bin yolcu taşıdı.', state: 'accepted', link: 'https://ulasim.example/metro-ilk-hafta' },
            { text: 'Belediye meclisi bütçeyi gelecek salı oylayacak.', state: 'accepted', link: 'https://belediye.example/meclis/butce' },
          ],
        },
        {
          title: 'Ekonomi',
          stories: [
            { text: 'Semt pazarlarında sebze fiyatları geçen aya göre yüzde 4 düştü.', state: 'accepted', link: 'https://ekonomi.example/pazar-fiyatlari' },
          ],
        },
        { title: 'Kültür Sanat', stories: [{ text: 'Şehir tiyatrosu yeni sezonu "Martı" ile açıyor.', state: 'accepted' }] },
      ],
    },
    {
      key: `${code}-aksam-bulteni`,
      subject: 'Akşam Bülteni',
      preview: 'Günün özeti',
      intro: '<p>İyi akşamlar. Günün öne çıkanları aşağıda.</p>',
      state: 'draft',
      channels: [
        { title: 'Draft Stories', stories: [{ text: 'Sahil yolunda akşam saatlerinde trafik düzenlemesi yapılacak.', state: 'draft' }] },
        {
          title: 'Gündem',
          stories: [
            { text: 'Kent bostanlarında ikinci hasat pazar günü yapılacak.', state: 'ready' },
            { text: 'Okuma salonları sınav haftasında gece yarısına kadar açık.', state: 'accepted' },
          ],
        },
        { title: 'Ekonomi', stories: [] },
      ],
    },
    {
      key: `${code}-haftanin-ozeti`,
      subject: 'Haftanın Özeti: Yeni sezon başlıyor',
      preview: 'Bu hafta öne çıkan beş haber',
      intro: '<p>Haftanın en çok okunan haberlerini sizin için derledik.</p>',
      notification: { title: 'Haftanın Özeti', body: 'Bu hafta öne çıkan beş haber' },
      state: 'tested',
      channels: [{ title: 'Haftanın Özeti', stories: [{ text: 'Bisiklet şeridi hafta sonu hizmete girdi.', state: 'accepted' }] }],
    },
    {
      key: `${code}-gelecek-hafta`,
      subject: 'Gelecek haftanın bülteni',
      preview: 'Yeni sezon, yeni duraklar',
      intro: '<p>Günaydın! Bu hafta şehirde yeni sezon açılıyor.</p>',
      notification: { title: 'Yeni bülten', body: 'Yeni sezon, yeni duraklar' },
      state: 'scheduled',
      days: 3,
      firstOnly: true,
      channels: [
        {
          title: 'Gündem',
          stories: [
            { text: 'Tramvay hattına iki yeni durak ekleniyor.', state: 'accepted', link: 'https://ulasim.example/tramvay-duraklari' },
            { text: 'Kent kütüphanesi hafta sonu da açık olacak.', state: 'accepted' },
          ],
        },
      ],
    },
    {
      key: `${code}-gecen-hafta`,
      subject: 'Geçen haftanın bülteni',
      preview: 'Köprü trafiği, tiyatro biletleri ve daha fazlası',
      intro: '<p>Merhaba! Geçen haftanın gelişmeleri.</p>',
      notification: { title: 'Yeni bülten', body: 'Köprü trafiği ve tiyatro biletleri' },
      state: 'published',
      days: -7,
      bounces: true,
      subjectTest: {
        variants: [
          { subject: 'Köprüde gece mesaisi: sabah hangi şerit açık?', preview: 'Köprü çalışması, tiyatro biletleri ve daha fazlası' },
          { subject: 'Haftanın özeti: köprü ve tiyatro', preview: 'Geçen haftadan iki haber' },
        ],
        share: 30,
        waitMinutes: 120,
        decideBy: 'opens',
        winner: 1,
        appeal: [1, 2.2, 0.85],
      },
      channels: [
        {
          title: 'Gündem',
          stories: [
            { text: 'Köprü trafiği sabah saatlerinde tek şeritten akıyor.', state: 'published', link: 'https://ulasim.example/kopru-calismasi' },
            { text: 'Şehir tiyatrosu biletleri satışa çıktı.', state: 'published', link: 'https://tiyatro.example/biletler' },
            {
              title: 'Köprüde Gece Çalışması Sürüyor',
              subtitle: 'Ekipler sabah trafiği için tek şeridi açık tutuyor',
              paragraphs: [
                'Köprünün bakım çalışması gece saatlerinde sürüyor; ekipler her sabah 06.00’da bir şeridi trafiğe açıyor.',
                'Belediye, çalışmanın iki hafta içinde biteceğini ve bu sürede toplu taşımanın ek seferlerle destekleneceğini duyurdu.',
              ],
            },
          ],
        },
      ],
    },
    {
      key: `${code}-ilk-sayi`,
      subject: 'İlk sayımızla merhaba',
      preview: 'Bültenimize hoş geldiniz',
      intro: '<p>Bu bültenin ilk sayısı. Her sabah kısa ve öz haberler.</p>',
      notification: { title: 'İlk sayı', body: 'Bültenimize hoş geldiniz' },
      state: 'published',
      days: -14,
      channels: [
        {
          title: 'Gündem',
          stories: [
            { text: 'Bültenimiz her sabah 07.00’de gelen kutunuzda.', state: 'published', link: 'https://kuzeymedya.example/bultenler' },
            {
              title: 'Bülteninizi Nasıl Hazırlıyoruz?',
              subtitle: 'Sabah 07.00’ye kadar masada neler oluyor',
              paragraphs: [
                'Editörlerimiz gece boyunca gelen haberleri okuyor, doğruluyor ve en önemlilerini kısa maddeler halinde yazıyor.',
                'Sabah 06.30’da son okuma yapılıyor; bülten 07.00’de gelen kutunuzda oluyor.',
              ],
            },
          ],
        },
      ],
    },
  ];
}

export async function seedIssues(context: SeedContext): Promise<void> {
  const { demo } = context;
  const db = issuesDb(context.db);
  const editor = await findPerson(db, demo.userIds.editor);
  if (!editor) throw new Error('The demo editor is missing.');
  const writerId = await ownPenName(db, demo.publisherId, editor);
  const newsletters = await findNewsletters(db, demo.newsletterIds);
  const now = clock.ms();
  let count = 0;
  for (const newsletter of newsletters) {
    await saveChannelTemplates(db, newsletter.id, templates);
    for (const issue of demoIssues(newsletter.key)) {
      if (issue.firstOnly && newsletter.key !== bouncingNewsletterKey) continue;
      const id = randomUUID();
      const at = issue.days !== undefined ? new Date(now + issue.days * day) : null;
      const channels = [];
      for (const channel of issue.channels) {
        const ids: string[] = [];
        for (const story of channel.stories) {
          if ('title' in story) {
            ids.push(
              await insertDemoArticle(db, story, { newsletter, writerId, ownerId: editor.id, issueId: id, at: new Date(now + (issue.days ?? 0) * day - day) }),
            );
            continue;
          }
          const body = storedBody(`<p>• ${story.text}${story.link ? ` <a href="${story.link}">Ayrıntılar</a>` : ''}</p>`);
          const released = story.state === 'published';
          ids.push(
            await insertStory(db, {
              newsletter_id: newsletter.id,
              publisher_id: newsletter.publisher_id,
              type: 'bullet',
              ...body,
              tags: '[]',
              keywords: '[]',
              writer_id: writerId,
              owner_id: editor.id,
              issue_id: id,
              ...storyFlagsOf[story.state],
              published_at: released ? at : null,
              // What its public page shows, as a release would have kept it.
              published_content: released ? JSON.stringify({ title: '', subtitle: '', image: '', html: body.body_html, writer: editor.name }) : null,
            }),
          );
        }
        channels.push({ _id: channel.title === 'Draft Stories' ? stuffChannelId : randomUUID(), title: channel.title, stories: ids });
      }
      const flags = Object.fromEntries(issueFlagsOf[issue.state].map((flag) => [flag, true]));
      await db
        .insertInto('issues')
        .values({
          id,
          newsletter_id: newsletter.id,
          publisher_id: newsletter.publisher_id,
          key: issue.key,
          slug: slugify(`${newsletter.key}-${issue.subject}`, 64),
          subject: issue.subject,
          preview: issue.preview,
          intro_id: randomUUID(),
          ...storedIntro(issue.intro),
          notification_title: issue.notification?.title ?? '',
          notification_body: issue.notification?.body ?? '',
          channels: JSON.stringify(normalizeChannels(channels)),
          draft: false,
          ...flags,
          notified_at: issue.state === 'published' ? at : null,
          emailed_at: issue.state === 'published' ? at : null,
          published_at: issue.state === 'published' || issue.state === 'scheduled' ? at : null,
          planned_at: issue.state === 'published' || issue.state === 'scheduled' ? at : null,
          plan_email: issue.state === 'published' || issue.state === 'scheduled',
          plan_notification: issue.state === 'published' || issue.state === 'scheduled',
          owner_id: editor.id,
          // A scheduled issue was written and planned yesterday; the drafts were touched last.
          created_at: new Date(now + Math.min(issue.days ?? 0, 0) * day - day),
          updated_at: new Date(now + (issue.state === 'scheduled' ? -1 : (issue.days ?? -0.1)) * day),
        })
        .execute();
      if (issue.state === 'scheduled' && at) {
        // As planPublication plans it: the job publishes the issue at its time.
        const jobId = await context.jobs.schedule<PublishJobData>(publishJob, { issueId: id, at: at.toISOString() }, { at, expireSeconds: 23 * 3600 });
        await db.updateTable('issues').set({ job_id: jobId }).where('id', '=', id).execute();
      }
      if (issue.state === 'published' && at) {
        await releaseArticlesOfIssue({ db }, { id, channels: normalizeChannels(channels) }, at, at);
        const test = newsletter.key === bouncingNewsletterKey ? issue.subjectTest : undefined;
        await recordDemoDeliveries(db, id, newsletter.id, at, test);
        if (issue.bounces && newsletter.key === bouncingNewsletterKey) await recordDemoBounces(db, id, newsletter.id, at);
        if (test) await recordDemoSubjectTest(db, { id, ...issue }, test, at);
      }
      count++;
    }
  }
  context.log.info({ count }, 'demo issues created');
}

/** An accepted article in the issue, with the newsletter's picture as its cover; `at` is when it was written. */
async function insertDemoArticle(
  db: IssuesDb,
  article: DemoArticle,
  where: { newsletter: { id: string; key: string; publisher_id: string; image: string }; writerId: string; ownerId: string; issueId: string; at: Date },
): Promise<string> {
  return insertStory(db, {
    newsletter_id: where.newsletter.id,
    publisher_id: where.newsletter.publisher_id,
    type: 'article',
    title: article.title,
    subtitle: article.subtitle,
    // Each demo newsletter carries the same issues: the newsletter's key keeps the slugs apart.
    slug: slugify(`${where.newsletter.key}-${article.title}`, constants.stories.slugMax),
    image: where.newsletter.image || '/demo/kuzey-medya.svg',
    ...storedBody(article.paragraphs.map((paragraph) => `<p>${paragraph}</p>`).join('')),
    tags: '[]',
    keywords: '[]',
    writer_id: where.writerId,
    owner_id: where.ownerId,
    issue_id: where.issueId,
    ...storyFlagsOf.accepted,
    created_at: where.at,
    updated_at: where.at,
  });
}

/** A published demo issue went to every subscriber of its time: the publish page shows its counts. */
async function recordDemoDeliveries(db: IssuesDb, issueId: string, newsletterId: string, at: Date, test?: DemoSubjectTest): Promise<void> {
  // A subject test's share of the e-mail copies carries its subject lines, drawn as a send draws
  // them (addTestRecipients); the rest carries the winner's.
  const tested = test ? sql`s.medium <> 'email' or s.place <= round(s.audience * ${test.share} / 100.0)` : sql`true`;
  const variant = test
    ? sql`case when s.medium <> 'email' then 0 when ${tested} then (s.place - 1) % ${test.variants.length + 1} else ${test.winner} end`
    : sql`0`;
  // The rest went after the test's wait, when the winner was decided.
  const sentAt = test
    ? sql`case when ${tested} then ${at}::timestamptz else ${new Date(at.getTime() + test.waitMinutes * 60_000)}::timestamptz end`
    : sql`${at}::timestamptz`;
  await sql`
    insert into issue_deliveries (issue_id, medium, subscriber_id, email, name, state, attempts, answer, updated_at, variant)
    select ${issueId}, s.medium, s.id, s.email, s.name, 'sent', 1, '250 OK', ${sentAt}, (${variant})::smallint
    from (
      select r.*, row_number() over (partition by r.medium order by md5(${issueId} || ':' || r.id), r.id) as place,
        count(*) over (partition by r.medium) as audience
      from (${subscribersQuery(db, newsletterId, { before: at })}) r
    ) s`.execute(db);
  await db.insertInto('issue_sending').values({ issue_id: issueId, owner: null, lease_until: at, started_at: at, finished_at: at }).execute();
}

/** A sent demo issue's subject test, decided at the end of its wait by the figures the demo audience seeds (decideDemoSubjectTests). */
async function recordDemoSubjectTest(db: IssuesDb, issue: { id: string; subject: string; preview: string }, test: DemoSubjectTest, at: Date): Promise<void> {
  const decidedAt = new Date(at.getTime() + test.waitMinutes * 60_000);
  await db
    .insertInto('issue_subject_tests')
    .values({
      issue_id: issue.id,
      variants: JSON.stringify([{ subject: issue.subject, preview: issue.preview }, ...test.variants]),
      share: test.share,
      wait_minutes: test.waitMinutes,
      decide_by: test.decideBy,
      phase: 'decided',
      active: false,
      decide_at: decidedAt,
      winner: test.winner,
      decided_at: decidedAt,
    })
    .execute();
}

/**
 * An e-mailed demo issue's copies, as a select of `subscriber_id`, `appeal` (how readily people
 * open its subject line: 1 but for a demo subject test's) and `copy_group` (a demo subject test's
 * variant; null without a test), for the demo audience to open and click.
 */
export async function demoCopiesOf(handle: Handle, issueId: string): Promise<RawBuilder<unknown>> {
  const db = issuesDb(handle);
  const row = await db.selectFrom('issues').select(['key', 'newsletter_id']).where('id', '=', issueId).executeTakeFirst();
  const newsletter = row && (await findNewsletters(db, [row.newsletter_id]))[0];
  const appeal = (newsletter && demoIssues(newsletter.key).find((issue) => issue.key === row.key)?.subjectTest?.appeal) ?? [];
  const appeals =
    appeal.length > 0
      ? sql`(values ${sql.join(appeal.map((value, variant) => sql`(${variant}::smallint, ${value}::float8)`))})`
      : sql`(select null::smallint, 1::float8)`;
  return sql`(select d.subscriber_id, coalesce(a.appeal, 1) as appeal, ${appeal.length > 0 ? sql`d.variant` : sql`null::smallint`} as copy_group
    from issue_deliveries d left join ${appeals} a (variant, appeal) on a.variant = d.variant
    where d.issue_id = ${issueId} and d.medium = 'email')`;
}

/**
 * Decides the demo's subject tests on the figures the demo audience seeded (as the wait's end
 * would): what decided and with what confidence, and the figures read. The demo's winner must be
 * the figures' (its appeal makes it so).
 */
export async function decideDemoSubjectTests(handle: Handle, audience: IssueAudience): Promise<void> {
  const db = issuesDb(handle);
  const tests = await db.selectFrom('issue_subject_tests').selectAll().where('phase', '=', 'decided').where('decided_by', 'is', null).execute();
  for (const test of tests) {
    // What the decision read: the test's copies, sent before its wait (the rest went after).
    const results = await variantResultsAmong(db, audience, test.issue_id, test.variants.length, sql<boolean>`updated_at < ${test.decide_at}`);
    const figures = results.map(({ delivered, opens, clickers }) => ({ delivered, opens, clickers }));
    const verdict = decideSubjectTest(figures, test.decide_by);
    if (verdict.winner !== test.winner) throw new Error(`the demo's subject test of issue ${test.issue_id} is won by ${verdict.winner}, not ${test.winner}`);
    await db
      .updateTable('issue_subject_tests')
      .set({ decided_by: verdict.decidedBy ?? 'tooClose', confidence: verdict.confidence, decision: JSON.stringify(figures) })
      .where('issue_id', '=', test.issue_id)
      .execute();
  }
}

/**
 * Some copies of a sent demo issue came back (decision 0034): the subscribers plugin records the
 * addresses' state and answers which copies; each is marked, and the complainant's copy, made
 * for a reader who has left since, is added as it was sent.
 */
async function recordDemoBounces(db: IssuesDb, issueId: string, newsletterId: string, at: Date): Promise<void> {
  const bounces = await seedDemoBounces(db, newsletterId, at);
  if (bounces.length === 0) return;
  const left = bounces.filter((bounce) => !bounce.stillSubscribed);
  if (left.length > 0)
    await db
      .insertInto('issue_deliveries')
      .values(
        left.map((bounce) => ({
          issue_id: issueId,
          medium: 'email' as const,
          subscriber_id: bounce.subscriberId,
          email: bounce.email,
          name: bounce.name,
          state: 'sent' as const,
          attempts: 1,
          answer: '250 OK',
          updated_at: at,
        })),
      )
      .execute();
  await sql`
    update issue_deliveries d set bounce = marks.kind
    from unnest(${bounces.map((bounce) => bounce.subscriberId)}::text[], ${bounces.map((bounce) => bounce.kind)}::text[]) as marks (subscriber_id, kind)
    where d.issue_id = ${issueId} and d.medium = 'email' and d.subscriber_id = marks.subscriber_id`.execute(db);
}

function storedIntro(html: string) {
  const body = storedBody(html);
  return { intro_html: body.body_html, intro_text: body.body_text };
}

/** Adds `html` to the end of the intro of a newsletter's demo issue that is ready to test-send (the embeds' demo shows there). */
export async function addToDemoIssueIntro(handle: Handle, newsletterId: string, html: string): Promise<boolean> {
  const db = issuesDb(handle);
  const issue = await db
    .selectFrom('issues')
    .select(['id', 'intro_html'])
    .where('newsletter_id', '=', newsletterId)
    .where('key', 'like', `%${readyIssueKeyEnd}`)
    .executeTakeFirst();
  if (!issue) return false;
  await db
    .updateTable('issues')
    .set(storedIntro(issue.intro_html + html))
    .where('id', '=', issue.id)
    .execute();
  return true;
}

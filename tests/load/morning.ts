/**
 * A morning's load on the tested deployment (issue 59, tests/load/cluster.ts), all of it through
 * the proxy: editors typing together in issues (two of them in one field of each), editors saving
 * stories, readers on the public pages opening and clicking the copies of a send in progress,
 * subscribing and confirming, image uploads, the analytics polled; one process is killed
 * (SIGKILL) in the middle and started again later. Afterwards every typed character is in its
 * field, every story holds its last save, every copy went once, every tracking event answered is
 * counted, every subscription is confirmed once, every upload reads through every process, and
 * nobody was signed out. Each call is timed with its kind and when it started, for the figures
 * before, during and after the loss.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'kysely';
import { io, type Socket } from 'socket.io-client';
import sharp from 'sharp';
import * as Y from 'yjs';
import { LiveIssue } from '../../plugins/issues/client/editor/live-issue';
import { docFieldMaxLength, type IssueDocField } from '../../plugins/issues/rules';
import type { Issue } from '../../schemas/generated/entities/issue';
import { constants } from '../../core/shared/config';
import { demoPassword } from '../api/server';
import { percentile as percentileOfSorted } from '../bench/list-load';
import type { Cluster } from './cluster';

export interface MorningPlan {
  /** How long the load runs, in seconds, and at least `after` past the killed process's restart (a slow machine starts it late). */
  seconds: number;
  after: number;
  /** When the second process is killed, in seconds from the start, and not before the send's first hundredth is out. */
  killAt: number;
  /** How long it stays down. */
  downFor: number;
  /** Calls a second on the public pages and the copies' pixels and links. */
  readersPerSecond: number;
  /** The send's copies. */
  copies: number;
}

/** The issue's full version (`npm run load`). */
export const fullMorning: MorningPlan = { seconds: 90, after: 20, killAt: 30, downFor: 20, readersPerSecond: 200, copies: 100_000 };
/** The version in `npm test`: 30 s, one kill. */
export const shortMorning: MorningPlan = { seconds: 30, after: 10, killAt: 8, downFor: 10, readersPerSecond: 60, copies: 3_000 };

/** Issues typed in, and the fields each typist types into; the subject has two, one at each end. */
const typedIssues = 5;
const typists: { field: IssueDocField; at: 'start' | 'end' }[] = [
  { field: 'subject', at: 'end' },
  { field: 'subject', at: 'start' },
  { field: 'preview', at: 'end' },
  { field: 'notification.title', at: 'end' },
];
const savers = 5;
/** The fastest a typist types: a keystroke every this many ms, slower when the field would fill before the load ends. */
const keystrokeMs = 150;
const saveMs = 600;
const uploadMs = 2000;
const analyticsMs = 2000;
const subscribeMs = 1000;

export type CallKind = 'public page' | 'story page' | 'open pixel' | 'tracked link' | 'subscribe' | 'confirm' | 'story save' | 'image upload' | 'analytics';

export interface CallTime {
  kind: CallKind;
  /** When it started, ms from the load's start. */
  at: number;
  ms: number;
  ok: boolean;
  /** The answer's status; 0 when none came (the connection failed). */
  status: number;
}

export interface MorningReport {
  calls: CallTime[];
  /** When the process was killed, when it was started again, and when it answered again, ms from the start. */
  killedAt: number;
  restartingAt: number;
  restartedAt: number;
  /** Each watched keystroke: when it was typed (ms from the start) and how long until another console of the issue had it; Infinity: never seen during the load. */
  keystrokes: { at: number; ms: number }[];
  /** The editors whose console was connected to the killed process: how long after the kill the server again had everything each had typed (ms; Infinity: not during the load). */
  paused: number[];
  /** The send: copies, when each phase ended, and the longest gap between two copies (ms). */
  send: { copies: number; seconds: number; rate: number; gapMs: number; gapAt: number; beforeKill: number; doubt: number };
  /** What the afterwards checks found; each list names what is wrong, empty when nothing is. */
  problems: {
    typed: string[];
    saves: string[];
    copies: string[];
    events: string[];
    subscriptions: string[];
    uploads: string[];
    signedOut: string[];
  };
  events: { accepted: number; counted: number };
  /** The load's own event loop delay (ms, p50 / p99 / max), which every time measured here includes. */
  loop: { p50: number; p99: number; max: number };
}

/** Where a send stands, for a send that does not end: the issue, its lease, and its copies by state. */
async function sendState(db: Cluster['database']['db'], issueId: string): Promise<string> {
  const [issue, sending, deliveries] = await Promise.all([
    sql`select published, processing, emailed, cancelled from issues where id = ${issueId}`.execute(db),
    sql`select owner, lease_until - now() as lease_left, started_at, finished_at, planned from issue_sending where issue_id = ${issueId}`.execute(db),
    sql`select medium, state, count(*)::int as n, min(next_at) - now() as next_in from issue_deliveries where issue_id = ${issueId} group by medium, state`.execute(
      db,
    ),
  ]);
  return JSON.stringify({ issue: issue.rows, sending: sending.rows, deliveries: deliveries.rows });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const messageIdOf = (raw: Buffer) => /^message-id:\s*<([^>]+)>/im.exec(raw.subarray(0, 4096).toString('latin1'))?.[1] ?? '';

/** The calls to the API of the proxy, with a token; network failures answer status 0. */
function caller(url: string) {
  return async (method: string, path: string, token?: string, body?: unknown): Promise<{ status: number; body: any }> => {
    try {
      const response = await fetch(`${url}/api${path}`, {
        method,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    } catch {
      return { status: 0, body: null };
    }
  };
}

export async function runMorning(cluster: Cluster, plan: MorningPlan): Promise<MorningReport> {
  const api = caller(cluster.url);
  const db = cluster.database.db;
  const calls: CallTime[] = [];
  let started = 0;
  const now = () => performance.now() - started;
  /** When the process was killed (ms from the start), null before. */
  let killing: number | null = null;
  /** Where the load is, as it goes: a run that does not end says where it stopped. */
  const say = (what: string) => console.log(`morning at ${(now() / 1000).toFixed(1)} s: ${what}`);
  /** Times `work`; its answer says whether it went well. */
  const timed = async <T>(kind: CallKind, work: () => Promise<{ ok: boolean; status: number; value: T }>): Promise<T> => {
    const at = now();
    const { ok, status, value } = await work();
    calls.push({ kind, at, ms: now() - at, ok, status });
    return value;
  };

  // Who works: sessions of the demo's staff, one per worker, all in Kuzey Medya.
  const signIn = async (email: string) => {
    const signed = await api('POST', '/auth/login', undefined, { email, password: demoPassword });
    if (signed.status !== 200) throw new Error(`sign-in of ${email}: ${signed.status}`);
    // An admin chooses the publisher; the others work in their own.
    const listed = await api('GET', '/auth/publishers', signed.body.data);
    const kuzey = (listed.body?.data?.publishers as { _id: string; title: string }[] | undefined)?.find((publisher) => publisher.title === 'Kuzey Medya');
    return kuzey ? ((await api('PUT', '/auth/scope', signed.body.data, { publisher: kuzey._id })).body.data as string) : (signed.body.data as string);
  };
  const admin = await signIn('admin@masthead.local');
  const morning = await db.selectFrom('newsletters').select(['id', 'key']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
  const tokens: string[] = [admin];

  // The issues typed in, the stories saved, the send.
  const issues: Issue[] = [];
  for (let index = 0; index < typedIssues; index++) {
    const created = await api('POST', '/issues/create', admin, { newsletter: morning.id, slug: `sabah-yuku-${index + 1}-${Date.now().toString(36)}` });
    await api('PUT', `/issues/update/${created.body.data._id}/edit`, admin, {
      issue: { subject: 'Ortak', preview: 'Kısa', notification: { title: 'Başlık', body: 'Yeni sayı' } },
    });
    issues.push((await api('GET', `/issues/update/${created.body.data._id}`, admin)).body.data.body);
  }
  const stories: { id: string; version: number; title: string }[] = [];
  const cover = (await sql<{ image: string }>`select image from stories where newsletter_id = ${morning.id} and image <> '' limit 1`.execute(db)).rows[0]!
    .image;
  for (let index = 0; index < savers; index++) {
    const title = `Sabah yükü haberi ${index + 1} ${Date.now().toString(36)}`;
    const created = await api('POST', '/stories/create', admin, {
      newsletter: morning.id,
      type: 'article',
      story: { title, subtitle: `${title} alt başlığı`, image: cover, body: { html: '<p>İlk metin.</p>' } },
    });
    if (created.status !== 200) throw new Error(`story not created: ${JSON.stringify(created.body)}`);
    stories.push({ id: created.body.data._id, version: created.body.data.version, title });
  }
  // The send's audience: the newsletter's e-mail subscribers are the load's own.
  await sql`delete from subscribers where newsletter_id = ${morning.id} and medium = 'email'`.execute(db);
  await sql`insert into subscribers (id, newsletter_id, email, name, city, medium, created_at)
    select md5(${morning.id} || i)::uuid::text, ${morning.id}, 'okur' || i || '@sabah-okurlari.example', 'Okur ' || i, 'İstanbul', 'email', now()
    from generate_series(1, ${plan.copies}::int) as i`.execute(db);
  await sql`analyze subscribers`.execute(db);
  const sendIssue = (await sql<{ id: string }>`select id from issues where newsletter_id = ${morning.id} and key like '%-sabah-bulteni-hazir'`.execute(db))
    .rows[0]!.id;
  const options = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
  if ((await api('POST', `/issues/publish/${sendIssue}`, admin, { publishOptions: options(true) })).status !== 200) throw new Error('the test send failed');

  // What arrives: the send's copies (each counted by Message-ID, a few kept for their pixels and
  // links) and the confirmations of the subscriptions.
  const copiesOf = new Map<string, number>();
  // The kill falls in the middle of the send: once its first copies are out, on a machine slow to begin it.
  const sendUnderWay = Math.ceil(plan.copies / 100);
  let underWay = () => {};
  const sendStarted = new Promise<void>((resolve) => (underWay = resolve));
  const copyTimes: number[] = [];
  const pixels: string[] = [];
  const links: string[] = [];
  const confirmations = new Map<string, string>();
  const subscribeDomain = 'sabah-yuku.example';
  cluster.onMessage((message) => {
    const id = messageIdOf(message.raw);
    const to = message.to[0]!.toLowerCase();
    if (id.startsWith(`${sendIssue}.`)) {
      copiesOf.set(to, (copiesOf.get(to) ?? 0) + 1);
      copyTimes.push(now());
      if (copyTimes.length === sendUnderWay) {
        say(`the send is under way (${sendUnderWay} copies)`);
        underWay();
      }
      if (pixels.length < 400 && copyTimes.length % 7 === 0) {
        // Quoted-printable soft breaks out, then the copy's own tracked addresses.
        const text = message.raw
          .toString('latin1')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        const pixel = /<img src="[^"]*(\/t\/o\/[^"]+)"/.exec(text)?.[1];
        const link = /href="[^"]*(\/t\/c\/[^"]+)"/.exec(text)?.[1];
        if (pixel) pixels.push(pixel);
        if (link) links.push(link);
      }
    } else if (to.endsWith(`@${subscribeDomain}`)) {
      const text = message.raw
        .toString('latin1')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
      const confirm = /\/n\/[^/\s"]+\/confirm\/[\w.-]+/.exec(text)?.[0];
      if (confirm) confirmations.set(to, confirm);
    }
  });

  // The staff are at work when the morning starts: signed in, the typists' consoles in their
  // issues (twenty sign-ins at once are argon2id's cost, not the morning's).
  // Typists: four in each issue, each in its own session and socket, typing at its caret.
  interface Typist {
    live: LiveIssue;
    socket: Socket;
    field: IssueDocField;
    at: 'start' | 'end';
    typed: string;
    issue: Issue;
    /** When each keystroke was typed (its count), and when another console of the issue had it. */
    keystrokes: { at: number; count: number }[];
    seen: { at: number; count: number }[];
    /** When its connection dropped after the kill, and when the server again had all it typed. */
    dropped: number | null;
    resumed: number | null;
  }
  const typistStates: Typist[] = [];
  // Signed in first, then connected in a row: the proxy deals the consoles out among the
  // processes (a sign-in's calls between two connections would give every one the same process).
  const typistTokens: string[] = [];
  for (let index = 0; index < typedIssues * typists.length; index++) typistTokens.push(await signIn('editor@masthead.local'));
  tokens.push(...typistTokens);
  for (const issue of issues) {
    for (const { field, at } of typists) {
      const token = typistTokens[typistStates.length]!;
      const socket = io(cluster.url, { transports: ['websocket'], reconnectionDelay: 200, reconnectionDelayMax: 1000 });
      // As the console does (core/client/socket.tsx): each connection authenticates, the first and every one after.
      socket.on('connect', () => socket.emit('authenticate', { token }));
      const live = new LiveIssue(issue, [], socket);
      const state: Typist = { live, socket, field, at, typed: '', issue, keystrokes: [], seen: [], dropped: null, resumed: null };
      socket.on('disconnect', (reason) => {
        // Not the load's own closing at its end.
        if (killing !== null && state.dropped === null && reason !== 'io client disconnect') state.dropped = now();
      });
      typistStates.push(state);
      await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    }
  }
  const directors: string[] = [];
  for (let index = 0; index < savers; index++) directors.push(await signIn('director@masthead.local'));
  const uploader = await signIn('editor@masthead.local');
  tokens.push(...directors, uploader);
  const joinedBy = performance.now() + 60_000;
  while (typistStates.some((state) => !state.live.current.ready)) {
    if (performance.now() > joinedBy) throw new Error("the typists' consoles did not join their issues");
    await sleep(20);
  }

  /** When the killed process serves again (ms from the start); the load goes on `plan.after` past it. */
  let backAt: number | null = null;
  const end = () => now() >= plan.seconds * 1000 && backAt !== null && now() >= backAt + plan.after * 1000;
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  started = performance.now();
  say('the clock starts: staff signed in, consoles in their issues');
  // Published through the process that is killed later (a publication for now starts on the
  // process that planned it), so that the loss falls in the middle of the send.
  const published = await caller(cluster.processes[1]!.url)('POST', `/issues/publish/${sendIssue}`, admin, {
    publishedAt: new Date().toISOString(),
    publishOptions: options(false),
  });
  if (published.status !== 200) throw new Error(`the send was not started: ${JSON.stringify(published.body)}`);

  const typing = typistStates.map(async (state) => {
    const first = state.live.text(state.field);
    let caret = Y.createRelativePositionFromTypeIndex(first, state.at === 'end' ? first.length : 0, -1);
    const alphabet = 'abcçdefgğhıijklmnoöprsştuüvyz ';
    // As the console's field stops at its most characters (with room for the other typist's unseen ones).
    const room = docFieldMaxLength[state.field] - 40;
    // Typing goes on through the whole load: each of the field's typists has its share of the room.
    const sharing = typists.filter((typist) => typist.field === state.field).length;
    const every = Math.max(keystrokeMs, (plan.seconds * 1000 * sharing) / (room - 20));
    while (!end()) {
      const letter = alphabet[state.typed.length % alphabet.length]!;
      // Read anew each time: after a refusal the console reads the server's copy into a new document.
      const text = state.live.text(state.field);
      const value = text.toString();
      if (value.length >= room) {
        await sleep(every);
        continue;
      }
      const index = Y.createAbsolutePositionFromRelativePosition(caret, state.live.doc)?.index ?? value.length;
      state.live.type(state.field, value.slice(0, index) + letter + value.slice(index), index + 1);
      caret = Y.createRelativePositionFromTypeIndex(text, index + 1, -1);
      state.typed += letter;
      state.keystrokes.push({ at: now(), count: state.typed.length });
      await sleep(every);
    }
    // Everything typed reaches the server before the fields are read.
    const settledBy = now() + 30_000;
    while (state.live.current.unsaved && now() < settledBy) await sleep(50);
  });

  // Another console of the same issue (its first typist's) watches the fields that have one
  // typist: when each keystroke reaches it is how live the editing is for the others.
  // It watches until the typing is over and what was typed last has reached it (5 s at most).
  let typingOver: number | null = null;
  void Promise.all(typing).then(() => (typingOver = now()));
  const watching = (async () => {
    const initial: Partial<Record<IssueDocField, number>> = { preview: 'Kısa'.length, 'notification.title': 'Başlık'.length };
    const behind = () => typistStates.some((state) => initial[state.field] !== undefined && (state.seen.at(-1)?.count ?? 0) < state.typed.length);
    while (typingOver === null || (behind() && now() < typingOver + 5000)) {
      for (const state of typistStates) {
        const length = initial[state.field];
        const watcher = typistStates.find((other) => other.issue._id === state.issue._id && other !== state && other.live.current.ready);
        if (length === undefined || !watcher) continue;
        const count = watcher.live.text(state.field).length - length;
        if (count !== state.seen.at(-1)?.count) state.seen.push({ at: now(), count });
      }
      // An editor cut off by the kill is back once the server has all it typed.
      for (const state of typistStates)
        if (state.dropped !== null && state.resumed === null && state.socket.connected && state.live.current.ready && !state.live.current.unsaved)
          state.resumed = now();
      await sleep(20);
    }
  })();

  // Savers: each its story, a save every saveMs; a save whose answer was lost is read back.
  const lastSaved: string[] = Array.from({ length: savers }, () => '');
  const saving = stories.map(async (story, index) => {
    const token = directors[index]!;
    let version = story.version;
    for (let save = 1; !end(); save++) {
      const html = `<p>Kayıt ${save} — yük altında yazılan metin.</p>`;
      for (;;) {
        const answer = await timed('story save', async () => {
          const saved = await api('PUT', `/stories/update/${story.id}`, token, { version, story: { body: { html } } });
          return { ok: saved.status === 200, status: saved.status, value: saved };
        });
        if (answer.status === 200) {
          version = answer.body.data.version;
          break;
        }
        // Lost on its way (the process died) or stale: what is stored says whether it went.
        const stored = await api('GET', `/stories/update/${story.id}`, token);
        if (stored.status === 200) {
          version = stored.body.data.body.version;
          if (stored.body.data.body.body.html.includes(`Kayıt ${save} `)) break;
        }
        await sleep(100);
      }
      lastSaved[index] = html;
      await sleep(saveMs);
    }
  });

  // Readers: the public pages, the copies' pixels and links, spread over the second.
  let accepted = 0;
  const storyKeys = (
    await sql<{ id: string }>`select id from stories where newsletter_id = ${morning.id} and published and published_content is not null limit 20`.execute(db)
  ).rows.map((row) => row.id);
  const reading = (async () => {
    const pending: Promise<unknown>[] = [];
    for (let call = 0; !end(); call++) {
      const pick = call % 10;
      const reader = `198.51.100.${call % 250}`;
      const page = async (kind: CallKind, path: string, counts: boolean, expect: number) =>
        timed(kind, async () => {
          try {
            const response = await fetch(`${cluster.url}${path}`, {
              redirect: 'manual',
              headers: {
                'x-forwarded-for': reader,
                'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
              },
            });
            await response.arrayBuffer();
            const ok = response.status === expect;
            if (ok && counts) accepted++;
            return { ok, status: response.status, value: null };
          } catch {
            return { ok: false, status: 0, value: null };
          }
        });
      if (pick < 3 || pixels.length === 0) pending.push(page('public page', `/n/${morning.key}`, false, 200));
      else if (pick < 5 && storyKeys.length > 0) pending.push(page('story page', `/s/${storyKeys[call % storyKeys.length]}`, false, 200));
      else if (pick < 9) pending.push(page('open pixel', pixels[call % pixels.length]!, true, 200));
      else if (links.length > 0) pending.push(page('tracked link', links[call % links.length]!, true, 302));
      await sleep(1000 / plan.readersPerSecond);
      if (pending.length > 500) await Promise.all(pending.splice(0, 250));
    }
    await Promise.all(pending);
  })();

  // Subscriptions, each confirmed once its e-mail arrives.
  const subscribed: string[] = [];
  const confirmed = new Set<string>();
  const subscribing = (async () => {
    for (let index = 1; !end(); index++) {
      const email = `okur-${index}-${Date.now().toString(36)}@${subscribeDomain}`;
      const form = new URLSearchParams({ email, name: `Okur ${index}` }).toString();
      for (let tries = 0; tries < 20; tries++) {
        const status = await timed('subscribe', async () => {
          const response = await fetch(`${cluster.url}/n/${morning.key}/subscribe`, {
            method: 'POST',
            headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': `203.0.113.${index % 250}` },
            body: form,
          }).catch(() => null);
          await response?.arrayBuffer();
          return { ok: response?.status === 200, status: response?.status ?? 0, value: response?.status ?? 0 };
        });
        if (status === 200) break;
        await sleep(200);
      }
      subscribed.push(email);
      for (const [address, link] of confirmations) {
        if (confirmed.has(address)) continue;
        const ok = await timed('confirm', async () => {
          const response = await fetch(`${cluster.url}${link}`).catch(() => null);
          await response?.arrayBuffer();
          return { ok: response?.status === 200, status: response?.status ?? 0, value: response?.status === 200 };
        });
        if (ok) confirmed.add(address);
      }
      await sleep(subscribeMs);
    }
  })();

  // Uploads, and the analytics polled.
  const uploaded: string[] = [];
  const png = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#c2410c' } })
    .png()
    .toBuffer();
  const uploading = (async () => {
    const token = uploader;
    for (let index = 1; !end(); index++) {
      const path = await timed('image upload', async () => {
        const form = new FormData();
        form.set('alt', `Yük altında görsel ${index}`);
        form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), `yuk-${index}.png`);
        const response = await fetch(`${cluster.url}/api/images/create`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).catch(
          () => null,
        );
        const body = response ? await response.json().catch(() => null) : null;
        return { ok: response?.status === 200, status: response?.status ?? 0, value: response?.status === 200 ? (body.data.path as string) : null };
      });
      if (path) uploaded.push(path);
      await sleep(uploadMs);
    }
  })();
  const polling = (async () => {
    while (!end()) {
      await timed('analytics', async () => {
        const answer = await api('POST', '/analytics/filter', admin, {
          source: 'events',
          filter: { type: 'open', contentIds: [sendIssue], contentTypes: ['issue'], groupBy: 'source' },
        });
        return { ok: answer.status === 200, status: answer.status, value: null };
      });
      await sleep(analyticsMs);
    }
  })();

  // The loss: the second process, killed where it stands, and started again.
  const losing = (async () => {
    await sleep(plan.killAt * 1000);
    // A send that has not begun within a minute is killed all the same (the checks say so).
    await Promise.race([sendStarted, sleep(60_000)]);
    // The calls in flight on the process when it dies are the kill's: the time is taken first.
    const killedAt = now();
    killing = killedAt;
    await cluster.kill(1);
    say('process 2 killed');
    await sleep(plan.downFor * 1000);
    const restartingAt = now();
    await cluster.start(1);
    backAt = now();
    say('process 2 answers again');
    return { killedAt, restartingAt, restartedAt: backAt };
  })();

  const [{ killedAt, restartingAt, restartedAt }] = await Promise.all([losing, ...typing, watching, ...saving, reading, subscribing, uploading, polling]);
  loop.disable();
  say('the load is over; the checks wait for the send');

  // Afterwards. The send finishes (at no less than a process's mail rate, with a minute to spare
  // for a takeover); its copies are counted by recipient.
  const problems: MorningReport['problems'] = { typed: [], saves: [], copies: [], events: [], subscriptions: [], uploads: [], signedOut: [] };
  const sendDone = now() + 60_000 + plan.copies * 5;
  for (;;) {
    const row = (await sql<{ emailed: boolean; processing: boolean }>`select emailed, processing from issues where id = ${sendIssue}`.execute(db)).rows[0]!;
    if (row.emailed && !row.processing) {
      say('the send is over');
      break;
    }
    if (now() > sendDone) {
      const state = await sendState(db, sendIssue);
      say(`the send is not over: ${state}`);
      problems.copies.push(`the send did not finish: ${state}`);
      break;
    }
    await sleep(200);
  }

  // Every typed character, in its field.
  for (const issue of issues) {
    const stored = (await api('GET', `/issues/update/${issue._id}`, admin)).body.data.body as Issue;
    const mine = typistStates.filter((state) => state.issue._id === issue._id);
    const of = (field: IssueDocField, at: 'start' | 'end') => mine.find((state) => state.field === field && state.at === at)?.typed ?? '';
    const expected: [string, string, string][] = [
      ['subject', stored.subject, `${of('subject', 'start')}Ortak${of('subject', 'end')}`],
      ['preview', stored.preview, `Kısa${of('preview', 'end')}`],
      ['notification.title', stored.notification.title, `Başlık${of('notification.title', 'end')}`],
    ];
    for (const [field, value, wanted] of expected)
      if (value !== wanted) problems.typed.push(`${issue._id} ${field}: stored ${JSON.stringify(value)}, typed ${JSON.stringify(wanted)}`);
    for (const state of mine)
      for (const problem of state.live.current.problems)
        problems.typed.push(`${issue._id} ${state.field} (${state.at}): the console said ${problem.field}: ${problem.message}`);
  }
  for (const state of typistStates) {
    state.live.dispose();
    state.socket.close();
  }

  // Every story holds its last save.
  for (const [index, story] of stories.entries()) {
    const html = (await sql<{ body_html: string }>`select body_html from stories where id = ${story.id}`.execute(db)).rows[0]!.body_html;
    if (!html.includes(lastSaved[index]!.slice(3, 12))) problems.saves.push(`${story.title}: ${html.slice(0, 80)} is not its last save ${lastSaved[index]}`);
  }

  // Every copy went once, but those in doubt: handed to the mail server by the killed process with
  // no answer recorded, at most one per connection (decision 0011), shown on the publish page and
  // sent again only when the publisher asks. None went twice, none is missing unsaid.
  const twice = [...copiesOf].filter(([, count]) => count > 1);
  if (twice.length > 0) problems.copies.push(`${twice.length} addresses got the issue more than once (${twice[0]![0]})`);
  const rowsOf = async (state: string) =>
    new Set(
      (
        await sql<{
          email: string;
        }>`select lower(email) as email from issue_deliveries where issue_id = ${sendIssue} and medium = 'email' and state = ${state}`.execute(db)
      ).rows.map((row) => row.email),
    );
  const sent = await rowsOf('sent');
  const inDoubt = await rowsOf('doubt');
  const doubt = inDoubt.size;
  const unsent = [...sent].filter((email) => !copiesOf.has(email));
  if (unsent.length > 0) problems.copies.push(`${unsent.length} copies recorded sent never arrived (${unsent[0]})`);
  const unrecorded = [...copiesOf.keys()].filter((email) => !sent.has(email) && !inDoubt.has(email));
  if (unrecorded.length > 0) problems.copies.push(`${unrecorded.length} copies arrived that are neither sent nor in doubt (${unrecorded[0]})`);
  // The audience is the load's subscribers and the readers who confirmed before the send took its list.
  const audience = Number(
    (await sql<{ n: number }>`select count(*)::int as n from issue_deliveries where issue_id = ${sendIssue} and medium = 'email'`.execute(db)).rows[0]!.n,
  );
  if (audience < plan.copies) problems.copies.push(`an audience of ${audience}, fewer than the ${plan.copies} subscribers`);
  if (sent.size + doubt !== audience) problems.copies.push(`${sent.size} sent and ${doubt} in doubt, of ${audience}`);
  if (doubt > constants.delivery.connections)
    problems.copies.push(`${doubt} copies in doubt, more than one per connection (${constants.delivery.connections})`);

  // Every tracking event answered is counted, once the processes have written what they hold (the killed one's journal included).
  let counted: number;
  const countedBy = now() + 90_000;
  for (;;) {
    counted = Number(
      (await sql<{ n: number }>`select count(*)::int as n from audience_events where content_id = ${sendIssue} and source = 'email'`.execute(db)).rows[0]!.n,
    );
    if (counted >= accepted || now() > countedBy) break;
    await sleep(500);
  }
  say(`${counted} of ${accepted} events counted`);
  if (counted !== accepted) problems.events.push(`${accepted} events answered, ${counted} counted`);

  // Every subscription confirmed once.
  const confirmedBy = now() + 60_000;
  while (confirmed.size < subscribed.length && now() < confirmedBy) {
    for (const [address, link] of confirmations) {
      if (confirmed.has(address)) continue;
      const response = await fetch(`${cluster.url}${link}`).catch(() => null);
      await response?.arrayBuffer();
      if (response?.status === 200) confirmed.add(address);
    }
    await sleep(200);
  }
  // A subscriber's row is made by the confirmation, once.
  const rows = (
    await sql<{ email: string }>`select email from subscribers where newsletter_id = ${morning.id} and email like ${`%@${subscribeDomain}`}`.execute(db)
  ).rows;
  for (const email of subscribed) {
    const found = rows.filter((row) => row.email === email);
    if (found.length !== 1) problems.subscriptions.push(`${email}: ${found.length} subscriber rows`);
  }

  // Every upload reads through every process.
  for (const path of uploaded) {
    for (const entry of cluster.processes) {
      const read = await fetch(`${entry.url}${new URL(path, cluster.url).pathname}`).catch(() => null);
      if (read?.status !== 200) problems.uploads.push(`${path} through ${entry.url}: ${read?.status ?? 'no answer'}`);
      await read?.arrayBuffer();
    }
  }

  // Nobody was signed out.
  for (const token of tokens) {
    const verified = await api('GET', '/auth/verify', token);
    if (verified.status !== 200) problems.signedOut.push(`a session answered ${verified.status}`);
  }

  // The send's rate and its longest gap.
  const sorted = copyTimes.sort((a, b) => a - b);
  let gapMs = 0;
  let gapAt = 0;
  for (let index = 1; index < sorted.length; index++) {
    if (sorted[index]! - sorted[index - 1]! > gapMs) {
      gapMs = sorted[index]! - sorted[index - 1]!;
      gapAt = sorted[index - 1]!;
    }
  }
  const seconds = sorted.length > 0 ? sorted.at(-1)! / 1000 : 0;
  return {
    calls,
    killedAt,
    restartingAt,
    restartedAt,
    keystrokes: typistStates.flatMap((state) =>
      state.seen.length === 0
        ? []
        : state.keystrokes.map((keystroke) => ({
            at: keystroke.at,
            ms: (state.seen.find((seen) => seen.count >= keystroke.count)?.at ?? Infinity) - keystroke.at,
          })),
    ),
    paused: typistStates.filter((state) => state.dropped !== null).map((state) => (state.resumed ?? Infinity) - killedAt),
    send: {
      copies: sorted.length,
      seconds,
      rate: seconds > 0 ? sorted.length / seconds : 0,
      gapMs,
      gapAt,
      beforeKill: sorted.filter((at) => at < killedAt).length,
      doubt,
    },
    problems,
    events: { accepted, counted },
    loop: { p50: loop.percentile(50) / 1e6, p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 },
  };
}

/** The share's percentile of unsorted values (the bench's own, on a sorted copy); NaN for none. */
const percentile = (values: number[], share: number) =>
  values.length === 0
    ? NaN
    : percentileOfSorted(
        [...values].sort((a, b) => a - b),
        share * 100,
      );

/** The load's first seconds, shown apart from the calm before the kill. */
const warmUpMs = 15_000;

/** The budgets of design.md section 6 that a morning's calls have, in ms. */
const budgets: { kind: CallKind | 'keystroke seen'; share: number; ms: number }[] = [
  { kind: 'keystroke seen', share: 0.95, ms: 100 },
  { kind: 'open pixel', share: 0.99, ms: 5 },
  { kind: 'tracked link', share: 0.99, ms: 5 },
  { kind: 'analytics', share: 0.99, ms: 100 },
];

/**
 * How long a kind of call took to recover from a disturbance at `from` (the kill, the restart),
 * in ms: the start of the first second after which no second up to `to` has a failed call or a
 * p95 above the calm p99 before the kill. 0: never disturbed; null: not recovered before `to`.
 */
export function recoveryMs(timings: { at: number; ms: number; ok: boolean }[], calm: number, from: number, to: number): number | null {
  const seconds = Math.max(0, Math.ceil((to - from) / 1000));
  let recovered = 0;
  for (let second = 0; second < seconds; second++) {
    const inSecond = timings.filter((one) => one.at >= from + second * 1000 && one.at < Math.min(to, from + (second + 1) * 1000));
    if (
      inSecond.some((one) => !one.ok) ||
      percentile(
        inSecond.map((one) => one.ms),
        0.95,
      ) > calm
    )
      recovered = (second + 1) * 1000;
  }
  return recovered >= to - from && seconds > 0 ? null : recovered;
}

/** The morning's figures as lines of text: each kind of call's p50 and p99 before, during and after the loss, its recovery, the calm periods against the budgets, the live editing's pause, the send. */
export function morningFigures(report: MorningReport): string[] {
  const end = report.calls.reduce((last, call) => Math.max(last, call.at + call.ms), report.restartedAt);
  // The first seconds are the load's own start (every console's first keystrokes and every kind
  // of call at once on processes that just started), with a send of 3,000 as with 100,000: apart.
  const warm = Math.min(warmUpMs, report.killedAt / 2);
  const phases = [
    { name: 'first seconds', from: 0, to: warm },
    { name: 'before', from: warm, to: report.killedAt },
    { name: 'during', from: report.killedAt, to: report.restartedAt },
    { name: 'after', from: report.restartedAt, to: end },
  ];
  const keystrokes = report.keystrokes.map((keystroke) => ({ ...keystroke, ok: Number.isFinite(keystroke.ms) }));
  const series: { kind: CallKind | 'keystroke seen'; timings: { at: number; ms: number; ok: boolean }[] }[] = [
    ...[...new Set(report.calls.map((call) => call.kind))].map((kind) => ({ kind, timings: report.calls.filter((call) => call.kind === kind) })),
    { kind: 'keystroke seen' as const, timings: keystrokes },
  ];
  // The widest heading and a space.
  const width = 37;
  const lines = [`${'call'.padEnd(15)}${phases.map((phase) => `${phase.name}: p50/p99 (n, failed)`.padEnd(width)).join('')}recovered after the kill / restart`];
  for (const { kind, timings } of series) {
    const cells = phases.map((phase) => {
      const inPhase = timings.filter((one) => one.at >= phase.from && one.at < phase.to);
      const ms = inPhase.filter((one) => one.ok).map((one) => one.ms);
      const failed = inPhase.filter((one) => !one.ok).length;
      return `${percentile(ms, 0.5).toFixed(0)} / ${percentile(ms, 0.99).toFixed(0)} ms (${inPhase.length}, ${failed})`.padEnd(width);
    });
    const calm = percentile(
      timings.filter((one) => one.ok && one.at >= warm && one.at < report.killedAt).map((one) => one.ms),
      0.99,
    );
    const recovery = [recoveryMs(timings, calm, report.killedAt, report.restartingAt), recoveryMs(timings, calm, report.restartingAt, end)]
      .map((ms) => (ms === null ? 'not yet' : `${(ms / 1000).toFixed(0)} s`))
      .join(' / ');
    lines.push(`${kind.padEnd(15)}${cells.join('')}${recovery}`);
  }
  lines.push(
    "  (a call's time counts answered calls; a keystroke's is until another console of its issue has it. Before: from the first seconds to the kill. Recovered: the first second after which no second fails or has a p95 above the p99 before the kill.)",
  );

  // The calm periods (before the kill, and after the restart's recovery) against design.md section 6.
  const calmTimes = (kind: CallKind | 'keystroke seen') => {
    const timings = series.find((one) => one.kind === kind)?.timings ?? [];
    const before = timings.filter((one) => one.ok && one.at >= warm && one.at < report.killedAt).map((one) => one.ms);
    const calmBefore = percentile(before, 0.99);
    const back = report.restartingAt + (recoveryMs(timings, calmBefore, report.restartingAt, end) ?? end - report.restartingAt);
    return { before, after: timings.filter((one) => one.ok && one.at >= back).map((one) => one.ms) };
  };
  lines.push(
    `calm periods against design.md section 6: ${budgets
      .map(({ kind, share, ms }) => {
        const { before, after } = calmTimes(kind);
        const name = `p${Math.round(share * 100)}`;
        return `${kind} ${name} ${percentile(before, share).toFixed(0)} before, ${percentile(after, share).toFixed(0)} after (budget ${ms} ms)`;
      })
      .join('; ')}; the send ${report.send.rate.toFixed(0)}/s with everything else on the machine (budget 1,000/s alone)`,
  );

  const paused = report.paused.filter(Number.isFinite);
  lines.push(
    report.paused.length === 0
      ? 'live editing: no console was connected to the killed process'
      : `live editing paused for the ${report.paused.length} editors on the killed process until the server had all they typed: p50 ${(percentile(paused, 0.5) / 1000).toFixed(1)} s, longest ${(Math.max(...paused) / 1000).toFixed(1)} s${paused.length < report.paused.length ? ` (${report.paused.length - paused.length} not back during the load)` : ''}`,
  );
  const failures = new Map<string, number>();
  for (const call of report.calls.filter((one) => !one.ok)) {
    const key = `${call.kind} ${call.status || 'no answer'} at ${(call.at / 1000).toFixed(0)} s`;
    failures.set(key, (failures.get(key) ?? 0) + 1);
  }
  if (failures.size > 0) lines.push(`failed calls: ${[...failures].map(([key, count]) => `${key} (${count})`).join(', ')}`);
  const unseen = report.keystrokes.filter((keystroke) => !Number.isFinite(keystroke.ms)).length;
  if (unseen > 0) lines.push(`keystrokes another console had not seen when the load ended: ${unseen}`);
  lines.push(
    `the send: ${report.send.copies.toLocaleString('en')} copies in ${report.send.seconds.toFixed(1)} s (${report.send.rate.toFixed(0)}/s), ${report.send.doubt} in doubt, longest gap ${report.send.gapMs.toFixed(0)} ms at ${(report.send.gapAt / 1000).toFixed(1)} s (killed at ${(report.killedAt / 1000).toFixed(1)} s, started again at ${(report.restartingAt / 1000).toFixed(1)} s, answering at ${(report.restartedAt / 1000).toFixed(1)} s)`,
  );
  lines.push(`tracking: ${report.events.accepted} events answered, ${report.events.counted} counted`);
  lines.push(
    `the load's own event loop (its clients, the mail sink, the watching consoles; part of every time above): delay p50 ${report.loop.p50.toFixed(0)} ms, p99 ${report.loop.p99.toFixed(0)} ms, longest ${report.loop.max.toFixed(0)} ms`,
  );
  return lines;
}

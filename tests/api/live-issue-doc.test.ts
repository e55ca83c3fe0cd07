/**
 * An issue's shared document (docs/decisions/0022) against the real server, with many consoles
 * simulated by the console's own LiveIssue (plugins/issues/client/editor/live-issue.ts) over real
 * socket.io clients, and raw clients that do only what the spec says. Each typist keeps its caret
 * as LiveTextField does (a Y.RelativePosition bound to the letter before it) and types key by
 * key: double spaces, Turkish letters and emoji are keys like any other. What is checked is what
 * an editor would notice: the stored issue holds exactly what was typed, every open console shows
 * the same, concurrent typists in one field each keep their run of letters where they typed it,
 * undo takes back only one's own typing, a dropped connection loses nothing, the intro has one
 * writer, values the issue may not keep stay in the document while the issue keeps its last good
 * one, the stored updates are compacted and read back by the next server, and bad input is
 * refused, never a 500.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { buildServer, type Server } from '../../core/server/app';
import { readEnv } from '../../core/server/env';
import { constants } from '../../core/shared/config';
import { fieldOf, LiveIssue } from '../../plugins/issues/client/editor/live-issue';
import { readMessage, step1Message, textOf, updateMessage } from '../../plugins/issues/issue-doc';
import { issueDocFields, type IssueDocField } from '../../plugins/issues/rules';
import type { IssueTables } from '../../plugins/issues/server/tables';
import type { Issue } from '../../schemas/generated/entities/issue';
import { enginesFor, demoPassword, dropTestSchema, seedDataDir, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

type Role = 'admin' | 'director' | 'editor' | 'author' | 'other';
type Answer = { ok: boolean; status?: number; msg?: string; [key: string]: any };
type IssueEvent = { type: string; socketId: string | null; [key: string]: any };

const names = { editor: 'Emre Demir', director: 'Selin Kaya', admin: 'Deniz Aksoy' } as const;

/** Yields to the event loop once (answers and events that arrived are handled), nothing more. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The keys a text is typed with: one per character as a person sees it (an emoji, a flag, a family). */
const keysOf = (text: string) => Array.from(new Intl.Segmenter('tr', { granularity: 'grapheme' }).segment(text), (part) => part.segment);

/**
 * A person in a field of one console: the caret is kept as LiveTextField keeps it, relative to
 * the letter before it, so that others' typing elsewhere does not move it off its letters.
 */
class Typist {
  private caret: Y.RelativePosition;

  constructor(
    readonly live: LiveIssue,
    readonly field: IssueDocField,
    at: number = live.text(field).length,
  ) {
    this.caret = this.bind(at);
  }

  private bind(index: number) {
    return Y.createRelativePositionFromTypeIndex(this.live.text(this.field), index, -1);
  }

  /** Where the caret is now. */
  get at(): number {
    return Y.createAbsolutePositionFromRelativePosition(this.caret, this.live.doc)!.index;
  }

  get value(): string {
    return this.live.text(this.field).toString();
  }

  /** What the page hands LiveIssue after a key: the field's new value and the caret after the key. */
  press(key: string): void {
    const at = this.at;
    const now = this.value;
    this.live.type(this.field, now.slice(0, at) + key + now.slice(at), at + key.length);
    this.caret = this.bind(at + key.length);
  }

  /** Backspace: the character before the caret goes. */
  backspace(): void {
    const at = this.at;
    const now = this.value;
    const gone = keysOf(now.slice(0, at)).at(-1) ?? '';
    this.live.type(this.field, now.slice(0, at - gone.length) + now.slice(at), at - gone.length);
    this.caret = this.bind(at - gone.length);
  }

  /** Select all, then Delete. */
  clear(): void {
    this.live.type(this.field, '', 0);
    this.caret = this.bind(0);
  }

  /** Types a text key by key, yielding to the event loop between keys. */
  async type(text: string): Promise<void> {
    for (const key of keysOf(text)) {
      this.press(key);
      await tick();
    }
  }
}

/** Several typists at once: each presses its next key in turn, the event loop runs between rounds. */
async function together(runs: [Typist, string][]): Promise<void> {
  const queues = runs.map(([typist, text]) => ({ typist, keys: keysOf(text) }));
  while (queues.some((queue) => queue.keys.length > 0)) {
    for (const queue of queues) {
      const key = queue.keys.shift();
      if (key !== undefined) queue.typist.press(key);
    }
    await tick();
  }
}

/**
 * True once `check` holds, looked at whenever one of the consoles changes (and every 50 ms, for
 * what changes without telling); false after `ms`, for the expectations that follow to say what differs.
 */
function when(lives: LiveIssue[], check: () => boolean, ms = 8000): Promise<boolean> {
  return new Promise((resolve) => {
    const stops: (() => unknown)[] = [];
    let done = false;
    const finish = (result: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(poll);
      for (const stop of stops) stop();
      resolve(result);
    };
    const look = () => {
      if (check()) finish(true);
    };
    const timer = setTimeout(() => finish(check()), ms);
    const poll = setInterval(look, 50);
    for (const live of lives) stops.push(live.subscribe(look));
    look();
  });
}

/** Every console has its document, nothing unconfirmed, and all read the same in every plain-text field. */
const agree = (lives: LiveIssue[]) =>
  lives.every((live) => live.current.ready && !live.current.unsaved) &&
  issueDocFields.every((field) =>
    lives.every((live) => live.text(field).toString() === lives[0]!.text(field).toString() && live.value(field) === live.text(field).toString()),
  );
const settled = (...lives: LiveIssue[]) => when(lives, () => agree(lives));

/** What an update of a document made by `change` is (as a raw client sends it). */
function updateOf(doc: Y.Doc, change: () => void): Uint8Array {
  const before = Y.encodeStateVector(doc);
  change();
  return Y.encodeStateAsUpdate(doc, before);
}

/** A server of its own on a database that outlives it: PGlite in a data folder, or a PostgreSQL schema. */
function durableDatabase(kind: 'pglite' | 'postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'masthead-doc-'));
  const schema = kind === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
  const env = readEnv({
    DATA_DIR: dataDir,
    DEMO_PASSWORD: demoPassword,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://console.test',
    SPEECH_WORKERS: '0',
    ...(kind === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL! } : {}),
  });
  const running: Server[] = [];
  // PGlite's folder starts with the seeded demo data; a PostgreSQL schema seeds its own.
  let seeded = kind === 'postgres';
  return {
    async start() {
      if (!seeded) await seedDataDir(dataDir);
      seeded = true;
      const server = await buildServer({ env, logger: false, memoryDatabase: kind === 'postgres', databaseSchema: schema });
      await server.app.ready();
      running.push(server);
      return { server, url: await server.app.listen({ port: 0, host: '127.0.0.1' }) };
    },
    async stop(server: Server) {
      running.splice(running.indexOf(server), 1);
      await server.close();
    },
    async dispose() {
      for (const server of running.splice(0)) await server.close();
      if (schema) await dropTestSchema(process.env.TEST_DATABASE_URL!, schema);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const login = async (server: Server, email: string) => {
  const response = await server.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: demoPassword } });
  return (JSON.parse(response.body) as { data: string }).data;
};

/** Consoles and raw clients of one server: each socket authenticates on every connection, as the console's does. */
function clientsOf(url: () => string) {
  const sockets: Socket[] = [];
  const lives: LiveIssue[] = [];
  const socketOf = new Map<LiveIssue, Socket>();
  const next = <T = unknown>(socket: Socket, event: string, ms = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  const connect = async (token: string) => {
    // Reconnects at once when its connection drops (as the console's does, after a shorter wait).
    const socket = io(url(), { path: '/socket.io', transports: ['websocket'], reconnectionDelay: 20, reconnectionDelayMax: 50 });
    sockets.push(socket);
    socket.on('connect', () => socket.emit('authenticate', { token }));
    await next(socket, 'authenticated');
    return socket;
  };
  /** A console with the issue open, its document arrived. */
  const open = async (issue: Issue, token: string) => {
    const socket = await connect(token);
    const live = new LiveIssue(issue, [], socket);
    lives.push(live);
    socketOf.set(live, socket);
    expect(await when([live], () => live.current.ready)).toBe(true);
    return live;
  };
  const close = () => {
    for (const live of lives.splice(0)) live.dispose();
    for (const socket of sockets.splice(0)) socket.close();
    socketOf.clear();
  };
  /** The connection a console was opened on. */
  const connectionOf = (live: LiveIssue) => socketOf.get(live)!;
  return { next, connect, open, connectionOf, close };
}

const ask = (socket: Socket, event: string, payload: unknown): Promise<Answer> => socket.timeout(5000).emitWithAck(event, payload);

/**
 * What a socket hears of an issue's room: the spec's events on 'issue-{id}', the document's updates
 * on 'issue-doc'; and a wait for a spec event matching a check.
 */
function listen(socket: Socket, issueId: string) {
  const heard: IssueEvent[] = [];
  const updates: IssueEvent[] = [];
  const waiting = new Set<() => void>();
  socket.on(`issue-${issueId}`, (event: IssueEvent) => {
    heard.push(event);
    for (const look of waiting) look();
  });
  socket.on('issue-doc', (event: IssueEvent) => {
    if (event.issue?._id === issueId) updates.push(event);
  });
  const hears = (type: string, check: (event: IssueEvent) => boolean = () => true, ms = 5000) =>
    new Promise<IssueEvent | undefined>((resolve) => {
      const look = () => {
        const found = heard.find((event) => event.type === type && check(event));
        if (!found) return;
        waiting.delete(look);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiting.delete(look);
        resolve(undefined);
      }, ms);
      waiting.add(look);
      look();
    });
  return { heard, updates, hears };
}

describe.each(databases)("an issue's shared document, typed in by many consoles, on %s", (kind) => {
  let t: TestServer;
  let url: string;
  let tokens: Record<Role, string>;
  let morning: string;
  const clients = clientsOf(() => url);
  const { connect, open } = clients;

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    morning = (await db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    const kuzey = (await db.selectFrom('publishers').select('id').where('key', '=', 'kuzey-medya').executeTakeFirstOrThrow()).id;
    const admin = await t.login('admin@masthead.local');
    tokens = {
      admin: (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: kuzey } })).body.data,
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
    url = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  });
  // Each test's consoles and clients go with it.
  afterEach(() => clients.close());
  afterAll(async () => {
    clients.close();
    await t?.close();
  });

  const stored = async (id: string): Promise<Issue> => {
    const { status, body } = await t.request('GET', `/api/issues/list/${id}`, { token: tokens.director });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  /** A new draft of the morning newsletter with these fields (flat names, as live edits use them). */
  const made = async (slug: string, fields: Partial<Record<IssueDocField, string>> = {}): Promise<Issue> => {
    const { status, body } = await t.request('POST', '/api/issues/create', { token: tokens.director, body: { newsletter: morning, slug } });
    expect(status, JSON.stringify(body)).toBe(200);
    const id = body.data._id as string;
    const { 'notification.title': title, 'notification.body': text, ...plain } = fields;
    const issue = { ...plain, ...(title !== undefined || text !== undefined ? { notification: { title, body: text } } : {}) };
    if (Object.keys(issue).length > 0) {
      const saved = await t.request('PUT', `/api/issues/update/${id}/edit`, { token: tokens.director, body: { issue } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    return stored(id);
  };
  const docRows = async (issueId: string) =>
    Number(
      (
        await t.server.database.db
          .withTables<IssueTables>()
          .selectFrom('issue_doc_updates')
          .select((eb) => eb.fn.countAll().as('rows'))
          .where('issue_id', '=', issueId)
          .executeTakeFirstOrThrow()
      ).rows,
    );
  /** Expects every console and the stored issue to read `value` in `field`. */
  const expectEverywhere = async (issueId: string, field: IssueDocField, value: string, lives: LiveIssue[]) => {
    for (const [index, live] of lives.entries()) {
      expect(live.text(field).toString(), `${field} in console ${index + 1} of ${lives.length}`).toBe(value);
      expect(live.value(field), `${field} shown in console ${index + 1} of ${lives.length}`).toBe(value);
    }
    expect(fieldOf(await stored(issueId), field), `${field} stored`).toBe(value);
  };

  it('stores exactly what one typist typed key by key in each plain-text field, and every open console shows it', async () => {
    const issue = await made('tek-yazar', { subject: 'Başlık', preview: 'Özet', 'notification.title': 'Bildirim', 'notification.body': 'Metin' });
    const [typing, watching, alsoWatching] = [await open(issue, tokens.editor), await open(issue, tokens.director), await open(issue, tokens.admin)];
    const all = [typing, watching, alsoWatching];
    const typed: Record<IssueDocField, string> = {
      subject: ':  İstanbul’da ışıklı, ılık  bir gün — çöp, göğüs, şüphe 😀 🇹🇷 👩‍💻',
      preview: '  Kısa  özet: Iğdır, İğneada, Ünye  ve  Çeşme 🙂',
      'notification.title': ' Yeni  sayı çıktı 🚀  ',
      'notification.body': ' — Ilık hava, ılık deniz;  şimdi oku! 🌊',
      slug: 'yeni-sayi-2026',
    };
    for (const field of issueDocFields) {
      const typist = new Typist(typing, field);
      // The slug is typed anew (select all, Delete); the others go on from where they end.
      if (field === 'slug') typist.clear();
      const before = field === 'slug' ? '' : typist.value;
      await typist.type(typed[field]);
      expect(await settled(...all), `${field} settled`).toBe(true);
      await expectEverywhere(issue._id, field, before + typed[field], all);
    }
    expect(typing.current.problems).toEqual([]);
    // Nothing else moved: each field still reads what was typed in it.
    const now = await stored(issue._id);
    expect(now.subject).toBe(`Başlık${typed.subject}`);
    expect(now.preview).toBe(`Özet${typed.preview}`);
    expect(now.notification).toMatchObject({ title: `Bildirim${typed['notification.title']}`, body: `Metin${typed['notification.body']}` });
    expect(now.slug).toBe(typed.slug);
  });

  it('keeps both typists exact when two people type in two fields at once', async () => {
    const issue = await made('iki-alan', { subject: 'Sabah', preview: 'Kısa', 'notification.title': 'Başlık', 'notification.body': 'Gövde' });
    const [a, b, watching] = [await open(issue, tokens.editor), await open(issue, tokens.director), await open(issue, tokens.admin)];
    const pairs: [IssueDocField, string, IssueDocField, string][] = [
      ['subject', '  bülteni: şehir  hatları 😀', 'preview', ' özet — ğüşiöç  İI ı 🙂'],
      ['notification.title', ': yağmur  geliyor ☔', 'notification.body', '  Şemsiyeni  unutma! 🌂'],
    ];
    for (const [first, firstText, second, secondText] of pairs) {
      const before = { first: a.text(first).toString(), second: b.text(second).toString() };
      await together([
        [new Typist(a, first), firstText],
        [new Typist(b, second), secondText],
      ]);
      expect(await settled(a, b, watching)).toBe(true);
      await expectEverywhere(issue._id, first, before.first + firstText, [a, b, watching]);
      await expectEverywhere(issue._id, second, before.second + secondText, [a, b, watching]);
    }
  });

  it('keeps what is typed before the document has arrived, merged with what others typed meanwhile', async () => {
    const issue = await made('erken-yazilan', { subject: 'Sabah', preview: 'Kısa' });
    const other = await open(issue, tokens.director);
    await new Typist(other, 'preview').type(' özet');
    const socket = await connect(tokens.editor);
    // Typed at once, before the join and the document's answer: the console shows the value it loaded.
    const early = new LiveIssue(issue, [], socket);
    early.type('subject', 'Sabah  bülteni 😀', 'Sabah  bülteni 😀'.length);
    early.type('preview', 'Çok kısa', 'Çok'.length);
    expect(early.current.ready).toBe(false);
    expect(early.current.unsaved).toBe(true);
    // Its two fields go as two updates, one after the other: the other console may confirm its own
    // typing before the second arrives, so the wait is for both consoles to read the same.
    expect(await settled(early, other)).toBe(true);
    await expectEverywhere(issue._id, 'subject', 'Sabah  bülteni 😀', [early, other]);
    await expectEverywhere(issue._id, 'preview', 'Çok kısa özet', [early, other]);
    early.dispose();
  });

  it('keeps a slug being typed anew while someone else types the subject', async () => {
    const issue = await made('slug-ve-konu', { subject: 'Sabah' });
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    // B selects the slug and starts a new one; its first letters are not a slug the issue may keep yet.
    const slugTypist = new Typist(b, 'slug');
    slugTypist.clear();
    await slugTypist.type('oz');
    expect(await settled(a, b)).toBe(true);
    expect(b.current.problems).toEqual([{ field: 'slug', message: 'Slug must be at least 3 characters' }]);
    // Meanwhile A types the subject, then both go on at once.
    await new Typist(a, 'subject').type(' bülteni');
    expect(await settled(a, b)).toBe(true);
    expect.soft(b.text('slug').toString(), 'the slug B is typing, after A typed the subject').toBe('oz');
    await together([
      [new Typist(a, 'subject'), ': yepyeni  bir gün'],
      [slugTypist, 'el-adres-2026'],
    ]);
    expect(await settled(a, b)).toBe(true);
    await expectEverywhere(issue._id, 'subject', 'Sabah bülteni: yepyeni  bir gün', [a, b]);
    await expectEverywhere(issue._id, 'slug', 'ozel-adres-2026', [a, b]);
  });

  it('keeps the run of letters of each of two, then five typists in one field where each typed it', async () => {
    const issue = await made('tek-alan', { subject: 'Ortak başlık burada bugün' });
    const consoles = [
      await open(issue, tokens.editor),
      await open(issue, tokens.director),
      await open(issue, tokens.admin),
      await open(issue, tokens.editor),
      await open(issue, tokens.director),
    ];
    const [a, b, c, d, e] = consoles as [LiveIssue, LiveIssue, LiveIssue, LiveIssue, LiveIssue];

    // Two: one at the start, one at the end.
    await together([
      [new Typist(a, 'subject', 0), 'Son  dakika: '],
      [new Typist(b, 'subject'), ' — akşam  baskısı 😀'],
    ]);
    expect(await settled(...consoles)).toBe(true);
    let expected = 'Son  dakika: Ortak başlık burada bugün — akşam  baskısı 😀';
    await expectEverywhere(issue._id, 'subject', expected, consoles);

    // Five, each at a place of its own: after 'Son', after 'Ortak', after 'başlık', after 'burada', at the end.
    const after = (word: string) => expected.indexOf(word) + word.length;
    const runs: [Typist, string][] = [
      [new Typist(a, 'subject', after('Son')), ' ve son'],
      [new Typist(b, 'subject', after('Ortak')), ' ılık  İzmir'],
      [new Typist(c, 'subject', after('başlık')), ' 🇹🇷 çağ'],
      [new Typist(d, 'subject', after('burada')), ' ve şurada'],
      [new Typist(e, 'subject'), '  ğüşöç!'],
    ];
    await together(runs);
    expect(await settled(...consoles)).toBe(true);
    expected = 'Son ve son  dakika: Ortak ılık  İzmir başlık 🇹🇷 çağ burada ve şurada bugün — akşam  baskısı 😀  ğüşöç!';
    await expectEverywhere(issue._id, 'subject', expected, consoles);
  });

  it('keeps each run in one piece when two typists type at the same place at once', async () => {
    const issue = await made('ayni-yer', { preview: 'Başta' });
    const [a, b, watching] = [await open(issue, tokens.editor), await open(issue, tokens.director), await open(issue, tokens.admin)];
    const runs = [' ılık  rüzgâr 😀', ' soğuk  şehir 🇹🇷'];
    await together([
      [new Typist(a, 'preview'), runs[0]!],
      [new Typist(b, 'preview'), runs[1]!],
    ]);
    expect(await settled(a, b, watching)).toBe(true);
    const preview = a.text('preview').toString();
    // Either run may come first; each is whole, nothing else is there.
    expect([`Başta${runs[0]}${runs[1]}`, `Başta${runs[1]}${runs[0]}`]).toContain(preview);
    await expectEverywhere(issue._id, 'preview', preview, [a, b, watching]);
  });

  it("keeps a typist's caret after its letters when another edits the same field before it, or at it", async () => {
    const issue = await made('imlec', { preview: 'Kısa özet' });
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    const mine = new Typist(a, 'preview');
    await mine.type(' burada');
    expect(await settled(a, b)).toBe(true);
    expect(mine.at).toBe('Kısa özet burada'.length);

    // Someone types at the start: the caret moves on with its letters.
    await new Typist(b, 'preview', 0).type('Önce  şunu 😀: ');
    expect(await when([a], () => a.text('preview').toString().startsWith('Önce'))).toBe(true);
    expect(await settled(a, b)).toBe(true);
    expect(a.text('preview').toString()).toBe('Önce  şunu 😀: Kısa özet burada');
    expect(a.text('preview').toString().slice(0, mine.at)).toBe('Önce  şunu 😀: Kısa özet burada');

    // Someone deletes before it: the caret stays after 'burada'.
    const other = new Typist(b, 'preview', 'Önce  şunu 😀: Kısa'.length);
    for (let i = 0; i < 'Kısa'.length; i++) other.backspace();
    expect(await settled(a, b)).toBe(true);
    expect(a.text('preview').toString().slice(0, mine.at)).toBe('Önce  şunu 😀:  özet burada');

    // Someone types exactly where the caret is: their letters go after it, and the typist's next letters before theirs.
    await new Typist(b, 'preview', mine.at).type(' (ek)');
    expect(await settled(a, b)).toBe(true);
    expect(a.text('preview').toString().slice(0, mine.at)).toBe('Önce  şunu 😀:  özet burada');
    await mine.type('!');
    expect(await settled(a, b)).toBe(true);
    await expectEverywhere(issue._id, 'preview', 'Önce  şunu 😀:  özet burada! (ek)', [a, b]);
  });

  it("undoes only one's own typing after someone else's edit, and redoes it", async () => {
    const issue = await made('geri-al', { subject: 'Ortak' });
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    await new Typist(a, 'subject').type(' akşam  bülteni 😀');
    expect(await settled(a, b)).toBe(true);
    await new Typist(b, 'subject', 0).type('Son: ');
    expect(await settled(a, b)).toBe(true);
    await expectEverywhere(issue._id, 'subject', 'Son: Ortak akşam  bülteni 😀', [a, b]);

    a.undo('subject');
    expect(await when([a, b], () => agree([a, b]) && a.text('subject').toString() !== 'Son: Ortak akşam  bülteni 😀', 3000)).toBe(true);
    await expectEverywhere(issue._id, 'subject', 'Son: Ortak', [a, b]);

    a.undo('subject', true);
    expect(await when([a, b], () => agree([a, b]) && a.text('subject').toString() !== 'Son: Ortak')).toBe(true);
    await expectEverywhere(issue._id, 'subject', 'Son: Ortak akşam  bülteni 😀', [a, b]);
  });

  it('loses nothing of a word typed while the connection dropped in the middle of it', async () => {
    const issue = await made('kopan-baglanti', { 'notification.body': 'Metin' });
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    const socket = clients.connectionOf(a);
    const typist = new Typist(a, 'notification.body');
    const other = new Typist(b, 'notification.body', 0);

    // The transport closes under a word, the last key's update on its way; typing goes on while it is down.
    await typist.type(' ba');
    typist.press('ğ');
    socket.io.reconnection(false);
    const dropped = clients.next(socket, 'disconnect');
    socket.io.engine.close();
    await dropped;
    await together([
      [typist, 'lantı  kesildi 😀'],
      [other, 'Önce: '],
    ]);
    expect(socket.connected).toBe(false);
    expect(a.current.unsaved).toBe(true);
    expect(await when([b], () => !b.current.unsaved)).toBe(true);
    expect(b.text('notification.body').toString()).not.toContain('kesildi');
    // The connection comes back as the console's does (socket.io reconnecting), and authenticates.
    socket.io.reconnection(true);
    socket.connect();
    expect(await settled(a, b)).toBe(true);
    await expectEverywhere(issue._id, 'notification.body', 'Önce: Metin bağlantı  kesildi 😀', [a, b]);

    // Closed by the page (socket.disconnect()), typed into while closed, connected again.
    socket.disconnect();
    await typist.type(' — yeniden');
    await other.type('Ş');
    expect(a.current.unsaved).toBe(true);
    socket.connect();
    expect(await settled(a, b)).toBe(true);
    await expectEverywhere(issue._id, 'notification.body', 'Önce: ŞMetin bağlantı  kesildi 😀 — yeniden', [a, b]);
    expect(a.current.problems).toEqual([]);
  });

  it("takes a spec client's issue-update without issue-join into the document, and tells it what consoles type", async () => {
    const issue = await made('spec-istemcisi', { subject: 'Eski başlık' });
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    const spec = await connect(tokens.admin);
    const { heard, hears } = listen(spec, issue._id);
    const value = 'Spec  istemcisi: İzmir’de ılık 😀';
    const answer = await ask(spec, 'issue', { type: 'issue-update', issueId: issue._id, field: 'subject', value });
    expect(answer, JSON.stringify(answer)).toMatchObject({ ok: true, fields: { subject: value } });
    expect(await when([a, b], () => agree([a, b]) && a.text('subject').toString() === value)).toBe(true);
    await expectEverywhere(issue._id, 'subject', value, [a, b]);
    // It joined with its change: the consoles see it in the issue.
    expect(await when([a], () => a.current.collaborators.some((user) => user.socketId === spec.id))).toBe(true);

    // A console types: the spec client hears the fields on 'issue-{id}'.
    await new Typist(a, 'subject').type(' — ek  satır');
    expect(await settled(a, b)).toBe(true);
    const fields = await hears('issue-update', (event) => event.fields?.subject === `${value} — ek  satır`);
    expect(fields, 'issue-update heard by the spec client').toMatchObject({ issue: { _id: issue._id }, user: { name: names.editor } });
    await expectEverywhere(issue._id, 'subject', `${value} — ek  satır`, [a, b]);

    // Another field from the spec client, while a console types in the subject: both kept.
    const notification = await ask(spec, 'issue', { type: 'issue-update', issueId: issue._id, field: 'notification.title', value: 'Yeni  bildirim 🔔' });
    expect(notification.ok, JSON.stringify(notification)).toBe(true);
    await new Typist(b, 'subject', 0).type('[B] ');
    expect(await when([a, b], () => agree([a, b]) && a.text('notification.title').toString() === 'Yeni  bildirim 🔔')).toBe(true);
    await expectEverywhere(issue._id, 'notification.title', 'Yeni  bildirim 🔔', [a, b]);
    await expectEverywhere(issue._id, 'subject', `[B] ${value} — ek  satır`, [a, b]);
    // The spec's event carries only the spec's events: the document's updates go on 'issue-doc'.
    expect(heard.filter((event) => !['issue-update', 'presence'].includes(event.type)).map((event) => event.type)).toEqual([]);
  });

  it('lets one console write the intro at a time, refuses the others (409), and frees it on release and on disconnect', async () => {
    const issue = await made('giris-yazari');
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    const bSocket = clients.connectionOf(b);
    const raw = await connect(tokens.admin);
    const taken = `${names.editor} is writing the intro.`;

    expect(await a.claimIntro()).toBe(true);
    expect(await when([b], () => b.current.introWriter?.name === names.editor)).toBe(true);
    expect(await b.claimIntro()).toBe(false);
    expect(b.current.writingIntro).toBe(false);
    expect(await ask(raw, 'issue', { type: 'issue-update', issueId: issue._id, field: 'intro', value: '<p>Araya giren</p>' })).toEqual({
      ok: false,
      status: 409,
      msg: taken,
    });
    const put = await t.request('PUT', `/api/issues/update/${issue._id}/edit`, {
      token: tokens.director,
      body: { issue: { intro: { html: '<p>HTTP ile</p>' } } },
    });
    expect(put.status).toBe(409);
    expect(put.body.msg).toBe(taken);
    b.edit('intro', '<p>B yazmak istedi</p>');
    b.flush();
    expect(await when([b], () => b.current.problems.some((problem) => problem.field === 'intro'))).toBe(true);
    expect(b.current.problems).toContainEqual({ field: 'intro', message: taken });

    const written = '<p>Giriş metni: Iğdır, İzmir, ılık ve çiçekli bir gün 😀</p>';
    a.edit('intro', written);
    a.flush();
    expect(await when([a, b], () => !a.current.unsaved && b.value('intro') === written)).toBe(true);
    expect((await stored(issue._id)).intro.html).toBe(written);

    // Given back: the other may take it.
    await a.releaseIntro();
    expect(await when([b], () => b.current.introWriter === null)).toBe(true);
    expect(await b.claimIntro()).toBe(true);
    expect(await when([a], () => a.current.introWriter?.name === names.director)).toBe(true);
    expect(await a.claimIntro()).toBe(false);
    const rewritten = '<p>İkinci yazar yazdı.</p>';
    b.edit('intro', rewritten);
    b.flush();
    expect(await when([a, b], () => !b.current.unsaved && a.value('intro') === rewritten)).toBe(true);
    expect((await stored(issue._id)).intro.html).toBe(rewritten);

    // Its writer's connection goes: the intro is free.
    bSocket.disconnect();
    expect(await when([a], () => a.current.introWriter === null)).toBe(true);
    expect(await a.claimIntro()).toBe(true);
    a.edit('intro', '<p>Yeniden bende.</p>');
    a.flush();
    expect(await when([a], () => !a.current.unsaved)).toBe(true);
    expect((await stored(issue._id)).intro.html).toBe('<p>Yeniden bende.</p>');
  });

  it('keeps an empty subject in the document while the issue keeps its last good one, and stores it once typed again', async () => {
    const issue = await made('bos-konu', { subject: 'Geçerli konu' });
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    const typist = new Typist(a, 'subject');
    typist.clear();
    expect(await when([a, b], () => agree([a, b]) && a.current.problems.length > 0)).toBe(true);
    expect(a.current.problems).toEqual([{ field: 'subject', message: 'Subject line is not allowed to be empty.' }]);
    expect(b.text('subject').toString()).toBe('');
    expect((await stored(issue._id)).subject).toBe('Geçerli konu');

    await typist.type('Yeni  konu: İğne 😀');
    expect(await settled(a, b)).toBe(true);
    expect(a.current.problems).toEqual([]);
    await expectEverywhere(issue._id, 'subject', 'Yeni  konu: İğne 😀', [a, b]);

    // A preview over the issue's limit stays typed; the issue keeps the last one it may.
    const preview = new Typist(a, 'preview');
    await preview.type('ö'.repeat(240));
    expect(await settled(a, b)).toBe(true);
    expect((await stored(issue._id)).preview).toBe('ö'.repeat(240));
    await preview.type('ö');
    expect(await settled(a, b)).toBe(true);
    expect(a.current.problems).toEqual([{ field: 'preview', message: 'Preview must be less than 240 characters' }]);
    expect(b.text('preview').toString()).toBe('ö'.repeat(241));
    expect((await stored(issue._id)).preview).toBe('ö'.repeat(240));
    preview.backspace();
    expect(await settled(a, b)).toBe(true);
    expect(a.current.problems).toEqual([]);
    await expectEverywhere(issue._id, 'preview', 'ö'.repeat(240), [a, b]);
  });

  it(`refuses an update making a field longer than ${constants.issues.docFieldMaxChars} characters (422) and keeps the document as it was`, async () => {
    const issue = await made('cok-uzun', { 'notification.body': 'Kısa gövde' });
    const a = await open(issue, tokens.editor);
    const raw = await connect(tokens.director);
    const doc = new Y.Doc();
    const synced = await ask(raw, 'issue-doc', { issueId: issue._id, message: step1Message(doc) });
    for (const message of synced.messages as string[]) {
      const read = readMessage(message, Number.MAX_SAFE_INTEGER);
      if (read?.kind === 'update') Y.applyUpdate(doc, read.update);
    }
    expect(textOf(doc, 'notification.body').toString()).toBe('Kısa gövde');
    const body = textOf(doc, 'notification.body');
    const update = updateOf(doc, () => body.insert(body.length, 'ş'.repeat(constants.issues.docFieldMaxChars - body.length + 1)));
    const before = await stored(issue._id);
    const rows = await docRows(issue._id);
    expect(await ask(raw, 'issue-doc', { issueId: issue._id, message: updateMessage(update) })).toEqual({
      ok: false,
      status: 422,
      msg: 'Error!',
      details: [{ message: 'This change is too large.', path: 'message' }],
    });
    expect(await docRows(issue._id), 'stored updates after the refusal').toBe(rows);
    // Up to the limit is fine.
    const fits = new Y.Doc();
    Y.applyUpdate(fits, Y.encodeStateAsUpdate(a.doc));
    const fitsBody = textOf(fits, 'notification.body');
    const fitting = updateOf(fits, () => fitsBody.insert(0, 'ğ'.repeat(constants.issues.docFieldMaxChars - fitsBody.length)));
    expect(await ask(raw, 'issue-doc', { issueId: issue._id, message: updateMessage(fitting) })).toMatchObject({ ok: true });
    expect(await when([a], () => a.text('notification.body').length === constants.issues.docFieldMaxChars)).toBe(true);

    // A fresh console reads the document without the refused update; the stored issue is as it was (the body over 240 is a problem, not stored).
    const fresh = await open(issue, tokens.admin);
    expect(fresh.text('notification.body').toString()).toBe(`${'ğ'.repeat(constants.issues.docFieldMaxChars - 'Kısa gövde'.length)}Kısa gövde`);
    expect(await stored(issue._id)).toMatchObject({ notification: before.notification, subject: before.subject });
  });

  it('goes on storing what an editor types after its paste was refused as too large', async () => {
    const issue = await made('buyuk-yapistirma', { preview: 'Önce', subject: 'Konu' });
    const [a, b] = [await open(issue, tokens.editor), await open(issue, tokens.director)];
    // A paste of more than any field may hold.
    new Typist(a, 'preview').press('x'.repeat(constants.issues.docFieldMaxChars + 1));
    expect(await when([a], () => !a.current.unsaved && a.current.problems.length > 0)).toBe(true);
    expect.soft(a.current.problems).toEqual([{ field: 'preview', message: 'This change is too large.' }]);
    // The editor takes the paste back and types on, in the subject.
    new Typist(a, 'preview').clear();
    await new Typist(a, 'subject').type(' — sonra yazılan');
    expect(await when([a, b], () => !a.current.unsaved && b.text('subject').toString() === 'Konu — sonra yazılan', 5000)).toBe(true);
    expect((await stored(issue._id)).subject).toBe('Konu — sonra yazılan');
  });

  it("refuses an 'issue-doc' it cannot read (422), for an issue it does not know or may not show (404), from an author (401), never with a 500", async () => {
    const issue = await made('bozuk-girdi', { subject: 'Sağlam konu' });
    const [editor, author, other] = [await connect(tokens.editor), await connect(tokens.author), await connect(tokens.other)];
    const notUnderstood = { ok: false, status: 422, msg: 'Error!', details: [{ message: 'This change is not understood.', path: 'message' }] };
    const bytes = (...values: number[]) => Buffer.from(values).toString('base64');
    const garbage: [string, unknown][] = [
      ['not base64', 'garbage!!'],
      ['empty', ''],
      ['a number', 42],
      ['an object', { update: 'AAE=' }],
      ['an unknown message kind', bytes(7, 1, 0)],
      ['a truncated message', bytes(2)],
      ['a state vector that is not one', bytes(0, 4, 255, 255, 255, 255)],
      ['an update that is not one', bytes(2, 6, 1, 200, 3, 7, 9, 255)],
      ['noise', bytes(...Array.from({ length: 64 }, (_, index) => (index * 151 + 17) % 256))],
      ['a state vector of noise', bytes(0, 40, ...Array.from({ length: 40 }, (_, index) => (index * 89 + 200) % 256))],
      ['an update of noise', bytes(2, 40, ...Array.from({ length: 40 }, (_, index) => (index * 73 + 5) % 256))],
      ['a message over the size limit', 'A'.repeat(Math.ceil(constants.issues.docMessageMaxBytes / 3) * 4 + 4)],
    ];
    for (const [name, message] of garbage) {
      const answer = await ask(editor, 'issue-doc', { issueId: issue._id, message });
      expect.soft(answer.status, `${name}: ${JSON.stringify(answer)}`).not.toBe(500);
      expect.soft(answer, name).toEqual(notUnderstood);
    }
    const step1 = step1Message(new Y.Doc());
    expect(await ask(editor, 'issue-doc', { issueId: 'no-such-issue', message: step1 })).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });
    expect(await ask(editor, 'issue-doc', null)).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });
    expect(await ask(other, 'issue-doc', { issueId: issue._id, message: step1 })).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });
    expect(await ask(author, 'issue-doc', { issueId: issue._id, message: step1 })).toEqual({ ok: false, status: 401, msg: 'Please sign in again.' });
    const own = new Y.Doc();
    const authorUpdate = updateOf(own, () => textOf(own, 'subject').insert(0, 'Yazarın konusu'));
    expect(await ask(author, 'issue-doc', { issueId: issue._id, message: updateMessage(authorUpdate) })).toEqual({
      ok: false,
      status: 401,
      msg: 'Please sign in again.',
    });
    expect(await ask(author, 'issue-claim', { issueId: issue._id })).toEqual({ ok: false, status: 401, msg: 'Please sign in again.' });

    // The document is whole: a console opens it and types on.
    const live = await open(issue, tokens.director);
    expect(live.text('subject').toString()).toBe('Sağlam konu');
    await new Typist(live, 'subject').type(' hâlâ  çalışıyor 😀');
    expect(await settled(live)).toBe(true);
    await expectEverywhere(issue._id, 'subject', 'Sağlam konu hâlâ  çalışıyor 😀', [live]);
  });
});

describe.each(databases)("an issue's shared document across servers on %s", (kind) => {
  let database: ReturnType<typeof durableDatabase> | undefined;
  const clients: ReturnType<typeof clientsOf>[] = [];
  afterAll(async () => {
    for (const client of clients) client.close();
    await database?.dispose();
  });

  const issueOf = async (server: Server, token: string, id: string) =>
    JSON.parse((await server.app.inject({ method: 'GET', url: `/api/issues/list/${id}`, headers: { authorization: `Bearer ${token}` } })).body).data as Issue;

  it(`merges the stored updates every ${constants.issues.docCompactEvery}, and the next server reads back exactly what was typed`, async () => {
    database = durableDatabase(kind);
    const { server, url } = await database.start();
    const token = await login(server, 'director@masthead.local');
    const client = clientsOf(() => url);
    clients.push(client);
    const newsletter = (await server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/issues/create',
      headers: { authorization: `Bearer ${token}` },
      payload: { newsletter, slug: 'kalici-belge' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = JSON.parse(created.body).data._id as string;
    const live = await client.open(await issueOf(server, token, id), token);
    const watcher = await client.connect(token);
    const { updates } = listen(watcher, id);
    expect((await ask(watcher, 'issue-join', { issueId: id })).ok).toBe(true);

    // One update per key: each key waits for the one before to be stored.
    const typed: Partial<Record<IssueDocField, string>> = {
      preview: keysOf('Ilık bir sabah, İzmir’de çay 😀 '.repeat(7)).slice(0, 200).join(''),
      'notification.title': keysOf('Şehir  hatları ğüşöç '.repeat(10)).slice(0, 200).join(''),
      'notification.body': keysOf('yağmur  yağıyor '.repeat(13)).slice(0, 200).join(''),
    };
    let keys = 0;
    for (const [field, text] of Object.entries(typed) as [IssueDocField, string][]) {
      const typist = new Typist(live, field);
      for (const key of keysOf(text)) {
        typist.press(key);
        keys++;
        expect(await when([live], () => !live.current.unsaved)).toBe(true);
      }
    }
    expect(keys).toBeGreaterThan(constants.issues.docCompactEvery);
    const typistSocket = client.connectionOf(live).id;
    const sent = () => updates.filter((event) => event.socketId === typistSocket).length;
    await when([live], () => sent() >= keys);
    expect(sent(), 'updates the watcher heard from the typist').toBeGreaterThanOrEqual(keys);
    const rows = Number(
      (
        await server.database.db
          .withTables<IssueTables>()
          .selectFrom('issue_doc_updates')
          .select((eb) => eb.fn.countAll().as('rows'))
          .where('issue_id', '=', id)
          .executeTakeFirstOrThrow()
      ).rows,
    );
    expect(rows).toBeGreaterThan(0);
    expect(rows).toBeLessThan(keys - constants.issues.docCompactEvery + 10);
    const before = await issueOf(server, token, id);
    for (const [field, text] of Object.entries(typed) as [IssueDocField, string][]) expect(fieldOf(before, field)).toBe(text);
    client.close();
    await database.stop(server);

    // The next server, on the same database.
    const next = await database.start();
    const nextToken = await login(next.server, 'editor@masthead.local');
    const nextClient = clientsOf(() => next.url);
    clients.push(nextClient);
    const fresh = await nextClient.open(await issueOf(next.server, nextToken, id), nextToken);
    for (const [field, text] of Object.entries(typed) as [IssueDocField, string][]) expect(fresh.text(field).toString()).toBe(text);
    await new Typist(fresh, 'preview', 0).type('Yeniden: ');
    expect(await when([fresh], () => !fresh.current.unsaved)).toBe(true);
    expect((await issueOf(next.server, nextToken, id)).preview).toBe(`Yeniden: ${typed.preview}`);
  }, 60_000);
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("an issue's shared document typed in on two server processes at once (PostgreSQL)", () => {
  let database: ReturnType<typeof durableDatabase> | undefined;
  const clients: ReturnType<typeof clientsOf>[] = [];
  afterAll(async () => {
    for (const client of clients) client.close();
    await database?.dispose();
  });

  it('keeps every run of letters of typists connected to different processes, and both processes store the same', async () => {
    database = durableDatabase('postgres');
    const first = await database.start();
    const second = await database.start();
    const [firstToken, secondToken] = [await login(first.server, 'director@masthead.local'), await login(second.server, 'editor@masthead.local')];
    const [onFirst, onSecond] = [clientsOf(() => first.url), clientsOf(() => second.url)];
    clients.push(onFirst, onSecond);
    const newsletter = (await first.server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    const created = await first.server.app.inject({
      method: 'POST',
      url: '/api/issues/create',
      headers: { authorization: `Bearer ${firstToken}` },
      payload: { newsletter, slug: 'iki-surec' },
    });
    const id = JSON.parse(created.body).data._id as string;
    const saved = await first.server.app.inject({
      method: 'PUT',
      url: `/api/issues/update/${id}/edit`,
      headers: { authorization: `Bearer ${firstToken}` },
      payload: { issue: { preview: 'Orta' } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const issue = JSON.parse(
      (await first.server.app.inject({ method: 'GET', url: `/api/issues/list/${id}`, headers: { authorization: `Bearer ${firstToken}` } })).body,
    ).data as Issue;
    const lives = [
      await onFirst.open(issue, firstToken),
      await onSecond.open(issue, secondToken),
      await onFirst.open(issue, firstToken),
      await onSecond.open(issue, secondToken),
    ];
    const [a, b, c, d] = lives as [LiveIssue, LiveIssue, LiveIssue, LiveIssue];
    await together([
      [new Typist(a, 'preview', 0), 'Birinci  süreç 😀 '],
      [new Typist(b, 'preview'), ' ikinci  süreç ğüşıöç'],
      [new Typist(c, 'subject'), 'Ortak  başlık İzmir'],
      [new Typist(d, 'notification.body'), 'Gövde  🇹🇷'],
    ]);
    expect(await settled(...lives)).toBe(true);
    expect(a.text('preview').toString()).toBe('Birinci  süreç 😀 Orta ikinci  süreç ğüşıöç');
    expect(d.text('subject').toString()).toBe('Ortak  başlık İzmir');
    for (const [server, token] of [
      [first.server, firstToken],
      [second.server, secondToken],
    ] as const) {
      const read = JSON.parse((await server.app.inject({ method: 'GET', url: `/api/issues/list/${id}`, headers: { authorization: `Bearer ${token}` } })).body)
        .data as Issue;
      expect(read).toMatchObject({
        preview: 'Birinci  süreç 😀 Orta ikinci  süreç ğüşıöç',
        subject: 'Ortak  başlık İzmir',
        notification: { body: 'Gövde  🇹🇷' },
      });
    }
  }, 60_000);
});

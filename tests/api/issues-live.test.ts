/**
 * Live issue editing over socket.io (plugins/issues/server/realtime.ts, spec 001 section 7,
 * Real-time), with several real clients on one issue: joining (and who may not), who is in which
 * field, field edits made at the same moment (the same text field merged character by character,
 * different fields both kept), every change of the channel list, attaching and removing stories,
 * the permission each change needs, and refusals that leave the issue as it was. The server
 * orders the changes as they arrive and each is stored by the time its sender hears back: every
 * answer is checked against the issue read back over REST.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { roles } from '../../core/shared/config';
import rolesJson from '../../config/roles.json';
import type { IssueTables } from '../../plugins/issues/server/tables';
import type { Issue } from '../../schemas/generated/entities/issue';
import type { IssueChannel } from '../../schemas/generated/entities/issue-channel';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('every engine');

/**
 * config/roles.json gives every role that edits issues stories.move and stories.delete too; here
 * the editor lacks both, so that the permission each change of the channels needs can be seen
 * refused (spec 001 section 6).
 */
vi.mock('../../core/shared/config', async (importOriginal) => {
  const config = await importOriginal<typeof import('../../core/shared/config')>();
  const withheld = ['stories.move', 'stories.delete'];
  return { ...config, roles: { ...config.roles, editor: config.roles.editor.filter((grant) => !withheld.includes(grant)) } };
});

type Role = 'admin' | 'director' | 'editor' | 'author' | 'other';
type Answer = { ok: boolean; status?: number; msg?: string; [key: string]: any };
type IssueEvent = { type: string; socketId: string | null; [key: string]: any };

const roleRefusal = (role: string, permission: string) => `Your role (${role}) does not allow this: ${permission} is required.`;

describe.each(databases)('live issue editing on %s', (kind) => {
  let t: TestServer;
  let url: string;
  let tokens: Record<Role, string>;
  let morning: string;
  let tech: string;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    t = await startTestServer(kind);
    const { db } = t.server.database;
    const newsletterId = async (key: string) => (await db.selectFrom('newsletters').select('id').where('key', '=', key).executeTakeFirstOrThrow()).id;
    morning = await newsletterId('sabah-bulteni');
    tech = await newsletterId('teknoloji-notlari');
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
  afterAll(async () => {
    sockets.forEach((socket) => socket.disconnect());
    await t?.close();
  });

  const call = (role: Role, method: string, path: string, body?: unknown) => t.request(method, `/api${path}`, { token: tokens[role], body });
  const stored = async (id: string): Promise<Issue> => {
    const { status, body } = await call('director', 'GET', `/issues/list/${id}`);
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const made = async (slug: string, extra: Record<string, unknown> = {}): Promise<Issue> => {
    const { status, body } = await call('director', 'POST', '/issues/create', { newsletter: morning, slug, ...extra });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data;
  };
  const madeStory = async (newsletter: string, text: string): Promise<string> => {
    const { status, body } = await call('director', 'POST', '/stories/create', { newsletter, type: 'bullet', story: { body: { html: `<p>• ${text}</p>` } } });
    expect(status, JSON.stringify(body)).toBe(200);
    return body.data._id;
  };
  /** A demo issue of the morning newsletter by the end of its code name. */
  const demoIssue = async (code: string) =>
    (
      await t.server.database.db
        .withTables<IssueTables>()
        .selectFrom('issues')
        .select('id')
        .where('newsletter_id', '=', morning)
        .where('key', 'like', `%-${code}`)
        .executeTakeFirstOrThrow()
    ).id;
  const setProcessing = (id: string, processing: boolean) =>
    t.server.database.db.withTables<IssueTables>().updateTable('issues').set({ processing }).where('id', '=', id).execute();

  const next = <T = any>(socket: Socket, event: string, ms = 5000) =>
    new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no '${event}' within ${ms} ms`)), ms);
      socket.once(event, (payload: T) => {
        clearTimeout(timer);
        resolve(payload);
      });
    });
  const connect = async (role: Role) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    await next(socket, 'connect');
    socket.emit('authenticate', { token: tokens[role] });
    await next(socket, 'authenticated');
    return socket;
  };
  const ask = (socket: Socket, event: string, payload: unknown): Promise<Answer> => socket.timeout(5000).emitWithAck(event, payload);
  /** Joins and expects to be let in; answers what the socket hears on the issue's room from now on. */
  const joined = async (socket: Socket, issueId: string) => {
    const heard: IssueEvent[] = [];
    socket.on(`issue-${issueId}`, (event: IssueEvent) => heard.push(event));
    const answer = await ask(socket, 'issue-join', { issueId });
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    return heard;
  };
  const change = (socket: Socket, issueId: string, message: Record<string, unknown>) => ask(socket, 'issue', { issueId, ...message });
  const edit = (socket: Socket, issueId: string, field: string, value: unknown, base?: unknown) =>
    change(socket, issueId, { type: 'issue-update', field, value, ...(base === undefined ? {} : { base }) });
  const channelsOp = (socket: Socket, issueId: string, op: Record<string, unknown>) => change(socket, issueId, { type: 'channels-update', op });
  /** Waits until the socket heard an event of this type matching `check`; answers it. */
  const heardEvent = async (heard: IssueEvent[], type: string, check: (event: IssueEvent) => boolean = () => true) => {
    await expect.poll(() => heard.some((event) => event.type === type && check(event)), { timeout: 5000 }).toBe(true);
    return heard.filter((event) => event.type === type && check(event)).at(-1)!;
  };
  const titles = (channels: IssueChannel[]) => channels.map((channel) => channel.title);
  /** Expects `answer` to be stored now: its version and channels or fields are what the issue reads back. */
  const expectStored = async (issueId: string, answer: Answer) => {
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    const issue = await stored(issueId);
    expect(issue.version).toBeGreaterThanOrEqual(answer.version);
    if (issue.version === answer.version) expect(issue.updatedAt).toBe(answer.updatedAt);
    if (answer.channelsNew && issue.version === answer.version) expect(issue.channelsNew).toEqual(answer.channelsNew);
    return issue;
  };

  describe('issue-join', () => {
    it("lets in whoever edits the publisher's issues with the issue, and keeps out authors, another publisher and unknown issues", async () => {
      const id = await demoIssue('sabah-bulteni-hazir');
      const [editor, author, other] = await Promise.all([connect('editor'), connect('author'), connect('other')]);
      const answer = await ask(editor, 'issue-join', { issueId: id });
      expect(answer.ok).toBe(true);
      expect(answer.issue).toEqual((await call('editor', 'GET', `/issues/update/${id}`)).body.data.body);
      expect(await ask(other, 'issue-join', { issueId: id })).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });
      expect(await ask(author, 'issue-join', { issueId: id })).toEqual({ ok: false, status: 401, msg: 'Please sign in again.' });
      expect(await ask(editor, 'issue-join', { issueId: 'no-such-issue' })).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });
      expect(await ask(editor, 'issue-join', null)).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });

      // Nobody outside the room changes the issue or hears it.
      const outsiders: IssueEvent[] = [];
      other.on(`issue-${id}`, (event: IssueEvent) => outsiders.push(event));
      expect(await edit(other, id, 'subject', 'Komşunun konusu')).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });
      expect(await edit(author, id, 'subject', 'Yazarın konusu')).toMatchObject({ ok: false, status: 401 });
      expect((await stored(id)).subject).toBe('Sabah Bülteni: Metro, bütçe ve hafta sonu');
      const director = await connect('director');
      await joined(director, id);
      expect(await edit(director, id, 'preview', 'Şehirde bugün neler oluyor? Üç dakikada okuyun!')).toMatchObject({ ok: true });
      // A round trip: whatever the server sent the outsider before has arrived once the answer is here.
      await ask(other, 'issue-join', { issueId: 'no-such-issue' });
      expect(outsiders).toEqual([]);
    });
  });

  describe('an issue deleted while it is open', () => {
    it('tells the room, and refuses the changes that still come (404)', async () => {
      const issue = await made('acikken-silinen');
      const [editor, director] = await Promise.all([connect('editor'), connect('director')]);
      const heard = await joined(editor, issue._id);
      await joined(director, issue._id);
      expect((await call('director', 'DELETE', `/issues/delete/${issue._id}`)).status).toBe(200);
      expect(await heardEvent(heard, 'issue-delete')).toMatchObject({ issue: { _id: issue._id } });
      expect(await edit(editor, issue._id, 'subject', 'Silindikten sonra')).toEqual({ ok: false, status: 404, msg: 'Issue not found.' });
      expect(await channelsOp(director, issue._id, { kind: 'add-channel', channelId: 'gec', title: 'Geç', afterId: null })).toEqual({
        ok: false,
        status: 404,
        msg: 'Issue not found.',
      });
      expect((await call('director', 'GET', `/issues/list/${issue._id}`)).status).toBe(404);
    });
  });

  describe('presence', () => {
    it('tells the room who is in the issue and in which field, and drops a socket that leaves or disconnects', async () => {
      const issue = await made('kimler-burada');
      const [editor, director, admin] = await Promise.all([connect('editor'), connect('director'), connect('admin')]);
      const directorHeard = await joined(director, issue._id);
      const editorHeard = await joined(editor, issue._id);
      const latest = () => [...directorHeard].reverse().find((event) => event.type === 'presence');
      const users = () => (latest()?.users ?? []) as { socketId: string; _id: string; name: string; field: string | null }[];
      await expect
        .poll(
          () =>
            users()
              .map((user) => user.socketId)
              .sort(),
          { timeout: 5000 },
        )
        .toEqual([director.id, editor.id].sort());
      expect(users().find((user) => user.socketId === editor.id)).toMatchObject({ name: 'Emre Demir', field: null });

      editor.emit('issue-presence', { issueId: issue._id, field: 'subject' });
      await expect.poll(() => users().find((user) => user.socketId === editor.id)?.field, { timeout: 5000 }).toBe('subject');
      expect(editorHeard.filter((event) => event.type === 'presence').at(-1)!.users).toEqual(latest()!.users);
      // A field of an issue the socket is not in changes nothing.
      editor.emit('issue-presence', { issueId: 'another-issue', field: 'preview' });

      await joined(admin, issue._id);
      await expect.poll(() => users().length, { timeout: 5000 }).toBe(3);
      admin.emit('issue-leave', { issueId: issue._id });
      await expect
        .poll(
          () =>
            users()
              .map((user) => user.socketId)
              .sort(),
          { timeout: 5000 },
        )
        .toEqual([director.id, editor.id].sort());

      editor.disconnect();
      await expect.poll(() => users().map((user) => user.socketId), { timeout: 5000 }).toEqual([director.id]);
    });
  });

  describe("'issue' events of type issue-update", () => {
    it('merges two people typing in the same text field from the same base: both edits survive, stored and heard by both', async () => {
      const issue = await made('ayni-alan', { subject: 'Hafta sonu bülteni' });
      const [editor, director] = await Promise.all([connect('editor'), connect('director')]);
      const editorHeard = await joined(editor, issue._id);
      const directorHeard = await joined(director, issue._id);
      const base = 'Hafta sonu bülteni';
      const [fromEditor, fromDirector] = await Promise.all([
        edit(editor, issue._id, 'subject', 'Bu hafta sonu bülteni', base),
        edit(director, issue._id, 'subject', 'Hafta sonu bülteni: konserler', base),
      ]);
      expect(fromEditor.ok && fromDirector.ok, JSON.stringify([fromEditor, fromDirector])).toBe(true);
      const merged = 'Bu hafta sonu bülteni: konserler';
      const issueNow = await stored(issue._id);
      expect(issueNow).toMatchObject({ subject: merged, slug: 'bu-hafta-sonu-bulteni-konserler', version: 3 });
      // The later of the two answers is the merged text; each answer is what was stored then.
      const [first, second] = [fromEditor, fromDirector].sort((a, b) => a.version - b.version);
      expect(second!.fields.subject).toBe(merged);
      expect(second!.version).toBe(3);
      expect(first!.version).toBe(2);
      for (const heard of [editorHeard, directorHeard]) {
        const last = await heardEvent(heard, 'issue-update', (event) => event.version === 3);
        expect(last).toMatchObject({ fields: { subject: merged, slug: 'bu-hafta-sonu-bulteni-konserler' }, issue: { _id: issue._id } });
        expect(heard.filter((event) => event.type === 'issue-update').map((event) => event.version)).toEqual([2, 3]);
      }
      // Each event names who made it and from which socket, so a console skips its own.
      const byEditor = editorHeard.find((event) => event.type === 'issue-update' && event.socketId === editor.id)!;
      expect(byEditor.user).toMatchObject({ name: 'Emre Demir' });
      expect(byEditor.version).toBe(fromEditor.version);
    });

    it('keeps edits of different fields made at the same moment, and a run of keystrokes each from the last answer', async () => {
      const issue = await made('farkli-alanlar');
      const [editor, director, admin] = await Promise.all([connect('editor'), connect('director'), connect('admin')]);
      await Promise.all([joined(editor, issue._id), joined(director, issue._id), joined(admin, issue._id)]);
      const answers = await Promise.all([
        edit(editor, issue._id, 'preview', 'Kısa bir özet', ''),
        edit(director, issue._id, 'notification.title', 'Bildirim başlığı', ''),
        edit(admin, issue._id, 'intro', '<p>Giriş yazısı</p><script>x()</script>', ''),
        edit(director, issue._id, 'premium', true),
      ]);
      expect(answers.map((answer) => answer.ok)).toEqual([true, true, true, true]);
      expect(answers.map((answer) => answer.version).sort()).toEqual([2, 3, 4, 5]);
      expect(await stored(issue._id)).toMatchObject({
        preview: 'Kısa bir özet',
        notification: { title: 'Bildirim başlığı', body: '' },
        intro: { html: '<p>Giriş yazısı</p>', text: 'Giriş yazısı' },
        premium: true,
        version: 5,
      });

      // Two people typing (no letter in common), each sending every keystroke from the text of their last answer.
      let mine = '';
      let theirs = '';
      const typing = async (socket: Socket, word: string, at: 'start' | 'end', own: () => string, keep: (text: string) => void) => {
        for (const letter of word) {
          const base = own();
          const value = at === 'end' ? base + letter : letter + base;
          const answer = await edit(socket, issue._id, 'notification.body', value, base);
          expect(answer.ok, JSON.stringify(answer)).toBe(true);
          keep(answer.fields['notification.body'] ?? value);
        }
      };
      await Promise.all([
        typing(
          editor,
          'metro',
          'end',
          () => mine,
          (text) => (mine = text),
        ),
        typing(
          director,
          'sahil',
          'end',
          () => theirs,
          (text) => (theirs = text),
        ),
      ]);
      const body = (await stored(issue._id)).notification.body;
      // Every letter of both words, each word's letters in order.
      expect([...body].sort().join('')).toBe([...'metrosahil'].sort().join(''));
      for (const word of ['metro', 'sahil']) expect([...body].filter((letter) => word.includes(letter)).join('')).toBe(word);
    });

    it("refuses an edit the issue may not keep (the spec's messages), a field the caller may not change, and an issue being sent; the stored issue stays as it was", async () => {
      const issue = await made('reddedilen-canli', { subject: 'Geçerli konu' });
      const [editor, director] = await Promise.all([connect('editor'), connect('director')]);
      await Promise.all([joined(editor, issue._id), joined(director, issue._id)]);
      const before = await stored(issue._id);
      const refusal = async (answer: Promise<Answer>) => {
        const refused = await answer;
        expect(refused.ok).toBe(false);
        return refused;
      };
      expect(await refusal(edit(editor, issue._id, 'subject', '', 'Geçerli konu'))).toMatchObject({
        status: 422,
        details: [{ message: 'Subject line is not allowed to be empty.' }],
      });
      expect((await refusal(edit(editor, issue._id, 'subject', 'a'.repeat(241)))).details[0].message).toBe('Subject line must be less than 240 characters');
      expect((await refusal(edit(editor, issue._id, 'preview', 'a'.repeat(241)))).details[0].message).toBe('Preview must be less than 240 characters');
      expect((await refusal(edit(editor, issue._id, 'slug', 'ab'))).details[0].message).toBe('Slug must be at least 3 characters');
      const taken = (await stored(await demoIssue('aksam-bulteni'))).slug;
      expect((await refusal(edit(editor, issue._id, 'slug', taken))).details[0].message).toBe('Slug is not unique.');
      expect((await refusal(edit(editor, issue._id, 'intro', `<p>${'kelime '.repeat(500)}</p>`))).details[0].message).toBe(
        'Intro must be less than 3000 characters. Please divide your content into stories.',
      );
      expect(await refusal(edit(editor, issue._id, 'premium', true))).toEqual({
        ok: false,
        status: 401,
        msg: roleRefusal('EDITOR', 'issues.premium'),
        err: 'UNAUTHORIZED',
      });
      expect(await refusal(edit(editor, issue._id, 'status', { published: true }))).toMatchObject({ status: 422 });
      expect(await refusal(change(editor, issue._id, { type: 'issue-update', field: 'subject' }))).toMatchObject({ status: 422 });
      expect(await refusal(change(editor, issue._id, { type: 'no-such-type' }))).toMatchObject({ status: 422 });

      await setProcessing(issue._id, true);
      expect(await refusal(edit(director, issue._id, 'subject', 'Gönderilirken'))).toEqual({
        ok: false,
        status: 409,
        msg: 'The issue is being sent; it cannot change now.',
      });
      expect(await refusal(channelsOp(director, issue._id, { kind: 'add-channel', channelId: 'spor', title: 'Spor', afterId: null }))).toMatchObject({
        status: 409,
      });
      await setProcessing(issue._id, false);
      expect(await stored(issue._id)).toEqual(before);
    });
  });

  describe('changes of the channels', () => {
    it('applies channels-update moves and changes made at the same moment, each stored when answered', async () => {
      const id = await demoIssue('sabah-bulteni-hazir');
      const [director, admin, editor] = await Promise.all([connect('director'), connect('admin'), connect('editor')]);
      const directorHeard = await joined(director, id);
      await Promise.all([joined(admin, id), joined(editor, id)]);
      const before = (await stored(id)).channelsNew;
      const [, gundem, ekonomi, kultur] = before as [IssueChannel, IssueChannel, IssueChannel, IssueChannel];

      // Two stories dragged into Kültür Sanat by two people at once: both land there.
      const [a, b] = await Promise.all([
        channelsOp(director, id, { kind: 'move-story', storyId: gundem.stories[0], channelId: kultur._id, afterId: null }),
        channelsOp(admin, id, { kind: 'move-story', storyId: ekonomi.stories[0], channelId: kultur._id, afterId: null }),
      ]);
      await expectStored(id, a);
      let issue = await expectStored(id, b);
      const culture = issue.channelsNew.find((channel) => channel._id === kultur._id)!;
      expect(new Set(culture.stories)).toEqual(new Set([gundem.stories[0], ekonomi.stories[0], ...kultur.stories]));
      expect(issue.channelsNew.find((channel) => channel._id === ekonomi._id)!.stories).toEqual([]);
      const heard = await heardEvent(directorHeard, 'channels-update', (event) => event.version === issue.version);
      expect(heard).toMatchObject({ channelsNew: issue.channelsNew, op: { kind: 'move-story' } });

      // A channel moved, one added after another, and one renamed, at once: whatever the order, the same list.
      const answers = await Promise.all([
        channelsOp(director, id, { kind: 'move-channel', channelId: kultur._id, afterId: null }),
        channelsOp(admin, id, { kind: 'add-channel', channelId: 'spor', title: 'Spor', afterId: gundem._id }),
        channelsOp(editor, id, { kind: 'rename-channel', channelId: ekonomi._id, title: 'Ekonomi ve Para' }),
      ]);
      for (const answer of answers) await expectStored(id, answer);
      issue = await stored(id);
      expect(titles(issue.channelsNew)).toEqual(['Draft Stories', 'Kültür Sanat', 'Gündem', 'Spor', 'Ekonomi ve Para']);

      // A title another channel has is refused, in any case; nothing changes.
      const taken = await channelsOp(director, id, { kind: 'rename-channel', channelId: 'spor', title: 'gündem' });
      expect(taken).toEqual({ ok: false, status: 409, msg: 'Another channel of this issue has this title.' });
      const added = await channelsOp(director, id, { kind: 'add-channel', channelId: 'ikinci', title: ' SPOR ', afterId: null });
      expect(added).toMatchObject({ ok: false, status: 409, msg: 'Another channel of this issue has this title.' });
      expect(await stored(id)).toEqual(issue);
      expect(await channelsOp(director, id, { kind: 'teleport' })).toMatchObject({ ok: false, status: 422 });
    });

    it('deletes a channel (channel-delete) and sends its stories to Draft Stories', async () => {
      const id = await demoIssue('haftanin-ozeti');
      const [director, editor] = await Promise.all([connect('director'), connect('editor')]);
      await joined(director, id);
      const editorHeard = await joined(editor, id);
      const before = await stored(id);
      const channel = before.channelsNew[1]!;
      expect(channel.stories.length).toBeGreaterThan(0);
      // Deleting a channel needs issues.update only: the editor may.
      const answer = await change(editor, id, { type: 'channel-delete', channelId: channel._id });
      const issue = await expectStored(id, answer);
      expect(titles(issue.channelsNew)).toEqual(['Draft Stories']);
      expect(issue.channelsNew[0]!.stories).toEqual([...before.channelsNew[0]!.stories, ...channel.stories]);
      expect(await heardEvent(editorHeard, 'channel-delete')).toMatchObject({ channelsNew: issue.channelsNew, socketId: editor.id, version: answer.version });
      expect(await change(director, id, { type: 'channel-delete', channelId: 'stuff' })).toEqual({
        ok: false,
        status: 409,
        msg: 'Draft Stories cannot be deleted.',
      });
    });

    it('attaches a story created over REST (story-create) and removes one (story-delete), keeping the story', async () => {
      const issue = await made('hikaye-ekle', {
        template: (await call('director', 'GET', `/issues/create?newsletter=${morning}`)).body.data.data.channelTemplates[1]._id,
      });
      const [director, admin] = await Promise.all([connect('director'), connect('admin')]);
      await joined(director, issue._id);
      const adminHeard = await joined(admin, issue._id);
      const [first, second] = await Promise.all([madeStory(morning, 'Tramvay hattı uzuyor.'), madeStory(morning, 'Sahil parkı yenilendi.')]);
      const channel = issue.channelsNew[1]!;
      const answers = await Promise.all([
        change(director, issue._id, { type: 'story-create', storyId: first, channelId: channel._id, afterId: null }),
        change(admin, issue._id, { type: 'story-create', storyId: second, channelId: channel._id, afterId: null }),
      ]);
      for (const answer of answers) await expectStored(issue._id, answer);
      let current = await stored(issue._id);
      expect(new Set(current.channelsNew[1]!.stories)).toEqual(new Set([first, second]));
      const event = await heardEvent(adminHeard, 'story-create', (heard) => heard.story?._id === first);
      expect(event.story).toMatchObject({ _id: first, issue: issue._id, newsletter: morning });
      for (const storyId of [first, second]) expect((await call('director', 'GET', `/stories/list/${storyId}`)).body.data.issue).toBe(issue._id);
      const content = await call('director', 'GET', `/issues/update/${issue._id}/content`);
      expect(new Set(content.body.stories.map((story: { _id: string }) => story._id))).toEqual(new Set([first, second]));

      // A story of another newsletter, or already in another issue, is refused; the issue stays.
      const foreign = await madeStory(tech, 'Başka bültenin haberi.');
      expect(await change(director, issue._id, { type: 'story-create', storyId: foreign, channelId: channel._id })).toEqual({
        ok: false,
        status: 404,
        msg: 'Story not found.',
      });
      const otherIssue = await made('baska-sayi');
      await joined(director, otherIssue._id);
      expect(await change(director, otherIssue._id, { type: 'story-create', storyId: first, channelId: 'stuff' })).toEqual({
        ok: false,
        status: 409,
        msg: 'This story is already in another issue.',
      });
      expect((await call('director', 'GET', `/stories/list/${foreign}`)).body.data.issue).toBeNull();
      expect(await stored(issue._id)).toEqual(current);

      // A type the server does not know changes nothing, whatever it carries.
      expect(await change(admin, issue._id, { type: 'story-update', storyId: first })).toMatchObject({ ok: false, status: 422 });
      expect(await stored(issue._id)).toEqual(current);

      const removed = await change(admin, issue._id, { type: 'story-delete', storyId: first });
      current = await expectStored(issue._id, removed);
      expect(current.channelsNew.flatMap((item) => item.stories)).toEqual([second]);
      expect(await heardEvent(adminHeard, 'story-delete')).toMatchObject({ op: { kind: 'remove-story', storyId: first }, channelsNew: current.channelsNew });
      const kept = await call('director', 'GET', `/stories/list/${first}`);
      expect(kept.status).toBe(200);
      expect(kept.body.data.issue).toBeNull();
    });

    it('runs with an editor who edits issues but may neither move nor remove stories; in config/roles.json every issue editor may', () => {
      expect(roles.editor).toContain('issues.update');
      expect(roles.editor).not.toContain('stories.move');
      expect(roles.editor).not.toContain('stories.delete');
      for (const grants of Object.values(rolesJson).filter((value): value is string[] => Array.isArray(value)))
        if (grants.includes('issues.update')) expect(grants).toEqual(expect.arrayContaining(['stories.move', 'stories.delete', 'stories.create']));
    });

    it('asks each change for its permission: moving needs stories.move, removing stories.delete (the editor here holds neither)', async () => {
      const id = await demoIssue('ilk-sayi');
      const [editor, director] = await Promise.all([connect('editor'), connect('director')]);
      await Promise.all([joined(editor, id), joined(director, id)]);
      const before = await stored(id);
      const storyId = before.channelsNew[1]!.stories[0]!;
      expect(await channelsOp(editor, id, { kind: 'move-story', storyId, channelId: 'stuff', afterId: null })).toEqual({
        ok: false,
        status: 401,
        msg: roleRefusal('EDITOR', 'stories.move'),
        err: 'UNAUTHORIZED',
      });
      expect(await change(editor, id, { type: 'story-delete', storyId })).toEqual({
        ok: false,
        status: 401,
        msg: roleRefusal('EDITOR', 'stories.delete'),
        err: 'UNAUTHORIZED',
      });
      // Over REST too: a channel save that moves a story needs stories.move.
      const moved = before.channelsNew.map((channel, index) => ({
        ...channel,
        stories: index === 0 ? [storyId] : channel.stories.filter((other) => other !== storyId),
      }));
      const put = await call('editor', 'PUT', `/issues/update/${id}/channels`, { channelsNew: moved });
      expect(put.status).toBe(401);
      expect(put.body.msg).toBe(roleRefusal('EDITOR', 'stories.move'));
      expect(await stored(id)).toEqual(before);
      // What needs only issues.update goes through for the editor; the director moves and removes.
      await expectStored(id, await channelsOp(editor, id, { kind: 'add-channel', channelId: 'notlar', title: 'Notlar', afterId: null }));
      await expectStored(id, await channelsOp(director, id, { kind: 'move-story', storyId, channelId: 'notlar', afterId: null }));
      const now = (await stored(id)).channelsNew;
      const renamed = now.map((channel) => (channel._id === 'stuff' ? channel : { ...channel, title: `${channel.title} (yeni)` }));
      const rename = await call('editor', 'PUT', `/issues/update/${id}/channels`, { channelsNew: renamed });
      expect(rename.status, JSON.stringify(rename.body)).toBe(200);
      expect(titles(rename.body.data.channelsNew)).toEqual(['Draft Stories', 'Notlar (yeni)', 'Gündem (yeni)']);
      expect(rename.body.data.channelsNew[1].stories).toEqual([storyId]);
      await expectStored(id, await change(director, id, { type: 'story-delete', storyId }));
    });
  });
});

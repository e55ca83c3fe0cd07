/**
 * The console's live issue (plugins/issues/client/editor/live-issue.ts) against the real server:
 * two editors typing into the same field at once, one at each end, both keep every keystroke and
 * end with the same text as the stored issue; concurrent channel changes all apply; an editor
 * whose connection drops keeps typing and its words arrive when it is back.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { clockControl } from '../../core/server/clock';
import { constants } from '../../core/shared/config';
import { LiveIssue } from '../../plugins/issues/client/editor/live-issue';
import type { Issue } from '../../schemas/generated/entities/issue';
import { startTestServer, until, type TestServer } from './server';

/** Yields to the event loop once, so that typists' keystrokes interleave with the answers and events that arrived. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * A person typing into a field at their caret. The caret is kept as LiveTextField keeps it: a
 * position relative to the letter before it in the field's Y.Text, so it stays with its letters
 * as others' changes arrive.
 */
function typist(live: LiveIssue, field: 'subject' | 'preview', at: number) {
  const text = live.text(field);
  let caret = Y.createRelativePositionFromTypeIndex(text, at, -1);
  return (typed: string) => {
    const now = text.toString();
    const index = Y.createAbsolutePositionFromRelativePosition(caret, live.doc)?.index ?? now.length;
    live.type(field, now.slice(0, index) + typed + now.slice(index), index + typed.length);
    caret = Y.createRelativePositionFromTypeIndex(text, index + typed.length, -1);
  };
}

describe('the live issue of the console', () => {
  let t: TestServer;
  let address: string;
  let token: string;
  let otherToken: string;
  let newsletter: string;
  const sockets: Socket[] = [];

  const connect = async (with_: string) => {
    const socket = io(address, { path: '/socket.io', transports: ['websocket'] });
    sockets.push(socket);
    await new Promise((resolve) => socket.once('connect', () => resolve(null)));
    const authenticated = new Promise((resolve) => socket.once('authenticated', resolve));
    socket.emit('authenticate', { token: with_ });
    await authenticated;
    return socket;
  };

  const newIssue = async (slug: string): Promise<Issue> => {
    const created = await t.request('POST', '/api/issues/create', {
      token,
      body: { newsletter, slug, channelsNew: [{ title: 'Gündem' }, { title: 'Ekonomi' }] },
    });
    await t.request('PUT', `/api/issues/update/${created.body.data._id}/edit`, { token, body: { issue: { subject: 'Ortak sayı', preview: 'Kısa' } } });
    return (await t.request('GET', `/api/issues/update/${created.body.data._id}`, { token })).body.data.body;
  };
  const stored = async (id: string): Promise<Issue> => (await t.request('GET', `/api/issues/list/${id}`, { token })).body.data;
  const settled = (...lives: LiveIssue[]) => until(() => lives.every((live) => !live.current.unsaved), 5000);
  /** Consoles with the issue open, once each has its shared document (typing before that is not taken). */
  const ready = async (...lives: LiveIssue[]) => expect(await until(() => lives.every((live) => live.current.ready), 5000)).toBe(true);

  beforeAll(async () => {
    t = await startTestServer('pglite');
    address = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.login('editor@masthead.local');
    otherToken = await t.login('director@masthead.local');
    newsletter = (await t.request('GET', '/api/issues/list?limit=1', { token })).body.data[0].newsletter;
  }, 60_000);

  afterAll(async () => {
    clockControl.reset();
    for (const socket of sockets) socket.close();
    await t.close();
  });

  it('keeps every keystroke of two people typing in one field at once', async () => {
    const issue = await newIssue('ayni-alan');
    const a = new LiveIssue(issue, [], await connect(token));
    const b = new LiveIssue(issue, [], await connect(otherToken));
    await ready(a, b);
    const typeA = typist(a, 'subject', issue.subject.length);
    const typeB = typist(b, 'subject', 0);
    const end = ' bu akşam yayında';
    const start = 'Son dakika: ';
    for (let i = 0; i < Math.max(end.length, start.length); i++) {
      if (i < end.length) typeA(end[i]!);
      if (i < start.length) typeB(start[i]!);
      await tick();
    }
    await settled(a, b);
    await until(() => a.value('subject') === b.value('subject'), 3000);
    const expected = `${start}Ortak sayı${end}`;
    expect(a.value('subject')).toBe(expected);
    expect(b.value('subject')).toBe(expected);
    expect((await stored(issue._id)).subject).toBe(expected);
    a.dispose();
    b.dispose();
  });

  it('applies channel changes made at the same moment, and both editors end with the stored channels', async () => {
    const issue = await newIssue('ayni-an');
    const a = new LiveIssue(issue, [], await connect(token));
    const b = new LiveIssue(issue, [], await connect(otherToken));
    await ready(a, b);
    const [, gundem, ekonomi] = issue.channelsNew;
    const story = await t.request('POST', '/api/stories/create', {
      token,
      body: { newsletter, type: 'bullet', story: { body: { html: '<p>• Yeni haber geldi.</p>' } } },
    });
    a.addStory(story.body.data, gundem!._id, null);
    b.channelOp({ kind: 'rename-channel', channelId: ekonomi!._id, title: 'Ekonomi ve Piyasa' });
    b.channelOp({ kind: 'add-channel', channelId: 'spor-kanali', title: 'Spor', afterId: null });
    a.channelOp({ kind: 'move-channel', channelId: gundem!._id, afterId: ekonomi!._id });
    await settled(a, b);
    const channels = (await stored(issue._id)).channelsNew;
    // Each editor hears the other's last change a moment after its own answer.
    await until(() => [a, b].every((live) => JSON.stringify(live.current.issue.channelsNew) === JSON.stringify(channels)), 5000);
    expect(channels.map((channel) => channel.title)).toEqual(['Draft Stories', 'Spor', 'Ekonomi ve Piyasa', 'Gündem']);
    expect(channels.find((channel) => channel.title === 'Gündem')!.stories).toEqual([story.body.data._id]);
    expect(a.current.issue.channelsNew).toEqual(channels);
    expect(b.current.issue.channelsNew).toEqual(channels);
    a.dispose();
    b.dispose();
  });

  it('stores keystrokes in the order they were sent, also when the session is checked again between them', async () => {
    const issue = await newIssue('sirali');
    const socket = await connect(token);
    await socket.emitWithAck('issue-join', { issueId: issue._id });
    // Past the socket's session check interval (the clock moves on instead of the test waiting): the next event waits for a database query.
    clockControl.advance(constants.auth.socketSessionCheckSeconds * 1000 + 200);
    const first = socket.emitWithAck('issue', { issueId: issue._id, type: 'issue-update', field: 'subject', base: 'Ortak sayı', value: 'Ortak sayım' });
    const second = socket.emitWithAck('issue', { issueId: issue._id, type: 'issue-update', field: 'subject', base: 'Ortak sayım', value: 'Ortak sayıma' });
    await Promise.all([first, second]);
    expect((await stored(issue._id)).subject).toBe('Ortak sayıma');
  });

  it('keeps what an editor typed while its connection was down, and sends it when it is back', async () => {
    const issue = await newIssue('baglanti');
    const socket = await connect(otherToken);
    const a = new LiveIssue(issue, [], await connect(token));
    const b = new LiveIssue(issue, [], socket);
    await ready(a, b);
    socket.disconnect();
    const typeB = typist(b, 'preview', issue.preview.length);
    for (const character of ' metin') typeB(character);
    typist(a, 'preview', 0)('Çok ');
    expect(b.current.unsaved).toBe(true);
    // A's words arrive at B's console only once it is back.
    await settled(a);
    expect(b.value('preview')).toBe('Kısa metin');
    socket.connect();
    socket.once('connect', () => socket.emit('authenticate', { token: otherToken }));
    await until(() => a.value('preview') === 'Çok Kısa metin' && b.value('preview') === 'Çok Kısa metin', 5000);
    await settled(a, b);
    expect((await stored(issue._id)).preview).toBe('Çok Kısa metin');
    a.dispose();
    b.dispose();
  });
});

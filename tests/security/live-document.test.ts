/**
 * An issue's shared document (docs/decisions/0022) stays what its fields are: plain text, bounded.
 * An editor's 'issue-doc' update that formats a field's text, gives the text or the field
 * attributes, puts a map, an array, an element or an embed where text is expected, makes a
 * top-level type the document does not have, or builds on changes that never arrive (Yjs would
 * keep those waiting, in the copy every joining console downloads) is refused (422) before it
 * touches the server's copy, and nothing of it is stored. Eighty of them leave the document as it
 * was, far under its cap, and a plain edit still applies and reaches the others. A console whose
 * typing is refused reads the server's copy again instead of keeping what nobody else has.
 */
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { constants } from '../../core/shared/config';
import { LiveIssue } from '../../plugins/issues/client/editor/live-issue';
import { readMessage, step1Message, textOf, updateMessage } from '../../plugins/issues/issue-doc';
import { isDocField, issueDocFields } from '../../plugins/issues/rules';
import { docMissingChanges, docPlainTextOnly } from '../../plugins/issues/server/documents';
import type { IssueTables } from '../../plugins/issues/server/tables';
import type { Issue } from '../../schemas/generated/entities/issue';
import { startTestServer, type TestServer } from '../api/server';

type Answer = { ok: boolean; status?: number; msg?: string; [key: string]: any };

/** What an update of a document made by `change` is (as a raw client sends it). */
function updateOf(doc: Y.Doc, change: () => void): Uint8Array {
  const before = Y.encodeStateVector(doc);
  change();
  return Y.encodeStateAsUpdate(doc, before);
}

const refusal = (message: string) => ({ ok: false, status: 422, msg: 'Error!', details: [{ message, path: 'message' }] });

describe("an issue's shared document under hostile updates", () => {
  let t: TestServer;
  let url: string;
  let editor: string;
  let director: string;
  let morning: string;
  const sockets: Socket[] = [];
  const lives: LiveIssue[] = [];

  beforeAll(async () => {
    t = await startTestServer('pglite');
    morning = (await t.server.database.db.selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow()).id;
    [editor, director] = [await t.login('editor@masthead.local'), await t.login('director@masthead.local')];
    url = await t.server.app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterEach(() => {
    for (const live of lives.splice(0)) live.dispose();
    for (const socket of sockets.splice(0)) socket.close();
  });
  afterAll(async () => {
    await t?.close();
  });

  const connect = async (token: string) => {
    const socket = io(url, { path: '/socket.io', transports: ['websocket'], reconnection: false });
    sockets.push(socket);
    socket.on('connect', () => socket.emit('authenticate', { token }));
    await new Promise((resolve) => socket.once('authenticated', resolve));
    return socket;
  };
  const ask = (socket: Socket, payload: unknown): Promise<Answer> => socket.timeout(5000).emitWithAck('issue-doc', payload);

  /** A new draft of the morning newsletter with a subject and a preview. */
  const made = async (slug: string): Promise<Issue> => {
    const created = await t.request('POST', '/api/issues/create', { token: director, body: { newsletter: morning, slug } });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data._id as string;
    const saved = await t.request('PUT', `/api/issues/update/${id}/edit`, {
      token: director,
      body: { issue: { subject: 'Sabah konusu', preview: 'Kısa özet' } },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    return (await t.request('GET', `/api/issues/list/${id}`, { token: director })).body.data;
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
  /** The server's whole document, as a client with nothing reads it (which is also what joining downloads). */
  const serverCopy = async (socket: Socket, issueId: string) => {
    const doc = new Y.Doc();
    const answer = await ask(socket, { issueId, message: step1Message(doc) });
    expect(answer.ok, JSON.stringify(answer)).toBe(true);
    let bytes = 0;
    for (const message of answer.messages as string[]) {
      const read = readMessage(message, Number.MAX_SAFE_INTEGER);
      if (read?.kind === 'update') {
        bytes += read.update.length;
        Y.applyUpdate(doc, read.update);
      }
    }
    return { doc, bytes };
  };
  const send = (socket: Socket, issueId: string, update: Uint8Array) => ask(socket, { issueId, message: updateMessage(update) });

  /** Each hostile change, made on a copy of the server's document. */
  const hostile: [string, (doc: Y.Doc) => void][] = [
    ["a format on the subject's text", (doc) => textOf(doc, 'subject').format(0, 1, { k: 'v'.repeat(60_000) })],
    ['letters inserted with attributes', (doc) => textOf(doc, 'preview').insert(0, 'x', { bold: true })],
    ['an attribute of the field itself', (doc) => textOf(doc, 'subject').setAttribute('k', 'v'.repeat(1000))],
    ['an embed in the text', (doc) => textOf(doc, 'subject').insertEmbed(0, { image: 'v'.repeat(1000) })],
    ['a map where text is expected', (doc) => textOf(doc, 'subject').insertEmbed(0, new Y.Map([['k', 'v']]))],
    ['an element where text is expected', (doc) => textOf(doc, 'preview').insertEmbed(0, new Y.XmlElement('p'))],
    ['a new top-level map', (doc) => doc.getMap('extra').set('k', 'v')],
    ['a new top-level text', (doc) => doc.getText('extra').insert(0, 'v')],
    ['a new top-level array', (doc) => doc.getArray('extra').insert(0, ['v'])],
    ['a new top-level XML fragment', (doc) => doc.getXmlFragment('extra').insert(0, [new Y.XmlText('v')])],
  ];

  it('refuses formats, attributes and foreign types (422) and stores nothing of them', async () => {
    const issue = await made('bicimli-guncelleme');
    const socket = await connect(editor);
    const before = await serverCopy(socket, issue._id);
    const rows = await docRows(issue._id);
    for (const [name, change] of hostile) {
      const { doc } = await serverCopy(socket, issue._id);
      expect
        .soft(
          await send(
            socket,
            issue._id,
            updateOf(doc, () => change(doc)),
          ),
          name,
        )
        .toEqual(refusal(docPlainTextOnly));
    }
    expect(await docRows(issue._id), 'stored updates').toBe(rows);
    const after = await serverCopy(socket, issue._id);
    expect(after.bytes).toBe(before.bytes);
    // Only the fields (the empty ones are not in the encoding at all).
    expect([...after.doc.share.keys()].filter((name) => !isDocField(name))).toEqual([]);
    expect(textOf(after.doc, 'subject').toDelta()).toEqual([{ insert: 'Sabah konusu' }]);
  });

  it('refuses updates whose dependencies never arrived, so the document does not grow from them; once they arrive, both apply', async () => {
    const issue = await made('eksik-bagimlilik');
    const socket = await connect(editor);
    const { doc: ghost, bytes } = await serverCopy(socket, issue._id);
    const rows = await docRows(issue._id);
    const subject = textOf(ghost, 'subject');
    // The first change never reaches the server; the second builds on it (its letters, its clock, its deletion).
    const first = updateOf(ghost, () => subject.insert(subject.length, ' — eksik'));
    const second = updateOf(ghost, () => subject.insert(subject.length, 'x'.repeat(1000)));
    const deletion = updateOf(ghost, () => subject.delete(subject.length - 5, 5));
    for (const [name, update] of [
      ['letters after letters it lacks', second],
      ['a deletion of letters it lacks', deletion],
      ['both', Y.mergeUpdates([second, deletion])],
    ] as const)
      expect.soft(await send(socket, issue._id, update), name).toEqual(refusal(docMissingChanges));
    expect(await docRows(issue._id), 'stored updates').toBe(rows);
    expect((await serverCopy(socket, issue._id)).bytes).toBe(bytes);

    // Nothing is held back waiting for them: sent in order, they all apply.
    for (const update of [first, second, deletion]) expect(await send(socket, issue._id, update)).toMatchObject({ ok: true });
    expect(textOf((await serverCopy(socket, issue._id)).doc, 'subject').toString()).toBe(`Sabah konusu — eksik${'x'.repeat(995)}`);
  });

  it('keeps the document under its cap after 80 hostile updates, and a plain edit still applies and reaches a second client', async () => {
    const issue = await made('seksen-saldiri');
    const [socket, other] = [await connect(editor), await connect(director)];
    const { doc: copy, bytes } = await serverCopy(socket, issue._id);
    // The other client is in the issue's room (its first 'issue-doc' joined it) and hears its updates.
    const watching = (await serverCopy(other, issue._id)).doc;
    const heard: string[] = [];
    other.on('issue-doc', (event: { issue: { _id: string }; message: string }) => {
      const read = readMessage(event.message, Number.MAX_SAFE_INTEGER);
      if (event.issue._id === issue._id && read?.kind === 'update') heard.push(event.message);
      if (read?.kind === 'update') Y.applyUpdate(watching, read.update);
    });
    const ghost = new Y.Doc();
    Y.applyUpdate(ghost, Y.encodeStateAsUpdate(copy));
    const answers: Answer[] = [];
    for (let round = 0; round < 80; round++) {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, Y.encodeStateAsUpdate(copy));
      const kind = round % 4;
      let update: Uint8Array;
      if (kind === 0) update = updateOf(doc, () => textOf(doc, 'subject').format(0, 1, { [`k${round}`]: 'v'.repeat(60_000) }));
      else if (kind === 1) update = updateOf(doc, () => textOf(doc, 'preview').setAttribute(`k${round}`, 'v'.repeat(60_000)));
      else if (kind === 2) update = updateOf(doc, () => doc.getMap(`extra${round}`).set('k', 'v'.repeat(60_000)));
      else {
        // Letters after letters the server never gets.
        updateOf(ghost, () => textOf(ghost, 'preview').insert(0, 'g'));
        update = updateOf(ghost, () => textOf(ghost, 'preview').insert(1, 'v'.repeat(40_000)));
      }
      answers.push(await send(socket, issue._id, update));
    }
    expect(answers.filter((answer) => answer.ok)).toEqual([]);
    expect(answers.every((answer) => answer.status === 422)).toBe(true);
    const after = await serverCopy(socket, issue._id);
    expect(after.bytes).toBe(bytes);
    expect(after.bytes).toBeLessThan(constants.issues.docMaxBytes);
    expect(heard).toEqual([]);

    const subject = textOf(copy, 'subject');
    expect(
      await send(
        socket,
        issue._id,
        updateOf(copy, () => subject.insert(subject.length, ' ve öğle')),
      ),
    ).toMatchObject({ ok: true });
    await expect.poll(() => textOf(watching, 'subject').toString(), { timeout: 5000 }).toBe('Sabah konusu ve öğle');
    // The edit, and the slug following the subject (a draft's).
    expect(heard.length).toBeGreaterThan(0);
    expect((await t.request('GET', `/api/issues/list/${issue._id}`, { token: director })).body.data.subject).toBe('Sabah konusu ve öğle');
  });

  /** Two consoles in a new issue, their documents arrived. */
  const consoles = async (slug: string) => {
    const issue = await made(slug);
    const open = async (token: string) => {
      const live = new LiveIssue(issue, [], await connect(token));
      lives.push(live);
      await expect.poll(() => live.current.ready, { timeout: 5000 }).toBe(true);
      return live;
    };
    return { issue, a: await open(editor), b: await open(director) };
  };
  /** Puts what `change` makes on a copy of `live`'s document into it, as if typed elsewhere and never sent. */
  const behindTheServer = (live: LiveIssue, change: (doc: Y.Doc) => void) => {
    const ghost = new Y.Doc();
    Y.applyUpdate(ghost, Y.encodeStateAsUpdate(live.doc));
    Y.applyUpdate(
      live.doc,
      updateOf(ghost, () => change(ghost)),
    );
  };
  const agree = (a: LiveIssue, b: LiveIssue) =>
    [a, b].every((live) => live.current.ready && !live.current.unsaved) &&
    issueDocFields.every((field) => a.text(field).toString() === b.text(field).toString());

  it('has a console whose typing builds on an update the server lacks send what it lacks, and go on', async () => {
    const { issue, a, b } = await consoles('eksik-gonderilir');
    // Letters the server never got (an update lost with a connection); A types right after them.
    behindTheServer(a, (doc) => textOf(doc, 'subject').insert(12, ' kayıp'));
    a.type('subject', 'Sabah konusu kayıp!', 19);
    await expect.poll(() => agree(a, b) && b.text('subject').toString(), { timeout: 5000 }).toBe('Sabah konusu kayıp!');
    expect(a.current.problems).toEqual([]);
    expect((await t.request('GET', `/api/issues/list/${issue._id}`, { token: director })).body.data.subject).toBe('Sabah konusu kayıp!');
  });

  it("has a console whose typing is refused read the server's copy again, keeping what the others typed", async () => {
    const { issue, a, b } = await consoles('yeniden-oku');
    b.type('preview', 'Kısa özet!', 10);
    await expect.poll(() => agree(a, b) && a.text('preview').toString(), { timeout: 5000 }).toBe('Kısa özet!');
    // Formatted letters in A's copy (the server refuses them, sent again or not); A types after them.
    behindTheServer(a, (doc) => textOf(doc, 'subject').insert(12, ' kalın', { bold: true }));
    a.type('subject', 'Sabah konusu kalın!', 19);
    await expect.poll(() => agree(a, b) && a.text('subject').toString(), { timeout: 5000 }).toBe('Sabah konusu');
    expect(a.value('subject')).toBe('Sabah konusu');
    expect(a.text('subject').toDelta()).toEqual([{ insert: 'Sabah konusu' }]);
    expect(a.current.problems).toContainEqual({ field: 'subject', message: docPlainTextOnly });

    // A goes on typing in its new copy; B and the stored issue have it.
    a.type('subject', 'Sabah konusu: yeni', 18);
    await expect.poll(() => agree(a, b) && b.text('subject').toString(), { timeout: 5000 }).toBe('Sabah konusu: yeni');
    expect(a.current.problems).toEqual([]);
    const stored = (await t.request('GET', `/api/issues/list/${issue._id}`, { token: director })).body.data;
    expect([stored.subject, stored.preview]).toEqual(['Sabah konusu: yeni', 'Kısa özet!']);
  });

  it('has a console typing into an issue being sent take the stored text back, with the refusal under the field', async () => {
    const { issue, a, b } = await consoles('gonderiliyor');
    const processing = (value: boolean) =>
      t.server.database.db.withTables<IssueTables>().updateTable('issues').set({ processing: value }).where('id', '=', issue._id).execute();
    await processing(true);
    a.type('preview', 'Kısa özet — geç', 15);
    await expect.poll(() => agree(a, b) && a.text('preview').toString(), { timeout: 5000 }).toBe('Kısa özet');
    expect(a.current.problems).toEqual([{ field: 'preview', message: 'The issue is being sent; it cannot change now.' }]);
    await processing(false);
    a.type('preview', 'Kısa özet — sonra', 17);
    await expect.poll(() => agree(a, b) && b.text('preview').toString(), { timeout: 5000 }).toBe('Kısa özet — sonra');
    expect(a.current.problems).toEqual([]);
  });
});

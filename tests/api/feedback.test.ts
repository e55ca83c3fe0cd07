/**
 * Feedback (spec 002 sections 2.12 and 3): Give Feedback, Report a Bug and Request a Feature are
 * stored with the sender's e-mail and the status new; only admins list them and change the status.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enginesFor, startTestServer, type TestServer } from './server';

const databases = enginesFor('embedded');

const roleMessage = (role: string) => `Required role Admin, current role: ${role}`;

describe.each(databases)('feedback on %s', (kind) => {
  let t: TestServer;
  let tokens: Record<'admin' | 'director' | 'editor' | 'author' | 'other', string>;

  const send = (token: string, body: unknown) => t.request('POST', '/api/feedback/create', { token, body });
  const valid = {
    type: 'bug',
    product: 'Console',
    title: 'Kaydet düğmesi çalışmıyor',
    description: 'Profil sayfasında SAVE düğmesine basınca bir şey olmuyor.',
  };

  beforeAll(async () => {
    t = await startTestServer(kind);
    tokens = {
      admin: await t.login('admin@masthead.local'),
      director: await t.login('director@masthead.local'),
      editor: await t.login('editor@masthead.local'),
      author: await t.login('author@masthead.local'),
      other: await t.login('director@egehaber.example'),
    };
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['feedback', 'author', 'author@masthead.local'],
    ['bug', 'editor', 'editor@masthead.local'],
    ['feature', 'other', 'director@egehaber.example'],
  ] as const)('stores %s from the %s with their e-mail and the status new', async (type, who, email) => {
    const { status, body } = await send(tokens[who], { ...valid, type, title: `  ${type} başlığı  ` });
    expect(status).toBe(200);
    expect(body.msg).toBe('Thank you! Your feedback is sent.');
    expect(body.data).toMatchObject({ type, product: 'Console', title: `${type} başlığı`, description: valid.description, email, status: 'new' });
    const list = (await t.request('GET', '/api/feedback/list', { token: tokens.admin })).body;
    expect(list.data[0]).toMatchObject({ _id: body.data._id, email, type });
  });

  it('refuses bad input with clear messages', async () => {
    const messageOf = async (body: unknown) => {
      const { status, body: answer } = await send(tokens.author, body);
      expect(status).toBe(422);
      return answer.details[0].message as string;
    };
    expect(await messageOf({ ...valid, title: '' })).toBe('The title must be at least 3 characters.');
    expect(await messageOf({ ...valid, title: '     ' })).toBe('Please enter a title.');
    expect(await messageOf({ ...valid, title: 'x'.repeat(121) })).toBe('The title must be less than 120 characters.');
    expect(await messageOf({ ...valid, description: 'kısa' })).toBe('The description must be at least 10 characters.');
    expect(await messageOf({ ...valid, description: 'x'.repeat(5001) })).toBe('The description must be less than 5000 characters.');
    const { description: _description, ...withoutDescription } = valid;
    expect(await messageOf(withoutDescription)).toBe('Please describe it.');
    expect(await messageOf({ ...valid, product: '' })).toBe('Please choose a product.');
    expect(await messageOf({ ...valid, product: 'Toaster' })).toBe('Please choose a product.');
    expect(await messageOf({ ...valid, type: 'praise' })).toBe('Choose what you are sending: feedback, a bug or a feature request.');
    expect((await send('', valid)).status).toBe(401);
  });

  it('lists feedback for admins only, newest first, filtered by type and status', async () => {
    for (const [role, token] of [
      ['DIRECTOR', tokens.director],
      ['EDITOR', tokens.editor],
      ['AUTHOR', tokens.author],
    ] as const) {
      const refused = await t.request('GET', '/api/feedback/list', { token });
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ msg: roleMessage(role), err: 'UNAUTHORIZED' });
    }
    const all = (await t.request('GET', '/api/feedback/list', { token: tokens.admin })).body;
    expect(all.count).toBeGreaterThanOrEqual(6);
    const dates = all.data.map((item: { createdAt: string }) => item.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
    const bugs = (await t.request('GET', '/api/feedback/list?type=bug', { token: tokens.admin })).body;
    expect(bugs.count).toBeGreaterThanOrEqual(2);
    expect(bugs.data.every((item: { type: string }) => item.type === 'bug')).toBe(true);
    const done = (await t.request('GET', '/api/feedback/list?status=done', { token: tokens.admin })).body;
    expect(done.data.every((item: { status: string }) => item.status === 'done')).toBe(true);
    const page = (await t.request('GET', '/api/feedback/list?limit=2&page=1', { token: tokens.admin })).body;
    expect(page.data.map((item: { _id: string }) => item._id)).toEqual(all.data.slice(2, 4).map((item: { _id: string }) => item._id));
    expect(page.count).toBe(all.count);
    expect((await t.request('GET', '/api/feedback/list?status=closed', { token: tokens.admin })).status).toBe(422);
  });

  it('lets admins change the status', async () => {
    const created = (await send(tokens.editor, valid)).body.data;
    const update = (token: string, body: unknown, id = created._id) => t.request('PUT', `/api/feedback/update/${id}`, { token, body });
    const refused = await update(tokens.director, { status: 'done' });
    expect(refused).toMatchObject({ status: 401, body: { msg: roleMessage('DIRECTOR') } });
    expect((await update(tokens.admin, { status: 'closed' })).body.details[0].message).toBe('Choose a status: new, seen or done.');
    expect((await update(tokens.admin, { status: 'done' }, 'no-such-id')).status).toBe(404);
    for (const status of ['seen', 'done'] as const) {
      const { body } = await update(tokens.admin, { status });
      expect(body).toMatchObject({ data: { _id: created._id, status }, msg: 'The status is updated.' });
    }
    const done = (await t.request('GET', '/api/feedback/list?status=done', { token: tokens.admin })).body;
    expect(done.data.map((item: { _id: string }) => item._id)).toContain(created._id);
  });
});

/**
 * The public page of a published issue, /i/{slug or id}: its subject, intro and channels with
 * their stories, nothing of 'Draft Stories', every text escaped and the intro sanitized; a draft
 * issue has no page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Issue } from '../../schemas/generated/entities/issue';
import { startTestServer, type TestServer } from './server';

describe('the public issue page', () => {
  let t: TestServer;
  let token: string;
  let issues: Issue[];

  beforeAll(async () => {
    t = await startTestServer('pglite');
    token = await t.login('editor@masthead.local');
    issues = (await t.request('GET', '/api/issues/list?limit=100', { token })).body.data;
  }, 60_000);
  afterAll(() => t.close());

  it('shows a published issue by its slug and by its id', async () => {
    const published = issues.find((issue) => issue.status.published)!;
    const page = await t.request('GET', `/i/${published.slug}`);
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain(`<h1>${published.subject}</h1>`);
    expect(String(page.body)).toContain('<h2>Gündem</h2>');
    expect(String(page.body)).toContain('Köprü trafiği sabah saatlerinde tek şeritten akıyor.');
    expect((await t.request('GET', `/i/${published._id}`)).status).toBe(200);
  });

  it('has no page for an unpublished issue', async () => {
    const draft = issues.find((issue) => issue.status.draft)!;
    const page = await t.request('GET', `/i/${draft.slug}`);
    expect(page.status).toBe(404);
    expect(page.body).toEqual({ msg: 'Issue not found.' });
  });

  it("escapes titles, sanitizes the intro and leaves 'Draft Stories' out", async () => {
    const published = issues.find((issue) => issue.status.published)!;
    const channels = published.channelsNew.map((channel) => (channel._id === 'stuff' ? channel : { ...channel, title: '<script>alert(1)</script> Gündem' }));
    expect((await t.request('PUT', `/api/issues/update/${published._id}/channels`, { token, body: { channelsNew: channels } })).status).toBe(200);
    const saved = await t.request('PUT', `/api/issues/update/${published._id}/edit`, {
      token,
      body: { issue: { intro: { html: '<p>Merhaba<img src=x onerror="alert(1)"></p>' } } },
    });
    expect(saved.status).toBe(200);
    const html = String((await t.request('GET', `/i/${published.slug}`)).body);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Gündem');
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('Draft Stories');
  });
});

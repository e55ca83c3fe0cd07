/**
 * The readers of the payments tests: a newsletter's public pages asked as a browser would (each
 * request from its own address, so that no rate limit counts them together), and a subscriber
 * signed in through the e-mailed link; the premium story they read.
 */
import { expect } from 'vitest';
import { readOutbox } from '../../core/server/services/mail';
import type { TestServer } from './server';

export function readerPages(server: () => TestServer, newsletterKey = 'sabah-bulteni') {
  let nextAddress = 1;
  const page = async (method: 'GET' | 'POST', url: string, options: { cookie?: string; form?: Record<string, string> } = {}) => {
    const response = await server().server.app.inject({
      method,
      url,
      remoteAddress: `198.51.100.${nextAddress++}`,
      headers: {
        ...(options.cookie ? { cookie: options.cookie } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      payload: options.form ? new URLSearchParams(options.form).toString() : undefined,
    });
    return { status: response.statusCode, html: response.body, headers: response.headers };
  };
  /** Signs a subscriber in through the e-mailed link; answers the cookie. */
  const signIn = async (email: string) => {
    await (server().server.database.db as any).deleteFrom('sign_in_limits').execute();
    expect((await page('POST', `/n/${newsletterKey}/signin`, { form: { email } })).status).toBe(200);
    const mail = readOutbox(server().dataDir).find((message) => message.to === email && /\/signin\//.test(message.text))!;
    const token = new RegExp(`/n/${newsletterKey}/signin/([A-Za-z0-9_-]{43})`).exec(mail.text)![1]!;
    const answer = await page('POST', `/n/${newsletterKey}/signin/${token}`);
    expect(answer.status).toBe(303);
    return `mh_reader=${/^mh_reader=([A-Za-z0-9_-]{43});/.exec(String(answer.headers['set-cookie']))![1]}`;
  };
  /** The form token of a reader page. */
  const csrfOf = (html: string) => /name="csrf" value="([^"]+)"/.exec(html)![1]!;
  return { page, signIn, csrfOf };
}

/** Makes the newsletter's first published article premium, with a paragraph after `teaser` its teaser never shows; answers its id and slug. */
export async function premiumStory(db: any, newsletterId: string, teaser: string, whole: string): Promise<{ id: string; slug: string }> {
  const row = await db
    .selectFrom('stories')
    .select(['id', 'slug', 'published_content'])
    .where('newsletter_id', '=', newsletterId)
    .where('published', '=', true)
    .where('type', '=', 'article')
    .orderBy('id')
    .executeTakeFirstOrThrow();
  const content = { ...row.published_content, html: `<p>${teaser}</p><p>${whole}</p>` };
  await db
    .updateTable('stories')
    .set({ is_premium: true, published_content: JSON.stringify(content) })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, slug: row.slug };
}

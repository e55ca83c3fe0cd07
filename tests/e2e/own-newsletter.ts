/**
 * A journey's own newsletter, made through the API so that its sends touch no other journey's
 * data: one of Kuzey Medya's director, published, with the director as tester, `subscribers`
 * e-mail subscribers (okurN@{key}.example) and an issue with the given words, tested when asked.
 */
import type { APIRequestContext } from '@playwright/test';
import { expect } from './fixtures';
import { accounts, password } from './helpers';

export interface OwnNewsletter {
  /** Its title and key begin with these; a mark makes each run's apart. */
  title: string;
  key: string;
  subtitle: string;
  description: string;
  subscribers: number;
  issue: { subject: string; preview: string; notification: { title: string; body: string }; intro: { html: string } };
  /** The issue's test goes to the director (the send needs one first). */
  tested: boolean;
}

export async function ownNewsletterWithIssue(request: APIRequestContext, own: OwnNewsletter): Promise<{ newsletterId: string; issueId: string }> {
  const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
  const headers = { authorization: `Bearer ${((await login.json()) as { data: string }).data}` };
  const ok = async (method: 'get' | 'post' | 'put', path: string, data?: unknown) => {
    const response = await request[method](`/api${path}`, { headers, data });
    expect(response.status(), `${method} ${path}: ${await response.text()}`).toBe(200);
    return (await response.json()) as { data: any };
  };
  const mark = Date.now().toString(36);
  const key = `${own.key}-${mark}`;
  const form = (await ok('get', '/newsletters/create')).data;
  const created = (
    await ok('post', '/newsletters/create', {
      ...form.body,
      image: '/demo/teknoloji-notlari.svg',
      title: `${own.title} ${mark}`,
      subtitle: own.subtitle,
      key,
      description: own.description,
      interests: [form.data.interests[0]._id],
      welcome: {
        subject: `${own.title}’ne hoş geldiniz`,
        preview: 'İlk sayınız yolda, bekleyin',
        intro: { html: '<p>Merhaba, aramıza hoş geldiniz!</p>' },
      },
      channelTemplates: [{ ...form.body.channelTemplates[0], channels: ['Gündem'] }],
    })
  ).data;
  const newsletterId = created._id as string;
  await ok('put', `/newsletters/publish/${newsletterId}`);
  // The director tests it.
  const settings = (await ok('get', `/newsletters/update/${newsletterId}`)).data;
  const director = (settings.data.testers as { _id: string; email: string }[]).find((person) => person.email === accounts.director)!;
  await ok('put', `/newsletters/update/${newsletterId}`, { ...settings.body, testers: [director._id] });
  const csv = ['email,name', ...Array.from({ length: own.subscribers }, (_, index) => `okur${index + 1}@${own.key}.example,Okur ${index + 1}`)].join('\n');
  const imported = await request.post(`/api/newsletters/list/${newsletterId}/subscriptions/import`, {
    headers,
    multipart: { file: { name: 'subscribers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  const template = ((await ok('get', `/issues/create?newsletter=${newsletterId}`)).data.data.channelTemplates as { _id: string }[])[0]!;
  const issueId = (await ok('post', '/issues/create', { newsletter: newsletterId, slug: key, template: template._id })).data._id as string;
  await ok('put', `/issues/update/${issueId}/edit`, { issue: own.issue });
  if (own.tested)
    await ok('post', `/issues/publish/${issueId}`, {
      publishOptions: { test: true, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } },
    });
  return { newsletterId, issueId };
}

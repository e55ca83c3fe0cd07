/**
 * The public pages the console links to: a newsletter's landing page /n/{key} (with its cover,
 * the web design the settings keep, and the subscribers plugin's subscribe form) and a publisher's page /p/{key}, rendered here with every
 * text escaped. Only published newsletters are shown. Other plugins add sections to both through
 * the `publicSections` extension point (public-sections.ts: the collections plugin's featured collections).
 */
import type { FastifyReply } from 'fastify';
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { findPublisherByKey, newslettersOfPublisher } from '../../../core/server/store';
import { escapeHtml } from '../../../core/shared/text';
import { newsletterWebCover } from '../../settings/server/public';
import { subscribeForm } from '../../subscribers/server/public';
import { renderPublicSections } from './public-sections';
import { findPublishedNewsletter } from './store';

function page(reply: FastifyReply, { title, lang, color, textColor, body }: { title: string; lang: string; color: string; textColor: string; body: string }) {
  const html = `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="icon" href="/favicon.svg">
<style>
  body { margin: 0; font-family: 'Segoe UI', -apple-system, Roboto, Arial, sans-serif; background: #faf9f8; color: #201f1e; }
  header { background: ${escapeHtml(color)}; color: ${escapeHtml(textColor)}; padding: 48px 24px; text-align: center; }
  header img { width: 120px; height: 120px; object-fit: cover; border-radius: 16px; background: #fff; }
  .cover { display: block; width: 100%; max-height: 360px; aspect-ratio: 12 / 5; object-fit: cover; }
  h1 { margin: 16px 0 8px; font-size: 32px; }
  main { max-width: 720px; margin: 0 auto; padding: 32px 24px; line-height: 1.6; }
  a { color: #7a5e00; }
  ul { padding: 0; list-style: none; }
  li { background: #fff; border-radius: 8px; padding: 16px; margin-bottom: 12px; box-shadow: 0 1.6px 3.6px rgba(0,0,0,.1); overflow: hidden; }
  li img.thumb { float: left; width: 64px; height: 64px; object-fit: cover; border-radius: 8px; margin-right: 16px; }
</style>
</head>
<body>
${body}
</body>
</html>`;
  return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=60').send(html);
}

export function registerPublicPages(api: PluginApi): void {
  const { db } = api;

  api.page<{ key: string }>({
    url: '/n/:key',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', "The newsletter's public landing page, with its subscribe form."),
      summary: "A published newsletter's public landing page.",
    },
    async handler(request, reply) {
      const newsletter = await findPublishedNewsletter(db, request.params.key);
      if (!newsletter) throw notFound('Newsletter not found.');
      const [cover, sections] = await Promise.all([newsletterWebCover(db, newsletter.id), renderPublicSections(api, 'newsletter', newsletter.id)]);
      return page(reply, {
        title: newsletter.title,
        lang: newsletter.lang,
        color: newsletter.color,
        textColor: newsletter.text_color,
        body: `${cover ? `<img class="cover" src="${escapeHtml(cover)}" alt="">` : ''}
<header>
  <img src="${escapeHtml(newsletter.image)}" alt="">
  <h1>${escapeHtml(newsletter.title)}</h1>
  <p>${escapeHtml(newsletter.subtitle)}</p>
</header>
<main>
  <p>${escapeHtml(newsletter.description)}</p>
  ${subscribeForm(newsletter)}
  ${sections}
  <p><a href="/n/${encodeURIComponent(newsletter.key)}/podcast.xml">Podcast</a> · <a href="/p/${encodeURIComponent(newsletter.publisherKey)}">${escapeHtml(newsletter.publisher)}</a></p>
</main>`,
      });
    },
  });

  api.page<{ key: string }>({
    url: '/p/:key',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', "The publisher's public page."),
      summary: "A publisher's public page: its published newsletters (and the sections other plugins add: featured collections).",
    },
    async handler(request, reply) {
      const publisher = await findPublisherByKey(db, request.params.key);
      if (!publisher) throw notFound('Publisher not found.');
      const [newsletters, sections] = await Promise.all([
        newslettersOfPublisher(db, publisher.id, { published: true }),
        renderPublicSections(api, 'publisher', publisher.id),
      ]);
      const items = newsletters
        .map(
          (newsletter) =>
            `<li><a href="/n/${encodeURIComponent(newsletter.key)}"><strong>${escapeHtml(newsletter.title)}</strong></a><br>${escapeHtml(newsletter.subtitle)}</li>`,
        )
        .join('\n');
      return page(reply, {
        title: publisher.title,
        lang: 'tr',
        color: publisher.color,
        textColor: publisher.text_color,
        body: `<header>
  <img src="${escapeHtml(publisher.image)}" alt="">
  <h1>${escapeHtml(publisher.title)}</h1>
  <p>${escapeHtml(publisher.description)}</p>
</header>
<main>
  <ul>${items}</ul>
  ${sections}
  ${publisher.website && /^https?:\/\//.test(publisher.website) ? `<p><a href="${escapeHtml(publisher.website)}" rel="noopener">${escapeHtml(publisher.website)}</a></p>` : ''}
</main>`,
      });
    },
  });
}

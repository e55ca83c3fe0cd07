/**
 * The public pages the console links to: a newsletter's landing page /n/{key} and a publisher's
 * page /p/{key}, in the core's reader frame (core/server/public-page.ts) with every text escaped.
 * The landing page leads with the subscribe form, above the fold at every width: the cover of its
 * web design, its logo, title and subtitle, and the form (the e-mail address first) in its
 * colours; then its description and the sections other plugins add through the `publicSections`
 * extension point (public-sections.ts: the issues plugin's latest issues, the collections
 * plugin's featured collections). Only published newsletters are shown; one published once and
 * no more answers 410. A newsletter's page speaks its language, a publisher's the language of its
 * newsletters (core/server/reader-words.ts's publisherLang).
 */
import { gone, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { renderPublicPage, type PublicPageNewsletter } from '../../../core/server/public-page';
import { publisherLang, readerText } from '../../../core/server/reader-words';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { findNewsletterByKey, findPublisherByKey, newslettersOfPublisher } from '../../../core/server/store';
import { escapeHtml } from '../../../core/shared/text';
import { newsletterWebDesign } from '../../newsletters/server/public';
import { readerLook, subscriberCounts } from '../../subscribers/server/public';
import { renderPublicSections } from './public-sections';

const send = (reply: import('fastify').FastifyReply, html: string) =>
  reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=60').send(html);

export function registerPublicPages(api: PluginApi): void {
  const { db } = api;

  api.page<{ key: string }>({
    url: '/n/:key',
    schema: {
      params: keyParams,
      response: documentAnswer('text/html; charset=utf-8', "The newsletter's public landing page, with its subscribe form."),
      summary: "A published newsletter's public landing page (410 once no longer published).",
    },
    async handler(request, reply) {
      const newsletter = await findNewsletterByKey(db, request.params.key);
      if (!newsletter || (!newsletter.published && !newsletter.first_published_at)) throw notFound('Newsletter not found.');
      if (!newsletter.published) throw gone('This newsletter is no longer published.', await readerLook(api, newsletter, { form: false }));
      const [look, cover, sections] = await Promise.all([
        readerLook(api, newsletter),
        newsletterWebDesign(api, newsletter.id).then((design) => design.cover),
        renderPublicSections(api, 'newsletter', newsletter.id, newsletter.lang),
      ]);
      const hero = `<header class="hero">
${cover ? `<img class="cover" src="${escapeHtml(cover)}" alt="">\n` : ''}<div class="hero-inner">
<div class="intro">
${newsletter.image ? `<img class="logo" src="${escapeHtml(newsletter.image)}" alt="" width="96" height="96">\n` : ''}<div>
<h1>${escapeHtml(newsletter.title)}</h1>
${newsletter.subtitle ? `<p class="tagline">${escapeHtml(newsletter.subtitle)}</p>` : ''}
</div>
</div>
${look.subscribe ?? ''}
</div>
</header>`;
      const body = [newsletter.description ? `<p class="subtitle">${escapeHtml(newsletter.description)}</p>` : '', sections].filter(Boolean).join('\n');
      const html = renderPublicPage({
        title: newsletter.title,
        newsletter: look,
        layout: 'landing',
        meta: {
          publicUrl: api.env.publicUrl,
          path: `/n/${encodeURIComponent(newsletter.key)}`,
          description: newsletter.subtitle || newsletter.description,
          image: cover || newsletter.image,
          type: 'website',
        },
        content: `${hero}\n${body ? `<div class="column">\n${body}\n</div>` : ''}`,
      });
      return send(reply, html);
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
      const newsletters = await newslettersOfPublisher(db, publisher.id, { published: true, subscriberCounts: subscriberCounts(db) });
      const lang = publisherLang(newsletters);
      const sections = await renderPublicSections(api, 'publisher', publisher.id, lang);
      const path = `/p/${encodeURIComponent(publisher.key)}`;
      const look: PublicPageNewsletter = {
        title: publisher.title,
        key: '',
        href: path,
        color: publisher.color,
        textColor: publisher.text_color,
        lang,
        ...(publisher.image && { image: publisher.image }),
      };
      const items = newsletters
        .map(
          (newsletter) =>
            `<li>${newsletter.image ? `<img class="thumb" src="${escapeHtml(newsletter.image)}" alt="">` : ''}<a href="/n/${encodeURIComponent(newsletter.key)}"><strong>${escapeHtml(newsletter.title)}</strong></a><br>${escapeHtml(newsletter.subtitle)}</li>`,
        )
        .join('\n');
      const website = publisher.website && /^https?:\/\//.test(publisher.website) ? publisher.website : '';
      const html = renderPublicPage({
        title: publisher.title,
        newsletter: look,
        meta: { publicUrl: api.env.publicUrl, path, description: publisher.description, image: publisher.image, type: 'website' },
        content: [
          `<h1>${escapeHtml(publisher.title)}</h1>`,
          publisher.description ? `<p class="subtitle">${escapeHtml(publisher.description)}</p>` : '',
          newsletters.length ? `<h2>${escapeHtml(readerText(lang, 'Newsletters'))}</h2>\n<ul class="cards">\n${items}\n</ul>` : '',
          sections,
          website ? `<p><a class="more" href="${escapeHtml(website)}" rel="noopener">${escapeHtml(website)}</a></p>` : '',
        ]
          .filter(Boolean)
          .join('\n'),
      });
      return send(reply, html);
    },
  });
}

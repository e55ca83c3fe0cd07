/**
 * The public page of a published collection, /c/{slug or id}: its image, title and description,
 * then its items in order (picture, title, link to their own public page), leaving out those
 * deleted or no longer published. Search engines are asked to leave it out unless it is indexed.
 * It is rendered on every request and caches must revalidate it, so unpublishing or un-indexing
 * shows at once. Also the section of featured collections on their owner's public page
 * (/p/{key} or /n/{key}), through the dashboards plugin's publicSections. Every text is escaped.
 */
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { renderPublicPage, sendRevalidated, type PublicPageNewsletter } from '../../../core/server/public-page';
import { documentAnswer, emptyAnswer, keyParams } from '../../../core/server/schemas/parts';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import { addPublicSection } from '../../dashboards/server/public';
import { readerLook } from '../../subscribers/server/public';
import { itemsOf, type ItemSources, type ShownItem } from './items';
import { collectionUrl } from './present';
import { readerText } from './reader-words';
import { featuredCollections, findPublishedCollection, ownerLook } from './store';
import type { CollectionRow } from './tables';

const picture = (src: string, className = '') => (src ? `<img${className ? ` class="${className}"` : ''} src="${escapeHtml(src)}" alt="">` : '');

function itemHtml(item: ShownItem): string {
  const href = escapeHtml(item.url);
  return `<li>${item.image ? `<a href="${href}" tabindex="-1">${picture(item.image)}</a>` : ''}<a href="${href}">${escapeHtml(item.title)}</a></li>`;
}

function featuredHtml(rows: CollectionRow[], lang: string): string {
  if (rows.length === 0) return '';
  const cards = rows.map(
    (row) =>
      `<li>${picture(row.image, 'thumb')}<a href="${escapeHtml(collectionUrl(row))}"><strong>${escapeHtml(row.title)}</strong></a><br>${escapeHtml(row.description)}</li>`,
  );
  return `<section class="featured-collections">\n<h2>${escapeHtml(readerText(lang, 'Collections'))}</h2>\n<ul class="cards">\n${cards.join('\n')}\n</ul>\n</section>`;
}

export function registerCollectionPage(api: PluginApi, sources: ItemSources): void {
  const { db } = sources;

  api.page<{ key: string }>({
    url: '/c/:key',
    schema: {
      params: keyParams,
      response: {
        ...documentAnswer('text/html; charset=utf-8', "The collection's public page."),
        ...emptyAnswer(304, 'The page has not changed since the ETag given in If-None-Match.'),
      },
      summary: "A published collection's public page: its items in order, each linking to its own page.",
    },
    async handler(request, reply) {
      const row = await findPublishedCollection(db, request.params.key);
      if (!row) throw notFound('Collection not found.');
      const [owner, items] = await Promise.all([ownerLook(db, row), itemsOf(sources, row)]);
      const shown = items.filter((item) => item.published);
      // A newsletter's collection wears its reader frame (its form, its feeds); a publisher's, the publisher's colours.
      const look: PublicPageNewsletter =
        'publisher_id' in owner
          ? { ...(await readerLook(api, owner)), lang: row.lang }
          : {
              title: owner.title,
              key: '',
              color: owner.color,
              textColor: owner.text_color,
              lang: row.lang,
              href: owner.page,
              ...(owner.image && { image: owner.image }),
            };
      const html = renderPublicPage({
        title: row.title,
        newsletter: look,
        meta: { publicUrl: api.env.publicUrl, path: collectionUrl(row), description: row.description, image: row.image, type: 'website' },
        noindex: !row.indexed,
        content: [
          row.image ? `<img class="cover" src="${escapeHtml(row.image)}" alt="">` : '',
          `<h1>${escapeHtml(row.title)}</h1>`,
          `<p class="subtitle">${escapeHtml(row.description)}</p>`,
          `<ul class="items">\n${shown.map(itemHtml).join('\n')}\n</ul>`,
        ]
          .filter(Boolean)
          .join('\n'),
      });
      return sendRevalidated(request, reply, html);
    },
  });

  addPublicSection(api, {
    id: 'featured-collections',
    owners: ['publisher', 'newsletter'],
    async render(owner, ownerId, lang) {
      const rows = await featuredCollections(db, owner === 'publisher' ? 'Publisher' : 'Newsletter', ownerId, constants.pageSizes.featuredCollections);
      return featuredHtml(rows, lang);
    },
  });
}

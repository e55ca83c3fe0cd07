/**
 * Readers' ways to a newsletter's past issues (issue 31): the latest published issues on its
 * landing page /n/{key} (a section of the dashboards plugin's page, through its publicSections),
 * the archive /n/{key}/archive?page=N (newest first, constants.pageSizes.archive a page, pages up
 * to constants.pageSizes.archivePagesMax), and the RSS 2.0 feed /n/{key}/rss.xml of the latest
 * constants.pageSizes.feedItems, and the latest one to the page that confirms a subscription
 * (the subscribers plugin's latestIssue). Each request reads one bounded page on the index of
 * (newsletter_id, published_at). Every text is escaped; an intro goes into the feed sanitized.
 */
import { gone, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { absoluteUrl, renderPublicPage } from '../../../core/server/public-page';
import { readerDate } from '../../../core/server/reader-words';
import { sanitizeRichText } from '../../../core/server/sanitize';
import { documentAnswer, keyParams } from '../../../core/server/schemas/parts';
import { findNewsletter, findNewsletterByKey } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { escapeHtml, escapeXml } from '../../../core/shared/text';
import { addPublicSection } from '../../dashboards/server/public';
import { latestIssue, readerLook } from '../../subscribers/server/public';
import { issuePath } from './public-page';
import { readerText } from './reader-words';
import { publishedIssuesOf, type IssuesDb } from './store';

type ArchiveIssue = Awaited<ReturnType<typeof publishedIssuesOf>>[number];

const archivePath = (key: string, page = 1) => `/n/${encodeURIComponent(key)}/archive${page > 1 ? `?page=${page}` : ''}`;

function issueList(issues: ArchiveIssue[], lang: string): string {
  const items = issues.map((issue) => {
    const date = issue.published_at!;
    return `<li><a href="${escapeHtml(issuePath(issue))}">${escapeHtml(issue.subject || issue.key)}</a><time datetime="${date.toISOString()}">${escapeHtml(readerDate(lang, date))}</time>${issue.preview ? `<p>${escapeHtml(issue.preview)}</p>` : ''}</li>`;
  });
  return `<ol class="issues">\n${items.join('\n')}\n</ol>`;
}

/** The newsletter of a reader address: published, or gone (published once, 410), or unknown (404). */
async function readableNewsletter(api: PluginApi, key: string) {
  const newsletter = await findNewsletterByKey(api.db, key);
  if (!newsletter || (!newsletter.published && !newsletter.first_published_at)) throw notFound('Newsletter not found.');
  if (!newsletter.published) throw gone('This newsletter is no longer published.', await readerLook(api, newsletter, { form: false }));
  return newsletter;
}

const pageQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { page: { type: 'integer', minimum: 1, maximum: constants.pageSizes.archivePagesMax, default: 1 } },
} as const;

export function registerIssueArchive(api: PluginApi, db: IssuesDb): void {
  // The page that confirms a subscription offers the latest issue to read (issue 55 point 6).
  api.extensions.add(latestIssue, {
    async latestOf(newsletterId) {
      const [issue] = await publishedIssuesOf(db, newsletterId, { limit: 1, offset: 0 });
      if (!issue) return null;
      return { title: issue.subject || issue.key, preview: issue.preview, publishedAt: issue.published_at!, path: issuePath(issue) };
    },
  });

  addPublicSection(api, {
    id: 'latest-issues',
    owners: ['newsletter'],
    async render(_owner, newsletterId, lang) {
      const shown = constants.pageSizes.landingIssues;
      const [issues, newsletter] = await Promise.all([publishedIssuesOf(db, newsletterId, { limit: shown + 1, offset: 0 }), findNewsletter(db, newsletterId)]);
      if (!newsletter || issues.length === 0) return '';
      const more =
        issues.length > shown
          ? `\n<p><a class="more" href="${escapeHtml(archivePath(newsletter.key))}">${escapeHtml(readerText(lang, 'All issues'))} →</a></p>`
          : '';
      const latest = escapeHtml(readerText(lang, 'Latest issues'));
      return `<section class="latest-issues" aria-labelledby="latest-issues">\n<h2 id="latest-issues">${latest}</h2>\n${issueList(issues.slice(0, shown), lang)}${more}\n</section>`;
    },
  });

  api.page<{ key: string }>({
    url: '/n/:key/archive',
    schema: {
      params: keyParams,
      querystring: pageQuery,
      response: documentAnswer('text/html; charset=utf-8', "A page of the newsletter's archive."),
      summary: `A page of a newsletter's published issues, newest first (constants.pageSizes.archive a page; ?page=N from 1). 404 past the last page.`,
    },
    async handler(request, reply) {
      const newsletter = await readableNewsletter(api, request.params.key);
      const page = (request.query as { page: number }).page;
      const size = constants.pageSizes.archive;
      const [issues, look] = await Promise.all([
        publishedIssuesOf(db, newsletter.id, { limit: size + 1, offset: (page - 1) * size }),
        readerLook(api, newsletter),
      ]);
      if (issues.length === 0 && page > 1) throw notFound('No such page of the archive.', look);
      const { lang } = newsletter;
      const archive = readerText(lang, 'Archive');
      const pager = [
        page > 1
          ? `<a class="more" href="${escapeHtml(archivePath(newsletter.key, page - 1))}" rel="prev">← ${escapeHtml(readerText(lang, 'Newer issues'))}</a>`
          : '<span></span>',
        issues.length > size
          ? `<a class="more" href="${escapeHtml(archivePath(newsletter.key, page + 1))}" rel="next">${escapeHtml(readerText(lang, 'Older issues'))} →</a>`
          : '',
      ].join('');
      const html = renderPublicPage({
        title: archive,
        newsletter: look,
        meta: {
          publicUrl: api.env.publicUrl,
          path: archivePath(newsletter.key, page),
          description: newsletter.subtitle || newsletter.description,
          type: 'website',
        },
        content: [
          `<h1>${escapeHtml(archive)}</h1>`,
          `<p class="subtitle">${escapeHtml(readerText(lang, 'The published issues of {title}, newest first.', { title: newsletter.title }))}</p>`,
          issues.length ? issueList(issues.slice(0, size), lang) : `<p>${escapeHtml(readerText(lang, 'No issue has been published yet.'))}</p>`,
          `<nav class="pager" aria-label="${escapeHtml(archive)}">${pager}</nav>`,
        ].join('\n'),
      });
      return reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'public, max-age=60').send(html);
    },
  });

  api.page<{ key: string }>({
    url: '/n/:key/rss.xml',
    schema: {
      params: keyParams,
      response: documentAnswer('application/rss+xml; charset=utf-8', "The newsletter's RSS 2.0 feed of its latest published issues."),
      summary: "A newsletter's RSS 2.0 feed: its latest published issues (constants.pageSizes.feedItems), each linking to its page /i/{slug}.",
    },
    async handler(request, reply) {
      const newsletter = await readableNewsletter(api, request.params.key);
      const issues = await publishedIssuesOf(db, newsletter.id, { limit: constants.pageSizes.feedItems, offset: 0 });
      const xml = renderIssueFeed(newsletter, issues, api.env.publicUrl);
      return reply.header('content-type', 'application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=300').send(xml);
    },
  });
}

/**
 * An item's description as the HTML a feed reader shows: the preview, then the intro sanitized
 * (a premium issue's intro stays on its page), our own addresses made absolute.
 */
function itemHtml(issue: ArchiveIssue, publicUrl: string): string {
  const intro = issue.premium ? '' : sanitizeRichText(issue.intro_html);
  const html = `${issue.preview ? `<p>${escapeHtml(issue.preview)}</p>` : ''}${intro}`;
  return html.replace(/\b(src|href)="(\/[^/"][^"]*)"/g, (_match, attribute: string, path: string) => `${attribute}="${absoluteUrl(path, publicUrl)}"`);
}

export function renderIssueFeed(
  newsletter: { key: string; title: string; subtitle: string; description: string; lang: string; image: string },
  issues: ArchiveIssue[],
  publicUrl: string,
): string {
  const link = absoluteUrl(`/n/${encodeURIComponent(newsletter.key)}`, publicUrl);
  const element = (name: string, value: string) => `<${name}>${escapeXml(value)}</${name}>`;
  const image = absoluteUrl(newsletter.image, publicUrl);
  const items = issues.map((issue) => {
    const url = absoluteUrl(issuePath(issue), publicUrl);
    return [
      '    <item>',
      `      ${element('title', issue.subject || issue.key)}`,
      `      ${element('link', url)}`,
      `      <guid isPermaLink="true">${escapeXml(url)}</guid>`,
      `      ${element('pubDate', issue.published_at!.toUTCString())}`,
      `      ${element('description', itemHtml(issue, publicUrl))}`,
      '    </item>',
    ].join('\n');
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    ${element('title', newsletter.title)}`,
    `    ${element('link', link)}`,
    `    ${element('description', newsletter.description || newsletter.subtitle || newsletter.title)}`,
    `    ${element('language', newsletter.lang)}`,
    `    <atom:link href="${escapeXml(`${link}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    issues[0] ? `    ${element('lastBuildDate', issues[0].published_at!.toUTCString())}` : '',
    image ? `    <image>\n      ${element('url', image)}\n      ${element('title', newsletter.title)}\n      ${element('link', link)}\n    </image>` : '',
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ]
    .filter((line) => line !== '')
    .join('\n');
}

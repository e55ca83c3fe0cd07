/**
 * The newsletter calls: the lists (/newsletters/list, one newsletter), the admin's publish and
 * feature switches (PUT sets, DELETE clears), and the tags in use (/tags/list).
 */
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import { notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { presentNewsletter } from '../../../core/server/present';
import { idParams, ref } from '../../../core/server/schemas/parts';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import type { NewsletterListQuery } from '../../../schemas/generated/api/newsletter-list-query';
import { newsletterTesters } from '../../settings/server/public';
import { subscriberTimeline } from '../../subscribers/server/public';
import { reachOf } from './policy';
import { presentNewsletterDetail } from './present';
import { listNewsletters, listTags, setNewsletterFlag, type NewslettersDb } from './store';
import type { NewsletterTables } from './tables';

/** A newsletter in the caller's scopes; any other is as good as missing. */
async function reachableNewsletter(db: NewslettersDb, id: string, session: Session) {
  const row = session.newsletterIds.has(id) ? await findNewsletter(db, id) : undefined;
  if (!row) throw notFound('Newsletter not found.');
  return row;
}

export function registerNewsletterRoutes(api: PluginApi): void {
  const db = api.tables<NewsletterTables>();

  api.route<unknown, NewsletterListQuery>({
    method: 'GET',
    url: '/newsletters/list',
    requires: 'newsletters.list',
    schema: {
      querystring: ref('api/newsletter-list-query'),
      summary: "The newsletters in the caller's scopes (a director's or admin's: the publisher's), searched, filtered by status, sorted and paged.",
    },
    async handler(request, _reply, session) {
      const { publisher, search, status, page = 0, limit = constants.pageSizes.list } = request.query;
      // 'stats.subscriber' is the spec's name for the subscriber sort (section 7).
      const sort = request.query.sort === 'stats.subscriber' ? 'subscribers' : (request.query.sort ?? 'title');
      // Titles read best A to Z; counts and dates newest or largest first.
      const desc = request.query.desc ?? sort !== 'title';
      const { rows, count } = await listNewsletters(db, reachOf(session, publisher), { search, status, sort, desc, page, limit });
      return { data: rows.map(presentNewsletter), count };
    },
  });

  api.route<unknown, unknown, { id: string }>({
    method: 'GET',
    url: '/newsletters/list/:id',
    requires: 'newsletters.list',
    schema: { params: idParams, summary: "One newsletter of the caller's scopes, with its testers and the weekly subscriber timeline (stats.timeline)." },
    async handler(request, _reply, session) {
      const row = await reachableNewsletter(db, request.params.id, session);
      const [testers, weeks] = await Promise.all([newsletterTesters(api.db, row.id), subscriberTimeline(api.db, row.id)]);
      return { data: presentNewsletterDetail(row, testers, weeks) };
    },
  });

  const flagRoutes = [
    { url: '/newsletters/publish/:id', flag: 'published', requires: 'newsletters.publish', done: ['Newsletter published.', 'Newsletter unpublished.'] },
    { url: '/newsletters/feature/:id', flag: 'featured', requires: 'newsletters.feature', done: ['Newsletter featured.', 'Newsletter unfeatured.'] },
  ] as const;
  for (const { url, flag, requires, done } of flagRoutes) {
    for (const method of ['PUT', 'DELETE'] as const) {
      const on = method === 'PUT';
      api.route<unknown, unknown, { id: string }>({
        method,
        url,
        requires,
        schema: { params: idParams, summary: `${on ? 'Sets' : 'Clears'} a newsletter's ${flag} flag (admins only).` },
        async handler(request, _reply, session) {
          const row = await reachableNewsletter(db, request.params.id, session);
          return { data: presentNewsletter(await setNewsletterFlag(db, row.id, flag, on)), msg: on ? done[0] : done[1] };
        },
      });
    }
  }

  api.route({
    method: 'GET',
    url: '/tags/list',
    requires: 'tags.list',
    schema: { summary: "The tags the caller's publisher uses, alphabetically." },
    async handler(_request, _reply, session) {
      return { data: await listTags(db, callerPublisher(session)) };
    },
  });
}

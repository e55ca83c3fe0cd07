/**
 * The newsletter calls: the lists (/newsletters/list, one newsletter), the admin's publish and
 * feature switches (PUT sets, DELETE clears; the first publication is the creator's too), and the
 * tags in use (/tags/list). A newsletter's own fields and parts are edited by update-routes.ts.
 */
import { ownTables } from '../../../core/server/db/database';
import { callerPublisher, demand } from '../../../core/server/auth/session';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { listNewsletters, setNewsletterFlag } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { newsletterEndpoints } from '../endpoints';
import { readNewsletterParts } from './parts';
import { reachableNewsletter, reachOf } from './policy';
import { presentNewsletterDetail, presentNewsletters, presentOneNewsletter } from './present';
import { listTags } from './store';
import { subscriberCountsQuery } from './subscriber-counts';
import { timelineOf } from './timeline';

export function registerNewsletterRoutes(api: PluginApi): void {
  const db = ownTables(api.db, 'newsletters');

  api.serve(newsletterEndpoints.list, {
    requires: 'newsletters.list',
    summary: "The newsletters in the caller's scopes (a director's or admin's: the publisher's), searched, filtered by status, sorted and paged.",
    async handler(request, _reply, session) {
      const { publisher, search, status, page = 0, limit = constants.pageSizes.list } = request.query;
      // 'stats.subscriber' is the spec's name for the subscriber sort (section 7).
      const sort = request.query.sort === 'stats.subscriber' ? 'subscribers' : (request.query.sort ?? 'title');
      // Titles read best A to Z; counts and dates newest or largest first.
      const desc = request.query.desc ?? sort !== 'title';
      // The subscribers plugin keeps the counts the sort reads and each newsletter shows.
      const subscriberCounts = subscriberCountsQuery(api);
      const { rows, count } = await listNewsletters(db, reachOf(session, publisher), { search, status, sort, desc, page, limit, subscriberCounts });
      return { data: await presentNewsletters(api, rows), count };
    },
  });

  // One newsletter, at the list's address and at the spec's item address (an embed card's fetch).
  for (const call of [newsletterEndpoints.fetch, newsletterEndpoints.item])
    api.serve(call, {
      requires: 'newsletters.list',
      summary:
        "One newsletter of the caller's scopes, with the weekly subscriber timeline (stats.timeline) and the parts plugins keep that lists carry: its testers, its channelTemplates.",
      async handler(request, _reply, session) {
        const row = await reachableNewsletter(db, request.params.id, session);
        const [summary, weeks, parts] = await Promise.all([
          presentOneNewsletter(api, row),
          timelineOf(api, row.id),
          readNewsletterParts(api, row.id, { listed: true }),
        ]);
        return { data: { ...presentNewsletterDetail(summary, weeks), ...parts } };
      },
    });

  // Publishing is an admin's switch (spec 000 section 4), but whoever creates a newsletter in the
  // wizard publishes it there (spec 002 section 4): the first publication is theirs too (decision 0014).
  api.serve(newsletterEndpoints.publish, {
    requires: 'newsletters.create',
    summary:
      "Publishes a newsletter: an admin's switch, and the wizard's last step for whoever creates newsletters (only a newsletter never published before).",
    async handler(request, _reply, session) {
      const row = await reachableNewsletter(db, request.params.id, session);
      if (row.first_published_at !== null) demand(session, 'newsletters.publish');
      return { data: await presentOneNewsletter(api, await setNewsletterFlag(db, row.id, 'published', true)), msg: 'Newsletter published.' };
    },
  });

  const flagRoutes = [
    { call: newsletterEndpoints.unpublish, flag: 'published', on: false, requires: 'newsletters.publish', done: 'Newsletter unpublished.' },
    { call: newsletterEndpoints.feature, flag: 'featured', on: true, requires: 'newsletters.feature', done: 'Newsletter featured.' },
    { call: newsletterEndpoints.unfeature, flag: 'featured', on: false, requires: 'newsletters.feature', done: 'Newsletter unfeatured.' },
  ] as const;
  for (const { call, flag, on, requires, done } of flagRoutes) {
    api.serve(call, {
      requires,
      summary: `${on ? 'Sets' : 'Clears'} a newsletter's ${flag} flag (admins only).`,
      async handler(request, _reply, session) {
        const row = await reachableNewsletter(db, request.params.id, session);
        return { data: await presentOneNewsletter(api, await setNewsletterFlag(db, row.id, flag, on)), msg: done };
      },
    });
  }

  api.serve(newsletterEndpoints.tags, {
    requires: 'tags.list',
    summary: "The tags the caller's publisher uses, alphabetically.",
    async handler(_request, _reply, session) {
      return { data: await listTags(db, callerPublisher(session)) };
    },
  });
}

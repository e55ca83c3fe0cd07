/**
 * The statistics and analytics calls (spec 002 section 7): POST /statistics/generate (the series of
 * the legacy statistics) and POST /analytics/filter (the events query). Every answer is read from
 * rollups, within the caller's scopes: an issue or a story is reached through its newsletter.
 */
import { createHash } from 'node:crypto';
import type { AnalyticsStatistics } from '../../../schemas/generated/api/analytics-statistics';
import type { StatisticsGenerateBody } from '../../../schemas/generated/api/statistics-generate';
import type { Session } from '../../../core/server/auth/session';
import type { ContentType } from '../../stories/server/public';
import { invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { newslettersOfPublisher } from '../../../core/server/store';
import { emailedResultsOf, newsletterOfIssue } from '../../issues/server/public';
import { issuesHolding, newsletterOfStory } from '../../stories/server/public';
import { cancellations, subscriberCount, subscriberTimeline, subscriptionSeries } from '../../subscribers/server/public';
import { sources } from './classify';
import { clickMap, eventSeries, openAndClickSeries, type SeriesQuery, type Span } from './store';
import type { AnalyticsDb } from './tables';
import { clock } from '../../../core/server/clock';
import { analyticEndpoints } from '../endpoints';

const spanOf: Record<StatisticsGenerateBody['datespan'], Span> = { daily: 'day', weekly: 'week', monthly: 'month' };
/** Cancellations answered at most (a week of a large newsletter fits; the table pages them). */
const cancellationRows = 5000;

type DateRange = { startAt: string; endAt: string; spanType?: Span };

/**
 * An instant of a request's date range: ISO 8601, or the answers' own 'YYYY-MM-DD HH:mm:ss'
 * (spec 002 section 3); without an offset it is UTC, as the answers' times are. A 422 naming the
 * field when it is no real date ('2026-02-30 25:00:00').
 */
function instantOf(text: string, field: 'startAt' | 'endAt'): Date {
  const parts = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2})(\.\d+)?([Zz]|[+-]\d{2}(?::?\d{2})?)?$/.exec(text);
  const offset = (parts?.[4] ?? 'Z').replace(/^([+-]\d{2}):?(\d{2})?$/, (_all, hours: string, minutes?: string) => `${hours}:${minutes ?? '00'}`);
  const date = parts ? new Date(`${parts[1]}T${parts[2]}${parts[3] ?? ''}${offset}`) : new Date(Number.NaN);
  const real = parts && !Number.isNaN(date.getTime()) && (parts[4] || date.toISOString().slice(0, 19) === `${parts[1]}T${parts[2]}`);
  if (!real) throw invalid(`${field} must be a date and time.`, `date.${field}`);
  return date;
}

function rangeOf(date: DateRange | undefined): { startAt: Date; endAt: Date } {
  const endAt = date ? instantOf(date.endAt, 'endAt') : clock.now();
  const startAt = date ? instantOf(date.startAt, 'startAt') : new Date(endAt.getTime() - 365 * 86_400_000);
  if (startAt > endAt) throw invalid('startAt must come before endAt.', 'date');
  return { startAt, endAt };
}

export function registerAnalyticsRoutes(api: PluginApi, db: AnalyticsDb): void {
  registerStatistics(api, db);
  registerFilter(api, db);
  registerPublisher(api, db);
}

/** POST /statistics/generate: the series of the legacy statistics. */
function registerStatistics(api: PluginApi, db: AnalyticsDb): void {
  api.serve(analyticEndpoints.statistics, {
    requires: 'statistics.generate',
    summary:
      "A series of opens and clicks, opens by source, and subscriptions and unsubscriptions, for a newsletter, a publisher, an issue or a story. An opens or clicks point's value counts people once a copy (a copy's repeats are one person's); total adds the repeats; machine counts the copies machines opened or followed, apart. Always computed from the rollups, so force changes nothing but is accepted.",
    async handler(request, _reply, session) {
      const body = request.body;
      const { startAt, endAt } = rangeOf(body.date);
      const span = spanOf[body.datespan];
      let newsletterIds: string[];
      let contentIds: string[] | undefined;
      // A story's opens are the opens of the issue it went out in.
      let openIds: string[] | undefined;
      if (body.model === 'Newsletter') {
        session.assertNewsletter(body.parent);
        newsletterIds = [body.parent];
      } else if (body.model === 'Publisher') {
        newsletterIds = await reachableNewslettersOf(db, body.parent, session);
      } else {
        const type = body.model === 'Issue' ? 'issue' : 'story';
        newsletterIds = [await newsletterOfContent(db, type, body.parent, session)];
        contentIds = [body.parent];
        openIds = type === 'issue' ? contentIds : await openedIssuesOf(db, contentIds);
      }
      const series = (type: 'open' | 'click', groupBy: SeriesQuery['groupBy']) =>
        eventSeries(db, { type, contentIds: type === 'open' ? openIds : contentIds, newsletterIds, startAt, endAt, span, groupBy });
      // A point's value counts people once a copy: a reader opening one e-mail again and again is one
      // open. The total keeps the repeats, so that a client can show them apart. Machines count by
      // copy too, so that their share is the issue results' (issue 55).
      const points = (rows: Awaited<ReturnType<typeof eventSeries>>) =>
        rows.map((row) => ({ date: row.date!, value: row.unique, total: row.total, machine: row.machineUnique }));
      const wantsAudience = body.methods.includes('Opens') || body.methods.includes('Clicks');
      // Opens and clicks counted on the same ids are one statement's grouping sets; a story's opens
      // are its issue's, so its series are read apart. Independent reads are asked at once.
      const audience = async () => {
        if (openIds === contentIds) return openAndClickSeries(db, { contentIds, newsletterIds, startAt, endAt, span });
        const opensWanted = body.methods.includes('Opens');
        const [opens, bySource, clicks] = await Promise.all([
          opensWanted ? series('open', ['date']) : [],
          opensWanted ? series('open', ['source']) : [],
          body.methods.includes('Clicks') ? series('click', ['date']) : [],
        ]);
        return { opens, bySource, clicks };
      };
      const [read, subscriptions] = await Promise.all([
        wantsAudience ? audience() : undefined,
        body.methods.includes('Subscriptions') ? subscriptionSeries(db, { newsletterIds, startAt, endAt, span, bySource: false }) : undefined,
      ]);
      const opens = body.methods.includes('Opens') ? read?.opens : undefined;
      const bySource = body.methods.includes('Opens') ? read?.bySource : undefined;
      const clicks = body.methods.includes('Clicks') ? read?.clicks : undefined;
      const values: AnalyticsStatistics['values'] = {};
      if (opens && bySource) {
        values['opens.total'] = points(opens);
        // Every source, so every key the type names (fromEntries forgets them).
        values['opens.sources'] = Object.fromEntries(
          sources.map((source) => {
            const row = bySource.find((item) => item.source === source);
            return [source, { total: row?.total ?? 0, unique: row?.unique ?? 0, machine: row?.machineUnique ?? 0 }];
          }),
        ) as Required<AnalyticsStatistics['values']>['opens.sources'];
      }
      if (clicks) values['clicks.total'] = points(clicks);
      if (subscriptions) {
        const of = (type: 'subscription' | 'unsubscription') =>
          subscriptions.filter((row) => row.type === type).map((row) => ({ date: row.date, value: row.count, machine: 0 }));
        values['subscriptions.subscription.subscriber'] = of('subscription');
        values['subscriptions.unsubscription.subscriber'] = of('unsubscription');
      }
      const _id = createHash('sha256')
        .update(JSON.stringify([body.model, body.parent, [...body.methods].sort(), body.date, body.datespan]))
        .digest('hex')
        .slice(0, 24);
      return { data: { _id, endAt: endAt.toISOString(), values } };
    },
  });
}

/** POST /analytics/filter: the events query of the analytics screens. */
function registerFilter(api: PluginApi, db: AnalyticsDb): void {
  api.serve(analyticEndpoints.filter, {
    requires: 'statistics.list',
    summary: 'The events query of the analytics screens: see the body schema for each type and its answer.',
    async handler(request, _reply, session) {
      const filter = request.body.filter;
      const scoped = (ids: string[] | undefined) => {
        const wanted = ids?.length ? ids : [...session.newsletterIds];
        for (const id of wanted) session.assertNewsletter(id);
        return wanted;
      };
      switch (filter.type) {
        case 'open':
        case 'click':
        case 'read': {
          const contentTypes = (filter.contentTypes ?? []) as ContentType[];
          const contentIds = filter.contentIds ?? [];
          // Contents are reached through their newsletters: each one named must be the caller's.
          const newsletterIds = contentIds.length
            ? await Promise.all(contentIds.map((id) => newsletterOfContent(db, contentTypes[0] ?? 'issue', id, session)))
            : scoped(filter.contextIds);
          const groupBy = filter.groupBy === undefined ? [] : Array.isArray(filter.groupBy) ? filter.groupBy : [filter.groupBy];
          if (groupBy.includes('device') && !contentIds.length)
            throw invalid('groupBy device needs contentIds: devices are kept per issue and story.', 'filter.groupBy');
          const { startAt, endAt } = rangeOf(filter.date);
          const counted = filter.type === 'open' && contentTypes[0] === 'story' ? await openedIssuesOf(db, contentIds) : contentIds;
          const result = await eventSeries(db, {
            type: filter.type,
            contentIds: contentIds.length ? counted : undefined,
            contentTypes: filter.type === 'open' ? undefined : contentTypes,
            newsletterIds: [...new Set(newsletterIds)],
            startAt,
            endAt,
            span: filter.date?.spanType ?? 'day',
            groupBy,
          });
          return { data: { result } };
        }
        case 'clickmap': {
          const id = filter.contentIds?.[0];
          if (!id) throw invalid('contentIds must name the issue or story.', 'filter.contentIds');
          const type = (filter.contentTypes?.[0] ?? 'issue') as ContentType;
          await newsletterOfContent(db, type, id, session);
          return { data: { result: await clickMap(db, { type, id }) } };
        }
        case 'cancellation': {
          if (!filter.cancellation) throw invalid('cancellation must give the date range and the newsletters.', 'filter.cancellation');
          const newsletterIds = scoped(filter.cancellation.cancellableIds);
          const { startAt, endAt } = rangeOf(filter.cancellation.date);
          return { data: { result: await cancellations(db, { newsletterIds, startAt, endAt, limit: cancellationRows }) } };
        }
        case 'subscription': {
          if (!filter.subscription) throw invalid('subscription must give the date range and the newsletter.', 'filter.subscription');
          const newsletterIds = scoped([filter.subscription.subscribableId]);
          const { startAt, endAt } = rangeOf(filter.subscription.date);
          const result = await subscriptionSeries(db, {
            newsletterIds,
            startAt,
            endAt,
            span: filter.subscription.date.spanType ?? 'day',
            bySource: filter.subscription.groupBy === 'source',
          });
          return { data: { result } };
        }
        case 'subscriber': {
          if (!filter.subscriber) throw invalid('subscriber must name the newsletters.', 'filter.subscriber');
          const newsletterIds = scoped(filter.subscriber.newsletterIds);
          const { startAt, endAt } = rangeOf(filter.subscriber.date);
          return { data: { result: await subscriberWeeks(db, newsletterIds, startAt, endAt) } };
        }
      }
    },
  });
}

/**
 * GET /publishers/analytics/{id}: the publisher's newsletters side by side over a range. Each
 * figure is the one the newsletter's own screens show: its subscribers now (stats.subscribers),
 * the subscriptions and unsubscriptions its charts count over the range, and the results of the
 * issues it e-mailed in the range, summed as each issue's results count them (opens and clickers
 * people, each copy once; rates over delivered copies: plugins/issues/results.ts).
 */
function registerPublisher(api: PluginApi, db: AnalyticsDb): void {
  api.serve(analyticEndpoints.publisher, {
    requires: 'statistics.list',
    summary:
      "The publisher's newsletters that the caller reaches, oldest first, each with its subscribers now, its subscriptions, unsubscriptions and growth (their difference) in the range, and the summed results of the issues it e-mailed in the range: sent, delivered, people's opens and clicks (each copy once), unsubscriptions and their rates over delivered copies, as the issue results define them.",
    async handler(request, _reply, session) {
      session.assertPublisher(request.params.id);
      // Both ends or neither (the schema's dependencies).
      const { startAt: from, endAt: to } = request.query;
      const { startAt, endAt } = rangeOf(from && to ? { startAt: from, endAt: to } : undefined);
      const newsletters = (await newslettersOfPublisher(db, request.params.id)).filter((newsletter) => session.newsletterIds.has(newsletter.id));
      newsletters.sort((a, b) => a.created_at.getTime() - b.created_at.getTime() || a.id.localeCompare(b.id));
      const ids = newsletters.map((newsletter) => newsletter.id);
      const [results, subscribers, flows] = await Promise.all([
        emailedResultsOf(db, api.extensions, { newsletterIds: ids, startAt, endAt }),
        Promise.all(ids.map((id) => subscriberCount(db, id))),
        Promise.all(ids.map((id) => subscriptionSeries(db, { newsletterIds: [id], startAt, endAt, span: 'month', bySource: false }))),
      ]);
      const data = newsletters.map((newsletter, index) => {
        const counted = (type: 'subscription' | 'unsubscription') => flows[index]!.filter((row) => row.type === type).reduce((sum, row) => sum + row.count, 0);
        const subscriptions = counted('subscription');
        const unsubscriptions = counted('unsubscription');
        const emailed = results.get(newsletter.id)!;
        return {
          _id: newsletter.id,
          title: newsletter.title,
          createdAt: newsletter.created_at.toISOString(),
          subscribers: subscribers[index]!,
          subscriptions,
          unsubscriptions,
          growth: subscriptions - unsubscriptions,
          issues: emailed.issues,
          results: emailed.results,
        };
      });
      return { data };
    },
  });
}

/** The newsletter of an issue or a story the caller may reach (404 otherwise, as for a newsletter). */
async function newsletterOfContent(db: AnalyticsDb, type: ContentType, id: string, session: Session): Promise<string> {
  const newsletterId = type === 'issue' ? await newsletterOfIssue(db, id) : await newsletterOfStory(db, id);
  if (!newsletterId || !session.newsletterIds.has(newsletterId)) throw notFound(type === 'issue' ? 'Issue not found.' : 'Story not found.');
  return newsletterId;
}

/** The issues the stories went out in (a story's opens are its issue's); [''] when none went out, so that nothing is counted. */
async function openedIssuesOf(db: AnalyticsDb, storyIds: string[]): Promise<string[]> {
  const issueIds = await issuesHolding(db, { ids: storyIds });
  return issueIds.length ? issueIds : [''];
}

/** A publisher's newsletters the caller may reach. */
async function reachableNewslettersOf(db: AnalyticsDb, publisherId: string, session: Session): Promise<string[]> {
  session.assertPublisher(publisherId);
  const newsletters = await newslettersOfPublisher(db, publisherId);
  return newsletters.map((newsletter) => newsletter.id).filter((id) => session.newsletterIds.has(id));
}

/** The subscribers of each newsletter, by medium, in the weeks of the range. */
async function subscriberWeeks(db: AnalyticsDb, newsletterIds: string[], startAt: Date, endAt: Date) {
  const from = startAt.toISOString().slice(0, 10);
  const to = endAt.toISOString().slice(0, 10);
  return (
    await Promise.all(
      newsletterIds.map(async (newsletterId) => {
        const weeks = await subscriberTimeline(db, newsletterId);
        const dates = [...new Set(weeks.map((week) => week.date))].filter((date) => date >= from && date <= to);
        return dates.map((date) => {
          const email = weeks.find((week) => week.date === date && week.medium === 'email')?.subscribers ?? 0;
          const notification = weeks.find((week) => week.date === date && week.medium === 'notification')?.subscribers ?? 0;
          return { newsletterId, date, total: email + notification, email, notification };
        });
      }),
    )
  ).flat();
}

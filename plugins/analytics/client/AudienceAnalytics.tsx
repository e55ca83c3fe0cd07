/**
 * The analytics of a newsletter, or of a publisher's newsletters together (spec 002 section 2.9):
 * SUBSCRIBERS, SUBSCRIPTIONS, UNSUBSCRIPTION, TOTAL READS and TOTAL CLICKS over the range picked;
 * with the beta analytics feature, SUBSCRIPTIONS BY SOURCE and UNSUBSCRIPTION BY SOURCE too, and a
 * switch between the beta analytics service (POST /analytics/filter) and the legacy statistics
 * (POST /statistics/generate). Total reads are the opens: public page reads are left out for now
 * (spec section 9).
 */
import { Toggle } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useMemo, useState, type ReactNode } from 'react';
import { featuresAtom } from '../../../core/client/stores';
import { t } from '../../../core/client/words';
import {
  filterEvents,
  generateStatistics,
  subscriberTimeline,
  type EventRow,
  type GeneratedStatistics,
  type SubscriberRow,
  type SubscriptionRow,
} from './analytics-api';
import { chartOf, ChartPanel } from './ChartPanel';
import { places, useQueued, type Next } from './fetch-queue';
import { RangePicker } from './RangePicker';
import { customLimits, datespanOf, dateRange, dayOf, defaultRange, spanOf, type Range } from './ranges';
import {
  activityChart,
  bySourceChart,
  countChart,
  fromPoints,
  fromRows,
  legacyCounts,
  spanWindow,
  subscribersChart,
  subscriptionNames,
  subscriptionPoints,
  timelineRows,
} from './series';

export interface Audience {
  model: 'Newsletter' | 'Publisher';
  /** The newsletter's or the publisher's id. */
  parent: string;
  /** The newsletters counted: the newsletter, or the publisher's that the user reaches. */
  newsletterIds: string[];
  /** When the parent was created: a custom range starts no earlier. */
  createdAt?: string;
}

/** The range picked and the refreshes asked: a screen that shows more over the same range (the publisher's table) holds them. */
export interface RangeChoice {
  range: Range;
  setRange(range: Range): void;
  /** How many times the refresh control was pressed: a part of each fetch's key. */
  refresh: number;
  again(): void;
}

export function useRangeChoice(): RangeChoice {
  const [range, setRange] = useState<Range>(() => defaultRange(new Date()));
  const [refresh, setRefresh] = useState(0);
  return { range, setRange, refresh, again: () => setRefresh((value) => value + 1) };
}

/** A range's part of a fetch's key. */
export const rangeKey = ({ range, refresh }: Pick<RangeChoice, 'range' | 'refresh'>) => [range.kind, dayOf(range.start), dayOf(range.end), refresh].join('|');

/**
 * `choice`: the range, when the screen holds it; `lead`: what stands between the range picker and
 * the charts (the publisher's table of its newsletters); `children`: panels after the charts.
 */
export function AudienceAnalytics({ audience, choice, lead, children }: { audience: Audience; choice?: RangeChoice; lead?: ReactNode; children?: ReactNode }) {
  const features = useAtomValue(featuresAtom);
  const betaOffered = Boolean(features?.betaAnalytics);
  const [betaChosen, setBetaChosen] = useState(true);
  const beta = betaOffered && betaChosen;
  const own = useRangeChoice();
  const { range, setRange, refresh, again } = choice ?? own;
  const limits = customLimits(audience.createdAt, new Date());
  const spans = useMemo(() => spanWindow(range), [range]);
  const span = spanOf[range.kind];
  const dates = dateRange(range);
  const ids = audience.newsletterIds;
  const key = [audience.parent, ids.join(','), rangeKey({ range, refresh })].join('|');

  // Each series is its own call, so each chart draws as soon as its answer is in.
  const eventsOf = (type: 'open' | 'click') => (next: Next) =>
    next(() => filterEvents<EventRow>({ type, contextIds: ids, groupBy: 'date', date: { ...dates, spanType: span, spanInterval: 1 } }));
  // The subscription query takes one newsletter: a publisher's are asked one after the other.
  const subscriptionsOf = (bySource: boolean) => async (next: Next) =>
    (
      await Promise.all(
        ids.map((id) =>
          next(() =>
            filterEvents<SubscriptionRow>({
              type: 'subscription',
              subscription: { date: { ...dates, spanType: span, spanInterval: 1 }, subscribableId: id, ...(bySource ? { groupBy: 'source' as const } : {}) },
            }),
          ),
        ),
      )
    ).flat();

  const ready = ids.length > 0;
  const subscribers = useQueued(
    !ready
      ? null
      : beta
        ? (next) => next(() => filterEvents<SubscriberRow>({ type: 'subscriber', subscriber: { newsletterIds: ids, date: dates } }))
        : async (next) => (await Promise.all(ids.map((id) => next(() => subscriberTimeline(id))))).flatMap(timelineRows),
    `subscribers|${beta}|${key}`,
    'handle',
    places.charts,
  );
  const legacy = useQueued<GeneratedStatistics | null>(
    ready && !beta
      ? (next) =>
          next(() =>
            generateStatistics(
              { model: audience.model, parent: audience.parent, methods: ['Opens', 'Clicks', 'Subscriptions'], date: dates, datespan: datespanOf[span] },
              refresh > 0,
            ),
          )
      : null,
    `legacy|${key}`,
    'handle',
    places.charts + 1,
  );
  const subscriptions = useQueued(ready && beta ? subscriptionsOf(false) : null, `subscriptions|${key}`, 'handle', places.charts + 1);
  const reads = useQueued(ready && beta ? eventsOf('open') : null, `reads|${key}`, 'handle', places.charts + 3);
  const clicks = useQueued(ready && beta ? eventsOf('click') : null, `clicks|${key}`, 'handle', places.charts + 4);
  const bySource = useQueued(ready && beta ? subscriptionsOf(true) : null, `by-source|${key}`, 'handle', places.charts + 5);

  const panels = beta
    ? {
        subscriptions: chartOf(subscriptions, (rows) => countChart(spans, subscriptionPoints(rows, 'subscription'), subscriptionNames.subscription)),
        unsubscriptions: chartOf(subscriptions, (rows) => countChart(spans, subscriptionPoints(rows, 'unsubscription'), subscriptionNames.unsubscription)),
        reads: chartOf(reads, (rows) => activityChart(spans, fromRows(rows), 'opens')),
        clicks: chartOf(clicks, (rows) => activityChart(spans, fromRows(rows), 'clicks')),
      }
    : {
        subscriptions: chartOf(legacy, (data) =>
          countChart(spans, legacyCounts(data?.values['subscriptions.subscription.subscriber']), subscriptionNames.subscription),
        ),
        unsubscriptions: chartOf(legacy, (data) =>
          countChart(spans, legacyCounts(data?.values['subscriptions.unsubscription.subscriber']), subscriptionNames.unsubscription),
        ),
        reads: chartOf(legacy, (data) => activityChart(spans, fromPoints(data?.values['opens.total']), 'opens')),
        clicks: chartOf(legacy, (data) => activityChart(spans, fromPoints(data?.values['clicks.total']), 'clicks')),
      };

  return (
    <div className="analytics-screen">
      <div className="analytics-toolbar">
        <RangePicker range={range} limits={limits} onChange={setRange} onRefresh={again} />
        {betaOffered ? (
          <Toggle label={t('Beta analytics')} inlineLabel checked={betaChosen} onChange={(_event, checked) => setBetaChosen(Boolean(checked))} />
        ) : null}
      </div>
      {lead}
      <div className="analytics-grid">
        <ChartPanel title={t('SUBSCRIBERS')} state={chartOf(subscribers, (rows) => subscribersChart(range, rows))} />
        <ChartPanel title={t('SUBSCRIPTIONS')} state={panels.subscriptions} />
        <ChartPanel title={t('UNSUBSCRIPTION')} state={panels.unsubscriptions} />
        <ChartPanel title={t('TOTAL READS')} state={panels.reads} />
        <ChartPanel title={t('TOTAL CLICKS')} state={panels.clicks} />
        {beta ? (
          <>
            <ChartPanel title={t('SUBSCRIPTIONS BY SOURCE')} state={chartOf(bySource, (rows) => bySourceChart(spans, rows, 'subscription'))} />
            <ChartPanel title={t('UNSUBSCRIPTION BY SOURCE')} state={chartOf(bySource, (rows) => bySourceChart(spans, rows, 'unsubscription'))} />
          </>
        ) : null}
        {children}
      </div>
    </div>
  );
}

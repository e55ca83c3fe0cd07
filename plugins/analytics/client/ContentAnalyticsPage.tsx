/**
 * The analytics of an issue or a story (spec 002 section 2.9): /issues/show/{issueId}/analytics,
 * /analytics/issues/{issueId} and /stories/show/{storyId}/analytics. Its results (an issue's, or
 * the issue a story went out in: opens and clicks are people with their repeats apart, and the one
 * machine share), a story's own clicks, device pies for opens, clicks and reads with the average
 * reading time, opens and clicks over time (legacy statistics) and reads over time (events) with
 * the range picker, and the click map. A story's opens are those of the issue it went out in.
 * Figures of the content's whole life equal its results (issue 55); a chart over fewer dates says so.
 */
import { Link, Stack } from '@fluentui/react';
import { useMemo, useState } from 'react';
import { Link as RouteLink, useParams } from 'wouter';
import { isAfter, isBefore, parseISO, startOfDay } from 'date-fns';
import { Figure, Figures } from '../../../core/client/figures';
import { useNewsletterScope } from '../../../core/client/layout/Shell';
import { PageHeader } from '../../../core/client/page-parts';
import { t } from '../../../core/client/words';
import type { Issue } from '../../../schemas/generated/entities/issue';
import type { Story } from '../../../schemas/generated/entities/story';
import { filterEvents, generateStatistics, issueWithStats, storyWithStats, type EventRow, type GeneratedStatistics } from './analytics-api';
import { chartOf, ChartPanel, Note, type ChartData } from './ChartPanel';
import { ClickMap } from './ClickMap';
import { count, machineShare, repeatsNote } from './display';
import { machineShareNote, repeatsOf } from '../../issues/client/public';
import { FetchQueueProvider, useQueued, type Next } from './fetch-queue';
import { RangePicker } from './RangePicker';
import { ResultsSection } from './ResultsSection';
import { contentRange, customLimits, datespanOf, dateRange, dayOf, spanOf, type Range } from './ranges';
import { activityChart, devicePie, fromPoints, fromReadRows, opensAndClicksChart, sourcePie, spanWindow, withReadingTime } from './series';
import { newsletterAnalyticsPath } from './paths';
import { storyName } from '../../stories/client/public';

type ContentType = 'issue' | 'story';

/** Before any content of this product: where a content's lifetime figures start. */
const lifeStart = new Date(Date.UTC(2000, 0, 1));
type Content = Issue | Story;

export default function ContentAnalyticsPage() {
  const params = useParams<{ issueId?: string; storyId?: string }>();
  const type: ContentType = params.storyId ? 'story' : 'issue';
  const id = (params.storyId ?? params.issueId)!;
  return (
    <FetchQueueProvider key={`${type}-${id}`}>
      <ContentAnalytics type={type} id={id} />
    </FetchQueueProvider>
  );
}

const nameOf = (content: Content) => ('subject' in content ? content.subject || t('Untitled') : storyName(content));
const newsletterOf = (content: Content) => content.newsletter;

type Stats = { totalOpens: number; uniqueOpens: number; totalClicks: number; uniqueClicks: number; machineOpens: number; machineClicks: number };

/** A story's own clicks: people, each copy once, their repeats and the machines' share apart (its opens are its issue's, in the results). */
function StoryClicks({ stats }: { stats: Stats }) {
  const notes = [repeatsNote(repeatsOf(stats).clicks, 'clicks'), machineShare(stats.uniqueClicks, stats.machineClicks, 'clicks')];
  return (
    <Figures minWidth={180}>
      <Figure label={t('Clicks on this story')} value={count(stats.uniqueClicks)}>
        {notes.map((note) => (note ? <Note key={note}>{note}</Note> : null))}
      </Figure>
    </Figures>
  );
}

/**
 * Whether a range holds the content's whole life: from the day it went out (or before) to today. Its
 * charts' figures are then the content's own; over fewer dates their notes say so.
 */
function coversLife(range: Range, sentAt: string | null | undefined, now: Date): boolean {
  const sent = sentAt ? startOfDay(parseISO(sentAt)) : null;
  return Boolean(sent) && !isAfter(range.start, sent!) && !isBefore(range.end, startOfDay(now));
}

/** A chart's notes over a part of the content's life, marked as such ('In these dates: ...'). */
function inTheseDates(chart: ChartData, whole: boolean): ChartData {
  return whole ? chart : { ...chart, notes: chart.notes?.map((note) => (note ? t('In these dates: {note}', { note }) : note)) };
}

function ContentAnalytics({ type, id }: { type: ContentType; id: string }) {
  const content = useQueued<Content>((next) => next<Content>(() => (type === 'issue' ? issueWithStats(id) : storyWithStats(id))), `content|${type}|${id}`);
  const loaded = content.status === 'ready' ? content.data : null;
  useNewsletterScope(loaded ? newsletterOf(loaded) : undefined);
  const stats = loaded?.stats as Stats | undefined;
  // Until the user picks a range: from the send time, in spans that fit the content's age (the
  // series wait for the content to know it).
  const [chosen, setRange] = useState<Range | null>(null);
  const sentAt = loaded?.publishedAt;
  const range = useMemo(() => chosen ?? contentRange(sentAt, new Date()), [chosen, sentAt]);
  const [refresh, setRefresh] = useState(0);
  const spans = useMemo(() => spanWindow(range), [range]);
  const span = spanOf[range.kind];
  const dates = dateRange(range);
  const key = [type, id, range.kind, dayOf(range.start), dayOf(range.end), refresh].join('|');
  const whole = coversLife(range, sentAt, new Date());

  // The pies cover the content's whole life. Not from its creation date: a story's opens are those
  // of its issue, which may have gone out before the story was written down here. Rollups per
  // content are small, so the whole span costs nothing. One call a pie pair: by source and device.
  const lifetime = loaded ? dateRange({ start: lifeStart, end: new Date() }) : null;
  const bySource = (event: 'open' | 'click' | 'read') =>
    lifetime
      ? (next: Next) =>
          next(() => filterEvents<EventRow>({ type: event, contentIds: [id], contentTypes: [type], groupBy: ['source', 'device'], date: lifetime }))
      : null;
  const opensBySource = useQueued(bySource('open'), `open-sources|${type}|${id}|${refresh}`);
  const clicksBySource = useQueued(bySource('click'), `click-sources|${type}|${id}|${refresh}`);
  const readsBySource = useQueued(bySource('read'), `read-sources|${type}|${id}|${refresh}`);
  const series = useQueued<GeneratedStatistics>(
    content.status === 'waiting'
      ? null
      : (next) =>
          next(() =>
            generateStatistics(
              { model: type === 'issue' ? 'Issue' : 'Story', parent: id, methods: ['Opens', 'Clicks'], date: dates, datespan: datespanOf[span] },
              refresh > 0,
            ),
          ),
    `series|${key}`,
  );
  const reads = useQueued(
    content.status === 'waiting'
      ? null
      : (next) =>
          next(() =>
            filterEvents<EventRow>({
              type: 'read',
              contentIds: [id],
              contentTypes: [type],
              groupBy: 'date',
              date: { ...dates, spanType: span, spanInterval: 1 },
            }),
          ),
    `reads|${key}`,
  );

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={loaded ? nameOf(loaded) : type === 'issue' ? t('Issue analytics') : t('Story analytics')}>
        {loaded ? (
          <RouteLink href={newsletterAnalyticsPath(newsletterOf(loaded))} asChild>
            <Link>{t('Newsletter analytics')}</Link>
          </RouteLink>
        ) : null}
      </PageHeader>
      {content.status === 'failed' ? null : <ResultsSection type={type} content={loaded} />}
      {type === 'story' && stats ? <StoryClicks stats={stats} /> : null}
      <div className="analytics-grid analytics-grid-thirds">
        <ChartPanel title={t('OPENS BY DEVICE')} state={chartOf(opensBySource, (rows) => devicePie(rows, 'opens'))} height={260} />
        <ChartPanel title={t('CLICKS BY DEVICE')} state={chartOf(clicksBySource, (rows) => devicePie(rows, 'clicks'))} height={260} />
        <ChartPanel title={t('READS BY DEVICE')} state={chartOf(readsBySource, (rows) => withReadingTime(devicePie(rows, 'reads'), rows))} height={260} />
        <ChartPanel title={t('OPENS BY SOURCE')} state={chartOf(opensBySource, (rows) => sourcePie(rows, 'opens'))} height={220} />
        <ChartPanel title={t('CLICKS BY SOURCE')} state={chartOf(clicksBySource, (rows) => sourcePie(rows, 'clicks'))} height={220} />
        <ChartPanel title={t('READS BY SOURCE')} state={chartOf(readsBySource, (rows) => sourcePie(rows, 'reads'))} height={220} />
      </div>
      <div className="analytics-toolbar">
        <RangePicker
          range={range}
          limits={customLimits(loaded?.createdAt, new Date())}
          onChange={setRange}
          onRefresh={() => setRefresh((value) => value + 1)}
        />
      </div>
      <div className="analytics-grid">
        <ChartPanel
          title={t('OPENS AND CLICKS')}
          state={chartOf(series, (data) =>
            inTheseDates(opensAndClicksChart(spans, fromPoints(data.values['opens.total']), fromPoints(data.values['clicks.total'])), whole),
          )}
        />
        <ChartPanel
          title={t('READS')}
          state={chartOf(reads, (rows) => inTheseDates(withReadingTime(activityChart(spans, fromReadRows(rows), 'reads', 'area'), rows), whole))}
        />
      </div>
      <ClickMap type={type} id={id} machines={clickMachines(type, loaded, stats)} />
    </Stack>
  );
}

/**
 * The machine share of the content's clicks, the one figure its results give (a story's: of its own
 * links), for the click map, whose badges count every click of a link; undefined while it loads.
 */
function clickMachines(type: ContentType, content: Content | null, stats: Stats | undefined): string | null | undefined {
  if (!content) return undefined;
  if (type === 'issue') return machineShareNote((content as Issue).results?.machineClickShare, 'clicks');
  return stats ? machineShare(stats.uniqueClicks, stats.machineClicks, 'clicks') : null;
}

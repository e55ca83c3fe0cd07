/**
 * Average views on the newsletter analytics (spec 002 sections 2.9 and 9), by issue (issue 55):
 * the newsletter's issues sent from monthsBack months ago up to daysBefore days ago (found among
 * its last constants.statistics.averageViews.limit published issues, GET /issues/list), the latest
 * `buckets` of them, each a bar named by its subject and day, with its views: its copies opened by
 * people, each once, the figure its own results call its opens. Their average is drawn across the
 * bars and written under them. A failure is only logged (section 8).
 */
import { startOfDay, subDays, subMonths } from 'date-fns';
import { useState } from 'react';
import { formatNumber } from '../../../core/client/format';
import { formatDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import type { Issue } from '../../../schemas/generated/entities/issue';
import { latestIssues } from './analytics-api';
import { chartOf, ChartPanel, type ChartData } from './ChartPanel';
import { count, machineShare } from './display';
import { places, useQueued } from './fetch-queue';

/** The panel's title, in English (shown through `t`). */
export const averageViewsTitle = 'AVERAGE VIEWS';

export interface AverageViewsWindow {
  start: Date;
  end: Date;
}

export function averageViewsWindow(now: Date): AverageViewsWindow {
  const { monthsBack, daysBefore } = constants.statistics.averageViews;
  return { start: startOfDay(subMonths(now, monthsBack)), end: subDays(startOfDay(now), daysBefore) };
}

/** When an issue went out: its e-mail's hand-over, else its publication. */
const sentAt = (issue: Issue) => issue.emailedAt ?? issue.publishedAt;

/** A bar's name: the issue's subject (its code name without one) and its day, so two issues of one subject stay two bars. */
const barName = (issue: Issue) => `${issue.subject || issue.key} · ${formatDate(new Date(sentAt(issue)!), 'd MMM')}`;

/**
 * The issues sent in the window, the latest `buckets` of them newest first, each with its views
 * (people who opened their copy, each once: its results' opens); their average, and the machine
 * share of their opens.
 */
export function averageViewsChart(window: AverageViewsWindow, issues: Issue[]): ChartData {
  const { monthsBack, daysBefore, buckets } = constants.statistics.averageViews;
  const sent = issues
    .filter((issue) => {
      // An imported issue was sent by another service: it has no results, and no views to average.
      if (!issue.results) return false;
      const at = sentAt(issue);
      return at !== undefined && at !== null && Date.parse(at) >= window.start.getTime() && Date.parse(at) < window.end.getTime();
    })
    .sort((a, b) => Date.parse(sentAt(b)!) - Date.parse(sentAt(a)!))
    .slice(0, buckets);
  const views = sent.map((issue) => issue.results?.opens ?? 0);
  const machines = sent.reduce((sum, issue) => sum + (issue.results?.machineOpens ?? 0), 0);
  const total = views.reduce((sum, value) => sum + value, 0);
  const average = sent.length ? Math.round(total / sent.length) : 0;
  return {
    empty: t(
      'No issue has been opened yet among those sent in the last {months} months up to {days} days ago: an issue counts here a week after it goes out.',
      { months: formatNumber(monthsBack), days: formatNumber(daysBefore) },
    ),
    model: {
      kind: 'bar',
      across: true,
      labels: sent.map(barName),
      unit: t('views'),
      series: [{ name: t('Views'), values: views }],
      mark: { value: average, text: t('Average {views}', { views: count(average) }) },
    },
    notes: [
      sent.length
        ? t(sent.length === 1 ? 'Average views of {count} issue: {views}' : 'Average views of {count} issues: {views}', {
            count: formatNumber(sent.length),
            views: count(average),
          })
        : null,
      machineShare(total, machines, 'opens'),
    ],
  };
}

/** A bar's height and the axes' room: every issue's name stays readable, however many there are. */
const barHeight = 34;

export function AverageViews({ newsletterId }: { newsletterId: string }) {
  const [window] = useState(() => averageViewsWindow(new Date()));
  const state = useQueued(
    (next) => next(() => latestIssues(newsletterId, constants.statistics.averageViews.limit)),
    `average-views|${newsletterId}`,
    'log',
    places.below,
  );
  const chart = chartOf(state, (issues) => averageViewsChart(window, issues));
  const bars = chart.status === 'ready' ? (chart.data.model?.labels.length ?? 0) : constants.statistics.averageViews.buckets / 2;
  return <ChartPanel title={t(averageViewsTitle)} state={chart} height={Math.max(160, 70 + bars * barHeight)} wide />;
}

/**
 * Average views on the newsletter analytics (spec 002 sections 2.9 and 9): the newsletter's last
 * published issues (GET /issues/list, ids only, at most constants.statistics.averageViews.limit),
 * their opens from monthsBack months ago up to daysBefore days ago by week, and for each of the
 * last `buckets` weeks the average opens of the issues that went out that week (an issue is in the
 * week its first opens came in; older issues are left out). A failure is only logged (section 8).
 */
import { startOfDay, startOfWeek, subDays, subMonths, subWeeks } from 'date-fns';
import { useState } from 'react';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { filterEvents, publishedIssueIds, type EventRow } from './analytics-api';
import { chartOf, ChartPanel, type ChartData } from './ChartPanel';
import { machineShare } from './display';
import { useQueued } from './fetch-queue';
import { timeAxis } from './periods';
import { dateRange, dayOf } from './ranges';
import { overTime } from './series';

/** The panel's title, in English (shown through `t`). */
export const averageViewsTitle = 'AVERAGE VIEWS';

export interface AverageViewsWindow {
  start: Date;
  end: Date;
  /** The Mondays of the buckets, oldest first (YYYY-MM-DD). */
  weeks: string[];
}

export function averageViewsWindow(now: Date): AverageViewsWindow {
  const { monthsBack, daysBefore, buckets } = constants.statistics.averageViews;
  const end = subDays(startOfDay(now), daysBefore);
  const lastWeek = startOfWeek(end, { weekStartsOn: 1 });
  return {
    start: startOfDay(subMonths(now, monthsBack)),
    end,
    weeks: Array.from({ length: buckets }, (_unused, index) => dayOf(subWeeks(lastWeek, buckets - 1 - index))),
  };
}

/**
 * Rows of opens by issue and week into the average opens of the issues sent in each week. An
 * issue's views are its copies opened, each once however often; the machine share is of all opens.
 */
export function averageViewsChart(weeks: string[], rows: EventRow[]): ChartData {
  const issues = new Map<string, { first: string; views: number; opens: number; machines: number }>();
  for (const row of rows) {
    if (!row.content_id || !row.date) continue;
    const issue = issues.get(row.content_id) ?? { first: row.date, views: 0, opens: 0, machines: 0 };
    issues.set(row.content_id, {
      first: row.date < issue.first ? row.date : issue.first,
      views: issue.views + row.unique,
      opens: issue.opens + row.total,
      machines: issue.machines + row.machine,
    });
  }
  const sums = weeks.map(() => ({ views: 0, issues: 0 }));
  let people = 0;
  let machines = 0;
  for (const issue of issues.values()) {
    const week = weeks.findLastIndex((start) => start <= issue.first.slice(0, 10));
    // Sent before the first bucket: its opens here are late ones, not its week's.
    if (week < 0) continue;
    sums[week]!.views += issue.views;
    sums[week]!.issues += 1;
    people += issue.opens;
    machines += issue.machines;
  }
  const { monthsBack, daysBefore } = constants.statistics.averageViews;
  return {
    empty: t(
      'No issue has been opened yet among those sent in the last {months} months up to {days} days ago: an issue counts here a week after it goes out.',
      { months: formatNumber(monthsBack), days: formatNumber(daysBefore) },
    ),
    model: {
      kind: 'bar',
      // The buckets end a week ago, and an average is not a sum that grows: none is drawn as running.
      ...overTime(timeAxis(weeks, 'week', null)),
      unit: t('views per issue'),
      series: [{ name: t('Average views'), values: sums.map((sum) => (sum.issues ? Math.round(sum.views / sum.issues) : 0)) }],
    },
    notes: [machineShare(people, machines, 'opens')],
  };
}

export function AverageViews({ newsletterId }: { newsletterId: string }) {
  const [buckets] = useState(() => averageViewsWindow(new Date()));
  const state = useQueued(
    async (next) => {
      const ids = await next(() => publishedIssueIds(newsletterId, constants.statistics.averageViews.limit));
      if (ids.length === 0) return [];
      return next(() =>
        filterEvents<EventRow>({
          type: 'open',
          contentIds: ids,
          contentTypes: ['issue'],
          groupBy: ['content_id', 'date'],
          date: { ...dateRange(buckets), spanType: 'week', spanInterval: 1 },
        }),
      );
    },
    `average-views|${newsletterId}`,
    'log',
  );
  return <ChartPanel title={t(averageViewsTitle)} state={chartOf(state, (rows) => averageViewsChart(buckets.weeks, rows))} wide />;
}

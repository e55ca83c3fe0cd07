/**
 * An e-mailed issue's results (issue 30): the counts and the rates every publisher compares, worked
 * out here only, for the server (the issue calls and the sortable issue list) and the console (the
 * analytics page, the editor's statistics block, the issue list). Pure: no I/O, no formatting.
 *
 * Definitions (docs/ARCHITECTURE.md, "Readers and analytics"):
 * - sent: copies the mail server took; bounced: those that came back, hard or soft
 *   (issue_deliveries.bounce); delivered = sent - bounced.
 * - opens and clickers are people's, each counted once per copy (the unique figures); machine
 *   opens and clicks (plugins/analytics/server/classify.ts) are kept apart and never in a rate.
 * - open rate = unique human opens / delivered; click rate = unique human clickers / delivered;
 *   unsubscribe rate = unsubscriptions attributed to the issue / delivered; bounce rate = bounced /
 *   sent; complaint rate = complaints / delivered.
 * - An unsubscription counts for the issue the newsletter e-mailed last before it, within
 *   constants.statistics.resultsUnsubscribeDays of its hand-over (reported by the subscribers
 *   plugin; a complaint's own unsubscription is a complaint, not counted twice).
 * - No delivered copy (nothing sent, or all bounced): every rate is null, shown as '—'.
 */

import type { IssueResults } from '../../schemas/generated/entities/issue-results';

export type { IssueResults };

/** What is counted, each from the table that keeps it (schemas/entities/issue-results describes each); the rest is worked out. */
export type ResultCounts = Pick<IssueResults, 'sent' | 'bounced' | 'complaints' | 'opens' | 'machineOpens' | 'clickers' | 'machineClickers' | 'unsubscribes'>;

export const noCounts: ResultCounts = { sent: 0, bounced: 0, complaints: 0, opens: 0, machineOpens: 0, clickers: 0, machineClickers: 0, unsubscribes: 0 };

/** part / whole as a fraction, or null when the whole is nothing (never NaN or Infinity). */
export function rate(part: number, whole: number): number | null {
  if (!(whole > 0) || !Number.isFinite(part)) return null;
  return Math.max(0, part) / whole;
}

/** The results of an issue from its counts. */
export function issueResults(counts: ResultCounts): IssueResults {
  const delivered = Math.max(0, counts.sent - counts.bounced);
  return {
    ...counts,
    delivered,
    openRate: rate(counts.opens, delivered),
    clickRate: rate(counts.clickers, delivered),
    unsubscribeRate: rate(counts.unsubscribes, delivered),
    bounceRate: rate(counts.bounced, counts.sent),
    complaintRate: rate(counts.complaints, delivered),
    machineOpenShare: rate(counts.machineOpens, counts.opens + counts.machineOpens),
    machineClickShare: rate(counts.machineClickers, counts.clickers + counts.machineClickers),
  };
}

/** The results the issue list sorts by. */
export const resultSorts = ['sent', 'openRate', 'clickRate', 'unsubscribeRate', 'bounceRate'] as const;
export type ResultSort = (typeof resultSorts)[number];

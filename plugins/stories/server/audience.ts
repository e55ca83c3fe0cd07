/**
 * Where audience tracking plugs in: an extension point of the stories plugin (decision 0031), the
 * plugin every content that is read belongs to or requires. The plugin that records opens, clicks
 * and reads (analytics) contributes to it; the plugins that send and show content (issues,
 * stories) ask `tracking(api)` for tracked addresses and numbers, and do without when no enabled
 * plugin tracks. That keeps the dependency one way: analytics needs issues and stories, never the
 * reverse.
 */
import { extensionPoint, type Extensions } from '../../../core/server/plugins/extension-points';
import type { Story } from '../../../schemas/generated/entities/story';

export type ContentType = 'issue' | 'story';

/** The numbers of `updateStats=true` (schemas/entities/story), but for reads, which the stories count themselves. */
export type ContentStats = Omit<NonNullable<Story['stats']>, 'reads'>;

export const noStats: ContentStats = { totalOpens: 0, uniqueOpens: 0, totalClicks: 0, uniqueClicks: 0, machineOpens: 0, machineClicks: 0 };

/** A link of an issue's e-mail, in document order, and the story it belongs to when one holds it. */
export interface EmailLink {
  url: string;
  storyId: string | null;
}

export interface AudienceTracking {
  /**
   * Registers the links of an issue's e-mail (once per build) and answers their tracked addresses
   * and the open pixel's, each holding `mark` where a copy's token goes (see `copyToken`).
   */
  trackEmail(email: { issueId: string; newsletterId: string; links: EmailLink[]; mark: string }): Promise<{ hrefs: string[]; pixel: string }>;
  /**
   * One copy's token, filled in place of the mark: who received it and when it was handed over,
   * signed; `group` (a subject test's variant) has the copy's first opens and clicks counted with
   * its group's too (IssueAudience.groupCountsOf).
   */
  copyToken(issueId: string, subscriberId: string, sentAt: Date, group?: number): string;
  /** The `<script>` that reports a public page's reading time. */
  readBeacon(content: { type: ContentType; id: string; newsletterId: string }): string;
  stats(content: { type: ContentType; id: string }): Promise<ContentStats>;
  /** Writes the events still held in memory (at shutdown; tests that read what they caused). */
  flush(): Promise<void>;
}

/** Takes the tracking plugin's hooks (analytics); one at most. */
export const audienceTracking = extensionPoint<AudienceTracking>('stories.audience-tracking', { single: true });

/** The tracking plugin's hooks, or null when none is enabled. */
export function tracking(context: { extensions: Extensions }): AudienceTracking | null {
  return context.extensions.one(audienceTracking);
}

/** A content's numbers, or zeros while no plugin tracks. */
export function audienceStats(context: { extensions: Extensions }, content: { type: ContentType; id: string }): Promise<ContentStats> {
  return tracking(context)?.stats(content) ?? Promise.resolve(noStats);
}

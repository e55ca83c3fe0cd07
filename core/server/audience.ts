/**
 * Where audience tracking plugs in. The plugin that records opens, clicks and reads (analytics)
 * registers itself with `api.audience.use(...)`; the plugins that send and show content (issues,
 * stories) ask `api.audience.tracking` for tracked addresses and numbers, and do without when no
 * enabled plugin tracks. That keeps the dependency one way: analytics needs issues and stories,
 * never the reverse.
 */

export type ContentType = 'issue' | 'story';

/** The numbers of `updateStats=true`: human activity, and the machine activity counted apart. */
export interface ContentStats {
  totalOpens: number;
  uniqueOpens: number;
  totalClicks: number;
  uniqueClicks: number;
  machineOpens: number;
  machineClicks: number;
}

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
  /** One copy's token, filled in place of the mark: who received it and when it was handed over, signed. */
  copyToken(issueId: string, subscriberId: string, sentAt: Date): string;
  /** The `<script>` that reports a public page's reading time. */
  readBeacon(content: { type: ContentType; id: string; newsletterId: string }): string;
  stats(content: { type: ContentType; id: string }): Promise<ContentStats>;
  /** Writes the events still held in memory (at shutdown; tests that read what they caused). */
  flush(): Promise<void>;
}

export interface AudienceHub {
  /** The tracking plugin's hooks, or null when none is enabled. */
  readonly tracking: AudienceTracking | null;
  use(tracking: AudienceTracking): void;
}

export function createAudienceHub(): AudienceHub {
  let tracking: AudienceTracking | null = null;
  return {
    get tracking() {
      return tracking;
    },
    use(given) {
      if (tracking) throw new Error('audience: a tracking plugin is registered twice');
      tracking = given;
    },
  };
}

/** A content's numbers, or zeros while no plugin tracks. */
export function audienceStats(context: { audience: AudienceHub }, content: { type: ContentType; id: string }): Promise<ContentStats> {
  return context.audience.tracking?.stats(content) ?? Promise.resolve(noStats);
}

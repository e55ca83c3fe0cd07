/**
 * What a new subscriber reads next: the newsletter's latest published issue, shown on the page
 * that confirms a subscription (subscribe-page.ts). Issues are the issues plugin's, which requires
 * this one: it contributes here (an extension point, decision 0031) rather than being imported.
 * Without a contribution the page says nothing of issues.
 */
import { extensionPoint } from '../../../core/server/plugins/extension-points';

export interface LatestIssue {
  title: string;
  /** The preview line under the subject, '' for none. */
  preview: string;
  publishedAt: Date;
  /** Its page on this server (/i/{slug}). */
  path: string;
}

export interface LatestIssues {
  /** The newsletter's latest published issue, or null while none is published. */
  latestOf(newsletterId: string): Promise<LatestIssue | null>;
}

export const latestIssue = extensionPoint<LatestIssues>('subscribers.latest-issue', { single: true });

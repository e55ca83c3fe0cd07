/**
 * The calls the analytics screens make (spec 002 section 7, Statistics and analytics): the legacy
 * statistics (POST /statistics/generate), the events query (POST /analytics/filter), and the
 * issues, stories, newsletters and subscriber timeline they are drawn for.
 */
import { call } from '../../../core/client/api';
import type { AnalyticsFilterBody } from '../../../schemas/generated/api/analytics-filter';
import type { PublisherAnalytics } from '../../../schemas/generated/api/publisher-analytics';
import type { StatisticsGenerateBody } from '../../../schemas/generated/api/statistics-generate';
import type { SubscriberStats } from '../../../schemas/generated/api/subscriber-stats';
import type { Issue } from '../../../schemas/generated/entities/issue';
import type { NewsletterSummary } from '../../../schemas/generated/entities/newsletter-summary';
import type { Story } from '../../../schemas/generated/entities/story';
import { issueEndpoints } from '../../issues/endpoints';
import { newsletterEndpoints } from '../../newsletters/endpoints';
import { storyEndpoints } from '../../stories/endpoints';
import { subscriberEndpoints } from '../../subscribers/endpoints';
import { analyticEndpoints } from '../endpoints';

export type Filter = AnalyticsFilterBody['filter'];
export type Source = 'email' | 'web' | 'ios' | 'android';
/** From the reader's user agent (the server's classify.ts deviceOf). */
export type Device = 'desktop' | 'mobile' | 'tablet' | 'unknown';

/** One span of a legacy series: people's activity, and the machines' counted apart. */
export interface Point {
  /** The span's first day, YYYY-MM-DD. */
  date: string;
  /** Opens and clicks: people, once a copy (a reader opening one e-mail again is not counted again). */
  value: number;
  /** Opens and clicks: people with a copy's repeats; absent from the subscription series. */
  total?: number;
  machine: number;
}

export interface GeneratedStatistics {
  _id: string;
  endAt: string;
  values: {
    'opens.total'?: Point[];
    'clicks.total'?: Point[];
    'opens.sources'?: Record<Source, { total: number; unique: number; machine?: number }>;
    'subscriptions.subscription.subscriber'?: Point[];
    'subscriptions.unsubscription.subscriber'?: Point[];
  };
}

/** A row of the open, click and read queries, grouped as asked (the keys not grouped by are absent or null). */
export interface EventRow {
  source?: Source | null;
  /** Grouped by device only. */
  device?: Device | null;
  date?: string | null;
  content_id?: string | null;
  context_id?: string | null;
  total: number;
  unique: number;
  machine: number;
  machineUnique: number;
  /** Reads: a person's average time on the page, in seconds. */
  averageDuration?: number;
}

export interface ClickMapRow {
  url: string;
  /** The link's place in the content, 0-based in document order. */
  position: number;
  total: number;
  subscribers: number;
  ip: number;
  machine: number;
}

export interface CancellationRow {
  /** The subscriber's address (as the subscription rows' _id). */
  subscriber_id: string;
  name: string;
  reason: string;
  /** YYYY-MM-DD HH:mm:ss */
  date: string;
  source: string | null;
}

export interface SubscriptionRow {
  date: string;
  type: 'subscription' | 'unsubscription';
  source: Source | null;
  count: number;
}

export interface SubscriberRow {
  newsletterId: string;
  date: string;
  total: number;
  email: number;
  notification: number;
}

export type TimelinePoint = SubscriberStats['data'][number];

export async function generateStatistics(body: StatisticsGenerateBody, force: boolean): Promise<GeneratedStatistics> {
  return (await call(analyticEndpoints.statistics, { body, query: { force } })).data;
}

/** The rows of the filter's type (the generated AnalyticsFilterResult has every type's rows as one union). */
export async function filterEvents<Row>(filter: Filter): Promise<Row[]> {
  return (await call(analyticEndpoints.filter, { body: { source: 'events', filter } })).data.result as Row[];
}

export async function issueWithStats(issueId: string): Promise<Issue> {
  return (await call(issueEndpoints.fetch, { params: { id: issueId }, query: { updateStats: true } })).data;
}

export async function storyWithStats(storyId: string): Promise<Story> {
  return (await call(storyEndpoints.fetch, { params: { id: storyId }, query: { updateStats: true } })).data;
}

/** The rendered content, with absolute addresses: an issue's content.html, a story's body. */
export async function renderedContent(type: 'issue' | 'story', id: string): Promise<string> {
  if (type === 'issue') return (await call(issueEndpoints.fetch, { params: { id }, query: { normalizeBody: true } })).data.content?.html ?? '';
  return (await call(storyEndpoints.fetch, { params: { id }, query: { normalizeBody: true } })).data.body.html;
}

/** The newsletter's latest published issues with their results: the links to their analytics, their average views. */
export async function latestIssues(newsletterId: string, limit: number): Promise<Issue[]> {
  // Without idOnly each is a whole issue.
  return (await call(issueEndpoints.list, { query: { newsletter: newsletterId, 'status.published': true, desc: true, limit } })).data as Issue[];
}

export async function newsletterSummary(newsletterId: string): Promise<NewsletterSummary> {
  return (await call(newsletterEndpoints.fetch, { params: { id: newsletterId } })).data;
}

/** The publisher's newsletters that the user reaches, oldest first, side by side over a range (the publisher analytics' table). */
export async function publisherComparison(publisherId: string, range: { startAt: string; endAt: string }): Promise<PublisherAnalytics> {
  return (await call(analyticEndpoints.publisher, { params: { id: publisherId }, query: range })).data;
}

export async function subscriberTimeline(newsletterId: string): Promise<TimelinePoint[]> {
  return (await call(subscriberEndpoints.timeline, { params: { id: newsletterId } })).data;
}

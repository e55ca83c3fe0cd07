/** The subscriber calls the console makes: the page (and whether it may show paid subscribers), the timeline, the CSV export and import. */
import { api, call, upload } from '../../../core/client/api';
import { saveFile } from '../../../core/client/csv';
import type { SubscriberListQuery } from '../../../schemas/generated/api/subscriber-list-query';
import type { SubscriberStats } from '../../../schemas/generated/api/subscriber-stats';
import { pathOf } from '../../../core/shared/endpoints';
import { subscriberEndpoints } from '../endpoints';

export type TimelinePoint = SubscriberStats['data'][number];

export const subscribersPath = (newsletterId: string) => `/newsletters/show/${newsletterId}/subscribers`;

/** Free or paid subscribers only (the list's type filter). */
export type SubscriberTypeFilter = NonNullable<SubscriberListQuery['type']>;

export function listSubscriptions(
  newsletterId: string,
  page: number,
  limit: number,
  search: string,
  bounced = false,
  type?: SubscriberTypeFilter,
  label?: string,
) {
  return call(subscriberEndpoints.list, {
    params: { id: newsletterId },
    query: { page, limit, ...(search ? { search } : {}), ...(bounced ? { bounced } : {}), ...(type ? { type } : {}), ...(label ? { label } : {}) },
  });
}

/** The labels the newsletter's subscribers are filed under: the page offers its label filter when there are some. */
export async function subscriberLabels(newsletterId: string): Promise<string[]> {
  const { data } = await call(subscriberEndpoints.labels, { params: { id: newsletterId } });
  return data;
}

/** Whether subscribers may be paid here (a plugin sells subscriptions): the page then offers the type filter. */
export async function subscribersMayPay(newsletterId: string): Promise<boolean> {
  const { data } = await call(subscriberEndpoints.types, { params: { id: newsletterId } });
  return data.paid;
}

export function subscriberTimeline(newsletterId: string) {
  return call(subscriberEndpoints.timeline, { params: { id: newsletterId } });
}

/**
 * Downloads the export (subscriberEndpoints.export, a file: read as a blob, not as JSON). The call needs the bearer token, which a plain link cannot carry: fetch
 * it through the API client, then hand the browser the file under the server's file name.
 */
export async function downloadSubscribersCsv(newsletterId: string): Promise<void> {
  const response = await api(pathOf(subscriberEndpoints.export.path, { id: newsletterId }).slice(1), { timeout: 10 * 60_000 });
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'subscribers.csv';
  saveFile(filename, await response.blob());
}

export async function importSubscribersCsv(newsletterId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return upload(subscriberEndpoints.import, form, { params: { id: newsletterId } });
}

/** The subscriber calls the console makes: the page, the timeline, the CSV export and import. */
import { api, list, uploadPath } from '../../../core/client/api';
import type { SubscriberImportResult } from '../../../schemas/generated/api/subscriber-import-result';
import type { SubscriberStats } from '../../../schemas/generated/api/subscriber-stats';
import type { Subscription } from '../../../schemas/generated/entities/subscription';

export type TimelinePoint = SubscriberStats['data'][number];

export const subscribersPath = (newsletterId: string) => `/newsletters/show/${newsletterId}/subscribers`;

export function listSubscriptions(newsletterId: string, page: number, limit: number, search: string) {
  return list<Subscription>(`newsletters/list/${newsletterId}/subscriptions`, { page, limit, ...(search ? { search } : {}) });
}

export function subscriberTimeline(newsletterId: string) {
  return list<TimelinePoint>(`newsletters/list/${newsletterId}/stats`, {});
}

/**
 * Downloads the export. The call needs the bearer token, which a plain link cannot carry: fetch
 * it through the API client, then hand the browser the file under the server's file name.
 */
export async function downloadSubscribersCsv(newsletterId: string): Promise<void> {
  const response = await api(`newsletters/list/${newsletterId}/subscriptions/export`, { timeout: 10 * 60_000 });
  const filename = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'subscribers.csv';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export async function importSubscribersCsv(newsletterId: string, file: File) {
  const form = new FormData();
  form.append('file', file);
  return uploadPath<SubscriberImportResult['data']>(`newsletters/list/${newsletterId}/subscriptions/import`, form);
}

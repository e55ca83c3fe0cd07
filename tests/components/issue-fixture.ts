/**
 * An issue as the issue calls answer it, for the console's component tests: every status flag
 * off but those given, and its fields as given over a draft of Sabah Bülteni's.
 */
import type { Issue } from '../../schemas/generated/entities/issue';

type Status = Issue['status'];

export const noFlags: Status = {
  draft: false,
  ready: false,
  accepted: false,
  tested: false,
  scheduled: false,
  queued: false,
  processing: false,
  published: false,
  notified: false,
  emailed: false,
  featured: false,
  sent: false,
  cancelled: false,
};

export const issueOf = (flags: Partial<Status>, fields: Partial<Issue> = {}): Issue => ({
  _id: 'i1',
  newsletter: 'n1',
  key: 'sabah-bulteni',
  subject: 'Kuzeyde kış hazırlığı başladı',
  preview: 'Limanlar, yollar ve okullar',
  slug: 'kuzeyde-kis-hazirligi',
  premium: false,
  image: '',
  recording: null,
  episode: null,
  intro: { _id: 'intro', html: '<p>Günaydın</p>', text: 'Günaydın' },
  notification: { title: 'Kış geliyor', body: 'Hazırlıklar başladı' },
  channelsNew: [
    { _id: 'stuff', title: 'Draft Stories', stories: ['parked'] },
    { _id: 'c1', title: 'Gündem', stories: ['s1', 's2', 's3'] },
  ],
  status: { ...noFlags, ...flags },
  owner: null,
  version: 3,
  publishedAt: null,
  notifiedAt: null,
  emailedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  mediums: { email: false, notification: false },
  plannedAt: null,
  ...fields,
});

/**
 * Member lists as each platform exports them, written by the tests (issue 56), from the formats'
 * documentation: Ghost's members CSV (Members → Export), Substack's export zip with its e-mail
 * list, Mailchimp's audience export (subscribed, unsubscribed and cleaned files) and beehiiv's
 * subscribers CSV. Each writer takes the members and writes the columns its platform writes.
 */
import { createWriteStream } from 'node:fs';
import archiver from 'archiver';

/** One CSV cell, quoted when it must be (RFC 4180). */
const quoted = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);
export const csvText = (rows: readonly (readonly string[])[]) => rows.map((row) => row.map(quoted).join(',')).join('\r\n') + '\r\n';

export interface GhostMember {
  email: string;
  name?: string;
  subscribed?: boolean;
  complimentary?: boolean;
  stripeCustomerId?: string;
  createdAt?: string;
  deletedAt?: string;
  labels?: string[];
  tiers?: string[];
}

/** Ghost 5's members export: id, email, name, note, subscribed_to_emails, complimentary_plan, stripe_customer_id, created_at, deleted_at, labels, tiers. */
export function ghostMembersCsv(members: readonly GhostMember[]): string {
  const header = [
    'id',
    'email',
    'name',
    'note',
    'subscribed_to_emails',
    'complimentary_plan',
    'stripe_customer_id',
    'created_at',
    'deleted_at',
    'labels',
    'tiers',
  ];
  return csvText([
    header,
    ...members.map((member, index) => [
      `6400000000000000000000${String(index).padStart(2, '0')}`,
      member.email,
      member.name ?? '',
      '',
      String(member.subscribed ?? true),
      String(member.complimentary ?? false),
      member.stripeCustomerId ?? '',
      member.createdAt ?? '2021-03-04T10:00:00.000Z',
      member.deletedAt ?? '',
      (member.labels ?? []).join(','),
      (member.tiers ?? []).join(','),
    ]),
  ]);
}

export interface SubstackMember {
  email: string;
  plan?: string;
  expiry?: string;
  emailDisabled?: boolean;
  createdAt?: string;
}

/** Substack's e-mail list (email_list.<publication>.csv in the export zip). */
export function substackEmailList(members: readonly SubstackMember[]): string {
  return csvText([
    ['email', 'active_subscription', 'expiry', 'plan', 'email_disabled', 'created_at', 'first_payment_at'],
    ...members.map((member) => [
      member.email,
      String((member.plan ?? 'free') !== 'free'),
      member.expiry ?? '',
      member.plan ?? 'free',
      String(member.emailDisabled ?? false),
      member.createdAt ?? '2022-05-06T08:00:00.000Z',
      '',
    ]),
  ]);
}

/** A zip archive of named texts, written to `path`. */
export async function writeZip(path: string, entries: Record<string, string>): Promise<void> {
  const archive = archiver('zip');
  const done = new Promise<void>((resolve, reject) => {
    const out = createWriteStream(path);
    out.on('close', resolve);
    archive.on('error', reject);
    archive.pipe(out);
  });
  for (const [name, text] of Object.entries(entries)) archive.append(text, { name });
  await archive.finalize();
  await done;
}

export interface MailchimpMember {
  email: string;
  firstName?: string;
  lastName?: string;
  optinTime?: string;
  confirmTime?: string;
  tags?: string[];
}

const mailchimpColumns = [
  'Email Address',
  'First Name',
  'Last Name',
  'MEMBER_RATING',
  'OPTIN_TIME',
  'OPTIN_IP',
  'CONFIRM_TIME',
  'CONFIRM_IP',
  'LATITUDE',
  'LONGITUDE',
  'GMTOFF',
  'DSTOFF',
  'TIMEZONE',
  'CC',
  'REGION',
  'LAST_CHANGED',
  'LEID',
  'EUID',
  'NOTES',
];

/** One of Mailchimp's audience export files: subscribed (… TAGS), unsubscribed (… UNSUB_TIME …) or cleaned (… CLEAN_TIME …). */
export function mailchimpCsv(list: 'subscribed' | 'unsubscribed' | 'cleaned', members: readonly MailchimpMember[]): string {
  const extra =
    list === 'unsubscribed'
      ? ['UNSUB_TIME', 'UNSUB_CAMPAIGN_TITLE', 'UNSUB_CAMPAIGN_ID', 'UNSUB_REASON', 'UNSUB_REASON_OTHER']
      : list === 'cleaned'
        ? ['CLEAN_TIME', 'CLEAN_CAMPAIGN_TITLE', 'CLEAN_CAMPAIGN_ID']
        : [];
  return csvText([
    [...mailchimpColumns, ...extra, 'TAGS'],
    ...members.map((member) => [
      member.email,
      member.firstName ?? '',
      member.lastName ?? '',
      '2',
      member.optinTime ?? '2020-01-02 03:04:05',
      '',
      member.confirmTime ?? '2020-01-02 03:05:00',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '',
      '2020-01-02 03:05:00',
      '1',
      'abc',
      '',
      ...extra.map((column) => (column.endsWith('_TIME') ? '2023-02-03 04:05:06' : '')),
      (member.tags ?? []).map((tag) => `"${tag}"`).join(','),
    ]),
  ]);
}

export interface BeehiivMember {
  email: string;
  status?: string;
  createdAt?: string;
  tier?: string;
}

/** beehiiv's subscribers export. */
export function beehiivSubscribersCsv(members: readonly BeehiivMember[]): string {
  return csvText([
    ['email', 'status', 'created_at', 'utm_source', 'utm_medium', 'utm_campaign', 'referring_site', 'tier'],
    ...members.map((member) => [
      member.email,
      member.status ?? 'active',
      member.createdAt ?? '2023-07-08 09:10:11 UTC',
      'twitter',
      '',
      '',
      '',
      member.tier ?? 'free',
    ]),
  ]);
}

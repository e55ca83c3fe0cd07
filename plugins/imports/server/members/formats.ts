/**
 * What each source's member list says of a member, read from one CSV record (columns named by
 * csv.ts columnName). Written from the formats' documentation:
 * - Ghost's members CSV (Members → Export): id, email, name, note, subscribed_to_emails,
 *   complimentary_plan, stripe_customer_id, created_at, deleted_at, labels, tiers.
 * - Substack's e-mail list (email_list.<publication>.csv in the export zip): email, name,
 *   active_subscription, expiry, plan, email_disabled, created_at, first_payment_at,
 *   stripe_customer_id.
 * - Mailchimp's audience export: subscribed_*.csv, unsubscribed_*.csv and cleaned_*.csv, each with
 *   Email Address, First Name, Last Name, ... OPTIN_TIME, CONFIRM_TIME, ... TAGS, and UNSUB_TIME or
 *   CLEAN_TIME in their own files.
 * - beehiiv's subscribers export: email, status (active, inactive, pending, ...), created_at or
 *   subscribe_date, utm_* fields, tier (free, premium).
 */
import { emailPattern, maxLength, type ImportedMember } from '../../../subscribers/server/public';
import { memberReasons } from '../../rules';
import type { ImportSource } from '../contract';

export interface PaidMembership {
  customerId: string | null;
  complimentary: boolean;
  expiresAt: Date | null;
}

/** A member as a source's list gives it: what the subscribers plugin takes, and whether they pay. */
export interface SourceMember extends ImportedMember {
  paid: PaidMembership | null;
}

export type MemberRead = { member: SourceMember } | { skip: string } | { problem: string };

/** Which of Mailchimp's three lists a file is, by its name, else by its columns. */
export type MailchimpList = 'subscribed' | 'unsubscribed' | 'cleaned';

export function mailchimpListOf(name: string, columns: readonly string[]): MailchimpList {
  const base = name.toLowerCase().replace(/^.*\//, '');
  if (base.startsWith('unsubscribed')) return 'unsubscribed';
  if (base.startsWith('cleaned')) return 'cleaned';
  if (base.startsWith('subscribed')) return 'subscribed';
  if (columns.includes('unsub_time')) return 'unsubscribed';
  if (columns.includes('clean_time')) return 'cleaned';
  return 'subscribed';
}

/** The column that holds the address in a source's member list. */
export const emailColumn = (source: ImportSource) => (source === 'mailchimp' ? 'email_address' : 'email');

/** Whether a CSV's columns are a member list of the source (Substack's export holds per-post CSVs with an email column too). */
export function isMemberList(source: ImportSource, name: string, columns: readonly string[]): boolean {
  if (!columns.includes(emailColumn(source))) return false;
  if (source === 'substack') return /(^|\/)email_list[^/]*\.csv$/i.test(name) || columns.includes('active_subscription') || columns.includes('email_disabled');
  return true;
}

type Cells = Record<string, string>;

const cell = (cells: Cells, ...names: string[]) => {
  for (const name of names) {
    const value = cells[name]?.trim();
    if (value) return value;
  }
  return '';
};
const yes = (value: string) => /^(true|yes|1|y)$/i.test(value.trim());

/**
 * A date as the exports write them: ISO 8601, or 'YYYY-MM-DD HH:MM:SS' (Mailchimp's, in UTC), with
 * or without ' UTC'; null when empty or not a date.
 */
export function sourceDate(text: string): Date | null {
  const value = text.trim().replace(/\s+UTC$/i, '');
  if (!value) return null;
  const plain = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2}(\.\d+)?)?)?$/.test(value);
  const date = new Date(plain ? `${value.replace(' ', 'T')}${value.length > 10 ? 'Z' : 'T00:00:00Z'}` : value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Labels written in one cell: 'VIP, Early reader' (Ghost), '"VIP","Early reader"' (Mailchimp's tags). */
function labelsOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((label) =>
          label
            .trim()
            .replace(/^"+|"+$/g, '')
            .trim()
            .slice(0, 100),
        )
        .filter(Boolean),
    ),
  ];
}

function checkedEmail(text: string): string | null {
  const email = text.trim().toLowerCase();
  return email.length <= maxLength.email && emailPattern.test(email) ? email : null;
}

const nameOf = (...parts: string[]) => parts.filter(Boolean).join(' ').slice(0, maxLength.name);

/** One record of a source's member list. `now` decides whether a paid plan has expired. */
export function readMember(source: ImportSource, cells: Cells, list: MailchimpList, now: Date): MemberRead {
  const email = checkedEmail(cell(cells, emailColumn(source)));
  if (!email) return { problem: memberReasons.invalidEmail };
  switch (source) {
    case 'ghost':
      return readGhost(email, cells);
    case 'substack':
      return readSubstack(email, cells, now);
    case 'mailchimp':
      return readMailchimp(email, cells, list);
    case 'beehiiv':
      return readBeehiiv(email, cells);
  }
}

function readGhost(email: string, cells: Cells): MemberRead {
  if (cell(cells, 'deleted_at')) return { skip: memberReasons.deleted };
  const customerId = cell(cells, 'stripe_customer_id') || null;
  const complimentary = yes(cell(cells, 'complimentary_plan'));
  const tiers = labelsOf(cell(cells, 'tiers')).filter((tier) => tier.toLowerCase() !== 'free');
  // Ghost writes subscribed_to_emails for every member; a file without the column subscribes them all.
  const subscribed = !('subscribed_to_emails' in cells) || yes(cell(cells, 'subscribed_to_emails'));
  return {
    member: {
      email,
      name: nameOf(cell(cells, 'name')),
      state: subscribed ? 'subscribed' : 'unsubscribed',
      since: sourceDate(cell(cells, 'created_at')),
      labels: labelsOf(cell(cells, 'labels')),
      paid: customerId || complimentary || tiers.length > 0 ? { customerId, complimentary, expiresAt: null } : null,
    },
  };
}

function readSubstack(email: string, cells: Cells, now: Date): MemberRead {
  const plan = cell(cells, 'plan', 'type').toLowerCase();
  const expiresAt = sourceDate(cell(cells, 'expiry'));
  const active = !('active_subscription' in cells) || yes(cell(cells, 'active_subscription'));
  const paying = active && plan !== '' && plan !== 'free' && (!expiresAt || expiresAt > now);
  return {
    member: {
      email,
      name: nameOf(cell(cells, 'name')),
      state: yes(cell(cells, 'email_disabled')) ? 'unsubscribed' : 'subscribed',
      since: sourceDate(cell(cells, 'created_at')),
      labels: [],
      paid: paying ? { customerId: cell(cells, 'stripe_customer_id') || null, complimentary: /comp|gift/.test(plan), expiresAt } : null,
    },
  };
}

function readMailchimp(email: string, cells: Cells, list: MailchimpList): MemberRead {
  return {
    member: {
      email,
      name: nameOf(cell(cells, 'first_name'), cell(cells, 'last_name')),
      state: list,
      // Consent: when they confirmed (double opt-in), else when they opted in.
      since: sourceDate(cell(cells, 'confirm_time')) ?? sourceDate(cell(cells, 'optin_time')),
      leftAt: sourceDate(cell(cells, 'unsub_time')),
      labels: labelsOf(cell(cells, 'tags')),
      paid: null,
    },
  };
}

function readBeehiiv(email: string, cells: Cells): MemberRead {
  const status = cell(cells, 'status').toLowerCase();
  if (status === 'pending') return { skip: memberReasons.pending };
  const state = ['invalid', 'bounced', 'cleaned', 'needs_attention'].includes(status)
    ? 'cleaned'
    : ['inactive', 'unsubscribed'].includes(status)
      ? 'unsubscribed'
      : 'subscribed';
  const tier = cell(cells, 'tier', 'subscription_tier', 'subscription_premium_tier_names').toLowerCase();
  return {
    member: {
      email,
      name: nameOf(cell(cells, 'name') || nameOf(cell(cells, 'first_name'), cell(cells, 'last_name'))),
      state,
      since: sourceDate(cell(cells, 'created_at', 'subscribe_date', 'subscribed_at')),
      labels: labelsOf(cell(cells, 'tags')),
      paid: tier && tier !== 'free' ? { customerId: cell(cells, 'stripe_customer_id') || null, complimentary: false, expiresAt: null } : null,
    },
  };
}

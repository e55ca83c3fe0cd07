/**
 * The members side of an import: each member list the runner finds (Ghost's members CSV,
 * Substack's e-mail list, Mailchimp's three lists, beehiiv's subscribers) is read as a stream,
 * constants.imports.batchRows records at a time. A record that is not a member (a bad address, a
 * row that is not CSV) is a failed row of the report and the rest go on. Each batch skips what an
 * earlier import took (the idempotence memory), hands the rest to the subscribers plugin in one
 * transaction (importMembers: subscribers dated by the source, labels, unsubscribed and cleaned
 * addresses kept so), hands each paying member to payments, and saves its report rows, counts and
 * memory together. Nothing here mails anyone.
 */
import { importMembers, payingEmailsOf, type ImportedMember, type MemberOutcome } from '../../../subscribers/server/public';
import { importPaidMember } from '../../../payments/server/public';
import { clock } from '../../../../core/server/clock';
import { constants } from '../../../../core/shared/config';
import { memberReasons } from '../../rules';
import { csvRecords } from '../csv';
import type { ImportFile } from '../contract';
import type { CountedRow, Run } from '../run';
import { mailchimpListOf, readMember, type MailchimpList, type SourceMember } from './formats';

export interface MemberList {
  file: ImportFile;
  columns: string[];
}

interface Pending {
  ref: string;
  member: SourceMember;
}

/** Imports the member lists, in order; an address met twice in the run is imported once. */
export async function importMemberLists(run: Run, lists: readonly MemberList[]): Promise<void> {
  const seen = new Set<string>();
  for (const { file, columns } of lists) {
    const list: MailchimpList = run.source === 'mailchimp' ? mailchimpListOf(file.name, columns) : 'subscribed';
    let rows: CountedRow[] = [];
    let pending: Pending[] = [];
    const now = clock.now();
    for await (const record of csvRecords(file, run.signal, (bytes) => run.read(bytes))) {
      const ref = `${file.name} row ${record.row}`;
      if ('error' in record) {
        rows.push({ row: { action: 'failed', kind: 'subscriber', ref, reason: memberReasons.unreadableRow }, counts: [] });
      } else {
        const read = readMember(run.source, record.cells, list, now);
        if ('problem' in read) rows.push({ row: { action: 'failed', kind: 'subscriber', ref, reason: read.problem }, counts: [] });
        else if ('skip' in read) rows.push({ row: { action: 'skipped', kind: 'subscriber', ref, reason: read.skip }, counts: ['skipped'] });
        else if (seen.has(read.member.email))
          rows.push({ row: { action: 'skipped', kind: 'subscriber', ref, reason: memberReasons.repeated }, counts: ['skipped'] });
        else {
          seen.add(read.member.email);
          pending.push({ ref, member: read.member });
        }
      }
      if (pending.length + rows.length >= constants.imports.batchRows) {
        await importBatch(run, pending, rows);
        pending = [];
        rows = [];
      }
    }
    await importBatch(run, pending, rows);
  }
}

async function importBatch(run: Run, pending: readonly Pending[], rows: CountedRow[]): Promise<void> {
  run.signal.throwIfAborted();
  const remembered = await run.recall(
    'subscriber',
    pending.map((item) => item.member.email),
  );
  const fresh: Pending[] = [];
  for (const item of pending) {
    const earlier = remembered.get(item.member.email);
    // This import's own, from an attempt before a restart: reported and counted then.
    if (earlier?.importId === run.importId) continue;
    if (earlier) rows.push({ row: { action: 'skipped', kind: 'subscriber', ref: item.ref, reason: memberReasons.alreadyImported }, counts: ['skipped'] });
    else fresh.push(item);
  }
  const target = {
    publisherId: run.publisherId,
    newsletterId: run.newsletterId,
    cleanedAnswer: `Cleaned in ${run.source === 'mailchimp' ? 'Mailchimp' : run.source} before the import.`,
    dryRun: run.dryRun,
    payingEmails: payingEmailsOf(run.api.extensions, run.newsletterId),
  };
  const outcomes = await importMembers(
    run.api.db,
    target,
    fresh.map(({ member: { paid: _paid, ...member } }): ImportedMember => member),
  );
  const entries: { key: string; targetId: string }[] = [];
  for (const [index, item] of fresh.entries()) {
    const outcome = outcomes[index]!;
    const { member } = item;
    if (member.since) run.history(member.since);
    const counted = reportOf(outcome, member.paid !== null);
    if (member.paid && counted.pays && !run.dryRun)
      await importPaidMember(run.api, { publisherId: run.publisherId, newsletterId: run.newsletterId, email: member.email, ...member.paid });
    rows.push({ row: { action: counted.action, kind: 'subscriber', ref: item.ref, reason: counted.reason }, counts: counted.counts });
    if (counted.action === 'taken' || counted.action === 'changed') entries.push({ key: member.email, targetId: targetOf(outcome) });
  }
  await run.commitBatch(rows, { kind: 'subscriber', entries });
}

/** What the report says of a member's outcome, what it counts, and whether payments hears of them. */
function reportOf(
  outcome: MemberOutcome,
  paid: boolean,
): { action: 'taken' | 'changed' | 'skipped'; reason: string; counts: ('subscribers' | 'paid' | 'skipped')[]; pays: boolean } {
  const paidCount = paid ? (['paid'] as const) : [];
  switch (outcome.result) {
    case 'added':
      return { action: 'taken', reason: paid ? memberReasons.addedPaid : memberReasons.added, counts: ['subscribers', ...paidCount], pays: true };
    case 'existing':
      if (paid) return { action: 'changed', reason: memberReasons.paidExisting, counts: ['paid'], pays: true };
      if (outcome.labelsAdded.length > 0) return { action: 'changed', reason: memberReasons.labelled, counts: [], pays: false };
      return { action: 'skipped', reason: memberReasons.existing, counts: ['skipped'], pays: false };
    case 'left':
      return { action: 'skipped', reason: memberReasons.left, counts: ['skipped'], pays: false };
    // A paying member who turned e-mails off still reads premium stories.
    case 'unsubscribed':
      return { action: 'taken', reason: memberReasons.unsubscribed, counts: [...paidCount], pays: true };
    case 'subscribes':
      return { action: 'skipped', reason: memberReasons.subscribesHere, counts: ['skipped'], pays: false };
    case 'suppressed':
      return { action: 'taken', reason: memberReasons.cleaned, counts: [], pays: false };
  }
}

/** What the memory keeps of a member: the subscriber, or what the address became. */
const targetOf = (outcome: MemberOutcome) => ('subscriberId' in outcome && outcome.subscriberId ? outcome.subscriberId : outcome.result);

/**
 * An issue's subject test (issue 58, docs/decisions/0058-subject-tests.md) as the database keeps
 * it: planned by the publish call, its phases (testing -> waiting -> decided, or cancelled), the
 * decision on people's figures or by hand, and what GET /issues/update/{id} shows of it. The send
 * itself is publish.ts's: it reads the phase when a run finishes, and the watchdog here moves a
 * test on whatever process died between two of its steps.
 */
import { sql, type Selectable } from 'kysely';
import { conflict, invalid, invalidDetails } from '../../../core/server/errors';
import type { Extensions } from '../../../core/server/plugins/extension-points';
import { clock } from '../../../core/server/clock';
import type { Issue } from '../../../schemas/generated/entities/issue';
import type { SubjectTest } from '../../../schemas/generated/entities/subject-test';
import type { SubjectVariant } from '../../../schemas/generated/entities/subject-variant';
import { decideSubjectTest, subjectTestProblems, subjectTestTexts, type SubjectTestRequest, type VariantFigures } from '../subject-test';
import { addRecipients } from './deliveries';
import { issueAudience, variantResults } from './results';
import type { IssueRow, IssuesDb, ListedIssue } from './store';
import type { IssueSubjectTestsTable, SubjectTestDecider } from './tables';

export type SubjectTestRow = Selectable<IssueSubjectTestsTable>;

export async function findSubjectTest(db: IssuesDb, issueId: string): Promise<SubjectTestRow | undefined> {
  return db.selectFrom('issue_subject_tests').selectAll().where('issue_id', '=', issueId).executeTakeFirst();
}

/** Whether any e-mail copy of the issue exists: a test's group is drawn then, and never again. */
async function hasEmailCopies(db: IssuesDb, issueId: string): Promise<boolean> {
  const row = await db
    .selectFrom('issue_deliveries')
    .select('subscriber_id')
    .where('issue_id', '=', issueId)
    .where('medium', '=', 'email')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The publish call's test: checked, and planned beside the issue (replacing one not begun), or,
 * without one, a planned test that never began is dropped. A test needs the e-mail of an issue
 * not yet e-mailed; once its copies exist its subject lines are kept (a reschedule after a cancel
 * sends the rest the issue's own subject).
 */
export async function planSubjectTest(db: IssuesDb, row: IssueRow, request: SubjectTestRequest | null | undefined, email: boolean): Promise<void> {
  const begun = await hasEmailCopies(db, row.id);
  if (!request) {
    if (!begun) await db.deleteFrom('issue_subject_tests').where('issue_id', '=', row.id).execute();
    return;
  }
  if (!email || row.emailed) throw invalid(subjectTestTexts.emailOnly, 'subjectTest');
  if (begun) throw conflict(subjectTestTexts.started);
  const problems = subjectTestProblems(row, request);
  if (problems.length > 0) throw invalidDetails(problems);
  const values = {
    variants: JSON.stringify(variantsOf(row, request.variants)),
    share: request.share,
    wait_minutes: request.waitMinutes,
    decide_by: request.decideBy,
    phase: 'testing' as const,
    active: true,
    decide_at: null,
    winner: null,
    decided_by: null,
    confidence: null,
    decision: null,
    decided_at: null,
  };
  await db
    .insertInto('issue_subject_tests')
    .values({ issue_id: row.id, ...values })
    .onConflict((oc) => oc.column('issue_id').doUpdateSet(values))
    .execute();
}

/** Every subject line with its preview, the issue's own first, as typed. */
const variantsOf = (row: Pick<IssueRow, 'subject' | 'preview'>, others: readonly SubjectVariant[]): SubjectVariant[] => [
  { subject: row.subject, preview: row.preview },
  ...others.map(({ subject, preview }) => ({ subject, preview })),
];

/**
 * The test as its send begins: its first subject line is the issue's own as it is now (the issue
 * cannot change while it is being sent). Answers the test whatever its phase (a cancelled one's
 * copies keep their subject lines), or none.
 */
export async function beginSubjectTest(db: IssuesDb, row: IssueRow): Promise<SubjectTestRow | undefined> {
  const test = await findSubjectTest(db, row.id);
  if (!test || test.phase !== 'testing') return test;
  const variants = variantsOf(row, test.variants.slice(1));
  return db
    .updateTable('issue_subject_tests')
    .set({ variants: JSON.stringify(variants) })
    .where('issue_id', '=', row.id)
    .returningAll()
    .executeTakeFirst();
}

/** The test's copies are all out: the wait begins (once; answers whether it did now). */
export async function testCopiesSent(db: IssuesDb, issueId: string): Promise<boolean> {
  const result = await sql`
    update issue_subject_tests set phase = 'waiting', decide_at = ${clock.now()}::timestamptz + make_interval(mins => wait_minutes)
    where issue_id = ${issueId} and phase = 'testing'`.execute(db);
  return Number(result.numAffectedRows ?? 0) > 0;
}

/** The issue's send is done or cancelled: the watchdog leaves its test; a test not decided yet is cancelled. */
export async function settleSubjectTest(db: IssuesDb, issueId: string): Promise<void> {
  await sql`
    update issue_subject_tests set active = false, phase = case when phase in ('testing', 'waiting') then 'cancelled' else phase end
    where issue_id = ${issueId} and active`.execute(db);
}

const figuresOf = (results: readonly VariantFigures[]): VariantFigures[] => results.map(({ delivered, opens, clickers }) => ({ delivered, opens, clickers }));

/**
 * Decides the test, once: the winner's phase, how and with what confidence, the figures read,
 * and, in the same transaction, the rest of the e-mail audience with the winner's subject line.
 * Answers false when it was decided (or cancelled) meanwhile. The caller starts the send; if its
 * process dies first, the watchdog does (`runningTests`).
 */
export async function decideTest(
  db: IssuesDb,
  extensions: Extensions,
  issue: Pick<IssueRow, 'id' | 'newsletter_id'>,
  choice: { winner: number; by: 'hand' } | { by: 'figures' },
): Promise<boolean> {
  const test = await findSubjectTest(db, issue.id);
  if (!test || !(test.phase === 'testing' || test.phase === 'waiting')) return false;
  const results = await variantResults(db, extensions.one(issueAudience), issue.id, test.variants.length);
  const figures = figuresOf(results);
  let decision: { winner: number; decided_by: SubjectTestDecider; confidence: number | null };
  if (choice.by === 'hand') decision = { winner: choice.winner, decided_by: 'hand', confidence: null };
  else {
    const verdict = decideSubjectTest(figures, test.decide_by);
    decision = { winner: verdict.winner, decided_by: verdict.decidedBy ?? 'tooClose', confidence: verdict.confidence };
  }
  return db.transaction().execute(async (tx) => {
    const decided = await tx
      .updateTable('issue_subject_tests')
      .set({ ...decision, phase: 'decided', decision: JSON.stringify(figures), decided_at: clock.now() })
      .where('issue_id', '=', issue.id)
      .where('phase', 'in', ['testing', 'waiting'])
      .executeTakeFirst();
    if (Number(decided.numUpdatedRows) === 0) return false;
    await addRecipients(tx, issue.id, issue.newsletter_id, 'email', decision.winner);
    return true;
  });
}

/** What a running test needs next, as the watchdog finds it. */
export interface RunningTest {
  issueId: string;
  /** 'sent': its copies are out but the wait has not begun (the run's process died between the two); 'due': its wait is over; 'rest': decided, and nothing sends the rest. */
  next: 'sent' | 'due' | 'rest';
}

/**
 * The active tests that need a step, read by the partial index of the few active ones: copies
 * out with no wait begun, a wait over (on the product's clock, which tests set), or a decision
 * whose rest no run is sending (the issue is still being sent, and its last run finished).
 */
export async function runningTests(db: IssuesDb): Promise<RunningTest[]> {
  const { rows } = await sql<{ issue_id: string; next: RunningTest['next'] }>`
    select t.issue_id,
      case when t.phase = 'waiting' then 'due' when t.phase = 'testing' then 'sent' else 'rest' end as next
    from issue_subject_tests t
    join issues i on i.id = t.issue_id and i.processing
    left join issue_sending s on s.issue_id = t.issue_id
    where t.active and (
      (t.phase = 'waiting' and t.decide_at <= ${clock.now()})
      or (t.phase = 'decided' and s.finished_at is not null)
      or (t.phase = 'testing' and s.finished_at is not null
        and exists (select 1 from issue_deliveries d where d.issue_id = t.issue_id and d.medium = 'email')
        and not exists (
          select 1 from issue_deliveries d where d.issue_id = t.issue_id and d.medium = 'email' and d.state in ('pending', 'claimed', 'sending')))
    )`.execute(db);
  return rows.map((row) => ({ issueId: row.issue_id, next: row.next }));
}

/** The test as GET /issues/update/{id} shows it, with each variant's results now. */
export async function presentSubjectTest(db: IssuesDb, extensions: Extensions, test: SubjectTestRow): Promise<SubjectTest> {
  return {
    phase: test.phase,
    variants: test.variants,
    share: test.share,
    waitMinutes: test.wait_minutes,
    decideBy: test.decide_by,
    decideAt: test.decide_at?.toISOString() ?? null,
    winner: test.winner,
    decidedBy: test.decided_by,
    confidence: test.confidence,
    decidedAt: test.decided_at?.toISOString() ?? null,
    decision: test.decision,
    results: await variantResults(db, extensions.one(issueAudience), test.issue_id, test.variants.length),
  };
}

/** The issue list's word on an issue's test: its phase and, once decided, the subject that won (undefined: no test). */
export function subjectTestSummary(row: Pick<ListedIssue, 'test_phase' | 'test_variants' | 'test_winner'>): Issue['subjectTest'] {
  if (!row.test_phase || !row.test_variants) return undefined;
  return {
    phase: row.test_phase,
    subjects: row.test_variants.length,
    winner: row.test_winner,
    winningSubject: row.test_winner === null ? null : (row.test_variants[row.test_winner]?.subject ?? null),
  };
}

/** The issues plugin's tables as Kysely sees them. */
import type { ColumnType, Selectable } from 'kysely';
import type { IssueChannel } from '../rules';
import type { SubjectVariant } from '../../../schemas/generated/entities/subject-variant';
import type { SubjectTestMeasure, VariantFigures } from '../subject-test';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Flag = ColumnType<boolean, boolean | undefined, boolean>;
type Text = ColumnType<string, string | undefined, string>;

/** The status flags of spec 001 section 3 (Issue), one column each. */
export const issueFlags = [
  'draft',
  'ready',
  'accepted',
  'tested',
  'scheduled',
  'queued',
  'processing',
  'published',
  'notified',
  'emailed',
  'featured',
  'sent',
  'cancelled',
] as const;
export type IssueFlag = (typeof issueFlags)[number];

export type IssuesTable = {
  id: string;
  newsletter_id: string;
  publisher_id: string;
  key: string;
  subject: Text;
  preview: Text;
  slug: string;
  slug_custom: Flag;
  premium: Flag;
  image: Text;
  recording_id: string | null;
  episode_id: string | null;
  intro_id: string;
  intro_html: Text;
  intro_text: Text;
  notification_title: Text;
  notification_body: Text;
  channels: ColumnType<IssueChannel[], string | undefined, string>;
  published_at: Date | null;
  notified_at: Date | null;
  emailed_at: Date | null;
  owner_id: string | null;
  plan_email: Flag;
  plan_notification: Flag;
  planned_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  job_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Brought by an import: sent as e-mail on the site it comes from, never here (no deliveries, no results). */
  imported: Flag;
  version: ColumnType<number, number | undefined, number>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
} & { [flag in IssueFlag]: Flag };

export interface ChannelTemplatesTable {
  id: string;
  newsletter_id: string;
  title: string;
  channels: ColumnType<string[], string | undefined, string>;
  position: ColumnType<number, number | undefined, number>;
  is_default: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

export interface IssueBuildsTable {
  issue_id: string;
  /** The subject line it carries: 0 the issue's own, a subject test's others after it. */
  variant: ColumnType<number, number | undefined, number>;
  html: string;
  text: string;
  bytes: number;
  /** The copy for the newsletter's paying readers, when a premium bullet differs in it. */
  paid_html: string | null;
  paid_text: string | null;
  built_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type SubjectTestPhase = 'testing' | 'waiting' | 'decided' | 'cancelled';
export type SubjectTestDecider = 'opens' | 'clicks' | 'tooClose' | 'hand';

/** An issue's subject test (migration 014, decision 0058). */
export interface IssueSubjectTestsTable {
  issue_id: string;
  /** Every subject line with its preview, the issue's own first. */
  variants: ColumnType<SubjectVariant[], string, string>;
  share: number;
  wait_minutes: number;
  decide_by: SubjectTestMeasure;
  phase: ColumnType<SubjectTestPhase, SubjectTestPhase | undefined, SubjectTestPhase>;
  /** Until the issue's send is done or cancelled. */
  active: ColumnType<boolean, boolean | undefined, boolean>;
  decide_at: Date | null;
  winner: number | null;
  decided_by: SubjectTestDecider | null;
  confidence: number | null;
  /** Each variant's figures the decision read. */
  decision: ColumnType<VariantFigures[] | null, string | null, string | null>;
  decided_at: Date | null;
}

export type DeliveryMedium = 'email' | 'notification';
export type DeliveryState = 'pending' | 'claimed' | 'sending' | 'sent' | 'failed' | 'doubt';

export interface IssueDeliveriesTable {
  issue_id: string;
  medium: DeliveryMedium;
  subscriber_id: string;
  email: string;
  name: Text;
  state: ColumnType<DeliveryState, DeliveryState | undefined, DeliveryState>;
  attempts: ColumnType<number, number | undefined, number>;
  answer: Text;
  next_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  updated_at: UpdatedAt;
  /** What came back after the server took it (decision 0034): the worst of hard, soft and complaint; null for nothing. */
  bounce: ColumnType<'hard' | 'soft' | 'complaint' | null, never, 'hard' | 'soft' | 'complaint' | null>;
  /** The subject line and preview the copy carries: 0 the issue's own, else a subject test's variant (migration 013). */
  variant: ColumnType<number, number | undefined, never>;
}

export interface IssueSendingTable {
  issue_id: string;
  owner: string | null;
  lease_until: Date | null;
  started_at: CreatedAt;
  finished_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** What the run waits for while the mail server cannot be reached (a MailServerWait as JSON); null while it answers. */
  mail_server: ColumnType<string | null, string | null | undefined, string | null>;
  /** Whether the publication's e-mail and recipients are made (migration 016): a run taking over one that is not makes them first. */
  planned: ColumnType<boolean, boolean | undefined, boolean>;
}

/** The Yjs updates of an issue's shared document, in the order they were stored (docs/decisions/0022). */
export interface IssueDocUpdatesTable {
  id: ColumnType<number, never, never>;
  issue_id: string;
  data: Uint8Array;
}

/** Each issue's copies per medium that were sent, bounced and complained about, kept by triggers on issue_deliveries (migration 008). */
export interface IssueCopyCountsTable {
  issue_id: string;
  medium: DeliveryMedium;
  /** The subject line the copies carry (migration 015): 0 but in a subject test. */
  variant: ColumnType<number, number | undefined, never>;
  sent: number;
  bounced: number;
  complaints: number;
}

/** The e-mailed copies of a deleted issue, kept for the bounces that may still come back to them (migration 010, bounces/apply.ts). */
export interface DeletedIssueCopiesTable {
  subscriber_id: string;
  issue_id: string;
  email: string;
  newsletter_id: string;
  sent_at: Date;
  bounce: 'hard' | 'soft' | 'complaint' | null;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type IssueTables = {
  issues: IssuesTable;
  channel_templates: ChannelTemplatesTable;
  issue_builds: IssueBuildsTable;
  issue_subject_tests: IssueSubjectTestsTable;
  issue_deliveries: IssueDeliveriesTable;
  issue_copy_counts: IssueCopyCountsTable;
  deleted_issue_copies: DeletedIssueCopiesTable;
  issue_sending: IssueSendingTable;
  issue_doc_updates: IssueDocUpdatesTable;
};

export type IssueRecord = Selectable<IssuesTable>;

// The plugin's tables in the core's registry: `ownTables(db, 'issues')` opens a handle with them.
declare module '../../../core/server/db/tables' {
  interface PluginTables {
    issues: IssueTables;
  }
}

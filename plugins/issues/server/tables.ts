/** The issues plugin's tables as Kysely sees them. */
import type { ColumnType, Selectable } from 'kysely';
import type { IssueChannel } from '../rules';

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
  created_at: CreatedAt;
}

// A type (not an interface), so that Kysely's withTables<...>() accepts it.
export type IssueTables = {
  issues: IssuesTable;
  channel_templates: ChannelTemplatesTable;
};

export type IssueRecord = Selectable<IssuesTable>;

/** The shapes of the outbox calls, shared by the server that answers them and the page that reads them. */

/** Where the server's mail goes: an SMTP server (SMTP_URL), or captured in DATA_DIR/outbox. */
export type MailMode = 'smtp' | 'outbox';

/** GET /outbox/status. */
export interface OutboxStatus {
  mode: MailMode;
  /** Messages the outbox holds. */
  count: number;
}

/** A row of GET /outbox/list. */
export interface OutboxSummary {
  _id: string;
  from: string;
  to: string;
  subject: string;
  /** When it was captured (ISO). */
  date: string;
  /** Bytes of the message's body: its HTML, or its text when it has none. */
  size: number;
}

/** GET /outbox/list/{id}: a captured message whole. */
export interface OutboxMessage {
  _id: string;
  from: string;
  to: string;
  subject: string;
  date: string;
  text: string;
  html: string | null;
  /** Extra headers it carried (List-Unsubscribe...). */
  headers: Record<string, string>;
}

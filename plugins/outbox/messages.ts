/** The shapes of the outbox calls, shared by the server that answers them and the page that reads them: the generated types of schemas/api. */
import type { OutboxStatus } from '../../schemas/generated/api/outbox-status';

export type { OutboxMessage } from '../../schemas/generated/api/outbox-message';
export type { OutboxStatus } from '../../schemas/generated/api/outbox-status';
export type { OutboxSummary } from '../../schemas/generated/api/outbox-summary';

/** Where the server's mail goes: an SMTP server (SMTP_URL), or captured in DATA_DIR/outbox. */
export type MailMode = OutboxStatus['mode'];

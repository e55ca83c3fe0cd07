/**
 * The mail providers' webhooks (decision 0034): how each proves a call is its own, and how its
 * events read as bounces and complaints. Deliveries, opens and other events are ignored; an
 * event whose shape is not the provider's is skipped, never a 500.
 */
import { createHmac, createPublicKey, createVerify, timingSafeEqual } from 'node:crypto';
import { constants } from '../../../../core/shared/config';
import type { BounceKind } from './reports';

/** A bounce or complaint as a provider reports it: the address, and what ties it to a copy (without either, it applies to nothing). */
export interface ProviderEvent {
  kind: BounceKind;
  email: string;
  answer: string;
  /** The copy's envelope sender (its VERP address), when the provider says. */
  returnPath?: string;
  /** The copy's Message-ID, when the provider says. */
  messageId?: string;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
const answerOf = (...parts: unknown[]) => parts.map(text).filter(Boolean).join(' ').slice(0, 500);

/** Compares two secrets in constant time. */
export function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a signed timestamp (seconds) is within constants.bounces.webhookToleranceSeconds of now. */
export function recent(timestamp: unknown, now: number): boolean {
  const seconds = Number(timestamp);
  return Number.isFinite(seconds) && Math.abs(now / 1000 - seconds) <= constants.bounces.webhookToleranceSeconds;
}

/** Postmark: the basic authentication set on the webhook ('user:password'). */
export function verifyPostmark(expected: string, authorization: string | undefined): boolean {
  const given = authorization?.match(/^Basic\s+(\S+)$/i)?.[1];
  return given !== undefined && sameSecret(Buffer.from(given, 'base64').toString('utf8'), expected);
}

/** SendGrid's signed event webhook: ECDSA (P-256, SHA-256) over the timestamp and the body as sent. */
export function verifySendgrid(publicKey: string, signature: string | undefined, timestamp: string | undefined, rawBody: string, now: number): boolean {
  if (!signature || !timestamp || !recent(timestamp, now)) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return createVerify('sha256')
      .update(timestamp + rawBody)
      .verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

/** Mailgun: HMAC-SHA256 of timestamp and token with the webhook signing key. */
export function verifyMailgun(signingKey: string, body: unknown, now: number): boolean {
  const signature = isObject(body) && isObject(body.signature) ? body.signature : null;
  const timestamp = text(signature?.timestamp);
  const token = text(signature?.token);
  const given = text(signature?.signature);
  if (!timestamp || !token || !given || !recent(timestamp, now)) return false;
  return sameSecret(
    given,
    createHmac('sha256', signingKey)
      .update(timestamp + token)
      .digest('hex'),
  );
}

/** An SES event (the Message of an SNS notification): a bounce (Permanent: hard; else soft) or a complaint. */
export function sesEvents(message: unknown): ProviderEvent[] {
  if (!isObject(message)) return [];
  const type = text(message.notificationType) ?? text(message.eventType);
  const mail = isObject(message.mail) ? message.mail : {};
  const headers = isObject(mail.commonHeaders) ? mail.commonHeaders : {};
  const tie = { returnPath: text(mail.source), messageId: text(headers.messageId) };
  if (type === 'Bounce' && isObject(message.bounce)) {
    const kind: BounceKind = message.bounce.bounceType === 'Permanent' ? 'hard' : 'soft';
    const recipients = Array.isArray(message.bounce.bouncedRecipients) ? message.bounce.bouncedRecipients.filter(isObject) : [];
    return recipients.flatMap((recipient): ProviderEvent[] => {
      const email = text(recipient.emailAddress);
      return email ? [{ kind, email, answer: answerOf(recipient.status, recipient.diagnosticCode) || `SES ${String(message.bounce)}`, ...tie }] : [];
    });
  }
  if (type === 'Complaint' && isObject(message.complaint)) {
    const complaint = message.complaint;
    const recipients = Array.isArray(complaint.complainedRecipients) ? complaint.complainedRecipients.filter(isObject) : [];
    return recipients.flatMap((recipient): ProviderEvent[] => {
      const email = text(recipient.emailAddress);
      return email ? [{ kind: 'complaint', email, answer: answerOf('SES complaint', complaint.complaintFeedbackType), ...tie }] : [];
    });
  }
  return [];
}

const postmarkKinds: Record<string, BounceKind> = {
  HardBounce: 'hard',
  BadEmailAddress: 'hard',
  SoftBounce: 'soft',
  Transient: 'soft',
  DnsError: 'soft',
  SpamNotification: 'complaint',
};

/** The Postmark metadata field that carries a copy's VERP address (sent as the header `X-PM-Metadata-verp`). */
export const postmarkVerpField = 'verp';

/**
 * A Postmark bounce or spam complaint webhook. Postmark sends with its own return path and
 * Message-ID, so an event is tied to its copy only by the metadata the copy was sent with
 * (postmarkVerpField); without it the event names only an address, and changes nothing.
 */
export function postmarkEvents(body: unknown): ProviderEvent[] {
  if (!isObject(body)) return [];
  const email = text(body.Email);
  if (!email) return [];
  const kind = body.RecordType === 'SpamComplaint' ? 'complaint' : body.RecordType === 'Bounce' ? postmarkKinds[String(body.Type)] : undefined;
  const returnPath = isObject(body.Metadata) ? text(body.Metadata[postmarkVerpField]) : undefined;
  return kind ? [{ kind, email, answer: answerOf('Postmark', body.Type, body.Description, body.Details), returnPath }] : [];
}

/** SendGrid's events (an array): bounce (type blocked: soft) and spamreport. */
export function sendgridEvents(body: unknown): ProviderEvent[] {
  if (!Array.isArray(body)) return [];
  return body.filter(isObject).flatMap((event): ProviderEvent[] => {
    const email = text(event.email);
    if (!email) return [];
    const messageId = text(event['smtp-id']);
    if (event.event === 'spamreport') return [{ kind: 'complaint', email, answer: 'SendGrid spam report', messageId }];
    if (event.event === 'bounce') {
      const kind: BounceKind = event.type === 'blocked' ? 'soft' : 'hard';
      return [{ kind, email, answer: answerOf('SendGrid', event.status, event.reason), messageId }];
    }
    return [];
  });
}

/** Mailgun's event: failed (severity permanent: hard, temporary: soft) or complained. */
export function mailgunEvents(body: unknown): ProviderEvent[] {
  const event = isObject(body) && isObject(body['event-data']) ? body['event-data'] : null;
  const email = text(event?.recipient);
  if (!event || !email) return [];
  const message = isObject(event.message) ? event.message : {};
  const headers = isObject(message.headers) ? message.headers : {};
  const envelope = isObject(event.envelope) ? event.envelope : {};
  const id = text(headers['message-id']);
  const tie = { returnPath: text(envelope.sender), messageId: id && !id.startsWith('<') ? `<${id}>` : id };
  const status = isObject(event['delivery-status']) ? event['delivery-status'] : {};
  if (event.event === 'complained') return [{ kind: 'complaint', email, answer: 'Mailgun complaint', ...tie }];
  if (event.event === 'failed') {
    const kind: BounceKind = event.severity === 'permanent' ? 'hard' : 'soft';
    return [
      { kind, email, answer: answerOf('Mailgun', status.code === undefined ? undefined : String(status.code), status.message, status.description), ...tie },
    ];
  }
  return [];
}

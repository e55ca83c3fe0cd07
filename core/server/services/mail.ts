/**
 * The mail adapter: SMTP when SMTP_URL is set, otherwise an outbox of JSON files in
 * DATA_DIR/outbox that the console and the tests can read (the newest `keep` of them).
 * `bulk` opens a pool of SMTP connections for sending an issue and answers each message with
 * what the server said, classified so the sender knows to record, retry or stop.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe...). */
  headers?: Record<string, string>;
  /** A stable Message-ID, so that a message sent again can be recognised as the same one. */
  messageId?: string;
}

/**
 * What became of a message: accepted; refused for now (421, 450, 451, 454, or no connection: try
 * later); refused for good (5xx); or unknown (the connection broke after the message was handed
 * over: it may have arrived).
 */
export interface SmtpAnswer {
  outcome: 'sent' | 'temporary' | 'permanent' | 'doubt';
  code: number | null;
  text: string;
}

/** One copy of a bulk message: its recipient, the MIME text (for SMTP), or the message (for the outbox). */
export interface BulkMessage {
  to: string;
  raw(): string;
  message(): MailMessage;
}

export interface BulkSender {
  send(message: BulkMessage): Promise<SmtpAnswer>;
  close(): void;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  date: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  /** The sender's address (MAIL_FROM). */
  from: string;
  send(message: MailMessage): Promise<void>;
  /** A pool of `connections` for many messages; close it when done. */
  bulk(connections: number): BulkSender;
  close(): void;
}

const temporaryCodes = new Set([421, 450, 451, 452, 454]);
// nodemailer's codes for a connection that never carried the message.
const notHandedOver = new Set(['ECONNECTION', 'EDNS', 'ETLS', 'EAUTH']);

/** Classifies what nodemailer threw for one message. */
export function answerOf(error: unknown): SmtpAnswer {
  const failure = error as { responseCode?: number; response?: string; code?: string; message?: string };
  const code = typeof failure.responseCode === 'number' ? failure.responseCode : null;
  const text = String(failure.response ?? failure.message ?? error).slice(0, 500);
  if (code !== null) return { outcome: code >= 500 ? 'permanent' : temporaryCodes.has(code) || code >= 400 ? 'temporary' : 'doubt', code, text };
  return { outcome: failure.code && notHandedOver.has(failure.code) ? 'temporary' : 'doubt', code, text };
}

function nodemailerMessage(from: string, message: MailMessage) {
  const { messageId, ...rest } = message;
  return { from, ...rest, ...(messageId ? { messageId } : {}) };
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; keep?: number }): Mailer {
  const { from } = options;
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const envelopeFrom = /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      kind: 'smtp',
      from,
      async send(message) {
        await transport.sendMail(nodemailerMessage(from, message));
      },
      bulk(connections) {
        const url = new URL(smtpUrl);
        url.searchParams.set('pool', 'true');
        url.searchParams.set('maxConnections', String(connections));
        url.searchParams.set('maxMessages', String(1e9));
        const pool = nodemailer.createTransport(url.toString());
        return {
          async send(message) {
            try {
              const info = await pool.sendMail({ envelope: { from: envelopeFrom, to: message.to }, raw: message.raw() });
              return { outcome: 'sent', code: 250, text: String(info.response ?? '').slice(0, 500) };
            } catch (error) {
              return answerOf(error);
            }
          },
          close: () => pool.close(),
        };
      },
      close: () => transport.close(),
    };
  }
  const dir = outboxDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const keep = options.keep ?? Infinity;
  let written = 0;
  const capture = (message: MailMessage) => {
    const entry: OutboxEntry = { id: randomUUID(), from, date: new Date().toISOString(), ...message };
    // Time first in the name, so a listing sorts oldest to newest.
    writeFileSync(join(dir, `${entry.date.replace(/[:.]/g, '-')}-${entry.id}.json`), JSON.stringify(entry));
    if (++written % 100 === 0) pruneOutbox(dir, keep);
  };
  return {
    kind: 'outbox',
    from,
    async send(message) {
      capture(message);
    },
    bulk() {
      return {
        async send(message) {
          capture(message.message());
          return { outcome: 'sent', code: 250, text: '250 captured in the outbox' };
        },
        close: () => pruneOutbox(dir, keep),
      };
    },
    close: () => undefined,
  };
}

function pruneOutbox(dir: string, keep: number): void {
  if (!Number.isFinite(keep)) return;
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort();
  for (const name of files.slice(0, Math.max(0, files.length - keep))) rmSync(join(dir, name), { force: true });
}

export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox');
}

/** The captured messages, newest first. */
export function readOutbox(dataDir: string): OutboxEntry[] {
  const dir = outboxDir(dataDir);
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .reverse()
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as OutboxEntry);
}

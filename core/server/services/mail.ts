/**
 * The mail adapter: SMTP when SMTP_URL is set, otherwise an outbox of JSON files in
 * DATA_DIR/outbox that the console and the tests can read.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface OutboxEntry extends MailMessage {
  id: string;
  from: string;
  date: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
      close: () => transport.close(),
    };
  }
  const dir = outboxDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  return {
    kind: 'outbox',
    async send(message) {
      const entry: OutboxEntry = { id: randomUUID(), from: options.from, date: new Date().toISOString(), ...message };
      // Time first in the name, so a listing sorts oldest to newest.
      writeFileSync(join(dir, `${entry.date.replace(/[:.]/g, '-')}-${entry.id}.json`), JSON.stringify(entry, null, 2));
    },
    close: () => undefined,
  };
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

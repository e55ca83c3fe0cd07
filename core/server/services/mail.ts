/**
 * The mail adapter: SMTP when SMTP_URL is set, otherwise an outbox of JSON files in
 * DATA_DIR/outbox that the console and the tests can read (the newest `keep` of them).
 * `bulk` opens a pool of SMTP connections for sending an issue and answers each message with
 * what the server said, classified so the sender knows to record, retry or stop.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { clock } from '../clock';
import { readCaptured, writeCaptured } from './captured-files';
import { createDkimSigner, keyFor, type DkimKey } from './dkim';
import { parseMailbox, type HashedCopy, type MailAddress } from './mime-template';

export interface MailMessage {
  to: string;
  /** Who the message is from (a newsletter's sender); MAIL_FROM when absent. */
  from?: MailAddress;
  /** Where replies go; none when absent. */
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe...). */
  headers?: Record<string, string>;
  /** A stable Message-ID, so that a message sent again can be recognised as the same one. */
  messageId?: string;
}

/**
 * What became of a message (docs/decisions/0020-smtp-outages.md):
 * - sent: the server accepted it;
 * - temporary: the server refused it for now (a 4xx answer to its envelope or its content);
 * - permanent: refused for good (a 5xx answer), or a message no server would take (a bad address);
 * - unreachable: never handed over, because the server could not be reached or would not hold a
 *   session (a refused, reset or timed-out connection, a failed greeting, EHLO, TLS or login, 421):
 *   nothing was sent and it says nothing about the recipient;
 * - doubt: the connection broke after the server had begun to receive the message's text and
 *   before it answered: it may have arrived.
 */
export interface SmtpAnswer {
  outcome: 'sent' | 'temporary' | 'permanent' | 'unreachable' | 'doubt';
  code: number | null;
  text: string;
}

/** One copy of a bulk message: its recipient, the MIME text (for SMTP), or the message (for the outbox). */
export interface BulkMessage {
  to: string;
  /** The envelope sender of this copy (a VERP address, where its bounces come back); MAIL_FROM's address when absent. */
  returnPath?: string;
  raw(): string;
  /** The same text as its header block and its body's bytes, with the body's DKIM hash (relaxed, sha256, base64), when its maker has them for less than the signer would pay (mime-template.ts). */
  rawHashed?(): HashedCopy;
  message(): MailMessage;
  /** The text being made ahead of its turn, filled and signed (BulkSender.prepare). */
  ready?: Promise<string | Buffer>;
}

export interface BulkSender {
  /**
   * Starts making the copy's text (filled and DKIM-signed) now, so that it is made while the copy
   * before it travels: `send` of the answer takes it as made. Nothing is handed over.
   */
  prepare(message: BulkMessage): BulkMessage;
  send(message: BulkMessage): Promise<SmtpAnswer>;
  close(): void;
}

export interface OutboxEntry extends Omit<MailMessage, 'from'> {
  id: string;
  /** The From header as written. */
  from: string;
  date: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  /** MAIL_FROM: the sender of the server's own mail, and of a newsletter's without an address of its own. */
  from: MailAddress;
  send(message: MailMessage): Promise<void>;
  /** A pool of `connections` for many messages from `from` (signed with its domain's DKIM key, if any); close it when done. */
  bulk(connections: number, from?: MailAddress): BulkSender;
  close(): void;
}

// The commands of a message's own transaction: a refusal of one of them is about this message.
const transactionCommands = new Set(['MAIL FROM', 'RCPT TO', 'DATA']);
// nodemailer's codes, with no server answer, for a message that cannot go as it is (a malformed
// address, too large, too many recipients): trying it again would fail the same way.
const unsendable = new Set(['EENVELOPE', 'EMESSAGE', 'EMAXRECIPIENTS', 'ESTREAM']);

/**
 * Classifies what nodemailer threw for one message. `handedOver`: the server had accepted DATA
 * and begun to receive the message's text. It is asked for because nodemailer reports every
 * broken, reset or timed-out socket as command 'CONN', whatever stage the message was in; when
 * unknown it counts as yes, which can make a message 'doubt' but never sends one twice.
 */
export function answerOf(error: unknown, handedOver = true): SmtpAnswer {
  const failure = (error ?? {}) as { responseCode?: number; response?: string; code?: string; command?: string; message?: string };
  const code = typeof failure.responseCode === 'number' ? failure.responseCode : null;
  const text = String(failure.response ?? failure.message ?? error).slice(0, 500);
  const answer = (outcome: SmtpAnswer['outcome']): SmtpAnswer => ({ outcome, code, text });
  // 421 closes the session (a server shutting down, or overloaded) whichever command it answers: the server's state, not the message's.
  if (code === 421) return answer('unreachable');
  const refused = code !== null && code >= 400 ? answer(code >= 500 ? 'permanent' : 'temporary') : null;
  // Once the text went, only the server's answer to it settles the message.
  if (handedOver) return refused ?? answer('doubt');
  // Before it: a refusal in the message's own transaction is about the message; a session that
  // would not start (the connection, greeting, EHLO, STARTTLS, login) is about the server.
  if (refused && (failure.command === undefined || transactionCommands.has(failure.command))) return refused;
  if (!refused && failure.command !== 'CONN' && unsendable.has(failure.code ?? '')) return answer('permanent');
  return answer('unreachable');
}

/** The stream of a bulk message's text as the SMTP connection gets it. */
interface TextWatch {
  text: Readable | null;
}

/** The From header as written in the outbox: 'Name <address>', or the address alone. */
const fromHeader = (from: MailAddress) => (from.name ? `${from.name} <${from.address}>` : from.address);

export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; keep?: number; dkim?: readonly DkimKey[] }): Mailer {
  const dkim = options.dkim ?? [];
  const from = parseMailbox(options.from);
  // The envelope sender of every message, whatever its From, unless a bulk copy has its own (VERP): where bounces come back.
  const envelopeFrom = from.address;
  if (options.smtpUrl) {
    const smtpUrl = options.smtpUrl;
    const transport = nodemailer.createTransport(smtpUrl);
    // Bulk copies are signed on worker threads, started by the first one.
    const signer = createDkimSigner();
    return {
      kind: 'smtp',
      from,
      async send(message) {
        const { messageId, to, replyTo, ...rest } = message;
        const key = keyFor(dkim, (message.from ?? from).address);
        await transport.sendMail({
          ...rest,
          to,
          from: message.from ?? from,
          ...(key ? { dkim: { domainName: key.domain, keySelector: key.selector, privateKey: key.pem } } : {}),
          ...(replyTo ? { replyTo } : {}),
          ...(messageId ? { messageId } : {}),
          envelope: { from: envelopeFrom, to },
        });
      },
      bulk(connections, sender = from) {
        const key = keyFor(dkim, sender.address);
        const url = new URL(smtpUrl);
        url.searchParams.set('pool', 'true');
        url.searchParams.set('maxConnections', String(connections));
        url.searchParams.set('maxMessages', String(1e9));
        const pool = nodemailer.createTransport(url.toString());
        // The connection reads a message's text only once the server has accepted DATA: a text
        // never read was never handed over. nodemailer builds that stream at each try of the
        // message (it tries again on a new connection when one closes before the text went), so
        // the last one built is the one that counts. A process function added after this one
        // (nodemailer's DKIM) would read the text early: every failure would then be 'doubt', never a
        // duplicate; so bulk messages are signed before they get here (dkim.ts).
        pool.use('stream', (mail, done) => {
          const watch = (mail.data as { textWatch?: TextWatch }).textWatch;
          if (watch)
            mail.message.processFunc((text) => {
              watch.text = text;
              return text;
            });
          done();
        });
        // Signed before nodemailer gets the text, so its reading still tells whether the text went (see above).
        const textOf = async (message: BulkMessage): Promise<string | Buffer> => {
          if (!key) return message.raw();
          if (!message.rawHashed) return signer.sign(message.raw(), key, clock.now());
          // The body's bytes go as they were joined: only the header block is signed and written here.
          const { head, body, bodyHash } = message.rawHashed();
          const signature = await signer.signature(head, key, clock.now(), bodyHash);
          return Buffer.concat([Buffer.from(`${signature}${head}\r\n\r\n`), body]);
        };
        return {
          prepare(message) {
            const ready = textOf(message);
            // A copy prepared and then not sent (a stop) leaves no unheard failure; one sent hears it in send.
            ready.catch(() => undefined);
            return { ...message, ready };
          },
          async send(message) {
            const textWatch: TextWatch = { text: null };
            try {
              const raw = await (message.ready ?? textOf(message));
              const info = await pool.sendMail({ envelope: { from: message.returnPath ?? envelopeFrom, to: message.to }, raw, textWatch } as SendMailOptions);
              return { outcome: 'sent', code: 250, text: String(info.response ?? '').slice(0, 500) };
            } catch (error) {
              return answerOf(error, textWatch.text?.readableDidRead === true);
            }
          },
          close: () => pool.close(),
        };
      },
      close: () => {
        transport.close();
        void signer.close();
      },
    };
  }
  const dir = outboxDir(options.dataDir);
  mkdirSync(dir, { recursive: true });
  const keep = options.keep ?? Infinity;
  let written = 0;
  const capture = (message: MailMessage) => {
    const entry: OutboxEntry = { id: randomUUID(), date: clock.now().toISOString(), ...message, from: fromHeader(message.from ?? from) };
    writeCaptured(dir, entry);
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
        prepare: (message) => message,
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
  return readCaptured<OutboxEntry>(outboxDir(dataDir));
}

/**
 * The mail adapter: SMTP when SMTP_URL is set, otherwise an outbox of JSON files in
 * DATA_DIR/outbox that the console and the tests can read (the newest `keep` of them).
 * `bulk` opens a pool of SMTP connections for sending an issue and answers each message with
 * what the server said, classified so the sender knows to record, retry or stop.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import type { Socket } from 'node:net';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { domainToASCII } from 'node:url';
import type { Transporter } from 'nodemailer';
import type SMTPConnection from 'nodemailer/lib/smtp-connection';
import type DataStreamClass from 'nodemailer/lib/smtp-connection/data-stream';
import { clock } from '../clock';
import { onFirstUse } from '../on-first-use';
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
  ready?: Promise<string | Buffer[]>;
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

/** nodemailer, loaded with the first message the server sends itself: a server that sends none does not hold it. */
const loadNodemailer = onFirstUse(async () => (await import('nodemailer')).default);

/**
 * nodemailer's SMTP client (the session: TLS, STARTTLS, AUTH, the server's answers), the stream
 * it writes a message's text through, and its reader of SMTP_URL, loaded with an issue's first copy.
 */
const loadSmtpClient = onFirstUse(async () => {
  const [client, data, shared] = await Promise.all([
    import('nodemailer/lib/smtp-connection'),
    import('nodemailer/lib/smtp-connection/data-stream'),
    import('nodemailer/lib/shared'),
  ]);
  return { SMTPConnection: client.default, DataStream: data.default, parseConnectionUrl: shared.parseConnectionUrl };
});

/** What nodemailer's DataStream would change in a text: a bare CR or LF (made CRLF), a dot that begins a line (doubled). */
const needsStuffing = /\r(?!\n)|(?<!\r)\n|\n\./;

/**
 * Pieces of copies' texts found to need no stuffing. A template's pieces are shared by all its
 * copies and never changed (mime-template.ts), so each is scanned once, and a copy's own scan is
 * of its header block and its values.
 */
const unstuffed = new WeakSet<Buffer>();

/** Whether nodemailer's DataStream would write the pieces as they are (see CopyText). */
function plain(pieces: readonly Buffer[]): boolean {
  let before = 0x0a;
  for (const piece of pieces) {
    if (piece.length === 0) continue;
    // Where two pieces meet: a CR that ends one goes on with the next's LF, a LF or a dot that begins one after the other's LF.
    const first = piece[0]!;
    if ((before === 0x0d) !== (first === 0x0a) || (before === 0x0a && first === 0x2e)) return false;
    if (!unstuffed.has(piece)) {
      // A piece may end with the CR of a CRLF that the next one ends: the scan reads it as bare, so it goes the ordinary way.
      if (needsStuffing.test(piece.toString('latin1'))) return false;
      unstuffed.add(piece);
    }
    before = piece[piece.length - 1]!;
  }
  return true;
}

/**
 * A copy's text as its SMTP session reads it: only once the server has accepted DATA. A text
 * never read was never handed over.
 *
 * The session pipes it into nodemailer's DataStream, which copies the text byte by byte in
 * JavaScript to stuff dots and mend line ends (about 0.1 ms for a 23 KB copy, the session's
 * largest cost). A copy's text has CRLF line ends and no line that begins with a dot (quoted-
 * printable; checked here with native scans of the pieces not seen before): its pieces go to the
 * stream's output as they are, not joined, in one write of the socket, and the stream, ended,
 * adds the final CRLF.CRLF; the bytes on the wire are the ones DataStream would have written. Any
 * other text, or another stream than nodemailer's, is read the ordinary way.
 */
class CopyText extends Readable {
  /** The text went to the session, by either way. */
  handedOver = false;

  constructor(
    private readonly pieces: readonly Buffer[],
    private readonly dataStream: typeof DataStreamClass,
    /** The session's socket, corked while the pieces go to it. */
    private readonly socket: Pick<Socket, 'cork' | 'uncork'> | undefined,
  ) {
    super();
  }

  override pipe<T extends NodeJS.WritableStream>(destination: T, options?: { end?: boolean }): T {
    const pieces = this.pieces;
    const last = pieces[pieces.length - 1];
    if (destination instanceof this.dataStream && last && last.length >= 2 && plain(pieces)) {
      this.handedOver = true;
      const crlf = last[last.length - 2] === 0x0d && last[last.length - 1] === 0x0a;
      this.socket?.cork();
      for (let index = 0; index < pieces.length - 1; index++) destination.push(pieces[index]);
      destination.push(crlf ? last.subarray(0, last.length - 2) : last);
      destination.end();
      const socket = this.socket;
      if (socket) process.nextTick(() => socket.uncork());
      return destination;
    }
    return super.pipe(destination, options);
  }

  override _read(): void {
    this.handedOver = true;
    for (const piece of this.pieces) this.push(piece);
    this.push(null);
  }
}

/** An envelope address as nodemailer's message composer writes it: the domain in ASCII (punycode) when the local part is ASCII. */
const nonAscii = /[\u0080-\uffff]/;
function envelopeAddress(address: string): string {
  if (!nonAscii.test(address)) return address;
  const at = address.lastIndexOf('@');
  if (at < 0 || nonAscii.test(address.slice(0, at))) return address;
  return `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1)) || address.slice(at + 1)}`;
}

/** How long a closing session waits for the server's answer to QUIT. */
const quitMs = 5000;

/** One SMTP session of a bulk pool. */
interface Session {
  connection: SMTPConnection;
  /** nodemailer's stream of a message's text, as the session writes it. */
  DataStream: typeof DataStreamClass;
  /** Messages given to it so far. */
  used: number;
  /** Closed or dropped: it takes no more messages. */
  gone: boolean;
}

/** What a session answered for one message, and whether its text had begun to go. */
interface Transfer {
  error: SMTPConnection.SMTPError | null;
  response: string;
  handedOver: boolean;
}

/**
 * Up to `size` SMTP sessions of nodemailer's SMTPConnection for an issue's copies, opened as the
 * copies need them, each carrying one copy at a time: the copy goes to the session as the bytes
 * it is, without nodemailer's Mailer, message composer, plugins and pool queue, which cost about
 * as much again per message as the session itself (issue 57). A session that breaks or is closed
 * is dropped, and the next copy opens a new one; one whose copy the server refused is reset (RSET)
 * and kept.
 */
function smtpPool(smtpUrl: string, size: number) {
  const idle: Session[] = [];
  const waiting: (() => void)[] = [];
  let open = 0;
  let closed = false;
  const closedError = () => Object.assign(new Error('the SMTP pool is closed'), { code: 'ECONNECTION', command: 'CONN' });
  const wake = () => waiting.shift()?.();
  /** `quit`: the session is well, and says goodbye (QUIT) before it closes; a server that does not answer is left after a few seconds. */
  const retire = (session: Session, quit = false) => {
    if (session.gone) return;
    session.gone = true;
    const at = idle.indexOf(session);
    if (at >= 0) idle.splice(at, 1);
    open--;
    if (quit) {
      session.connection.quit();
      setTimeout(() => session.connection.close(), quitMs).unref();
    } else session.connection.close();
    wake();
  };
  const release = (session: Session) => {
    if (session.gone) return;
    if (closed) return retire(session, true);
    idle.push(session);
    wake();
  };
  const connect = async (): Promise<Session> => {
    open++;
    let session: Session | undefined;
    try {
      const { SMTPConnection, DataStream, parseConnectionUrl } = await loadSmtpClient();
      // SMTP_URL's settings as nodemailer's transport reads them (smtps://, user and password, tls.*, ?authMethod, ?forceAuth...).
      const options = parseConnectionUrl(smtpUrl);
      const credentials = options.auth && (options.auth.user || options.auth.pass) ? { user: options.auth.user, pass: options.auth.pass } : null;
      const method = typeof options.authMethod === 'string' ? options.authMethod : undefined;
      const connection = new SMTPConnection(options as SMTPConnection.Options);
      const opened: Session = { connection, DataStream, used: 0, gone: false };
      session = opened;
      await new Promise<void>((resolve, reject) => {
        let settled = false;
        const settle = (error?: Error | null) => {
          if (settled) return;
          settled = true;
          if (error) reject(error);
          else resolve();
        };
        // Once the session is up, a failure is heard by the message it carries (send's callback gets the same error).
        connection.on('error', settle);
        connection.once('end', () => {
          settle(Object.assign(new Error('Connection closed unexpectedly'), { code: 'ECONNECTION', command: 'CONN' }));
          retire(opened);
        });
        connection.connect((error) => {
          if (error) return settle(error);
          if (!credentials || !(connection.allowsAuth || options.forceAuth === true)) return settle();
          connection.login({ credentials, ...(method ? { method } : {}) }, (loginError) => settle(loginError));
        });
      });
      if (closed) throw closedError();
      return opened;
    } catch (error) {
      if (session) retire(session);
      else {
        open--;
        wake();
      }
      throw error;
    }
  };
  const acquire = async (): Promise<Session> => {
    for (;;) {
      if (closed) throw closedError();
      const session = idle.pop();
      if (session) return session;
      if (open < size) return connect();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
  };
  const transfer = (session: Session, envelope: SMTPConnection.Envelope, text: readonly Buffer[]) =>
    new Promise<Transfer>((resolve) => {
      const stream = new CopyText(text, session.DataStream, (session.connection as unknown as { _socket?: Socket })._socket);
      session.used++;
      // nodemailer keeps its transaction's state on the envelope it is given (the refusals): each try has its own.
      session.connection.send({ ...envelope }, stream, (error, info) =>
        resolve(error ? { error, response: '', handedOver: stream.handedOver } : { error: null, response: String(info.response ?? ''), handedOver: true }),
      );
    });
  return {
    /** Sends one copy and answers what became of it. */
    async send(envelope: SMTPConnection.Envelope, text: string | Buffer[]): Promise<SmtpAnswer> {
      const bytes = typeof text === 'string' ? [Buffer.from(text)] : text;
      for (let attempt = 0; ; attempt++) {
        let session: Session;
        try {
          session = await acquire();
        } catch (error) {
          return answerOf(error, false);
        }
        const reused = session.used > 0;
        const { error, response, handedOver } = await transfer(session, envelope, bytes);
        if (!error) {
          release(session);
          return { outcome: 'sent', code: 250, text: response.slice(0, 500) };
        }
        if ((error.code === 'EENVELOPE' || error.code === 'EMESSAGE') && error.responseCode !== 421 && !session.gone) {
          // The server refused this copy; the session is fine once its transaction is reset.
          session.connection.reset((resetError) => (resetError ? retire(session) : release(session)));
        } else retire(session);
        // A session that had carried copies may have been closed by the server while it waited
        // (its idle timeout): a copy none of whose text went tries once more on a new one.
        const transient = error.responseCode === 421 || error.code === 'ECONNECTION' || error.code === 'ESOCKET' || error.code === 'ETIMEDOUT';
        if (reused && !handedOver && transient && attempt === 0) continue;
        return answerOf(error, handedOver);
      }
    },
    /** Ends the sessions: the idle ones now, the busy ones when their copy is answered. */
    close() {
      closed = true;
      for (const session of [...idle]) retire(session, true);
      while (waiting.length > 0) wake();
    },
  };
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
    // The server's own mail (resets, invitations, tests) through nodemailer's transport, made with the first of it.
    let transport: Transporter | null = null;
    // Bulk copies are signed on worker threads, started by the first one.
    const signer = createDkimSigner();
    return {
      kind: 'smtp',
      from,
      async send(message) {
        const { messageId, to, replyTo, ...rest } = message;
        const key = keyFor(dkim, (message.from ?? from).address);
        transport ??= (await loadNodemailer()).createTransport(smtpUrl);
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
        const pool = smtpPool(smtpUrl, connections);
        // Signed before the session gets the text, so its reading still tells whether the text went (smtpPool).
        const textOf = async (message: BulkMessage): Promise<string | Buffer[]> => {
          if (!key) return message.raw();
          if (!message.rawHashed) return signer.sign(message.raw(), key, clock.now());
          // The body's pieces go as they are: only the header block is signed and written here.
          const { head, body, bodyHash } = message.rawHashed();
          const signature = await signer.signature(head, key, clock.now(), bodyHash);
          return [Buffer.from(`${signature}${head}\r\n\r\n`), ...body];
        };
        return {
          prepare(message) {
            const ready = textOf(message);
            // A copy prepared and then not sent (a stop) leaves no unheard failure; one sent hears it in send.
            ready.catch(() => undefined);
            return { ...message, ready };
          },
          async send(message) {
            let raw: string | Buffer[];
            try {
              raw = await (message.ready ?? textOf(message));
            } catch (error) {
              return answerOf(error, false);
            }
            return pool.send({ from: envelopeAddress(message.returnPath ?? envelopeFrom), to: [envelopeAddress(message.to)] }, raw);
          },
          close: () => pool.close(),
        };
      },
      close: () => {
        transport?.close();
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

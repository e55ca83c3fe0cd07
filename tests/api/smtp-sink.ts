/**
 * A real SMTP server for tests and the bench (smtp-server): it keeps what arrives (raw, parsed on
 * demand with mailparser) and answers as told per recipient, so a test can make an address refuse
 * mail for now (451) or for good (550), slow every message down, or break the connection of a
 * message whose text it has whole without answering (the one case a sender cannot settle). Closing
 * it stops it as a server being shut down does: new connections are refused, and an open session
 * is answered 421 at its next command.
 */
import type { AddressInfo, Socket } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMessage {
  from: string;
  to: string[];
  raw: Buffer;
}

export interface SmtpSink {
  url: string;
  port: number;
  received: ReceivedMessage[];
  /** Counts only, for the bench: nothing is kept. */
  count: number;
  /** Bytes of every message's data received, kept or not. */
  bytes: number;
  /** Answers for a recipient address: a code and text, for the next `times` messages (every one when absent). */
  refuse(address: string, code: number, text: string, times?: number): void;
  /**
   * The next `count` recipients with no answer of their own (`refuse`) are refused as `refuse`
   * does, whoever they are: for the recipients a send reaches first. Answers their addresses, filled as they come.
   */
  refuseNext(count: number, code: number, text: string, times?: number): string[];
  /**
   * Breaks the connection of the next `count` messages once their text has arrived, with no
   * answer (a server or network failing at that moment). Each copy is kept as received: the server
   * had it whole and may deliver it, the worst case for a sender that would send it again.
   */
  dropNext(count: number): void;
  /** The recipients of the messages whose connection was broken (dropNext). */
  dropped: string[];
  /** Waits this long before answering each message. */
  delayMs: number;
  parse(message: ReceivedMessage): Promise<ParsedMail>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/**
 * `port`: listen there (a server started again where the one before stopped); any free port when
 * absent. `onMessage` hears each message as it arrives, kept or not (a load that reads a few of
 * many without keeping them all).
 */
export async function startSmtpSink(options: { keep?: boolean; port?: number; onMessage?: (message: ReceivedMessage) => void } = {}): Promise<SmtpSink> {
  const keep = options.keep ?? true;
  const { onMessage } = options;
  const refusals = new Map<string, { code: number; text: string; times: number }>();
  const refuseRules: { count: number; code: number; text: string; times: number; picked: string[] }[] = [];
  let drops = 0;
  const sink: SmtpSink = {
    url: '',
    port: 0,
    received: [],
    count: 0,
    bytes: 0,
    delayMs: 0,
    refuse(address, code, text, times = Infinity) {
      refusals.set(address.toLowerCase(), { code, text, times });
    },
    refuseNext(count, code, text, times = Infinity) {
      const picked: string[] = [];
      if (count > 0) refuseRules.push({ count, code, text, times, picked });
      return picked;
    },
    dropNext(count) {
      drops += count;
    },
    dropped: [],
    parse: (message) => simpleParser(message.raw),
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (sink.count < count) {
        if (Date.now() > deadline) throw new Error(`the SMTP sink got ${sink.count} of ${count} messages`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const lower = address.address.toLowerCase();
      const rule = refuseRules[0];
      if (rule && !refusals.has(lower)) {
        refusals.set(lower, { code: rule.code, text: rule.text, times: rule.times });
        rule.picked.push(address.address);
        if (rule.picked.length === rule.count) refuseRules.shift();
      }
      const refusal = refusals.get(lower);
      if (refusal && refusal.times > 0) {
        refusal.times--;
        return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => {
        sink.bytes += chunk.length;
        if (keep || onMessage) chunks.push(chunk);
      });
      stream.on('end', () => {
        const keepIt = () => {
          sink.count++;
          if (!keep && !onMessage) return;
          const message = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks),
          };
          if (keep) sink.received.push(message);
          onMessage?.(message);
        };
        if (drops > 0) {
          drops--;
          keepIt();
          sink.dropped.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
          // The session's own connection (smtp-server keeps them, each with its socket): closed with the answer never written.
          const connection = [...(server.connections as Set<{ id: string; _socket: Socket }>)].find((open) => open.id === session.id);
          if (!connection) throw new Error(`the SMTP sink found no connection for session ${session.id}`);
          connection._socket.destroy();
          return;
        }
        const done = () => {
          keepIt();
          callback();
        };
        if (sink.delayMs > 0) setTimeout(done, sink.delayMs);
        else done();
      });
    },
  });
  // A client that dies mid-message (a killed server) resets its connection: expected here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  sink.port = (server.server.address() as AddressInfo).port;
  sink.url = `smtp://127.0.0.1:${sink.port}`;
  return sink;
}

/**
 * A real SMTP server for tests and the bench (smtp-server): it keeps what arrives (raw, parsed on
 * demand with mailparser) and answers as told per recipient, so a test can make an address refuse
 * mail for now (451) or for good (550), or slow every message down. Closing it stops it as a
 * server being shut down does: new connections are refused, and an open session is answered 421
 * at its next command.
 */
import type { AddressInfo } from 'node:net';
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
  /** Answers for a recipient address: a code and text, for the next `times` messages (every one when absent). */
  refuse(address: string, code: number, text: string, times?: number): void;
  /** Waits this long before answering each message. */
  delayMs: number;
  parse(message: ReceivedMessage): Promise<ParsedMail>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** `port`: listen there (a server started again where the one before stopped); any free port when absent. */
export async function startSmtpSink(options: { keep?: boolean; port?: number } = {}): Promise<SmtpSink> {
  const keep = options.keep ?? true;
  const refusals = new Map<string, { code: number; text: string; times: number }>();
  const sink: SmtpSink = {
    url: '',
    port: 0,
    received: [],
    count: 0,
    delayMs: 0,
    refuse(address, code, text, times = Infinity) {
      refusals.set(address.toLowerCase(), { code, text, times });
    },
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
      const refusal = refusals.get(address.address.toLowerCase());
      if (refusal && refusal.times > 0) {
        refusal.times--;
        return callback(Object.assign(new Error(refusal.text), { responseCode: refusal.code }));
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => keep && chunks.push(chunk));
      stream.on('end', () => {
        const done = () => {
          sink.count++;
          if (keep) {
            sink.received.push({
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
              raw: Buffer.concat(chunks),
            });
          }
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

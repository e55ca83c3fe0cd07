/**
 * An SMTP server that answers when the journey says so: while it holds, each message that has
 * arrived whole waits for its answer (250) until `release`, so a send stands still at a known
 * count for as long as the journey reads the screen. `down` answers 421 to every new message (a
 * mail server going away: the sender takes nothing and waits for it). Nothing here waits for the
 * clock: the journey releases, and waits for what the sender does next.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpGate {
  url: string;
  /** Whether arriving messages wait for `release` (else they are answered at once). */
  holding: boolean;
  /** Answers 421 to every new message while set. */
  down: boolean;
  /** The recipients of the messages waiting for their answer, in arrival order. */
  readonly held: string[];
  /** The recipients of the messages answered 250, in order. */
  readonly accepted: string[];
  /** Answers the first `count` held messages (all when absent) with 250. Answers how many. */
  release(count?: number): number;
  /** Resolves once `count` messages wait for their answer (a failure after `timeoutMs`, which only a broken send reaches). */
  whenHeld(count: number, timeoutMs?: number): Promise<void>;
  /** Stops holding and answers whatever waits. */
  open(): void;
  close(): Promise<void>;
}

export async function startSmtpGate(): Promise<SmtpGate> {
  const waiting: { to: string; answer(): void }[] = [];
  // Who waits for a number of held messages: told as each message arrives.
  const watchers = new Set<() => void>();
  const gate: SmtpGate = {
    url: '',
    holding: false,
    down: false,
    get held() {
      return waiting.map((message) => message.to);
    },
    accepted: [],
    release(count = waiting.length) {
      const answered = waiting.splice(0, count);
      for (const message of answered) message.answer();
      return answered.length;
    },
    whenHeld(count, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (waiting.length < count) return;
          watchers.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          watchers.delete(check);
          reject(new Error(`the SMTP gate holds ${waiting.length} messages, not ${count}, after ${timeoutMs} ms`));
        }, timeoutMs);
        watchers.add(check);
        check();
      });
    },
    open() {
      gate.holding = false;
      gate.release();
    },
    close: () =>
      new Promise((resolve) => {
        gate.open();
        server.close(() => resolve());
      }),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 10 * 1024 * 1024,
    onMailFrom(_address, _session, callback) {
      if (gate.down) return callback(Object.assign(new Error('Service not available, closing transmission channel'), { responseCode: 421 }));
      callback();
    },
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(',');
        const answer = () => {
          gate.accepted.push(to);
          callback();
        };
        if (!gate.holding) return answer();
        waiting.push({ to, answer });
        for (const watcher of [...watchers]) watcher();
      });
    },
  });
  // A sender that drops its connection mid-message is expected here.
  server.on('error', () => undefined);
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  gate.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return gate;
}

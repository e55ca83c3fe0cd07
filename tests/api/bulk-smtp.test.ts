/**
 * The bulk sender's SMTP sessions (mail.ts, smtpPool) against real SMTP servers (smtp-server):
 * no more sessions than asked for, a session kept after the server refuses a copy, a new one
 * when the server ends a session between two copies, STARTTLS and AUTH as SMTP_URL says, and
 * close() ending them.
 */
import { generateKeyPairSync } from 'node:crypto';
import { once } from 'node:events';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { createMailer, type BulkMessage } from '../../core/server/services/mail';

interface Server {
  url: string;
  /** Sessions opened so far, and open now. */
  opened: number;
  open: number;
  /** The most sessions open at once. */
  most: number;
  /** The recipients of the messages whose text arrived, each with the session that carried it. */
  received: { to: string; session: string; secure: boolean; user: string | undefined; raw: Buffer }[];
  closed(): Promise<void>;
}

describe("the bulk sender's SMTP sessions", () => {
  const servers: SMTPServer[] = [];
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(() => resolve(undefined)))));
  });

  async function startServer(options: SMTPServerOptions = {}, url = (port: number) => `smtp://127.0.0.1:${port}`): Promise<Server> {
    let allClosed: (() => void) | null = null;
    const state: Server = {
      url: '',
      opened: 0,
      open: 0,
      most: 0,
      received: [],
      closed: () => (state.open === 0 ? Promise.resolve() : new Promise<void>((resolve) => (allClosed = resolve))),
    };
    const server = new SMTPServer({
      disabledCommands: ['AUTH', 'STARTTLS'],
      authOptional: true,
      logger: false,
      onConnect(_session, callback) {
        state.opened++;
        state.most = Math.max(state.most, ++state.open);
        callback();
      },
      onClose() {
        if (--state.open === 0) allClosed?.();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks);
          for (const rcpt of session.envelope.rcptTo)
            state.received.push({ to: rcpt.address, session: session.id, secure: session.secure, user: session.user, raw });
          callback();
        });
      },
      ...options,
    });
    server.on('error', () => undefined);
    servers.push(server);
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    state.url = url((server.server.address() as { port: number }).port);
    return state;
  }

  const copy = (to: string): BulkMessage => ({
    to,
    raw: () => `From: news@masthead.local\r\nTo: ${to}\r\nSubject: Sabah\r\nMessage-ID: <issue.${to}>\r\n\r\n.Günaydın.\r\n`,
    message: () => ({ to, subject: 'Sabah', text: 'Günaydın.' }),
  });
  const mailer = (smtpUrl: string) => createMailer({ smtpUrl, from: 'news@masthead.local', dataDir: '/nonexistent' });

  it('opens no more sessions than asked for, and sends every copy', async () => {
    const server = await startServer();
    const bulk = mailer(server.url).bulk(3);
    const addresses = Array.from({ length: 30 }, (_, index) => `okur${index}@example.com`);
    // More copies at once than sessions: they wait for one.
    const answers = await Promise.all(addresses.map((to) => bulk.send(copy(to))));
    expect(answers.map((answer) => answer.outcome)).toEqual(addresses.map(() => 'sent'));
    expect(server.received.map((message) => message.to).sort()).toEqual([...addresses].sort());
    expect(server.opened).toBe(3);
    expect(server.most).toBe(3);
    bulk.close();
    await server.closed();
    expect(server.open).toBe(0);
  });

  it('keeps a session after the server refuses a copy, and takes a new one when the server ends it between two copies', async () => {
    let refusedOnce = false;
    let endNext = false;
    const server = await startServer({
      onRcptTo(address, _session, callback) {
        if (address.address === 'unknown@example.com') return callback(Object.assign(new Error('5.1.1 User unknown'), { responseCode: 550 }));
        if (address.address === 'later@example.com' && !refusedOnce) {
          refusedOnce = true;
          return callback(Object.assign(new Error('4.7.1 Try again later'), { responseCode: 451 }));
        }
        callback();
      },
      onMailFrom(_address, _session, callback) {
        // A server shutting a session down as the next message begins (RFC 5321 4.2: 421 closes it).
        if (endNext) {
          endNext = false;
          return callback(Object.assign(new Error('4.4.2 Closing idle session'), { responseCode: 421 }));
        }
        callback();
      },
    });
    const bulk = mailer(server.url).bulk(1);
    expect(await bulk.send(copy('first@example.com'))).toMatchObject({ outcome: 'sent', code: 250 });
    expect(await bulk.send(copy('unknown@example.com'))).toMatchObject({ outcome: 'permanent', code: 550 });
    expect(await bulk.send(copy('later@example.com'))).toMatchObject({ outcome: 'temporary', code: 451 });
    expect(await bulk.send(copy('second@example.com'))).toMatchObject({ outcome: 'sent' });
    // The refusals did not cost the session.
    expect(server.opened).toBe(1);
    endNext = true;
    // Nothing of the copy went: it goes on a new session, once.
    expect(await bulk.send(copy('third@example.com'))).toMatchObject({ outcome: 'sent' });
    expect(server.opened).toBe(2);
    expect(server.received.map((message) => message.to)).toEqual(['first@example.com', 'second@example.com', 'third@example.com']);
    bulk.close();
    await server.closed();
  });

  it('hands every text over as nodemailer would write it: dots that begin a line doubled, bare line ends made CRLF', async () => {
    const server = await startServer();
    const bulk = mailer(server.url).bulk(1);
    const head = (to: string) => `From: news@masthead.local\r\nTo: ${to}\r\nSubject: Sabah\r\nMessage-ID: <issue.${to}>\r\n\r\n`;
    const texts: Record<string, string> = {
      // Quoted-printable, as a copy is: written as it is.
      'plain@example.com': `${head('plain@example.com')}${'G=C3=BCnayd=C4=B1n, Sabah B=C3=BClteni. =\r\nIyi okumalar.\r\n'.repeat(400)}`,
      'unended@example.com': `${head('unended@example.com')}Son satır`,
      // What nodemailer's stream mends.
      'dots@example.com': `${head('dots@example.com')}.\r\n..iki\r\nson.\r\n.`,
      'bare@example.com': `${head('bare@example.com')}bir\nsatır\riki\r\n`,
    };
    const send = (to: string) => bulk.send({ to, raw: () => texts[to]!, message: () => ({ to, subject: 'Sabah', text: '' }) });
    for (const to of Object.keys(texts)) expect((await send(to)).outcome).toBe('sent');
    const received = Object.fromEntries(server.received.map(({ to, raw }) => [to, raw.toString()]));
    expect(received['plain@example.com']).toBe(texts['plain@example.com']);
    expect(received['unended@example.com']).toBe(`${texts['unended@example.com']}\r\n`);
    expect(received['dots@example.com']).toBe(`${texts['dots@example.com']}\r\n`);
    expect(received['bare@example.com']).toBe(texts['bare@example.com']!.replace(/\r?\n|\r/g, '\r\n'));
    bulk.close();
    await server.closed();
  });

  it("hands a signed copy's pieces over as the text they join into would go, stuffed where two pieces meet", async () => {
    const server = await startServer();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const key = { domain: 'masthead.local', selector: 'test', privateKey, pem: privateKey.export({ type: 'pkcs8', format: 'pem' }) as string };
    const sender = createMailer({ smtpUrl: server.url, from: 'news@masthead.local', dataDir: '/nonexistent', dkim: [key] });
    const bulk = sender.bulk(1);
    const head = (to: string) => `From: news@masthead.local\r\nTo: ${to}\r\nSubject: Sabah\r\nMessage-ID: <issue.${to}>`;
    // A template's piece, the same object in every copy (scanned once), and values between.
    const shared = Buffer.from('G=C3=BCnayd=C4=B1n=\r\n');
    const pieces: Record<string, string[]> = {
      'plain@example.com': ['Merhaba\r\n', 'okur', '=\r\n', 'son\r\n'],
      'dot@example.com': ['Merhaba\r\n', '.okur', '\r\nson\r\n'],
      'bare@example.com': ['Merhaba\r', '\nokur\n', 'son\r\n'],
      'split@example.com': ['Merhaba\r', '\nson\r\n'],
      'short@example.com': ['Merhaba\r\n', 'x'],
    };
    const send = (to: string) =>
      bulk.send(
        bulk.prepare({
          to,
          raw: () => `${head(to)}\r\n\r\n${shared.toString()}${pieces[to]!.join('')}`,
          rawHashed: () => ({ head: head(to), body: [shared, ...pieces[to]!.map((piece) => Buffer.from(piece))], bodyHash: 'unchecked' }),
          message: () => ({ to, subject: 'Sabah', text: '' }),
        }),
      );
    for (const to of Object.keys(pieces)) expect((await send(to)).outcome).toBe('sent');
    const received = Object.fromEntries(server.received.map(({ to, raw }) => [to, raw.toString()]));
    for (const to of Object.keys(pieces)) {
      const text = `${head(to)}\r\n\r\n${shared.toString()}${pieces[to]!.join('')}`.replace(/\r?\n|\r/g, '\r\n');
      expect(received[to]).toMatch(/^DKIM-Signature: /);
      expect(received[to]!.slice(received[to]!.indexOf('From: '))).toBe(text.endsWith('\r\n') ? text : `${text}\r\n`);
    }
    bulk.close();
    sender.close();
    await server.closed();
  });

  it('logs in and upgrades to TLS as SMTP_URL says', async () => {
    const logins: string[] = [];
    const server = await startServer(
      {
        disabledCommands: [],
        authMethods: ['PLAIN', 'LOGIN'],
        authOptional: false,
        onAuth(auth, _session, callback) {
          logins.push(`${auth.username}:${auth.password}`);
          if (auth.username === 'bülten@masthead.local' && auth.password === 'p@ss:word') return callback(null, { user: auth.username });
          callback(new Error('Invalid username or password'));
        },
      },
      (port) =>
        `smtp://${encodeURIComponent('bülten@masthead.local')}:${encodeURIComponent('p@ss:word')}@127.0.0.1:${port}?requireTLS=true&tls.rejectUnauthorized=false`,
    );
    const bulk = mailer(server.url).bulk(2);
    expect((await Promise.all([bulk.send(copy('a@example.com')), bulk.send(copy('b@example.com'))])).map((answer) => answer.outcome)).toEqual(['sent', 'sent']);
    expect(server.received.map(({ secure, user }) => ({ secure, user }))).toEqual([
      { secure: true, user: 'bülten@masthead.local' },
      { secure: true, user: 'bülten@masthead.local' },
    ]);
    expect(logins).toEqual(['bülten@masthead.local:p@ss:word', 'bülten@masthead.local:p@ss:word']);
    bulk.close();
    await server.closed();

    // A refused login takes nothing and says nothing about the recipient: the server is unreachable for the send.
    const wrong = mailer(server.url.replace(encodeURIComponent('p@ss:word'), 'wrong')).bulk(1);
    expect(await wrong.send(copy('c@example.com'))).toMatchObject({ outcome: 'unreachable', code: 535 });
    wrong.close();
    expect(server.received).toHaveLength(2);
  });
});

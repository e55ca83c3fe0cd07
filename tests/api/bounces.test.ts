/**
 * Bounces and complaints (issue 29, decision 0034) against the real server, a real SMTP sink and
 * the real bounce listener: an issue leaves with a signed VERP return path per copy; a DSN and an
 * ARF report delivered by SMTP to the listener suppress the address (a complaint also ends the
 * subscription with its reason); a forged VERP address is refused at RCPT; soft bounces, counted
 * once per copy, suppress at the limit; the providers' webhooks (SES through SNS, Postmark,
 * SendGrid, Mailgun) take a good signature and refuse a forged one; a suppressed address is left
 * out of the next issue, and a new subscription lifts it.
 */
import { createHmac, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { sql } from 'kysely';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { addRecipients } from '../../plugins/issues/server/deliveries';
import { forgedText } from '../../plugins/issues/server/bounces/routes';
import { createVerp } from '../../plugins/issues/server/bounces/verp';
import { changeSubscription, subscribersDb } from '../../plugins/subscribers/server/store';
import { arf, dsn } from '../unit/bounce-fixtures';
import { enginesFor, startTestServer, keepEmailSubscribers, type TestServer } from './server';
import { snsCertificate } from './sns-certificate';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const databases = enginesFor('every engine');

const topicArn = 'arn:aws:sns:eu-west-1:123456789012:masthead-bounces';
const postmarkAuth = 'masthead:postmark-secret';
const mailgunKey = 'mailgun-signing-key';
const sendgrid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const sendgridPublicKey = sendgrid.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
// SNS's signing certificate, self-signed, served by a local server standing in for sns.<region>.amazonaws.com.
const { key: snsKey, cert: snsCert } = snsCertificate();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createNetServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** An SNS message signed (SignatureVersion 2) with the test certificate's key. */
function snsMessage(fields: Record<string, string>, certUrl: string, key = snsKey) {
  const message: Record<string, string> = {
    MessageId: randomUUID(),
    TopicArn: topicArn,
    Timestamp: new Date().toISOString(),
    SignatureVersion: '2',
    SigningCertURL: certUrl,
    ...fields,
  };
  const names =
    message.Type === 'Notification'
      ? ['Message', 'MessageId', 'Timestamp', 'TopicArn', 'Type']
      : ['Message', 'MessageId', 'SubscribeURL', 'Timestamp', 'Token', 'TopicArn', 'Type'];
  const signed = names.map((name) => `${name}\n${message[name]}\n`).join('');
  return { ...message, Signature: createSign('RSA-SHA256').update(signed).sign(key, 'base64') };
}

describe.each(databases)('bounces and complaints on %s', (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let certServer: HttpServer;
  let certOrigin: string;
  const certHits: string[] = [];
  let bouncePort: number;
  let newsletterId: string;
  let publisherId: string;
  let issueId: string;
  let token: string;
  /** The subscribers' copies: address, VERP return path, Message-ID. */
  const copies = new Map<string, { returnPath: string; messageId: string; postmarkVerp: unknown }>();
  const addresses: string[] = [];

  const db = () => t.server.database.db;
  const bounceOf = async (email: string) =>
    (
      await sql<{ kind: string; soft_count: number; suppressed: boolean }>`
      select kind, soft_count, suppressed_at is not null as suppressed from mail_bounces where publisher_id = ${publisherId} and email = ${email}`.execute(db())
    ).rows[0];
  const subscribes = async (email: string) =>
    (await sql`select 1 from subscribers where newsletter_id = ${newsletterId} and email = ${email}`.execute(db())).rows.length > 0;
  /** Delivers a message to the bounce listener over SMTP, from the null sender as a DSN comes. */
  const deliver = (to: string, raw: string) =>
    nodemailer.createTransport({ host: '127.0.0.1', port: bouncePort, secure: false, ignoreTLS: true }).sendMail({ envelope: { from: '', to }, raw });
  const until = async <T>(what: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await what();
      if (done(value)) return value;
      if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value).slice(0, 300)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    certServer = createServer((request, response) => {
      certHits.push(request.url ?? '');
      response.end(request.url === '/cert.pem' ? snsCert : 'confirmed');
    });
    await new Promise<void>((resolve) => certServer.listen(0, '127.0.0.1', resolve));
    certOrigin = `http://127.0.0.1:${(certServer.address() as AddressInfo).port}`;
    bouncePort = await freePort();
    t = await startTestServer(kind, {
      SMTP_URL: sink.url,
      BOUNCE_SMTP_PORT: String(bouncePort),
      BOUNCE_SMTP_HOST: '127.0.0.1',
      SES_SNS_TOPIC_ARNS: topicArn,
      SES_SNS_CERT_ORIGIN: certOrigin,
      POSTMARK_WEBHOOK_AUTH: postmarkAuth,
      SENDGRID_WEBHOOK_PUBLIC_KEY: sendgridPublicKey,
      MAILGUN_WEBHOOK_SIGNING_KEY: mailgunKey,
    });
    const newsletter = await db().selectFrom('newsletters').select(['id', 'publisher_id']).where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    newsletterId = newsletter.id;
    publisherId = newsletter.publisher_id;
    // Eight e-mail subscribers are enough, and keep the send short.
    await keepEmailSubscribers(db(), newsletterId, 8);
    const admin = await t.login('admin@masthead.local');
    token = (await t.request('PUT', '/api/auth/scope', { token: admin, body: { publisher: publisherId } })).body.data;
    issueId = (await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and key like '%-sabah-bulteni-hazir'`.execute(db()))
      .rows[0]!.id;
    const publishOptions = (test: boolean) => ({ test, publishOnly: false, overridePublishedAt: false, mediums: { email: true, notification: false } });
    expect((await t.request('POST', `/api/issues/publish/${issueId}`, { token, body: { publishOptions: publishOptions(true) } })).status).toBe(200);
    sink.received.length = 0;
    sink.count = 0;
    const published = await t.request('POST', `/api/issues/publish/${issueId}`, {
      token,
      body: { publishedAt: new Date().toISOString(), publishOptions: publishOptions(false) },
    });
    expect(published.status).toBe(200);
    await until(
      async () => (await t.request('GET', `/api/issues/list/${issueId}`, { token })).body.data.status,
      (status) => status.emailed && !status.processing,
    );
    for (const message of sink.received) {
      const parsed = await sink.parse(message);
      copies.set(message.to[0]!.toLowerCase(), {
        returnPath: message.from,
        messageId: parsed.messageId!,
        postmarkVerp: parsed.headers.get('x-pm-metadata-verp'),
      });
      addresses.push(message.to[0]!.toLowerCase());
    }
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
    await new Promise((resolve) => certServer?.close(resolve));
  });

  it('sends each copy from its own signed VERP address on the domain of MAIL_FROM', () => {
    expect(addresses.length).toBe(8);
    const returnPaths = [...copies.values()].map((copy) => copy.returnPath);
    expect(new Set(returnPaths).size).toBe(8);
    for (const returnPath of returnPaths) {
      expect(returnPath).toMatch(/^no-reply\+[a-z2-7]+@masthead\.local$/);
      expect(returnPath.split('@')[0]!.length).toBeLessThanOrEqual(64);
    }
    // Postmark sends from its own return path: the copy's VERP address rides in the header it hands back as metadata.
    for (const copy of copies.values()) expect(copy.postmarkVerp).toBe(copy.returnPath);
  });

  it('suppresses the address of a hard bounce (a DSN delivered to the listener) for the publisher', async () => {
    const email = addresses[0]!;
    await deliver(copies.get(email)!.returnPath, dsn({ recipient: email, status: '5.1.1' }));
    expect(await bounceOf(email)).toEqual({ kind: 'hard', soft_count: 0, suppressed: true });
  });

  it('takes an ARF complaint as a suppression and an unsubscription with its reason', async () => {
    const email = addresses[1]!;
    expect(await subscribes(email)).toBe(true);
    await deliver(copies.get(email)!.returnPath, arf({ recipient: email, mailFrom: copies.get(email)!.returnPath }));
    expect(await bounceOf(email)).toMatchObject({ kind: 'complaint', suppressed: true });
    expect(await subscribes(email)).toBe(false);
    const { rows } = await sql<{ reason: string }>`
      select reason from subscription_events where newsletter_id = ${newsletterId} and type = 'unsubscription' order by created_at desc limit 1`.execute(db());
    expect(rows[0]!.reason).toBe(constants.bounces.complaintReason);
  });

  it('refuses a forged VERP address and any other recipient with 550', async () => {
    const returnPath = copies.get(addresses[2]!)!.returnPath;
    const tokenPart = returnPath.slice(returnPath.indexOf('+') + 1, returnPath.indexOf('@'));
    const forgedPath = returnPath.replace(tokenPart, tokenPart.slice(0, -1) + (tokenPart.endsWith('a') ? 'b' : 'a'));
    await expect(deliver(forgedPath, dsn({ recipient: addresses[2]!, status: '5.1.1' }))).rejects.toMatchObject({ responseCode: 550 });
    await expect(deliver('postmaster@masthead.local', dsn({ recipient: addresses[2]!, status: '5.1.1' }))).rejects.toMatchObject({ responseCode: 550 });
    expect(await bounceOf(addresses[2]!)).toBeUndefined();
  });

  it('counts soft bounces once per copy, and suppresses the address at the limit of copies', async () => {
    const email = addresses[2]!;
    const first = copies.get(email)!.returnPath;
    const soft = dsn({ recipient: email, status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full' });
    await deliver(first, soft);
    expect(await bounceOf(email)).toEqual({ kind: 'soft', soft_count: 1, suppressed: false });
    // The same copy's second report (a delayed one, then a failed one; or the same one again) does not count again.
    await deliver(first, soft);
    expect(await bounceOf(email)).toEqual({ kind: 'soft', soft_count: 1, suppressed: false });
    // Copies of other issues to the same reader, each bounced for now, count up to the limit.
    const { subscriber_id: subscriberId } = (
      await sql<{ subscriber_id: string }>`select subscriber_id from issue_deliveries where issue_id = ${issueId} and lower(email) = ${email}`.execute(db())
    ).rows[0]!;
    const others = (
      await sql<{ id: string }>`
        select id from issues i where newsletter_id = ${newsletterId} and id <> ${issueId}
          and not exists (select 1 from issue_deliveries d where d.issue_id = i.id and d.subscriber_id = ${subscriberId})
        order by id limit ${constants.bounces.softLimit - 1}`.execute(db())
    ).rows.map((row) => row.id);
    const verp = createVerp(t.server.context.mail.from.address, t.server.context.links);
    try {
      for (const [index, other] of others.entries()) {
        await sql`insert into issue_deliveries (issue_id, medium, subscriber_id, email, state) values (${other}, 'email', ${subscriberId}, ${email}, 'sent')`.execute(
          db(),
        );
        await deliver(verp.address(other, subscriberId)!, soft);
        const n = index + 2;
        expect(await bounceOf(email)).toEqual({ kind: 'soft', soft_count: n, suppressed: n >= constants.bounces.softLimit });
      }
    } finally {
      await sql`delete from issue_deliveries where issue_id in (${sql.join(others)}) and subscriber_id = ${subscriberId}`.execute(db());
    }
  });

  it("shows the issue's bounce and complaint counts to its staff only", async () => {
    const counts = await t.request('GET', `/api/issues/bounces/${issueId}`, { token });
    expect(counts.status).toBe(200);
    expect(counts.body.data).toEqual({ hard: 1, soft: 1, complaint: 1 });
    expect((await t.request('GET', `/api/issues/bounces/${issueId}`)).status).toBe(401);
    const other = await t.login('director@egehaber.example');
    expect((await t.request('GET', `/api/issues/bounces/${issueId}`, { token: other })).status).toBe(404);
  });

  it('takes Postmark events with its basic authentication, and refuses them without', async () => {
    const email = addresses[3]!;
    // Tied to its copy by the metadata it was sent with (Postmark's own return path and Message-ID name nothing of ours).
    const body = {
      RecordType: 'Bounce',
      Type: 'HardBounce',
      Email: email,
      Description: 'The server was unable to deliver your message.',
      Metadata: { verp: copies.get(email)!.postmarkVerp },
    };
    const forged = await t.request('POST', '/api/bounces/postmark', {
      body,
      headers: { authorization: `Basic ${Buffer.from('masthead:wrong').toString('base64')}` },
    });
    expect(forged.status).toBe(401);
    expect(forged.body.msg).toBe(forgedText);
    expect(await bounceOf(email)).toBeUndefined();
    const good = await t.request('POST', '/api/bounces/postmark', {
      body,
      headers: { authorization: `Basic ${Buffer.from(postmarkAuth).toString('base64')}` },
    });
    expect(good.status).toBe(200);
    expect(good.body.data).toEqual({ events: 1, suppressed: 1 });
    expect(await bounceOf(email)).toMatchObject({ kind: 'hard', suppressed: true });
  });

  it("takes SendGrid's signed events (a spam report tied to its copy by Message-ID), and refuses a forged signature", async () => {
    const email = addresses[4]!;
    const raw = JSON.stringify([{ email, event: 'spamreport', 'smtp-id': copies.get(email)!.messageId, timestamp: Math.floor(Date.now() / 1000) }]);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const signature = createSign('sha256')
      .update(timestamp + raw)
      .sign(sendgrid.privateKey, 'base64');
    const inject = (sig: string, payload = raw) =>
      t.server.app.inject({
        method: 'POST',
        url: '/api/bounces/sendgrid',
        headers: { 'content-type': 'application/json', 'x-twilio-email-event-webhook-signature': sig, 'x-twilio-email-event-webhook-timestamp': timestamp },
        payload,
      });
    expect((await inject(signature, raw.replace(email, addresses[5]!))).statusCode).toBe(401);
    expect(
      (
        await inject(
          createSign('sha256')
            .update(timestamp + raw)
            .sign(generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey, 'base64'),
        )
      ).statusCode,
    ).toBe(401);
    const good = await inject(signature);
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ events: 1, suppressed: 1 });
    expect(await bounceOf(email)).toMatchObject({ kind: 'complaint', suppressed: true });
    expect(await subscribes(email)).toBe(false);
  });

  it("takes Mailgun's signed events (tied to the copy by its VERP envelope sender), and refuses a forged signature", async () => {
    const email = addresses[5]!;
    const timestamp = String(Math.floor(Date.now() / 1000));
    const mailgunToken = randomUUID();
    const body = (signature: string) => ({
      signature: { timestamp, token: mailgunToken, signature },
      'event-data': {
        event: 'failed',
        severity: 'permanent',
        recipient: email,
        envelope: { sender: copies.get(email)!.returnPath },
        'delivery-status': { code: 550, message: 'No such user' },
      },
    });
    const good = createHmac('sha256', mailgunKey)
      .update(timestamp + mailgunToken)
      .digest('hex');
    expect(
      (
        await t.request('POST', '/api/bounces/mailgun', {
          body: body(
            createHmac('sha256', 'another key')
              .update(timestamp + mailgunToken)
              .digest('hex'),
          ),
        })
      ).status,
    ).toBe(401);
    expect(await bounceOf(email)).toBeUndefined();
    const answer = await t.request('POST', '/api/bounces/mailgun', { body: body(good) });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ events: 1, suppressed: 1 });
    expect(await bounceOf(email)).toMatchObject({ kind: 'hard', suppressed: true });
  });

  it('takes SES events through SNS signed with the certificate of an allowed host, confirms a subscription, and refuses a forged signature or a foreign certificate', async () => {
    const email = addresses[6]!;
    const certUrl = `${certOrigin}/cert.pem`;
    const post = (message: Record<string, string>) =>
      t.server.app.inject({
        method: 'POST',
        url: '/api/bounces/ses',
        headers: { 'content-type': 'text/plain; charset=UTF-8' },
        payload: JSON.stringify(message),
      });

    const confirmation = await post(
      snsMessage({ Type: 'SubscriptionConfirmation', Message: 'Confirm', Token: 'tok', SubscribeURL: `${certOrigin}/confirm?Token=tok` }, certUrl),
    );
    expect(confirmation.statusCode).toBe(200);
    expect(certHits).toContain('/confirm?Token=tok');

    const event = JSON.stringify({
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: email, status: '5.1.1', diagnosticCode: 'smtp; 550 5.1.1 user unknown' }] },
      mail: { source: copies.get(email)!.returnPath, commonHeaders: { messageId: copies.get(email)!.messageId } },
    });
    const forged = snsMessage({ Type: 'Notification', Message: event }, certUrl);
    expect((await post({ ...forged, Message: event.replace(email, addresses[7]!) })).statusCode).toBe(401);
    // A certificate from anywhere but Amazon's hosts (or the one origin allowed) is not fetched.
    expect((await post(snsMessage({ Type: 'Notification', Message: event }, 'https://evil.example/cert.pem'))).statusCode).toBe(401);
    expect(await bounceOf(email)).toBeUndefined();

    const good = await post(snsMessage({ Type: 'Notification', Message: event }, certUrl));
    expect(good.statusCode).toBe(200);
    expect(good.json().data).toEqual({ events: 1, suppressed: 1 });
    expect(await bounceOf(email)).toMatchObject({ kind: 'hard', suppressed: true });
  });

  it('answers 404 for a provider that is not configured, and 422 for a body that is not JSON', async () => {
    const { bounces } = t.server.context.env;
    const saved = bounces.postmarkAuth;
    bounces.postmarkAuth = undefined;
    try {
      expect((await t.request('POST', '/api/bounces/postmark', { body: {} })).status).toBe(404);
    } finally {
      bounces.postmarkAuth = saved;
    }
    const broken = await t.server.app.inject({ method: 'POST', url: '/api/bounces/mailgun', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(broken.statusCode).toBe(422);
  });

  it('leaves suppressed addresses out of the next issue, until they subscribe again', async () => {
    const next = (
      await sql<{ id: string }>`select id from issues where newsletter_id = ${newsletterId} and id <> ${issueId} and not published limit 1`.execute(db())
    ).rows[0]!.id;
    await addRecipients(db(), next, newsletterId, 'email');
    const recipients = async () =>
      (await sql<{ email: string }>`select lower(email) as email from issue_deliveries where issue_id = ${next} and medium = 'email'`.execute(db())).rows.map(
        (row) => row.email,
      );
    // Hard bounces (listener, Postmark, Mailgun, SES) and soft ones at the limit get nothing; complainers no longer subscribe.
    expect((await recipients()).sort()).toEqual([addresses[7]!]);

    await changeSubscription(subscribersDb(db()), {
      type: 'subscription',
      newsletterId,
      email: addresses[0]!,
      name: '',
      city: '',
      source: 'web',
      payingEmails: null,
    });
    expect(await bounceOf(addresses[0]!)).toBeUndefined();
    await addRecipients(db(), next, newsletterId, 'email');
    expect((await recipients()).sort()).toEqual([addresses[0]!, addresses[7]!].sort());
  });
});

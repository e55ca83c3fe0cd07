/**
 * The mail providers' bounce webhooks against forged and replayed calls (issue 53, point 6): for
 * SES through SNS, Postmark, SendGrid and Mailgun, a forged call (a certificate off Amazon's
 * hosts, a bad signature, wrong credentials, another key) is refused with 401 and a stale signed
 * timestamp too; a good call delivered twice applies once (even after the reader subscribed
 * again); and a signed event applies only to the copy its VERP address or Message-ID names, never
 * to an address it names on its own or to another reader than the copy's.
 */
import { createHmac, createSign, generateKeyPairSync, randomUUID } from 'node:crypto';
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { constants } from '../../core/shared/config';
import { forgedText } from '../../plugins/issues/server/bounces/routes';
import { createVerp } from '../../plugins/issues/server/bounces/verp';
import { startTestServer, subscribeConfirmed, type TestServer } from '../api/server';
import { snsCertificate } from '../api/sns-certificate';

const topicArn = 'arn:aws:sns:eu-west-1:123456789012:masthead-bounces';
const postmarkAuth = 'masthead:postmark-secret';
const mailgunKey = 'mailgun-signing-key';
const sendgrid = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const sendgridPublicKey = sendgrid.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
const stale = () => String(Math.floor(Date.now() / 1000) - constants.bounces.webhookToleranceSeconds - 60);
const fresh = () => String(Math.floor(Date.now() / 1000));

interface Copy {
  subscriberId: string;
  email: string;
  returnPath: string;
  messageId: string;
}

describe('bounce webhooks against forged and replayed calls', () => {
  let t: TestServer;
  let snsKey: string;
  let snsCert: string;
  let certServer: HttpServer;
  let certOrigin: string;
  const certHits: string[] = [];
  let newsletterId: string;
  /** Copies of a sent issue, one per test that applies something; `other` got a copy too, and is named where it must not count. */
  let copies: Copy[];
  let other: Copy;

  const db = () => t.server.database.db;
  const stateOf = async (email: string) => ({
    bounces: (
      await sql<{ publisher_id: string; kind: string; soft_count: number }>`
      select publisher_id, kind, soft_count from mail_bounces where email = ${email} order by publisher_id`.execute(db())
    ).rows,
    subscribed: (await sql`select 1 from subscribers where newsletter_id = ${newsletterId} and lower(email) = ${email}`.execute(db())).rows.length > 0,
  });
  /** The reader's state before, checked unchanged after `work`. */
  const unchanged = async (emails: string[], work: () => Promise<void>) => {
    const before = await Promise.all(emails.map(stateOf));
    await work();
    expect(await Promise.all(emails.map(stateOf))).toEqual(before);
  };
  const post = (url: string, payload: string, headers: Record<string, string> = {}) =>
    t.server.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, payload });

  /** An SNS message signed (SignatureVersion 2) with the test certificate's key. */
  const snsMessage = (message: string, certUrl = `${certOrigin}/cert.pem`, key = snsKey) => {
    const fields: Record<string, string> = {
      Type: 'Notification',
      MessageId: randomUUID(),
      TopicArn: topicArn,
      Message: message,
      Timestamp: new Date().toISOString(),
      SignatureVersion: '2',
      SigningCertURL: certUrl,
    };
    const signed = ['Message', 'MessageId', 'Timestamp', 'TopicArn', 'Type'].map((name) => `${name}\n${fields[name]}\n`).join('');
    return { ...fields, Signature: createSign('RSA-SHA256').update(signed).sign(key, 'base64') };
  };
  const sesBounce = (copy: Copy, email = copy.email, tie: Record<string, unknown> = { source: copy.returnPath }) =>
    JSON.stringify({
      notificationType: 'Bounce',
      bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: email, status: '5.1.1' }] },
      mail: tie,
    });
  const postSns = (message: object) => post('/api/bounces/ses', JSON.stringify(message), { 'content-type': 'text/plain; charset=UTF-8' });

  const sendgridCall = (events: object[], { timestamp = fresh(), key = sendgrid.privateKey } = {}) => {
    const raw = JSON.stringify(events);
    const signature = createSign('sha256')
      .update(timestamp + raw)
      .sign(key, 'base64');
    return { raw, headers: { 'x-twilio-email-event-webhook-signature': signature, 'x-twilio-email-event-webhook-timestamp': timestamp } };
  };
  const mailgunBody = (event: object, { timestamp = fresh(), key = mailgunKey, token = randomUUID() } = {}) =>
    JSON.stringify({
      signature: {
        timestamp,
        token,
        signature: createHmac('sha256', key)
          .update(timestamp + token)
          .digest('hex'),
      },
      'event-data': event,
    });
  const mailgunFailed = (copy: Copy, email = copy.email) => ({
    event: 'failed',
    severity: 'permanent',
    recipient: email,
    envelope: { sender: copy.returnPath },
  });
  const basic = (credentials: string) => ({ authorization: `Basic ${Buffer.from(credentials).toString('base64')}` });

  beforeAll(async () => {
    ({ key: snsKey, cert: snsCert } = snsCertificate());
    certServer = createServer((request, response) => {
      certHits.push(request.url ?? '');
      response.end(request.url === '/cert.pem' ? snsCert : 'confirmed');
    });
    await new Promise<void>((resolve) => certServer.listen(0, '127.0.0.1', resolve));
    certOrigin = `http://127.0.0.1:${(certServer.address() as AddressInfo).port}`;
    t = await startTestServer('pglite', {
      SES_SNS_TOPIC_ARNS: topicArn,
      SES_SNS_CERT_ORIGIN: certOrigin,
      POSTMARK_WEBHOOK_AUTH: postmarkAuth,
      SENDGRID_WEBHOOK_PUBLIC_KEY: sendgridPublicKey,
      MAILGUN_WEBHOOK_SIGNING_KEY: mailgunKey,
    });
    const verp = createVerp(t.server.context.mail.from.address, t.server.context.links);
    const morning = await db().selectFrom('newsletters').select('id').where('key', '=', 'sabah-bulteni').executeTakeFirstOrThrow();
    newsletterId = morning.id;
    // A sent demo issue's copies that nothing came back from, their readers still subscribed.
    const { rows } = await sql<{ issue_id: string; subscriber_id: string; email: string }>`
      select d.issue_id, d.subscriber_id, lower(d.email) as email from issue_deliveries d join issues i on i.id = d.issue_id
      where i.newsletter_id = ${newsletterId} and d.medium = 'email' and d.state = 'sent' and d.bounce is null
        and exists (select 1 from subscribers s where s.id = d.subscriber_id)
        and not exists (select 1 from mail_bounces b where b.email = lower(d.email))
      order by i.published_at desc, d.subscriber_id limit 5`.execute(db());
    [other, ...copies] = rows.map((row) => ({
      subscriberId: row.subscriber_id,
      email: row.email,
      returnPath: verp.address(row.issue_id, row.subscriber_id)!,
      messageId: `<${row.issue_id}.${row.subscriber_id}@console.test>`,
    })) as [Copy, ...Copy[]];
    expect(copies.length).toBe(4);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await new Promise((resolve) => certServer?.close(resolve));
  });

  it('SES through SNS: refuses a certificate off Amazon’s hosts, a bad signature and a foreign topic; applies a message once', async () => {
    const copy = copies[0]!;
    await unchanged([copy.email], async () => {
      const hits = certHits.length;
      expect((await postSns(snsMessage(sesBounce(copy), 'https://evil.example/cert.pem'))).statusCode).toBe(401);
      expect((await postSns(snsMessage(sesBounce(copy), 'https://sns.eu-west-1.amazonaws.com.evil.example/cert.pem'))).statusCode).toBe(401);
      expect(certHits.length).toBe(hits);
      const signed = snsMessage(sesBounce(copy));
      expect((await postSns({ ...signed, Message: sesBounce(copy, copy.email, { source: other.returnPath }) })).statusCode).toBe(401);
      const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
      expect((await postSns(snsMessage(sesBounce(copy), undefined, otherKey))).statusCode).toBe(401);
      expect((await postSns({ ...signed, TopicArn: 'arn:aws:sns:eu-west-1:999999999999:theirs' })).statusCode).toBe(401);
      // Signed, but naming only an address, or another reader than the copy's: nothing.
      expect((await postSns(snsMessage(sesBounce(copy, copy.email, {})))).json().data).toEqual({ events: 1, suppressed: 0 });
      expect((await postSns(snsMessage(sesBounce(copy, other.email)))).json().data).toEqual({ events: 1, suppressed: 0 });
    });
    const good = snsMessage(sesBounce(copy));
    expect((await postSns(good)).json().data).toEqual({ events: 1, suppressed: 1 });
    // The same message again (SNS retries; or a replay): applied once.
    await unchanged([copy.email], async () => {
      expect((await postSns(good)).json().data).toEqual({ events: 1, suppressed: 0 });
    });
  });

  it('Postmark: refuses wrong or missing credentials; applies an event tied to its copy once, and one naming only an address not at all', async () => {
    const copy = copies[1]!;
    const event = (email: string, verp?: string) => JSON.stringify({ RecordType: 'SpamComplaint', Email: email, ...(verp ? { Metadata: { verp } } : {}) });
    await unchanged([copy.email, other.email], async () => {
      for (const headers of [basic('masthead:wrong'), basic('other:postmark-secret'), {}]) {
        const answer = await post('/api/bounces/postmark', event(copy.email, copy.returnPath), headers);
        expect(answer.statusCode).toBe(401);
        expect(answer.json().msg).toBe(forgedText);
      }
      expect((await post('/api/bounces/postmark', event(copy.email), basic(postmarkAuth))).json().data).toEqual({ events: 1, suppressed: 0 });
      expect((await post('/api/bounces/postmark', event(other.email, copy.returnPath), basic(postmarkAuth))).json().data).toEqual({
        events: 1,
        suppressed: 0,
      });
    });
    const good = event(copy.email, copy.returnPath);
    expect((await post('/api/bounces/postmark', good, basic(postmarkAuth))).json().data).toEqual({ events: 1, suppressed: 1 });
    expect(await stateOf(copy.email)).toMatchObject({ subscribed: false });
    // The reader subscribes again; the same complaint replayed does not end it again.
    await subscribeConfirmed(t, newsletterId, copy.email);
    await unchanged([copy.email], async () => {
      expect((await post('/api/bounces/postmark', good, basic(postmarkAuth))).json().data).toEqual({ events: 1, suppressed: 0 });
    });
  });

  it('SendGrid: refuses another key’s signature, an altered body and a stale timestamp; applies a signed event once', async () => {
    const copy = copies[2]!;
    const spam = (email: string, messageId?: string) => ({ email, event: 'spamreport', ...(messageId ? { 'smtp-id': messageId } : {}) });
    const call = sendgridCall([spam(copy.email, copy.messageId)]);
    await unchanged([copy.email, other.email], async () => {
      const otherKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
      expect((await post('/api/bounces/sendgrid', call.raw, sendgridCall([spam(copy.email, copy.messageId)], { key: otherKey }).headers)).statusCode).toBe(401);
      expect((await post('/api/bounces/sendgrid', call.raw.replace(copy.email, other.email), call.headers)).statusCode).toBe(401);
      const old = sendgridCall([spam(copy.email, copy.messageId)], { timestamp: stale() });
      expect((await post('/api/bounces/sendgrid', old.raw, old.headers)).statusCode).toBe(401);
      // Signed, but naming only an address, or our Message-ID with another reader's address: nothing.
      const bare = sendgridCall([spam(copy.email), spam(other.email, copy.messageId)]);
      expect((await post('/api/bounces/sendgrid', bare.raw, bare.headers)).json().data).toEqual({ events: 2, suppressed: 0 });
    });
    expect((await post('/api/bounces/sendgrid', call.raw, call.headers)).json().data).toEqual({ events: 1, suppressed: 1 });
    await unchanged([copy.email], async () => {
      expect((await post('/api/bounces/sendgrid', call.raw, call.headers)).json().data).toEqual({ events: 1, suppressed: 0 });
    });
  });

  it('Mailgun: refuses another key’s HMAC and a stale timestamp; applies a signed event once', async () => {
    const copy = copies[3]!;
    const body = mailgunBody(mailgunFailed(copy));
    await unchanged([copy.email, other.email], async () => {
      expect((await post('/api/bounces/mailgun', mailgunBody(mailgunFailed(copy), { key: 'another key' }))).statusCode).toBe(401);
      expect((await post('/api/bounces/mailgun', mailgunBody(mailgunFailed(copy), { timestamp: stale() }))).statusCode).toBe(401);
      const signed = JSON.parse(body) as { signature: object };
      const altered = JSON.stringify({ signature: { ...signed.signature, timestamp: stale() }, 'event-data': mailgunFailed(copy) });
      expect((await post('/api/bounces/mailgun', altered)).statusCode).toBe(401);
      // Signed, but naming another reader than the copy's, or only an address: nothing.
      expect((await post('/api/bounces/mailgun', mailgunBody(mailgunFailed(copy, other.email)))).json().data).toEqual({ events: 1, suppressed: 0 });
      const bare = mailgunBody({ event: 'failed', severity: 'permanent', recipient: copy.email });
      expect((await post('/api/bounces/mailgun', bare)).json().data).toEqual({ events: 1, suppressed: 0 });
    });
    expect((await post('/api/bounces/mailgun', body)).json().data).toEqual({ events: 1, suppressed: 1 });
    // The same signed call again, within the tolerance: applied once.
    await unchanged([copy.email], async () => {
      expect((await post('/api/bounces/mailgun', body)).json().data).toEqual({ events: 1, suppressed: 0 });
    });
  });
});

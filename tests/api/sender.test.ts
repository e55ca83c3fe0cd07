/**
 * A newsletter's own sender (issue 29), over REST against the real server and a real SMTP server:
 * the subscription confirmation and the welcome come from the newsletter (its confirmed address
 * and Reply-To, or its title and the server's address), a new From address waits until the link
 * e-mailed to it is opened, bad addresses are refused with the spec's envelope, and the envelope
 * sender stays MAIL_FROM's address. The issue e-mails' senders are read in issues-publish.test.ts.
 */
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { senderLinkSentText } from '../../plugins/settings/messages';
import { senderTexts } from '../../plugins/settings/server/sender-texts';
import { enginesFor, startTestServer, type TestServer } from './server';
import { startSmtpSink, type SmtpSink } from './smtp-sink';

const databases = enginesFor('embedded');

const publicUrl = 'http://console.test';
const server = { name: 'Masthead', address: 'no-reply@masthead.local' };

describe.each(databases)("a newsletter's sender on %s", (kind) => {
  let t: TestServer;
  let sink: SmtpSink;
  let director: string;
  let ids: Record<string, string>;
  let nextAddress = 1;

  const settings = async (id: string) => (await t.request('GET', `/api/newsletters/update/${id}`, { token: director })).body.data.body;
  const save = async (id: string, sender: Record<string, unknown>, token = director) => {
    const { channelTemplates: _kept, ...body } = await settings(id);
    return t.request('PUT', `/api/newsletters/update/${id}`, { token, body: { ...body, sender } });
  };
  /** What arrived for an address, parsed, oldest first. */
  const mailTo = (address: string): Promise<ParsedMail[]> =>
    Promise.all(sink.received.filter((message) => message.to.includes(address)).map((message) => sink.parse(message)));
  const subscribe = async (key: string, email: string) => {
    const response = await t.server.app.inject({
      method: 'POST',
      url: `/n/${key}/subscribe`,
      remoteAddress: `198.51.100.${nextAddress++}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ email, name: 'Okur' }).toString(),
    });
    expect(response.statusCode).toBe(200);
    const [confirmation] = await mailTo(email);
    expect(confirmation).toBeDefined();
    return confirmation!;
  };
  const page = async (path: string) => {
    const response = await t.server.app.inject({ method: 'GET', url: path });
    return { status: response.statusCode, html: response.body };
  };
  const linkIn = (mail: ParsedMail, pattern: RegExp) => {
    const path = pattern.exec(mail.text ?? '')?.[1];
    expect(path, mail.text).toBeDefined();
    return path!;
  };
  const senderLink = (mail: ParsedMail) => linkIn(mail, /http:\/\/console\.test(\/n\/[^/\s]+\/sender\/[\w.~-]+)/);

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestServer(kind, { SMTP_URL: sink.url, PUBLIC_URL: publicUrl });
    const rows = await t.server.database.db.selectFrom('newsletters').select(['id', 'key']).execute();
    ids = Object.fromEntries(rows.map((row) => [row.key, row.id]));
    director = await t.login('director@masthead.local');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('shows the sender in the settings: the demo address and Reply-To of Sabah Bülteni, none for the others', async () => {
    expect((await settings(ids['sabah-bulteni']!)).sender).toEqual({
      name: '',
      email: 'bulten@sabah.masthead.local',
      pendingEmail: '',
      replyTo: 'okur@sabah.masthead.local',
      defaultEmail: server.address,
    });
    expect((await settings(ids['teknoloji-notlari']!)).sender).toEqual({ name: '', email: '', pendingEmail: '', replyTo: '', defaultEmail: server.address });
  });

  it("sends the subscription confirmation and the welcome from the newsletter: its own address and Reply-To, or its title at the server's address", async () => {
    const email = 'sabah.okuru@example.com';
    const confirmation = await subscribe('sabah-bulteni', email);
    expect(confirmation.from?.value).toEqual([{ name: 'Sabah Bülteni', address: 'bulten@sabah.masthead.local' }]);
    expect(confirmation.replyTo?.value).toEqual([{ name: '', address: 'okur@sabah.masthead.local' }]);
    expect((await page(linkIn(confirmation, /http:\/\/console\.test(\/n\/[^/\s]+\/confirm\/[\w.-]+)/))).status).toBe(200);
    const welcome = (await mailTo(email))[1]!;
    expect(welcome.subject).toBe('Sabah Bülteni’ne hoş geldiniz!');
    expect(welcome.from?.value).toEqual([{ name: 'Sabah Bülteni', address: 'bulten@sabah.masthead.local' }]);
    expect(welcome.replyTo?.value).toEqual([{ name: '', address: 'okur@sabah.masthead.local' }]);
    // Bounces come back to the server's own address, whoever the message is from.
    expect(sink.received.filter((message) => message.to.includes(email)).map((message) => message.from)).toEqual([server.address, server.address]);

    const other = await subscribe('teknoloji-notlari', 'tekno.okuru@example.com');
    expect(other.from?.value).toEqual([{ name: 'Teknoloji Notları', address: server.address }]);
    expect(other.replyTo).toBeUndefined();
  });

  it('keeps a new From address waiting until the link e-mailed to it is opened, then sends from it', async () => {
    const id = ids['teknoloji-notlari']!;
    const wanted = 'tekno@yayinci.example';
    const saved = await save(id, { name: 'Tekno Ekibi', email: wanted, replyTo: 'yanit@yayinci.example' });
    expect(saved.status).toBe(200);
    expect(saved.body.msg).toBe(senderLinkSentText(wanted));
    expect(saved.body.data.sender).toEqual({
      name: 'Tekno Ekibi',
      email: '',
      pendingEmail: wanted,
      replyTo: 'yanit@yayinci.example',
      defaultEmail: server.address,
    });

    // The link goes out from the server, as the address is not the newsletter's yet.
    const [asked] = await mailTo(wanted);
    expect(asked!.from?.value).toEqual([server]);
    expect(asked!.subject).toBe('Confirm the sender address of Teknoloji Notları');
    const link = senderLink(asked!);

    // Meanwhile the newsletter's mail has the new name and Reply-To, at the address it had.
    const waiting = await subscribe('teknoloji-notlari', 'bekleyen.okur@example.com');
    expect(waiting.from?.value).toEqual([{ name: 'Tekno Ekibi', address: server.address }]);
    expect(waiting.replyTo?.value).toEqual([{ name: '', address: 'yanit@yayinci.example' }]);

    // Saving again sends no second link unless asked.
    expect((await save(id, { name: 'Tekno Ekibi', email: wanted, replyTo: 'yanit@yayinci.example' })).body.msg).toBe('OK');
    expect(await mailTo(wanted)).toHaveLength(1);
    expect((await save(id, { name: 'Tekno Ekibi', email: wanted, replyTo: 'yanit@yayinci.example', resend: true })).body.msg).toBe(senderLinkSentText(wanted));
    expect(await mailTo(wanted)).toHaveLength(2);

    // A forged link, or one for another newsletter, changes nothing.
    const forged = `${link.slice(0, -3)}${link.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const path of [forged, link.replace('/n/teknoloji-notlari/', '/n/sabah-bulteni/')]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(404);
      expect(answer.html).toContain(senderTexts.unknown);
    }
    expect((await settings(id)).sender.pendingEmail).toBe(wanted);

    const opened = await page(link);
    expect(opened.status).toBe(200);
    expect(opened.html).toContain(senderTexts.confirmed(wanted, 'Teknoloji Notları'));
    expect((await settings(id)).sender).toMatchObject({ email: wanted, pendingEmail: '' });
    expect((await page(link)).status).toBe(200);

    const confirmed = await subscribe('teknoloji-notlari', 'onayli.okur@example.com');
    expect(confirmed.from?.value).toEqual([{ name: 'Tekno Ekibi', address: wanted }]);
    expect(sink.received.find((message) => message.to.includes('onayli.okur@example.com'))!.from).toBe(server.address);

    // Another address waits in turn; emptied, the newsletter goes back to the server's address, and the waiting link is void.
    await save(id, { name: '', email: 'baska@yayinci.example', replyTo: '' });
    const other = senderLink((await mailTo('baska@yayinci.example'))[0]!);
    expect((await settings(id)).sender).toMatchObject({ email: wanted, pendingEmail: 'baska@yayinci.example' });
    expect((await save(id, { name: '', email: '', replyTo: '' })).body.data.sender).toMatchObject({ email: '', pendingEmail: '' });
    expect((await page(other)).status).toBe(404);
    const back = await subscribe('teknoloji-notlari', 'geri.donen@example.com');
    expect(back.from?.value).toEqual([{ name: 'Teknoloji Notları', address: server.address }]);
    expect(back.replyTo).toBeUndefined();
  });

  it("refuses a bad address or name with the spec's envelope, and leaves the newsletter as it was", async () => {
    const id = ids['sabah-bulteni']!;
    const before = await settings(id);
    for (const [sender, path, message] of [
      [{ name: '', email: 'adres-degil', replyTo: '' }, 'sender.email', 'Email is not valid.'],
      [{ name: '', email: '', replyTo: 'a@b' }, 'sender.replyTo', 'Email is not valid.'],
      [{ name: 'Sabah <Ekibi>', email: '', replyTo: '' }, 'sender.name', 'The sender name cannot hold quotes, angle brackets or line breaks.'],
      [{ name: 'x'.repeat(121), email: '', replyTo: '' }, 'sender.name', 'The sender name is too long.'],
    ] as const) {
      const { channelTemplates: _kept, ...body } = before;
      const answer = await t.request('PUT', `/api/newsletters/update/${id}`, { token: director, body: { ...body, title: 'Başka Başlık', sender } });
      expect(answer.status, message).toBe(422);
      expect(answer.body).toMatchObject({ msg: 'Error!', details: [{ message, path }] });
    }
    expect(await settings(id)).toEqual(before);
    expect(await mailTo('adres-degil')).toEqual([]);
  });

  it("lets nobody outside the newsletter's publisher change its sender", async () => {
    const id = ids['sabah-bulteni']!;
    const before = await settings(id);
    const outsider = await t.login('director@egehaber.example');
    const answer = await save(id, { name: 'Ele Geçirilmiş', email: 'saldirgan@example.com', replyTo: '' }, outsider);
    expect(answer.status).toBe(404);
    expect(await settings(id)).toEqual(before);
    expect(await mailTo('saldirgan@example.com')).toEqual([]);
  });
});

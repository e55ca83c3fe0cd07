/**
 * A newsletter's From address is confirmed only by the link e-mailed to it (issue 53 point 6):
 * a forged link (a changed signature, another newsletter's id, another address) or a reused one (a
 * second click, a link for an address that no longer waits) changes nothing. And DKIM_KEYS, the
 * keys that sign the newsletters' mail, is read whole at start-up: a malformed value stops the
 * server with a message that says what is wrong and carries nothing of a key, never a failure in
 * the middle of a send.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readDkimKeys } from '../../core/server/services/dkim';
import { senderToken } from '../../plugins/settings/server/sender';
import { senderTexts } from '../../plugins/settings/server/sender-texts';
import { startTestServer, type TestServer } from '../api/server';

describe("a sender address's confirmation link", () => {
  let t: TestServer;
  let director: string;
  let ids: Record<string, string>;

  const settings = async (id: string) => (await t.request('GET', `/api/newsletters/update/${id}`, { token: director })).body.data.body.sender;
  const setSender = async (id: string, email: string) => {
    const { channelTemplates: _kept, ...body } = (await t.request('GET', `/api/newsletters/update/${id}`, { token: director })).body.data.body;
    const answer = await t.request('PUT', `/api/newsletters/update/${id}`, { token: director, body: { ...body, sender: { ...body.sender, email } } });
    expect(answer.status).toBe(200);
  };
  /** The link the server e-mails for this newsletter and address (the same signer made it). */
  const linkFor = (key: string, email: string) => `/n/${key}/sender/${senderToken(t.server.context.links, ids[key]!, email)}`;
  const open = async (path: string) => {
    const response = await t.server.app.inject({ method: 'GET', url: path });
    return { status: response.statusCode, html: response.body };
  };
  const refused = async (path: string) => {
    const answer = await open(path);
    expect(answer.status, path).toBe(404);
    expect(answer.html).toContain(senderTexts.unknown);
  };

  beforeAll(async () => {
    t = await startTestServer('pglite');
    const rows = await t.server.database.db.selectFrom('newsletters').select(['id', 'key']).execute();
    ids = Object.fromEntries(rows.map((row) => [row.key, row.id]));
    director = await t.login('director@masthead.local');
  }, 60_000);
  afterAll(() => t?.close());

  it('changes nothing when the link is forged: a changed signature or value, another newsletter, another address', async () => {
    const tech = ids['teknoloji-notlari']!;
    const wanted = 'tekno@yayinci.example';
    await setSender(tech, wanted);
    await setSender(ids['kultur-sanat-haftalik']!, 'kultur@yayinci.example');
    const before = await settings(tech);
    expect(before).toMatchObject({ email: '', pendingEmail: wanted });
    const link = linkFor('teknoloji-notlari', wanted);
    const [value, signature] = link.split('/').pop()!.split('.') as [string, string];
    const [kind, , encoded] = value.split('~');
    const base = '/n/teknoloji-notlari/sender/';
    const otherAddress = Buffer.from('saldirgan@example.com').toString('base64url');
    for (const path of [
      // A changed signature, or none.
      `${base}${value}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`,
      `${base}${value}`,
      `${base}${value}.`,
      // The signed value changed under the signature: another newsletter's id, another address.
      `${base}${kind}~${ids['sabah-bulteni']}~${encoded}.${signature}`,
      `${base}${kind}~${tech}~${otherAddress}.${signature}`,
      // Validly signed, but for another newsletter (opened at this one's address), or for an address that never waited.
      `${base}${linkFor('kultur-sanat-haftalik', 'kultur@yayinci.example').split('/').pop()}`,
      linkFor('teknoloji-notlari', 'saldirgan@example.com'),
      linkFor('teknoloji-notlari', 'TEKNO@yayinci.example'),
      // Another kind of signed value.
      `${base}${t.server.context.links.sign(['unsubscribe', tech, encoded].join('~'))}`,
      `${base}${t.server.context.links.sign(['sender', tech, encoded, 'more'].join('~'))}`,
      // This newsletter's link opened under another newsletter's address.
      link.replace('/n/teknoloji-notlari/', '/n/sabah-bulteni/'),
      link.replace('/n/teknoloji-notlari/', '/n/yok-boyle-bulten/'),
    ])
      await refused(path);
    expect(await settings(tech)).toEqual(before);
    expect((await settings(ids['kultur-sanat-haftalik']!)).pendingEmail).toBe('kultur@yayinci.example');
  });

  it('changes nothing when the link is reused: a second click, or a link for an address that no longer waits', async () => {
    const tech = ids['teknoloji-notlari']!;
    const first = 'tekno@yayinci.example';
    const link = linkFor('teknoloji-notlari', first);
    expect((await open(link)).status).toBe(200);
    expect(await settings(tech)).toMatchObject({ email: first, pendingEmail: '' });

    // Another address waits: the first link, clicked again, confirms what is already confirmed and leaves the waiting one waiting.
    const second = 'ikinci@yayinci.example';
    await setSender(tech, second);
    const waiting = await settings(tech);
    expect(waiting).toMatchObject({ email: first, pendingEmail: second });
    const again = await open(link);
    expect(again.status).toBe(200);
    expect(again.html).toContain(senderTexts.confirmed(first, 'Teknoloji Notları'));
    expect(await settings(tech)).toEqual(waiting);

    // A third address replaces the second before its link is opened: the second's link is void.
    const third = 'ucuncu@yayinci.example';
    await setSender(tech, third);
    const replaced = await settings(tech);
    expect(replaced).toMatchObject({ email: first, pendingEmail: third });
    await refused(linkFor('teknoloji-notlari', second));
    expect(await settings(tech)).toEqual(replaced);

    // The third is confirmed; a second click changes nothing.
    expect((await open(linkFor('teknoloji-notlari', third))).status).toBe(200);
    const confirmed = await settings(tech);
    expect(confirmed).toMatchObject({ email: third, pendingEmail: '' });
    expect((await open(linkFor('teknoloji-notlari', third))).status).toBe(200);
    expect(await settings(tech)).toEqual(confirmed);
    // The first address, no longer the sender nor waiting: its old link is void.
    await refused(link);
    expect(await settings(tech)).toEqual(confirmed);
    // Back to the server's address: the last link is void too.
    await setSender(tech, '');
    await refused(linkFor('teknoloji-notlari', third));
    expect(await settings(tech)).toMatchObject({ email: '', pendingEmail: '' });
  });
});

describe('DKIM_KEYS at start-up', () => {
  const dir = mkdtempSync(join(tmpdir(), 'masthead-dkim-'));
  const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const rsaPem = rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const file = (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };
  const good = file('good.pem', rsaPem);
  const files = {
    public: file('public.pem', rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString()),
    garbage: file('garbage.pem', 'not a key at all\n'),
    ed25519: file('ed25519.pem', generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    short: file('short.pem', generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString()),
    encrypted: file('encrypted.pem', rsa.privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'parola-0053' }).toString()),
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads well-formed keys, several of them, and nothing when unset', () => {
    expect(readDkimKeys(undefined)).toEqual([]);
    expect(readDkimKeys('  ')).toEqual([]);
    const keys = readDkimKeys(`Sabah.Example.com:mh2026:${good}, example.net:s1.mail:${good}`);
    expect(keys.map((key) => [key.domain, key.selector, key.privateKey.asymmetricKeyType])).toEqual([
      ['sabah.example.com', 'mh2026', 'rsa'],
      ['example.net', 's1.mail', 'rsa'],
    ]);
  });

  it('stops with a clear message, and nothing of a key, for a malformed value', () => {
    const pemBody = rsaPem.split('\n')[1]!;
    const cases: [string, RegExp][] = [
      ['example.com', /its entry is not 'domain:selector:\/path\/to\/key.pem': the selector of example.com is empty/],
      [`example.com::${good}`, /the selector of example.com is empty/],
      [`:mh2026:${good}`, /the domain is empty/],
      ['example.com:mh2026', /the path of the key of example.com is empty/],
      [`example.com:mh2026:${good},`, /entry 2 of 2 is not .* \(it is empty: a stray comma\?\)/],
      [`exa_mple.com:mh2026:${good}`, /its domain is not a domain name/],
      [`example.com:mh;2026:${good}`, /the selector of example.com is not a name/],
      ['{"example.com": {"selector": "mh2026"}}', /its domain is not a domain name|not 'domain:selector/],
      [`example.com:mh2026:${rsaPem}`, /give the path of the PEM file, not the key itself/],
      [`example.com:mh2026:${pemBody}`, /^DKIM_KEYS: the key of example.com cannot be read \(ENOENT\)$/],
      [`example.com:mh2026:${join(dir, 'missing.pem')}`, /the key of example.com cannot be read from .*missing.pem \(ENOENT\)/],
      [`example.com:mh2026:${files.public}`, /the key of example.com in .*public.pem is not an unencrypted PEM private key/],
      [`example.com:mh2026:${files.garbage}`, /is not an unencrypted PEM private key/],
      [`example.com:mh2026:${files.encrypted}`, /is not an unencrypted PEM private key/],
      [`example.com:mh2026:${files.ed25519}`, /is a key of type ed25519: DKIM is signed here with rsa-sha256, give an RSA key/],
      [`example.com:mh2026:${files.short}`, /has 512 bits: receivers refuse fewer than 1024/],
      [`example.com:a:${good},EXAMPLE.com:b:${good}`, /the key of example.com is given twice/],
    ];
    for (const [value, message] of cases) {
      let error: Error | undefined;
      try {
        readDkimKeys(value);
      } catch (thrown) {
        error = thrown as Error;
      }
      expect(error?.message, value).toMatch(/^DKIM_KEYS: /);
      expect(error?.message, value).toMatch(message);
      // main.ts prints the message alone: it holds nothing of a key.
      expect(error!.message).not.toContain(pemBody);
      expect(error!.message).not.toContain('BEGIN');
    }
  });
});

/**
 * A publisher out and in, from the console (issue 56): the director downloads the publisher file
 * from the publisher's credentials (the file is the publisher: its manifest names it), and an
 * admin brings a file in from the publisher picker; the file of a publisher this server holds
 * already is refused with the server's reason, and nothing changes. The round trip into another
 * Masthead is tests/api/publisher-file.test.ts.
 */
import { readFileSync } from 'node:fs';
import yauzl from 'yauzl';
import { expect, test } from './fixtures';
import { accounts, expectToast, password, signIn } from './helpers';

test('the director downloads the publisher file and an admin brings one in', async ({ page, request }) => {
  const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
  const token = ((await login.json()) as { data: string }).data;
  const verify = await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
  const scopes = ((await verify.json()) as { data: { scopes: { _id: string; title: string }[] } }).data.scopes;
  const kuzey = scopes.find((scope) => scope.title === 'Kuzey Medya')!._id;

  await signIn(page, accounts.director, { at: `/publishers/show/${kuzey}/settings` });
  const card = page.getByRole('region', { name: 'YOUR DATA' });
  await expect(card).toBeVisible();
  const downloading = page.waitForEvent('download');
  await card.getByRole('button', { name: 'DOWNLOAD THE PUBLISHER FILE' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^kuzey-medya-\d{4}-\d{2}-\d{2}\.zip$/);
  await expectToast(page, 'The publisher file is ready.');
  const path = await download.path();
  const zip = await yauzl.fromBufferPromise(readFileSync(path), { lazyEntries: true });
  let manifest: { publisher: { title: string } } | undefined;
  for await (const entry of zip.eachEntry()) {
    if (entry.fileName !== 'publisher.json') continue;
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    manifest = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  }
  expect(manifest?.publisher.title).toBe('Kuzey Medya');

  // The admin, before choosing a publisher, brings that file in: this server holds it already.
  await page.context().clearCookies();
  await signIn(page, accounts.admin);
  await expect(page.getByRole('heading', { name: 'Choose a publisher' })).toBeVisible();
  await page.getByLabel('Import a publisher file').setInputFiles(path);
  await expectToast(page, 'Kuzey Medya is on this server already.');
  await expect(page.getByRole('button', { name: 'Import a publisher file' })).toBeEnabled();
});

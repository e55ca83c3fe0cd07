/**
 * A newsletter's own sender (issue 29), through the console against a server that sends over SMTP:
 * a director sets a new From address and Reply-To, the card says the address waits for its link,
 * the link in the e-mail that reached the address confirms it, and a bad Reply-To is refused where
 * it was typed.
 */
import { senderLinkSentText, senderWaitingText } from '../../plugins/settings/messages';
import { senderTexts } from '../../plugins/settings/server/sender-texts';
import { expect, smtpTest } from './fixtures';
import { accounts, expectToast, keepScreenshot, password, signIn } from './helpers';

const test = smtpTest();

test('a director gives a newsletter its own sender address, confirmed through the link e-mailed to it', async ({ page, request, sink }) => {
  const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
  const token = ((await login.json()) as { data: string }).data;
  const verify = await request.get('/api/auth/verify', { headers: { authorization: `Bearer ${token}` } });
  const scopes = ((await verify.json()) as { data: { scopes: { _id: string; title: string }[] } }).data.scopes;
  const newsletterId = scopes.find((scope) => scope.title === 'Teknoloji Notları')!._id;

  await signIn(page, accounts.director, { at: `/newsletters/show/${newsletterId}/settings` });
  await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
  const card = page.getByRole('region', { name: 'SENDER' });
  const from = card.getByRole('textbox', { name: 'FROM ADDRESS' });
  // Empty fields show what is used instead: the title and the server's address.
  await expect(card.getByRole('textbox', { name: 'FROM NAME' })).toHaveAttribute('placeholder', 'Teknoloji Notları');
  await expect(from).toHaveAttribute('placeholder', 'no-reply@masthead.local');

  const wanted = 'tekno@yayinci.example';
  await card.getByRole('textbox', { name: 'FROM NAME' }).fill('Tekno Ekibi');
  await from.fill(wanted);
  await card.getByRole('textbox', { name: 'REPLY-TO' }).fill('yanit@yayinci.example');
  await page.getByRole('button', { name: 'SAVE', exact: true }).click();
  await expectToast(page, senderLinkSentText(wanted));
  await expect(card.getByText(senderWaitingText(wanted, 'no-reply@masthead.local'))).toBeVisible();
  await expect(from).toHaveValue('');
  await card.scrollIntoViewIfNeeded();
  await keepScreenshot(page, 'newsletter-sender-waiting');

  // The link that reached the address makes it the sender.
  const arrived = sink.received.find((message) => message.to.includes(wanted));
  expect(arrived).toBeDefined();
  const mail = await sink.parse(arrived!);
  const link = /https?:\/\/[^/\s]+(\/n\/teknoloji-notlari\/sender\/[\w.~-]+)/.exec(mail.text ?? '')?.[1];
  expect(link, mail.text).toBeDefined();
  await page.goto(link!);
  await expect(page.getByText(senderTexts.confirmed(wanted, 'Teknoloji Notları'))).toBeVisible();

  await page.goto(`/newsletters/show/${newsletterId}/settings`);
  await expect(from).toHaveValue(wanted);
  await expect(card.getByText(/waits for confirmation/)).toHaveCount(0);

  // A Reply-To that is no address is refused where it was typed, and nothing is saved.
  await card.getByRole('textbox', { name: 'REPLY-TO' }).fill('yanit@');
  await page.getByRole('button', { name: 'SAVE', exact: true }).click();
  await expect(card.getByText('Email is not valid.')).toBeVisible();
  await page.reload();
  await expect(card.getByRole('textbox', { name: 'REPLY-TO' })).toHaveValue('yanit@yayinci.example');
});

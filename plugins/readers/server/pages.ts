/**
 * The readers' pages, in the newsletter's reader frame (core/server/public-page.ts, the frame the
 * subscribers plugin's readerLook builds): the sign-in form, its answer, the page of a sign-in
 * link with its one button, the account with the publisher's newsletters, and the problems. They
 * speak the newsletter's language, as the subscribers plugin's do; every text is escaped here. Forms
 * post plainly: no script runs, as the reader pages' CSP wants.
 */
import type { FastifyReply } from 'fastify';
import { renderPublicPage, sendPrivatePage, type PublicPageNewsletter } from '../../../core/server/public-page';
import { escapeHtml } from '../../../core/shared/text';
import type { AccountNote } from './account-notes';
import { readerText } from './reader-words';

/** The address of a newsletter's reader page below /n/{key}. */
export const readerPath = (key: string, rest = '') => `/n/${encodeURIComponent(key)}${rest}`;

/** Sends a readers' page: no cache keeps it, no search engine lists it. */
export function sendReaderPage(reply: FastifyReply, status: number, frame: PublicPageNewsletter, title: string, content: string): FastifyReply {
  return sendPrivatePage(reply, status, renderPublicPage({ title, newsletter: frame, content, noindex: true }));
}

/** Where a readers' form goes on (303), an answer no cache keeps. */
export const goTo = (reply: FastifyReply, path: string) => reply.header('cache-control', 'no-store').redirect(path, 303);

/** A field of a posted form: a string, whatever else was posted. */
export function fieldOf(body: unknown, name: string): string {
  const value = body && typeof body === 'object' ? (body as Record<string, unknown>)[name] : undefined;
  return typeof value === 'string' ? value : '';
}

const notice = (text: string, tone: 'ok' | 'problem' = 'ok') => `<p class="notice"${tone === 'problem' ? ' role="alert"' : ''}>${escapeHtml(text)}</p>`;

/**
 * A form of one button, with the session's token when the page is a signed-in one. 'secondary'
 * draws it outlined: a way out (unsubscribing, signing out) never looks like the way in.
 */
export function buttonForm(action: string, label: string, hidden: Record<string, string>, tone: 'primary' | 'secondary' = 'primary'): string {
  const fields = Object.entries(hidden).map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`);
  const classes = tone === 'secondary' ? 'button secondary' : 'button';
  return `<form method="post" action="${escapeHtml(action)}">${fields.join('')}<button class="${classes}" type="submit">${escapeHtml(label)}</button></form>`;
}

/** The sign-in form, with a problem above it when there is one. */
export function signInPage(newsletter: { key: string; title: string; lang: string }, problem?: string, email = ''): string {
  const { lang } = newsletter;
  const lede = readerText(lang, 'Enter your e-mail address to manage your subscriptions to {title}: we will send you a sign-in link to use once.', {
    title: newsletter.title,
  });
  return `<h1>${escapeHtml(readerText(lang, 'Reader sign-in'))}</h1>
${problem ? `${notice(problem, 'problem')}\n` : ''}<p>${escapeHtml(lede)}</p>
<form class="signup" method="post" action="${escapeHtml(readerPath(newsletter.key, '/signin'))}">
<div class="fields">
<label class="field">${escapeHtml(readerText(lang, 'Your e-mail address'))}<input type="email" name="email" required maxlength="254" autocomplete="email" placeholder="${escapeHtml(readerText(lang, 'name@example.com'))}"${email ? ` value="${escapeHtml(email)}"` : ''}></label>
<button class="button" type="submit">${escapeHtml(readerText(lang, 'Send a sign-in link'))}</button>
</div>
</form>`;
}

/** A page that only says something, with a link on. */
export function noticePage(heading: string, text: string, tone: 'ok' | 'problem', link?: { href: string; label: string }): string {
  return `<h1>${escapeHtml(heading)}</h1>
${notice(text, tone)}${link ? `\n<p><a class="more" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>` : ''}`;
}

/** The page of a sign-in link: one button that posts it, so that opening the link (a mail scanner does) signs nobody in. */
export function confirmPage(newsletter: { key: string; lang: string }, token: string): string {
  const { lang } = newsletter;
  return `<h1>${escapeHtml(readerText(lang, 'Reader sign-in'))}</h1>
<p>${escapeHtml(readerText(lang, 'Press the button to sign in to your reader account.'))}</p>
${buttonForm(readerPath(newsletter.key, `/signin/${token}`), readerText(lang, 'Sign in'), {})}`;
}

export interface AccountNewsletter {
  id: string;
  key: string;
  title: string;
  subtitle: string;
  lang: string;
  subscribed: boolean;
  /** What other plugins say of it (account-notes.ts). */
  notes: AccountNote[];
}

const noteHtml = (note: AccountNote) =>
  `<p>${escapeHtml(note.text)}${note.link ? ` <a class="more" href="${escapeHtml(note.link.href)}">${escapeHtml(note.link.label)}</a>` : ''}</p>`;

/** The account: the reader's address, the publisher's newsletters with a button each, and signing out (in the language of the newsletter it is opened from). */
export function accountPage(newsletter: { key: string; lang: string }, reader: { email: string }, csrf: string, newsletters: AccountNewsletter[]): string {
  const { lang } = newsletter;
  const action = readerPath(newsletter.key, '/account/subscriptions');
  const items = newsletters.map(
    (
      item,
    ) => `<li><a href="${escapeHtml(readerPath(item.key))}"><strong>${escapeHtml(item.title)}</strong></a>${item.subtitle ? `<br>${escapeHtml(item.subtitle)}` : ''}
<p>${escapeHtml(item.subscribed ? readerText(lang, 'Subscribed') : readerText(lang, 'Not subscribed'))}</p>${item.notes.map(noteHtml).join('')}
${buttonForm(
  action,
  item.subscribed ? readerText(lang, 'Unsubscribe') : readerText(lang, 'Subscribe'),
  { csrf, newsletter: item.id, change: item.subscribed ? 'unsubscribe' : 'subscribe' },
  item.subscribed ? 'secondary' : 'primary',
)}</li>`,
  );
  return `<h1>${escapeHtml(readerText(lang, 'My account'))}</h1>
<p>${escapeHtml(readerText(lang, 'You are signed in as {email}.', { email: reader.email }))}</p>
<h2>${escapeHtml(readerText(lang, 'Newsletters'))}</h2>
<ul class="cards">
${items.join('\n')}
</ul>
${buttonForm(readerPath(newsletter.key, '/signout'), readerText(lang, 'Sign out'), { csrf }, 'secondary')}`;
}

/**
 * The reader pages' subscribe form (issue 31): the e-mail address first, then the name and the
 * city as the newsletter's web design asks (not asked, optional, required), and a button in the
 * newsletter's colour, in the newsletter's language. It posts to /n/{key}/subscribe; `values` refill
 * it after a problem. Its styles (.signup, .field, .button) are the reader frame's (core/server/public-page.ts).
 */
import { escapeHtml } from '../../../core/shared/text';
import { maxLength } from './csv-import';
import { readerText } from './reader-words';
import type { SubscribeFields } from './subscriptions';

export function subscribeForm(
  newsletter: { key: string; title: string; lang: string },
  fields: SubscribeFields,
  values: { email?: string; name?: string; city?: string } = {},
): string {
  const action = `/n/${encodeURIComponent(newsletter.key)}/subscribe`;
  const { lang } = newsletter;
  const value = (text: string | undefined) => (text ? ` value="${escapeHtml(text)}"` : '');
  const input = (name: 'name' | 'city', label: string, autocomplete: string) => {
    const choice = fields[name];
    if (choice === 'hidden') return '';
    const shown = choice === 'optional' ? readerText(lang, '{label} (optional)', { label }) : label;
    return `<label class="field">${escapeHtml(shown)}<input type="text" name="${name}"${choice === 'required' ? ' required' : ''} maxlength="${maxLength[name]}" autocomplete="${autocomplete}"${value(values[name])}></label>`;
  };
  return `<form class="signup" method="post" action="${escapeHtml(action)}">
<h2>${escapeHtml(readerText(lang, 'Subscribe now'))}</h2>
<p>${escapeHtml(readerText(lang, 'Get every new issue of {title} in your inbox.', { title: newsletter.title }))}</p>
<div class="fields">
<label class="field">${escapeHtml(readerText(lang, 'Your e-mail address'))}<input type="email" name="email" required maxlength="${maxLength.email}" autocomplete="email" placeholder="${escapeHtml(readerText(lang, 'name@example.com'))}"${value(values.email)}></label>
${[input('name', readerText(lang, 'Your name'), 'name'), input('city', readerText(lang, 'Your city'), 'address-level2')].filter(Boolean).join('\n')}
<button class="button" type="submit">${escapeHtml(readerText(lang, 'Subscribe'))}</button>
</div>
<p class="fine">${escapeHtml(readerText(lang, 'It is free. You can leave with one click at any time.'))}</p>
</form>`;
}

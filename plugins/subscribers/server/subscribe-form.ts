/**
 * The reader pages' subscribe form (issue 31): the e-mail address first, then the name and the
 * city as the newsletter's web design asks (not asked, optional, required), and a button in the
 * newsletter's colour. It posts to /n/{key}/subscribe; `values` refill it after a problem. Its
 * styles (.signup, .field, .button) are the reader frame's (core/server/public-page.ts).
 */
import { escapeHtml } from '../../../core/shared/text';
import { maxLength } from './csv-import';
import type { SubscribeFields } from './subscriptions';

export const formTexts = {
  heading: 'Abone olun',
  lede: (title: string) => `${title} yeni sayılarıyla e-posta kutunuza gelsin.`,
  email: 'E-posta adresiniz',
  name: 'Adınız',
  city: 'Şehriniz',
  optional: 'isteğe bağlı',
  button: 'Abone ol',
  fine: 'Ücretsizdir. İstediğiniz zaman tek tıkla ayrılabilirsiniz.',
} as const;

export function subscribeForm(
  newsletter: { key: string; title: string },
  fields: SubscribeFields,
  values: { email?: string; name?: string; city?: string } = {},
): string {
  const action = `/n/${encodeURIComponent(newsletter.key)}/subscribe`;
  const value = (text: string | undefined) => (text ? ` value="${escapeHtml(text)}"` : '');
  const input = (name: 'name' | 'city', label: string, autocomplete: string) => {
    const choice = fields[name];
    if (choice === 'hidden') return '';
    const shown = choice === 'optional' ? `${label} (${formTexts.optional})` : label;
    return `<label class="field">${escapeHtml(shown)}<input type="text" name="${name}"${choice === 'required' ? ' required' : ''} maxlength="${maxLength[name]}" autocomplete="${autocomplete}"${value(values[name])}></label>`;
  };
  return `<form class="signup" method="post" action="${escapeHtml(action)}">
<h2>${escapeHtml(formTexts.heading)}</h2>
<p>${escapeHtml(formTexts.lede(newsletter.title))}</p>
<div class="fields">
<label class="field">${escapeHtml(formTexts.email)}<input type="email" name="email" required maxlength="${maxLength.email}" autocomplete="email" placeholder="ornek@eposta.com"${value(values.email)}></label>
${[input('name', formTexts.name, 'name'), input('city', formTexts.city, 'address-level2')].filter(Boolean).join('\n')}
<button class="button" type="submit">${escapeHtml(formTexts.button)}</button>
</div>
<p class="fine">${escapeHtml(formTexts.fine)}</p>
</form>`;
}

/**
 * The personal unsubscribe address of every e-mail, /u/{token} (the token is the subscriber's id,
 * signed): GET shows the newsletter, the reasons for leaving (the four presets and 'other' with a
 * text field) and a button; POST ends the subscription with the reason chosen, as an unsubscription
 * of source 'email' (a cancellation event). Mail providers POST the same address for one-click
 * unsubscribe (RFC 8058: the body `List-Unsubscribe=One-Click`, or nothing), so a POST needs
 * nothing but the token.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { mastheadFrame, renderPublicPage, type PublicPageNewsletter } from '../../../core/server/public-page';
import { documentAnswer } from '../../../core/server/schemas/parts';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { escapeHtml } from '../../../core/shared/text';
import { readerLook } from './reader-look';
import { readerText } from './reader-words';
import { reasonLabel, reasonOf } from './reasons';
import { changeSubscription, type SubscribersDb } from './store';

const tokenParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } } as const;

/** The page's choices: each preset reason, then 'other' with its text field (always posted, so a page's POST is never taken for a one-click one), in the reader's language. */
function reasonChoices(lang: string): string {
  const { cancellationReasons, otherReason, reasonMaxLength } = constants.audience;
  const radio = (value: string) => `<label><input type="radio" name="reason" value="${escapeHtml(value)}"> ${escapeHtml(reasonLabel(lang, value))}</label>`;
  return `<fieldset class="choices">
<legend>${escapeHtml(readerText(lang, 'Why are you leaving?'))}</legend>
${cancellationReasons.map(radio).join('\n')}
${radio(otherReason)}
<label class="field"><input type="text" name="other" maxlength="${reasonMaxLength}" aria-label="${escapeHtml(reasonLabel(lang, otherReason))}"></label>
</fieldset>`;
}

/** The fields of a form POST (strings only: anything else is ignored). */
function formOf(body: unknown): Record<string, string> {
  if (!body || typeof body !== 'object') return {};
  return Object.fromEntries(Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

export function registerUnsubscribePage(api: PluginApi, db: SubscribersDb): void {
  const subscriberOf = async (token: string) => {
    const id = api.links.verify(token);
    if (!id) return null;
    const subscriber = await db.selectFrom('subscribers').select(['id', 'newsletter_id', 'email']).where('id', '=', id).executeTakeFirst();
    if (!subscriber) return null;
    const newsletter = (await findNewsletter(db, subscriber.newsletter_id))!;
    return { subscriber, frame: await readerLook(api, newsletter, { form: false }) };
  };
  const page = (frame: PublicPageNewsletter | null, content: string) => {
    const newsletter = frame ?? mastheadFrame;
    return renderPublicPage({ title: readerText(newsletter.lang, 'Subscription'), newsletter, content, noindex: true });
  };
  /** The page of a link that names no subscription (the site's default language: the link tells no newsletter). */
  const unknownLink = () => {
    const { lang } = mastheadFrame;
    return page(
      null,
      `<h1>${escapeHtml(readerText(lang, 'Subscription'))}</h1><p>${escapeHtml(readerText(lang, 'This link is not valid, or your subscription has already ended.'))}</p>`,
    );
  };

  api.page<{ token: string }>({
    url: '/u/:token',
    schema: {
      params: tokenParams,
      response: documentAnswer('text/html; charset=utf-8', 'The page that asks why the reader leaves, with the button that ends the subscription.'),
      summary: 'The page of a personal unsubscribe link.',
    },
    async handler(request, reply) {
      const found = await subscriberOf(request.params.token);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.code(404).send(unknownLink());
      const action = `/u/${encodeURIComponent(request.params.token)}`;
      const { lang } = found.frame;
      return reply.send(
        page(
          found.frame,
          `<h1>${escapeHtml(found.frame.title)}</h1>
<p>${escapeHtml(readerText(lang, 'Do you want to leave this newsletter, sent to {email}?', { email: found.subscriber.email }))}</p>
<form method="post" action="${escapeHtml(action)}">
${reasonChoices(lang)}
<button class="button" type="submit">${escapeHtml(readerText(lang, 'Unsubscribe'))}</button>
</form>`,
        ),
      );
    },
  });

  api.page<{ token: string }>({
    method: 'POST',
    url: '/u/:token',
    schema: {
      params: tokenParams,
      response: documentAnswer('text/html; charset=utf-8', 'The page that says the subscription has ended.'),
      summary:
        "Ends the subscription of a personal unsubscribe link: the page's form (reason: a preset, or 'other' with the text in other), or one-click unsubscribe (RFC 8058: List-Unsubscribe=One-Click or no fields).",
    },
    async handler(request, reply) {
      const found = await subscriberOf(request.params.token);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.code(404).send(unknownLink());
      const form = formOf(request.body);
      // One-click (a mail provider's POST, no person on the page) gives no reason: it is kept as
      // 'other' (constants.audience.otherReason), since the cancellation donut has no slice for
      // an empty reason and the reader did not pick a preset.
      const oneClick = !('reason' in form) && !('other' in form);
      const reason = oneClick ? constants.audience.otherReason : reasonOf(form.reason, form.other);
      await changeSubscription(db, {
        type: 'unsubscription',
        newsletterId: found.subscriber.newsletter_id,
        subscriber: { id: found.subscriber.id },
        source: 'email',
        reason,
      });
      api.log.info({ newsletterId: found.subscriber.newsletter_id, oneClick }, 'unsubscribed by link');
      const { lang } = found.frame;
      const ended = `${readerText(lang, 'Your subscription has ended.')} ${readerText(lang, 'You will no longer get e-mails from this newsletter.')}`;
      return reply.send(page(found.frame, `<h1>${escapeHtml(found.frame.title)}</h1><p>${escapeHtml(ended)}</p>`));
    },
  });
}

/**
 * The personal unsubscribe address of every e-mail, /u/{token} (the token is the subscriber's id,
 * signed): GET shows the newsletter and a button, POST ends the subscription. Mail providers POST
 * the same address for one-click unsubscribe (RFC 8058, List-Unsubscribe-Post), so a POST needs
 * nothing but the token. The reasons for leaving come with the audience pages.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { renderPublicPage, type PublicPageNewsletter } from '../../../core/server/public-page';
import { findNewsletter } from '../../../core/server/store';
import { escapeHtml } from '../../../core/shared/text';
import { removeSubscriber, type SubscribersDb } from './store';

const tokenParams = { type: 'object', required: ['token'], properties: { token: { type: 'string', maxLength: 200 } } } as const;

export const unsubscribedText = 'Aboneliğiniz sona erdi. Bu bültenden artık e-posta almayacaksınız.';
export const unknownLinkText = 'Bu bağlantı geçerli değil ya da aboneliğiniz zaten sona ermiş.';

export function registerUnsubscribePage(api: PluginApi, db: SubscribersDb): void {
  const subscriberOf = async (token: string) => {
    const id = api.links.verify(token);
    if (!id) return null;
    const subscriber = await db.selectFrom('subscribers').select(['id', 'newsletter_id', 'email']).where('id', '=', id).executeTakeFirst();
    if (!subscriber) return null;
    const newsletter = (await findNewsletter(db, subscriber.newsletter_id))!;
    const frame: PublicPageNewsletter = {
      title: newsletter.title,
      key: newsletter.key,
      color: newsletter.color,
      textColor: newsletter.text_color,
      lang: newsletter.lang,
    };
    return { subscriber, frame };
  };
  const page = (frame: PublicPageNewsletter | null, content: string) =>
    renderPublicPage({
      title: 'Abonelik',
      newsletter: frame ?? { title: 'Masthead', key: '', color: '#ffce14', textColor: '#201f1e', lang: 'tr' },
      content,
    });

  api.page<{ token: string }>({
    url: '/u/:token',
    schema: { params: tokenParams, summary: 'The page of a personal unsubscribe link.' },
    async handler(request, reply) {
      const found = await subscriberOf(request.params.token);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.code(404).send(page(null, `<h1>Abonelik</h1><p>${escapeHtml(unknownLinkText)}</p>`));
      const action = `/u/${encodeURIComponent(request.params.token)}`;
      return reply.send(
        page(
          found.frame,
          `<h1>${escapeHtml(found.frame.title)}</h1>
<p>${escapeHtml(found.subscriber.email)} adresine gönderilen bu bültenden çıkmak istiyor musunuz?</p>
<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font: inherit; padding: 8px 20px; cursor: pointer">Abonelikten çık</button></form>`,
        ),
      );
    },
  });

  api.page<{ token: string }>({
    method: 'POST',
    url: '/u/:token',
    schema: { params: tokenParams, summary: "Ends the subscription of a personal unsubscribe link (the page's button, or one-click unsubscribe, RFC 8058)." },
    async handler(request, reply) {
      const found = await subscriberOf(request.params.token);
      reply.header('content-type', 'text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!found) return reply.code(404).send(page(null, `<h1>Abonelik</h1><p>${escapeHtml(unknownLinkText)}</p>`));
      await removeSubscriber(db, found.subscriber.newsletter_id, found.subscriber.email);
      api.log.info({ newsletterId: found.subscriber.newsletter_id }, 'unsubscribed by link');
      return reply.send(page(found.frame, `<h1>${escapeHtml(found.frame.title)}</h1><p>${escapeHtml(unsubscribedText)}</p>`));
    },
  });
}

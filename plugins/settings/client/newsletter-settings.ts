/**
 * Loading and saving a newsletter's settings through the newsletters plugin's calls (the settings
 * are parts of the newsletter they carry), checked first by the schema the server validates with.
 */
import { useCallback, useEffect, useState } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { byField, fieldErrorsOf, formValidator } from '../../../core/client/forms';
import { toast } from '../../../core/client/toasts';
import { t } from '../../../core/client/words';
import updateSchema from '../../../schemas/api/newsletter-update.schema.json?validator';
import type { NewsletterUpdateBody } from '../../../schemas/generated/api/newsletter-update';
import type { SettingsNewsletterForm } from '../../../schemas/generated/api/settings-newsletter-form';
import type { Newsletter } from '../../../schemas/generated/entities/newsletter';
import { newsletterEndpoints } from '../../newsletters/endpoints';
import { senderLinkSentText } from '../messages';

export const validateNewsletter = formValidator<NewsletterUpdateBody>(updateSchema);

/** What the settings form offers (GET /newsletters/update/{id}'s data.data): all of it, since this plugin's parts offer it. */
export type NewsletterForm = Required<SettingsNewsletterForm['data']>;
export type Tester = NewsletterForm['testers'][number];
export type Voice = NewsletterForm['voices'][number];

export type NewsletterSettings = Required<Pick<Newsletter, 'interests' | 'testers' | 'welcome' | 'voiceSettings'>> & Newsletter;

/** The settings of a newsletter and what its form offers; `reload()` fetches them again. */
export function useNewsletterSettings(newsletterId: string) {
  const [loaded, setLoaded] = useState<{ body: NewsletterSettings; data: NewsletterForm } | null>(null);
  const reload = useCallback(async () => {
    try {
      const { data } = await call(newsletterEndpoints.form, { params: { id: newsletterId } });
      // The newsletter carries this plugin's parts and their offers: the settings are there.
      setLoaded(data as { body: NewsletterSettings; data: NewsletterForm });
    } catch (error) {
      await handleError(error);
    }
  }, [newsletterId]);
  useEffect(() => {
    setLoaded(null);
    void reload();
  }, [reload]);
  return { loaded, setLoaded, reload };
}

/** The text around the address in the server's senderLinkSentText (../messages.ts). */
const [linkSentBefore = '', linkSentAfter = ''] = senderLinkSentText('\u0000').split('\u0000');

/**
 * What a save says: the server's message when it says more than 'OK' (a sender address was sent
 * its confirmation link), in the console's language; the toast puts a whole text through `t`, and
 * this one carries an address.
 */
function savedText(msg: string | undefined): string {
  if (!msg || msg === 'OK') return 'Your changes are saved.';
  if (msg.length > linkSentBefore.length + linkSentAfter.length && msg.startsWith(linkSentBefore) && msg.endsWith(linkSentAfter)) {
    const email = msg.slice(linkSentBefore.length, msg.length - linkSentAfter.length);
    return t('Your changes are saved. We sent a confirmation link to {email}: e-mails come from it once the link is opened.', { email });
  }
  return msg;
}

/**
 * Validates and saves. Answers the field errors: empty when saved, the problems otherwise (each
 * also said in the 'Error!' toast, the first one by the validator or the server's handler).
 */
export async function saveNewsletter(newsletterId: string, body: NewsletterSettings): Promise<{ errors: Record<string, string>; saved?: NewsletterSettings }> {
  // The body came with the channel templates (the channels page's part of the newsletter): sending
  // back the copy loaded with the form would undo what the channels page saved since.
  const { channelTemplates: _theirs, ...settings } = body as NewsletterSettings & { channelTemplates?: unknown };
  const result = validateNewsletter(structuredClone(settings));
  if (!result.ok) {
    toast('error', 'Error!', result.details[0]?.message);
    return { errors: byField(result.details) };
  }
  try {
    const { data, msg } = await call(newsletterEndpoints.update, { params: { id: newsletterId }, body: result.value });
    // The server says more than 'OK' when a sender address was given a confirmation link.
    toast('success', 'Success!', savedText(msg));
    return { errors: {}, saved: data as NewsletterSettings };
  } catch (error) {
    await handleError(error);
    return { errors: await fieldErrorsOf(error) };
  }
}

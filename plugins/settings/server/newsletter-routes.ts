/**
 * GET/PUT /newsletters/update/{id} (spec section 7): a newsletter's credentials, testers,
 * interests (at most constants.limits.interestsMax, changed only by admins), voice settings and
 * welcome issue, with the parts other plugins keep (newsletter-parts.ts: the channel templates).
 * The publish and feature switches are the newsletters plugin's calls.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { invalid, notFound } from '../../../core/server/errors';
import { constants } from '../../../core/shared/config';
import type { SettingsNewsletterForm } from '../../../schemas/generated/api/settings-newsletter-form';
import { assertMayChangeInterests } from './policy';
import { presentInterest, presentNewsletterSettings } from './present';
import { keyInUse } from '../../../core/server/store';
import { findNewsletterSettings, listInterests, saveNewsletterSettings, settingsDb, staffOf, type NewsletterSettings } from './store';
import { editedSender, findSenderSettings } from './sender';
import { registerSenderConfirmationPage, sendSenderConfirmation } from './sender-confirmation';
import { senderLinkFailedText, senderLinkSentText } from '../messages';
import { checkNewsletterParts, readNewsletterParts } from './newsletter-parts';
import { listVoices } from './voices';
import { storedWelcome } from './welcome';
import type { VoiceSettings } from './defaults';
import { settingEndpoints } from '../endpoints';

export const newsletterKeyExists = (key: string) => `The newsletter name ${key} already exists.`;

export function registerNewsletterSettingsRoutes(api: PluginApi): void {
  const db = settingsDb(api.db);

  const settingsOf = async (id: string) => {
    const settings = await findNewsletterSettings(db, id);
    if (!settings) throw notFound('Newsletter not found.');
    return settings;
  };
  /** The settings as the form reads them: the newsletter's own, its sender, and the parts other plugins keep. */
  const presented = async (settings: NewsletterSettings) => ({
    ...presentNewsletterSettings(settings),
    sender: { ...(await findSenderSettings(db, settings.row.id)), defaultEmail: api.mail.from.address },
    ...(await readNewsletterParts(api, settings.row.id)),
  });

  registerSenderConfirmationPage(api, db);

  api.serve(settingEndpoints.newsletter, {
    requires: 'newsletters.update',
    summary:
      "A newsletter's settings (data.body, with the parts other plugins keep: channelTemplates) with what the form offers (data.data): every interest, the publisher's staff as possible testers, the voices.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      const settings = await settingsOf(request.params.id);
      const [interests, staff] = await Promise.all([listInterests(db), staffOf(db, settings.row.publisher_id)]);
      const data: SettingsNewsletterForm = {
        body: await presented(settings),
        data: {
          interests: interests.map(presentInterest),
          testers: staff.map((user) => ({ _id: user.id, name: user.name, email: user.email })),
          // The speech engine's own (espeak-ng's offline voices, or the ElevenLabs account's); none without it.
          voices: (await listVoices(api)) ?? [],
        },
      };
      return { data };
    },
  });

  api.serve(settingEndpoints.saveNewsletter, {
    requires: 'newsletters.update',
    summary:
      "Saves a newsletter's settings, and its channel templates when the body carries them. Interests: at most constants.limits.interestsMax, and only an admin may change them (401 'Required role Admin, current role: {ROLE}'). The welcome intro is sanitized. Status is not changed here.",
    async handler(request, _reply, session) {
      session.assertNewsletter(request.params.id);
      const current = await settingsOf(request.params.id);
      const body = request.body;
      const key = body.key.trim().toLowerCase();
      const interests = body.interests ?? current.interests;
      const testers = body.testers ?? current.testers;

      if (interests.length > constants.limits.interestsMax) throw invalid(`You can select at most ${constants.limits.interestsMax} interests.`, 'interests');
      assertMayChangeInterests(session, current.interests, interests, current.row.first_published_at === null);
      const known = new Set((await listInterests(db)).map((interest) => interest.id));
      if (interests.some((id) => !known.has(id))) throw invalid('Choose interests from the list.', 'interests');
      const staff = new Set((await staffOf(db, current.row.publisher_id)).map((user) => user.id));
      if (testers.some((id) => !staff.has(id))) throw invalid('Testers must work for the publisher.', 'testers');
      if (await keyInUse(db, 'newsletters', key, current.row.id)) throw invalid(newsletterKeyExists(key), 'key');
      await assertKnownVoices(body.voiceSettings, current.voiceSettings);
      // Every part is checked before anything is saved: a refused body leaves the newsletter as it was.
      const saveParts = await checkNewsletterParts(api, body as unknown as Record<string, unknown>, { newsletterId: current.row.id, session });
      const sender = body.sender ? editedSender(await findSenderSettings(db, current.row.id), body.sender) : null;

      await saveNewsletterSettings(db, current.row.id, {
        title: body.title.trim(),
        subtitle: body.subtitle.trim(),
        description: body.description?.trim() ?? current.row.description,
        image: body.image.trim(),
        color: body.color.toLowerCase(),
        text_color: body.textColor.toLowerCase(),
        key,
        interests,
        testers,
        voiceSettings: body.voiceSettings ?? current.voiceSettings,
        welcome: body.welcome ? storedWelcome(body.welcome) : current.welcome,
        sender: sender?.settings ?? null,
      });
      await saveParts();
      const saved = await settingsOf(current.row.id);
      if (sender?.confirmTo) {
        try {
          await sendSenderConfirmation(api, saved.row, sender.confirmTo);
        } catch (error) {
          // Without the address: a log line is no place for one.
          api.log.error({ err: error, newsletterId: current.row.id }, 'settings: the sender confirmation e-mail failed');
          return { data: await presented(saved), msg: senderLinkFailedText };
        }
        return { data: await presented(saved), msg: senderLinkSentText(sender.confirmTo) };
      }
      return { data: await presented(saved), msg: 'OK' };
    },
  });

  /**
   * A voice newly chosen must be one the engine has. Voices saved before (an ElevenLabs key added or
   * removed since) stay: the engine speaks them with its first voice. When the engine cannot say
   * what it has (ElevenLabs unreachable), or no enabled plugin speaks, the choice is kept for the same reason.
   */
  async function assertKnownVoices(wanted: VoiceSettings | undefined, saved: VoiceSettings | null): Promise<void> {
    if (!wanted) return;
    const voices = await listVoices(api).catch(() => null);
    if (!voices) return;
    const known = new Set(voices.map((voice) => voice.voice_id));
    for (const kind of ['article', 'bullet'] as const) {
      const voice = wanted[kind]?.voice;
      if (voice !== undefined && voice !== saved?.[kind]?.voice && !known.has(voice))
        throw invalid('Choose a voice from the list.', `voiceSettings.${kind}.voice`);
    }
  }
}

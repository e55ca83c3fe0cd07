/**
 * The parts of a newsletter the settings plugin keeps (spec section 7), contributed to the
 * newsletters plugin's `newsletterParts`, so that GET/PUT /newsletters/update/{id} read, check and
 * save them with the newsletter's own fields: its interests (at most constants.limits.interestsMax,
 * changed only by admins), testers, voice settings, welcome issue and sender. Each offers the form
 * what it chooses from: every interest, the publisher's staff, the speech engine's voices. Each
 * saves on the transaction it is given (the record's and every part's); the sender's confirmation
 * e-mail goes after its commit.
 */
import type { PluginApi } from '../../../core/server/plugins/contract';
import { invalid } from '../../../core/server/errors';
import { findNewsletter } from '../../../core/server/store';
import { constants } from '../../../core/shared/config';
import { addNewsletterPart } from '../../newsletters/server/public';
import { senderLinkFailedText, senderLinkSentText } from '../messages';
import { blankWelcome, defaultVoiceSettings, type VoiceSettings, type WelcomeIssue } from './defaults';
import { assertMayChangeInterests } from './policy';
import { presentInterest } from './present';
import { editedSender, findSenderSettings, saveSenderSettings, type SenderEdit } from './sender';
import { sendSenderConfirmation } from './sender-confirmation';
import { findVoicesAndWelcome, interestsOf, listInterests, saveInterests, saveSettingsColumns, saveTesters, settingsDb, staffOf, testersOf } from './store';
import { listVoices } from './voices';
import { storedWelcome } from './welcome';

export function registerNewsletterParts(api: PluginApi): void {
  const db = settingsDb(api.db);

  addNewsletterPart<string[]>(api, {
    field: 'interests',
    read: (newsletterId) => interestsOf(db, newsletterId),
    offer: async () => ({ interests: (await listInterests(db)).map(presentInterest) }),
    async check(interests, { newsletter, session }) {
      if (interests.length > constants.limits.interestsMax) throw invalid(`You can select at most ${constants.limits.interestsMax} interests.`, 'interests');
      assertMayChangeInterests(session, await interestsOf(db, newsletter.id), interests, newsletter.first_published_at === null);
      const known = new Set((await listInterests(db)).map((interest) => interest.id));
      if (interests.some((id) => !known.has(id))) throw invalid('Choose interests from the list.', 'interests');
      return interests;
    },
    save: (tx, newsletterId, interests) => saveInterests(settingsDb(tx), newsletterId, interests),
  });

  addNewsletterPart<string[]>(api, {
    field: 'testers',
    // The publish panel reads them with the newsletter.
    listed: true,
    read: (newsletterId) => testersOf(db, newsletterId),
    offer: async (newsletter) => ({
      testers: (await staffOf(db, newsletter.publisher_id)).map((user) => ({ _id: user.id, name: user.name, email: user.email })),
    }),
    async check(testers, { newsletter }) {
      const staff = new Set((await staffOf(db, newsletter.publisher_id)).map((user) => user.id));
      if (testers.some((id) => !staff.has(id))) throw invalid('Testers must work for the publisher.', 'testers');
      return testers;
    },
    save: (tx, newsletterId, testers) => saveTesters(settingsDb(tx), newsletterId, testers),
  });

  addNewsletterPart<VoiceSettings>(api, {
    field: 'voiceSettings',
    read: async (newsletterId) => (await findVoicesAndWelcome(db, newsletterId)).voiceSettings ?? defaultVoiceSettings,
    // The speech engine's own (espeak-ng's offline voices, or the ElevenLabs account's); none without it.
    offer: async () => ({ voices: (await listVoices(api)) ?? [] }),
    async check(wanted, { newsletter }) {
      await assertKnownVoices(wanted, (await findVoicesAndWelcome(db, newsletter.id)).voiceSettings);
      return wanted;
    },
    save: (tx, newsletterId, voiceSettings) => saveSettingsColumns(settingsDb(tx), newsletterId, { voice_settings: JSON.stringify(voiceSettings) }),
  });

  addNewsletterPart<{ subject: string; preview: string; intro: { html: string } }, WelcomeIssue>(api, {
    field: 'welcome',
    read: async (newsletterId) => (await findVoicesAndWelcome(db, newsletterId)).welcome ?? blankWelcome,
    // The intro is sanitized, its text and the slug derived.
    check: (welcome) => storedWelcome(welcome),
    save: (tx, newsletterId, welcome) => saveSettingsColumns(settingsDb(tx), newsletterId, { welcome: JSON.stringify(welcome) }),
  });

  addNewsletterPart<SenderEdit, ReturnType<typeof editedSender>>(api, {
    field: 'sender',
    read: async (newsletterId) => ({ ...(await findSenderSettings(db, newsletterId)), defaultEmail: api.mail.from.address }),
    check: async (edit, { newsletter }) => editedSender(await findSenderSettings(db, newsletter.id), edit),
    save: (tx, newsletterId, { settings }) => saveSenderSettings(settingsDb(tx), newsletterId, settings),
    /** A new address is sent its confirmation link once saved (committed: a rollback cannot take an e-mail back), and the call's message says so. */
    async afterCommit(newsletterId, { confirmTo }) {
      const newsletter = confirmTo ? await findNewsletter(db, newsletterId) : undefined;
      if (!confirmTo || !newsletter) return;
      try {
        await sendSenderConfirmation(api, newsletter, confirmTo);
      } catch (error) {
        // Without the address: a log line is no place for one.
        api.log.error({ err: error, newsletterId }, 'settings: the sender confirmation e-mail failed');
        return senderLinkFailedText;
      }
      return senderLinkSentText(confirmTo);
    },
  });

  /**
   * A voice newly chosen must be one the engine has. Voices saved before (an ElevenLabs key added or
   * removed since) stay: the engine speaks them with its first voice. When the engine cannot say
   * what it has (ElevenLabs unreachable), or no enabled plugin speaks, the choice is kept for the same reason.
   */
  async function assertKnownVoices(wanted: VoiceSettings, saved: VoiceSettings | null): Promise<void> {
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

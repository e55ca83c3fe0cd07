/** Demo data: the interests, and for each demo newsletter its interests, testers, voices, a welcome issue and, for Sabah Bülteni, a sender address of its own. */
import { randomUUID } from 'node:crypto';
import type { SeedContext } from '../../../core/server/plugins/contract';
import { defaultVoiceSettings, type VoiceSettings } from './defaults';
import { settingsDb } from './store';
import { storedWelcome } from './welcome';

export const demoInterests: { key: string; tr: string; en: string }[] = [
  { key: 'gundem', tr: 'Gündem', en: 'Current Affairs' },
  { key: 'teknoloji', tr: 'Teknoloji', en: 'Technology' },
  { key: 'kultur', tr: 'Kültür', en: 'Culture' },
  { key: 'sanat', tr: 'Sanat', en: 'Arts' },
  { key: 'ekonomi', tr: 'Ekonomi', en: 'Economy' },
  { key: 'spor', tr: 'Spor', en: 'Sports' },
  { key: 'bilim', tr: 'Bilim', en: 'Science' },
  { key: 'saglik', tr: 'Sağlık', en: 'Health' },
  { key: 'egitim', tr: 'Eğitim', en: 'Education' },
  { key: 'cevre', tr: 'Çevre', en: 'Environment' },
  { key: 'seyahat', tr: 'Seyahat', en: 'Travel' },
  { key: 'yemek', tr: 'Yemek', en: 'Food' },
];

/** Per demo newsletter (Sabah Bülteni, Teknoloji Notları, Kültür Sanat Haftalık). */
const demoSettings: {
  interests: string[];
  testers: ('director' | 'editor' | 'author')[];
  voices: VoiceSettings;
  welcome: { subject: string; preview: string; intro: string };
  /** A From address of its own (confirmed) and a Reply-To; the others send from MAIL_FROM's address. */
  sender?: { email: string; replyTo: string };
}[] = [
  {
    interests: ['gundem', 'ekonomi'],
    testers: ['director', 'editor'],
    voices: defaultVoiceSettings,
    sender: { email: 'bulten@sabah.masthead.local', replyTo: 'okur@sabah.masthead.local' },
    welcome: {
      subject: 'Sabah Bülteni’ne hoş geldiniz!',
      preview: 'Her sabah beş dakikada güne hazır olacaksınız.',
      intro:
        '<p>Merhaba [[name]], <strong>Sabah Bülteni</strong> ailesine hoş geldiniz!</p><p>Her hafta içi sabah 07.00’de günün öne çıkan haberlerini kısa ve sade bir dille e-posta kutunuza getireceğiz.</p>',
    },
  },
  {
    interests: ['teknoloji', 'bilim'],
    testers: ['editor', 'author'],
    voices: { article: { voice: 'tr-male', stability: 0.6, similarity_boost: 0.75 }, bullet: { voice: 'tr-female', stability: 0.5, similarity_boost: 0.5 } },
    welcome: {
      subject: 'Teknoloji Notları’na hoş geldiniz',
      preview: 'Haftanın teknoloji gündemi, sade bir dille.',
      intro:
        '<p>Aramıza hoş geldiniz! <strong>Teknoloji Notları</strong> her cuma haftanın teknoloji gündemini jargon kullanmadan özetler.</p><ul><li>Haftanın önemli gelişmeleri</li><li>Denemeye değer araçlar</li></ul>',
    },
  },
  {
    interests: ['kultur', 'sanat'],
    testers: ['director'],
    voices: { article: { voice: 'tr-female', stability: 0.7, similarity_boost: 0.6 }, bullet: { voice: 'tr-female', stability: 0.5, similarity_boost: 0.5 } },
    welcome: {
      subject: 'Kültür Sanat Haftalık’a hoş geldiniz',
      preview: 'Sergiler, kitaplar ve sahne: haftanın seçkisi her pazar.',
      intro: '<p>Merhaba! <strong>Kültür Sanat Haftalık</strong> her pazar sabahı sergiler, yeni kitaplar ve sahne oyunlarından bir seçki sunar.</p>',
    },
  },
];

export async function seedSettings({ db, demo }: SeedContext): Promise<void> {
  const tables = settingsDb(db);
  const interestIds = new Map(demoInterests.map((interest) => [interest.key, randomUUID()]));
  await tables
    .insertInto('interests')
    .values(
      demoInterests.map((interest) => ({
        id: interestIds.get(interest.key)!,
        key: interest.key,
        titles: JSON.stringify([
          { lang: 'tr', value: interest.tr },
          { lang: 'en', value: interest.en },
        ]),
      })),
    )
    .execute();

  for (const [index, newsletterId] of demo.newsletterIds.entries()) {
    const settings = demoSettings[index];
    if (!settings) continue;
    await tables
      .insertInto('newsletter_interests')
      .values(settings.interests.map((key) => ({ newsletter_id: newsletterId, interest_id: interestIds.get(key)! })))
      .execute();
    await tables
      .insertInto('newsletter_testers')
      .values(settings.testers.map((role) => ({ newsletter_id: newsletterId, user_id: demo.userIds[role] })))
      .execute();
    const { subject, preview, intro } = settings.welcome;
    await tables
      .insertInto('newsletter_settings')
      .values({
        newsletter_id: newsletterId,
        voice_settings: JSON.stringify(settings.voices),
        welcome: JSON.stringify(storedWelcome({ subject, preview, intro: { html: intro } })),
        ...(settings.sender ? { sender_email: settings.sender.email, reply_to: settings.sender.replyTo } : {}),
      })
      .execute();
  }
}

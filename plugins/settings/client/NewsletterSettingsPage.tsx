/**
 * Newsletter credentials (/newsletters/show/{id}/settings): title, subtitle, description, cover,
 * colours, slug, sender, testers, interests, voice settings, the admins' Published and Featured switches
 * (the newsletters plugin's `newsletterStatusRef`), and the way to the welcome issue. Saved through the top bar's SAVE; then whatever card an enabled
 * plugin provides for `newsletterSettingsCardRef` (the payments plugin's prices), saved by its own button.
 */
import { DefaultButton, Spinner, Stack, Text, TextField } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { Suspense, useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { ImageField } from '../../../core/client/ImageField';
import { sizedImage } from '../../../core/client/image-size';
import { PageHeader } from '../../../core/client/page-parts';
import { Slot } from '../../../core/client/slot';
import { componentOf } from '../../../core/client/registry';
import { userAtom } from '../../../core/client/stores';
import { theme } from '../../../core/client/theme';
import { useTopBarSave } from '../../../core/client/topbar-save';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { InterestsField } from './InterestsField';
import { KeyField } from '../../../core/client/KeyField';
import { newsletterKeyTaken, newsletterStatusRef } from '../../newsletters/client/public';
import { saveNewsletter, useNewsletterSettings, type NewsletterSettings } from './newsletter-settings';
import { newsletterSettingsCardRef } from './public';
import { Colours, CredentialsCard, useSettingsForm } from './settings-form';
import { SettingsCard } from './SettingsCard';
import { SenderField } from './SenderField';
import { TestersField } from './TestersField';
import { VoiceSettingsField } from './VoiceSettingsField';

/** The cover's preview, in the cover's proportions (the newsletter wizard's too). */
const coverImage = sizedImage(constants.design.cover, 240);

export default function NewsletterSettingsPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const [, navigate] = useLocation();
  const user = useAtomValue(userAtom);
  const role = user?.role.key ?? 'author';
  const { loaded } = useNewsletterSettings(newsletterId);
  const { values, setValues, errors, setErrors, set, field, text } = useSettingsForm<NewsletterSettings>();
  const [busy, setBusy] = useState(false);
  const StatusSwitches = componentOf(newsletterStatusRef);

  useEffect(() => setValues(loaded ? loaded.body : null), [loaded, setValues]);

  const save = async (resendSenderLink = false) => {
    if (!values) return;
    setBusy(true);
    const body = resendSenderLink && values.sender ? { ...values, sender: { ...values.sender, resend: true } } : values;
    const { errors: found, saved } = await saveNewsletter(newsletterId, body);
    setBusy(false);
    setErrors(found);
    if (saved) setValues(saved);
  };
  useTopBarSave(() => save(), busy);

  if (!values || !loaded) return <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />;
  const form = loaded.data;

  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 960 }}>
      <PageHeader title={t('Newsletter Credentials')}>
        <DefaultButton
          text={t('Welcome Issue')}
          iconProps={{ iconName: 'Mail' }}
          onClick={() => navigate(`/newsletters/show/${newsletterId}/settings/welcome`)}
        />
      </PageHeader>

      <CredentialsCard
        title={t('NEWSLETTER CREDENTIALS')}
        texts={
          <>
            <TextField label={t('TITLE')} required {...text('title')} />
            <TextField label={t('SUBTITLE')} required {...text('subtitle')} />
            <TextField label={t('DESCRIPTION')} multiline rows={4} {...text('description')} />
            <KeyField label={t('SLUG')} model="Newsletter" recordId={newsletterId} prefix="/n/" {...field('key')} takenText={newsletterKeyTaken} />
          </>
        }
        looks={
          <>
            <ImageField label={t('COVER IMAGE')} {...field('image')} {...coverImage} />
            <Colours color={values.color} textColor={values.textColor} errors={errors} onChange={set} sample={values.title || t('Newsletter')} />
          </>
        }
      />

      {values.sender ? (
        <SettingsCard title={t('SENDER')}>
          <SenderField
            value={values.sender}
            title={values.title}
            errors={errors}
            onChange={(sender) => set('sender', sender)}
            onResend={() => void save(true)}
            busy={busy}
          />
        </SettingsCard>
      ) : null}

      <SettingsCard title={t('TESTERS')}>
        <TestersField staff={form.testers} {...field('testers')} />
      </SettingsCard>

      <SettingsCard title={t('INTERESTS')}>
        <InterestsField interests={form.interests} {...field('interests')} role={role} />
      </SettingsCard>

      <SettingsCard title={t('VOICE SETTINGS')}>
        <VoiceSettingsField voices={form.voices} value={values.voiceSettings} onChange={(voiceSettings) => set('voiceSettings', voiceSettings)} />
      </SettingsCard>

      {role === 'admin' && StatusSwitches ? (
        <SettingsCard title={t('STATUS')}>
          <Suspense fallback={null}>
            <StatusSwitches newsletterId={newsletterId} published={values.status.published} featured={values.status.featured} />
          </Suspense>
        </SettingsCard>
      ) : null}

      <SettingsCard title={t('WELCOME ISSUE')}>
        <Stack horizontal verticalAlign="center" horizontalAlign="space-between" wrap tokens={{ childrenGap: 12 }}>
          <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {values.welcome.subject || t('New subscribers receive the welcome issue first.')}
          </Text>
          <DefaultButton text={t('Edit Welcome Issue')} onClick={() => navigate(`/newsletters/show/${newsletterId}/settings/welcome`)} />
        </Stack>
      </SettingsCard>

      <Slot of={newsletterSettingsCardRef} props={{ newsletterId }} />
    </Stack>
  );
}

/**
 * Newsletter credentials (/newsletters/show/{id}/settings): title, subtitle, description, cover,
 * colours, slug, testers, interests, voice settings, the admins' Published and Featured switches,
 * and the way to the welcome issue. Saved through the top bar's SAVE.
 */
import { DefaultButton, Spinner, Stack, Text, TextField } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { ImageField } from '../../../core/client/ImageField';
import { PageHeader } from '../../../core/client/page-parts';
import { userAtom } from '../../../core/client/stores';
import { theme } from '../../../core/client/theme';
import { useTopBarSave } from '../../../core/client/topbar-save';
import { ColorField } from './ColorField';
import { InterestsField } from './InterestsField';
import { KeyField } from '../../../core/client/KeyField';
import { newsletterKeyTaken, saveNewsletter, useNewsletterSettings, type NewsletterSettings } from './newsletter-settings';
import { SettingsCard } from './SettingsCard';
import { StatusSwitches } from './StatusSwitches';
import { TestersField } from './TestersField';
import { VoiceSettingsField } from './VoiceSettingsField';

export default function NewsletterSettingsPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const [, navigate] = useLocation();
  const user = useAtomValue(userAtom);
  const role = user?.role.key ?? 'author';
  const { loaded } = useNewsletterSettings(newsletterId);
  const [values, setValues] = useState<NewsletterSettings | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => setValues(loaded ? loaded.body : null), [loaded]);

  const set = <K extends keyof NewsletterSettings>(key: K, value: NewsletterSettings[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    setErrors(({ [key as string]: _gone, ...rest }) => rest);
  };

  useTopBarSave(async () => {
    if (!values) return;
    setBusy(true);
    const { errors: found, saved } = await saveNewsletter(newsletterId, values);
    setBusy(false);
    setErrors(found);
    if (saved) setValues(saved);
  }, busy);

  if (!values || !loaded) return <Spinner label="Loading..." style={{ marginTop: 48 }} />;
  const form = loaded.data;

  return (
    <Stack tokens={{ childrenGap: 20 }} style={{ maxWidth: 960 }}>
      <PageHeader title="Newsletter Credentials">
        <DefaultButton text="Welcome Issue" iconProps={{ iconName: 'Mail' }} onClick={() => navigate(`/newsletters/show/${newsletterId}/settings/welcome`)} />
      </PageHeader>

      <SettingsCard title="NEWSLETTER CREDENTIALS">
        <Stack horizontal wrap tokens={{ childrenGap: 32 }}>
          <Stack tokens={{ childrenGap: 12 }} styles={{ root: { flex: 1, minWidth: 320 } }}>
            <TextField label="TITLE" required value={values.title} onChange={(_, text) => set('title', text ?? '')} errorMessage={errors.title} />
            <TextField label="SUBTITLE" required value={values.subtitle} onChange={(_, text) => set('subtitle', text ?? '')} errorMessage={errors.subtitle} />
            <TextField
              label="DESCRIPTION"
              multiline
              rows={4}
              value={values.description}
              onChange={(_, text) => set('description', text ?? '')}
              errorMessage={errors.description}
            />
            <KeyField
              label="SLUG"
              model="Newsletter"
              recordId={newsletterId}
              prefix="/n/"
              value={values.key}
              onChange={(key) => set('key', key)}
              errorMessage={errors.key}
              takenText={newsletterKeyTaken}
            />
          </Stack>
          <Stack tokens={{ childrenGap: 16 }} styles={{ root: { minWidth: 280 } }}>
            <ImageField
              label="COVER IMAGE"
              value={values.image}
              onChange={(image) => set('image', image)}
              errorMessage={errors.image}
              recommendedSize="1200 x 500 px"
              width={240}
              height={100}
            />
            <ColorField label="COLOUR" value={values.color} onChange={(color) => set('color', color)} errorMessage={errors.color} />
            <ColorField label="TEXT COLOUR" value={values.textColor} onChange={(color) => set('textColor', color)} errorMessage={errors.textColor} />
            <div aria-hidden style={{ background: values.color, color: values.textColor, borderRadius: 4, padding: '10px 14px', fontWeight: 600 }}>
              {values.title || 'Newsletter'}
            </div>
          </Stack>
        </Stack>
      </SettingsCard>

      <SettingsCard title="TESTERS">
        <TestersField staff={form.testers} value={values.testers} onChange={(testers) => set('testers', testers)} errorMessage={errors.testers} />
      </SettingsCard>

      <SettingsCard title="INTERESTS">
        <InterestsField
          interests={form.interests}
          value={values.interests}
          onChange={(interests) => set('interests', interests)}
          role={role}
          errorMessage={errors.interests}
        />
      </SettingsCard>

      <SettingsCard title="VOICE SETTINGS">
        <VoiceSettingsField voices={form.voices} value={values.voiceSettings} onChange={(voiceSettings) => set('voiceSettings', voiceSettings)} />
      </SettingsCard>

      {role === 'admin' ? (
        <SettingsCard title="STATUS">
          <StatusSwitches newsletterId={newsletterId} published={values.status.published} featured={values.status.featured} />
        </SettingsCard>
      ) : null}

      <SettingsCard title="WELCOME ISSUE">
        <Stack horizontal verticalAlign="center" horizontalAlign="space-between" wrap tokens={{ childrenGap: 12 }}>
          <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {values.welcome.subject || 'New subscribers receive the welcome issue first.'}
          </Text>
          <DefaultButton text="Edit Welcome Issue" onClick={() => navigate(`/newsletters/show/${newsletterId}/settings/welcome`)} />
        </Stack>
      </SettingsCard>
    </Stack>
  );
}

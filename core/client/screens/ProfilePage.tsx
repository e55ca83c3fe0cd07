/** My Profile (/users/show/{id}): the USER CREDENTIALS card, saved through the top bar's SAVE, and CHANGE PASSWORD. */
import { Dropdown, Spinner, Stack, Text } from '@fluentui/react';
import { useAtom, useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { Redirect, useParams } from 'wouter';
import type { Profile } from '../../../schemas/generated/entities/profile';
import { consoleLangOf, langSettingAtom } from '../format';
import { userAtom } from '../stores';
import { theme } from '../theme';
import { toast } from '../toasts';
import { useTopBarSave } from '../topbar-save';
import { t } from '../words';
import { PasswordChangeSection } from './PasswordChangeSection';
import { ProfileForm } from './ProfileForm';
import { loadProfile, saveProfile } from './profile-model';

export default function ProfilePage() {
  const { userId } = useParams<{ userId: string }>();
  const user = useAtomValue(userAtom);
  const [profile, setProfile] = useState<Profile | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const mine = user?._id === userId;

  useEffect(() => {
    if (mine) loadProfile().then((loaded) => loaded && setProfile({ ...loaded.profile }));
  }, [mine]);

  useTopBarSave(async () => {
    if (!profile) return;
    setBusy(true);
    const result = await saveProfile({ profile });
    setBusy(false);
    if (!result) return;
    setErrors(result);
    if (Object.keys(result).length === 0) toast('success', 'Success!', 'Your profile is saved.');
  }, busy);

  if (!mine) return <Redirect to="/" replace />;
  if (!profile) return <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />;

  return (
    <Stack tokens={{ childrenGap: 16 }} style={{ maxWidth: 640 }}>
      <Text as="h1" variant="xxLarge" style={{ fontWeight: 700, margin: 0 }}>
        {t('My Profile')}
      </Text>
      <section
        aria-label={t('USER CREDENTIALS')}
        style={{ background: theme.palette.white, borderRadius: 8, boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13)', padding: 24 }}
      >
        <Stack tokens={{ childrenGap: 16 }}>
          <Text variant="mediumPlus" style={{ fontWeight: 700, letterSpacing: 1 }}>
            {t('USER CREDENTIALS')}
          </Text>
          <Text style={{ color: theme.palette.neutralSecondary }}>{user?.email}</Text>
          <ProfileForm
            value={profile}
            errors={errors}
            onChange={(key, value) => {
              setProfile((current) => (current ? { ...current, [key]: value } : current));
              setErrors(({ [`profile.${key}`]: _gone, ...rest }) => rest);
            }}
          />
          <ConsoleLanguageField />
        </Stack>
      </section>
      <PasswordChangeSection />
    </Stack>
  );
}

/**
 * The console's language for this user in this browser (docs/decisions/0055-one-language-one-set-of-numbers.md):
 * applied at once, no SAVE. No choice follows the browser's language; each language is named in its own words.
 */
function ConsoleLanguageField() {
  const [lang, setLang] = useAtom(langSettingAtom);
  return (
    <Dropdown
      label={t('CONSOLE LANGUAGE')}
      selectedKey={lang ?? 'browser'}
      options={[
        { key: 'browser', text: t("The browser's language") },
        { key: 'tr', text: 'Türkçe' },
        { key: 'en', text: 'English' },
      ]}
      onChange={(_event, option) => setLang(consoleLangOf(String(option?.key)))}
      style={{ maxWidth: 320 }}
    />
  );
}

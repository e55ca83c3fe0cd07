/** The author onboarding screen 'Welcome': name and surname, bio, social URL, CONTINUE TO DASHBOARD. */
import { PrimaryButton, Stack, Text } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { Profile } from '../../../schemas/generated/entities/profile';
import { userAtom } from '../stores';
import { theme } from '../theme';
import { ProfileForm } from './ProfileForm';
import { saveProfile } from './profile-model';
import { SignedOutLayout } from './SignedOutLayout';
import { t } from '../words';

export default function WelcomePage() {
  const user = useAtomValue(userAtom);
  const [profile, setProfile] = useState<Profile>(() => ({
    name: user?.profile.name ?? '',
    biography: user?.profile.biography ?? '',
    url: user?.profile.url ?? '',
    image: user?.profile.image || '/avatar-default.svg',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  const finish = async () => {
    setBusy(true);
    const result = await saveProfile({ profile, status: { ready: true } });
    setBusy(false);
    if (result) setErrors(result);
  };

  return (
    <SignedOutLayout title={t('Welcome')} subtitle={t('Tell readers who is writing. You can change this later in My Profile.')}>
      <Stack tokens={{ childrenGap: 16 }}>
        <ProfileForm
          nameLabel={t('NAME AND SURNAME')}
          value={profile}
          errors={errors}
          onChange={(key, value) => {
            setProfile((current) => ({ ...current, [key]: value }));
            setErrors(({ [`profile.${key}`]: _gone, ...rest }) => rest);
          }}
        />
        <PrimaryButton text={t('CONTINUE TO DASHBOARD')} disabled={busy} onClick={finish} />
        <Text variant="small" style={{ color: theme.palette.neutralSecondary }}>
          {user?.email}
        </Text>
      </Stack>
    </SignedOutLayout>
  );
}

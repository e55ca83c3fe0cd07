/** The profile credentials form (document 3, 2.11): picture, NAME, BIO, SOCIAL URL. */
import { Stack, TextField } from '@fluentui/react';
import type { Profile } from '../../../schemas/generated/entities/profile';
import { ImageField } from '../ImageField';
import { t } from '../words';

export interface ProfileFormProps {
  value: Profile;
  errors: Record<string, string>;
  onChange<K extends keyof Profile>(key: K, value: Profile[K]): void;
  /** The onboarding variant asks for name and surname. */
  nameLabel?: string;
}

type ProfileText = 'name' | 'biography' | 'url';

/**
 * A profile's text field (its name, value, change handler and error), for the profile forms here and
 * the team's Edit User: `{...profileText(profile, errors, onChange)('biography')}`.
 */
export function profileText(
  value: { name: string; biography?: string; url?: string },
  errors: Record<string, string>,
  onChange: (key: ProfileText, text: string) => void,
) {
  return (key: ProfileText) => ({
    name: key,
    value: value[key] ?? '',
    onChange: (_event: unknown, text?: string) => onChange(key, text ?? ''),
    errorMessage: errors[`profile.${key}`],
  });
}

export function ProfileForm({ value, errors, onChange, nameLabel }: ProfileFormProps) {
  const text = profileText(value, errors, onChange);
  return (
    <Stack tokens={{ childrenGap: 14 }}>
      <ImageField
        label={t('PROFILE PICTURE')}
        value={value.image}
        onChange={(path) => onChange('image', path)}
        errorMessage={errors['profile.image']}
        width={72}
        height={72}
        round
      />
      <TextField label={nameLabel ?? t('NAME')} placeholder={t('Type your name...')} {...text('name')} />
      <TextField label={t('BIO')} placeholder={t('Type your biography...')} multiline rows={3} {...text('biography')} />
      <TextField label={t('SOCIAL URL')} placeholder={t('Type your social url...')} {...text('url')} />
    </Stack>
  );
}

/** The profile credentials form (document 3, 2.11): picture, NAME, BIO, SOCIAL URL. */
import { Stack, TextField } from '@fluentui/react';
import type { Profile } from '../../../schemas/generated/entities/profile';
import { ImageField } from '../ImageField';

export interface ProfileFormProps {
  value: Profile;
  errors: Record<string, string>;
  onChange<K extends keyof Profile>(key: K, value: Profile[K]): void;
  /** The onboarding variant asks for name and surname. */
  nameLabel?: string;
}

export function ProfileForm({ value, errors, onChange, nameLabel = 'NAME' }: ProfileFormProps) {
  return (
    <Stack tokens={{ childrenGap: 14 }}>
      <ImageField
        label="PROFILE PICTURE"
        value={value.image}
        onChange={(path) => onChange('image', path)}
        errorMessage={errors['profile.image']}
        width={72}
        height={72}
        round
      />
      <TextField
        label={nameLabel}
        name="name"
        placeholder="Type your name..."
        value={value.name}
        onChange={(_, text) => onChange('name', text ?? '')}
        errorMessage={errors['profile.name']}
      />
      <TextField
        label="BIO"
        name="biography"
        placeholder="Type your biography..."
        multiline
        rows={3}
        value={value.biography ?? ''}
        onChange={(_, text) => onChange('biography', text ?? '')}
        errorMessage={errors['profile.biography']}
      />
      <TextField
        label="SOCIAL URL"
        name="url"
        placeholder="Type your social url..."
        value={value.url}
        onChange={(_, text) => onChange('url', text ?? '')}
        errorMessage={errors['profile.url']}
      />
    </Stack>
  );
}

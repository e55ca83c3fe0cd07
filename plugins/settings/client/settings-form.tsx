/**
 * The parts of the settings pages (newsletter and publisher credentials, the welcome issue): the
 * form's state before and after it loads, and the credentials card's two columns with the colours.
 */
import { Stack } from '@fluentui/react';
import { useState, type ReactNode } from 'react';
import type { StringKey } from '../../../core/client/forms';
import { t } from '../../../core/client/words';
import { ColorField } from './ColorField';
import { SettingsCard } from './SettingsCard';

/**
 * A settings form: its values (null until loaded), the field errors by path, `set` that clears the
 * field's error, `field(key)`, a field's value, change handler and error, and `text(key)`, the same
 * for a text field (its change handler takes the event first). `errorPath`
 * prefixes the paths where the values are part of a larger body ('welcome.').
 */
export function useSettingsForm<T extends object>(errorPath = '') {
  const [values, setValues] = useState<T | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => (current ? { ...current, [key]: value } : current));
    setErrors(({ [`${errorPath}${String(key)}`]: _gone, ...rest }) => rest);
  };
  const field = <K extends keyof T>(key: K) => ({
    value: values![key],
    onChange: (value: T[K]) => set(key, value),
    errorMessage: errors[`${errorPath}${String(key)}`],
  });
  const text = (key: StringKey<T>) => ({
    ...field(key),
    value: values![key] as string,
    onChange: (_event: unknown, value?: string) => set(key, (value ?? '') as T[typeof key]),
  });
  return { values, setValues, errors, setErrors, set, field, text };
}

/** The credentials card: the texts on the left, the picture and colours on the right (below on a narrow screen). */
export function CredentialsCard({ title, texts, looks }: { title: string; texts: ReactNode; looks: ReactNode }) {
  return (
    <SettingsCard title={title}>
      <Stack horizontal wrap tokens={{ childrenGap: 32 }}>
        <Stack tokens={{ childrenGap: 12 }} styles={{ root: { flex: 1, minWidth: 320 } }}>
          {texts}
        </Stack>
        <Stack tokens={{ childrenGap: 16 }} styles={{ root: { minWidth: 280 } }}>
          {looks}
        </Stack>
      </Stack>
    </SettingsCard>
  );
}

export interface ColoursProps {
  color: string;
  textColor: string;
  errors: Record<string, string>;
  onChange(key: 'color' | 'textColor', color: string): void;
  /** What the sample shows in the two colours: the title. */
  sample: string;
}

/** COLOUR and TEXT COLOUR, and a sample of the title in them. */
export function Colours({ color, textColor, errors, onChange, sample }: ColoursProps) {
  return (
    <>
      <ColorField label={t('COLOUR')} value={color} onChange={(value) => onChange('color', value)} errorMessage={errors.color} />
      <ColorField label={t('TEXT COLOUR')} value={textColor} onChange={(value) => onChange('textColor', value)} errorMessage={errors.textColor} />
      <div aria-hidden style={{ background: color, color: textColor, borderRadius: 4, padding: '10px 14px', fontWeight: 600 }}>
        {sample}
      </div>
    </>
  );
}

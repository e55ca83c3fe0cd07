/**
 * Voice settings for articles and bullets: a voice, and stability and similarity_boost on sliders
 * that run 1 to 100 and are stored divided by 100 (spec 002 section 5).
 */
import { Dropdown, Slider, Stack, Text } from '@fluentui/react';
import type { NewsletterVoice } from '../../../schemas/generated/entities/newsletter-voice';
import type { NewsletterSettings, Voice } from './newsletter-settings';

type VoiceSettings = NewsletterSettings['voiceSettings'];

/** A stored value (0.01 to 1) on the 1 to 100 slider. */
export const toSlider = (value: number) => Math.min(100, Math.max(1, Math.round(value * 100)));

type SliderKey = 'stability' | 'similarity_boost';

export interface VoiceSlidersProps<T extends Record<SliderKey, number>> {
  value: T;
  onChange(value: T): void;
  /** The sliders' labels, and their accessible names where the labels do not say whose voice they set. */
  labels: Record<SliderKey, string>;
  ariaLabels?: Record<SliderKey, string>;
}

/** A voice's stability and similarity_boost, on sliders that run 1 to 100 and are stored divided by 100. */
export function VoiceSliders<T extends Record<SliderKey, number>>({ value, onChange, labels, ariaLabels }: VoiceSlidersProps<T>) {
  return (
    <>
      {(['stability', 'similarity_boost'] as const).map((key) => (
        <Slider
          key={key}
          label={labels[key]}
          ariaLabel={ariaLabels?.[key]}
          min={1}
          max={100}
          value={toSlider(value[key])}
          showValue
          onChange={(next) => onChange({ ...value, [key]: next / 100 })}
        />
      ))}
    </>
  );
}

function VoiceControls({ title, voices, value, onChange }: { title: string; voices: Voice[]; value: NewsletterVoice; onChange(value: NewsletterVoice): void }) {
  return (
    <Stack tokens={{ childrenGap: 8 }} styles={{ root: { flex: 1, minWidth: 240 } }}>
      <Text styles={{ root: { fontWeight: 600 } }}>{title}</Text>
      <Dropdown
        label={`${title} voice`}
        options={voices.map((voice) => ({ key: voice.voice_id, text: voice.name }))}
        selectedKey={value.voice}
        onChange={(_, option) => option && onChange({ ...value, voice: String(option.key) })}
      />
      <VoiceSliders value={value} onChange={onChange} labels={{ stability: `${title} stability`, similarity_boost: `${title} similarity boost` }} />
    </Stack>
  );
}

export function VoiceSettingsField({ voices, value, onChange }: { voices: Voice[]; value: VoiceSettings; onChange(value: VoiceSettings): void }) {
  return (
    <Stack horizontal wrap tokens={{ childrenGap: 32 }}>
      <VoiceControls title="Article" voices={voices} value={value.article} onChange={(article) => onChange({ ...value, article })} />
      <VoiceControls title="Bullet" voices={voices} value={value.bullet} onChange={(bullet) => onChange({ ...value, bullet })} />
    </Stack>
  );
}

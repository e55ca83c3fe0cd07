/**
 * Voice settings for articles and bullets: a voice, and stability and similarity_boost on sliders
 * that run 1 to 100 and are stored divided by 100 (spec 002 section 5).
 */
import { Dropdown, Slider, Stack, Text } from '@fluentui/react';
import { t } from '../../../core/client/words';
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

/** A kind of story's voice controls: its title, the voice's label and the sliders' labels. */
interface VoiceTexts {
  title: string;
  voice: string;
  stability: string;
  similarity: string;
}

function VoiceControls({
  texts,
  voices,
  value,
  onChange,
}: {
  texts: VoiceTexts;
  voices: Voice[];
  value: NewsletterVoice;
  onChange(value: NewsletterVoice): void;
}) {
  return (
    <Stack tokens={{ childrenGap: 8 }} styles={{ root: { flex: 1, minWidth: 240 } }}>
      <Text styles={{ root: { fontWeight: 600 } }}>{texts.title}</Text>
      <Dropdown
        label={texts.voice}
        options={voices.map((voice) => ({ key: voice.voice_id, text: voice.name }))}
        selectedKey={value.voice}
        onChange={(_, option) => option && onChange({ ...value, voice: String(option.key) })}
      />
      <VoiceSliders value={value} onChange={onChange} labels={{ stability: texts.stability, similarity_boost: texts.similarity }} />
    </Stack>
  );
}

export function VoiceSettingsField({ voices, value, onChange }: { voices: Voice[]; value: VoiceSettings; onChange(value: VoiceSettings): void }) {
  // Whole texts per kind of story: the words' order is the language's.
  const article = { title: t('Article'), voice: t('Article voice'), stability: t('Article stability'), similarity: t('Article similarity boost') };
  const bullet = { title: t('Bullet'), voice: t('Bullet voice'), stability: t('Bullet stability'), similarity: t('Bullet similarity boost') };
  return (
    <Stack horizontal wrap tokens={{ childrenGap: 32 }}>
      <VoiceControls texts={article} voices={voices} value={value.article} onChange={(next) => onChange({ ...value, article: next })} />
      <VoiceControls texts={bullet} voices={voices} value={value.bullet} onChange={(next) => onChange({ ...value, bullet: next })} />
    </Stack>
  );
}

/**
 * Voice settings for articles and bullets: a voice, and stability and similarity_boost on sliders
 * that run 1 to 100 and are stored divided by 100 (spec 002 section 5).
 */
import { Dropdown, Slider, Stack, Text } from '@fluentui/react';
import type { NewsletterVoice } from '../../../schemas/generated/entities/newsletter-voice';
import type { NewsletterSettings, Voice } from './newsletter-settings';

type VoiceSettings = NewsletterSettings['voiceSettings'];

const toSlider = (value: number) => Math.min(100, Math.max(1, Math.round(value * 100)));

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
      <Slider
        label={`${title} stability`}
        min={1}
        max={100}
        value={toSlider(value.stability)}
        showValue
        onChange={(next) => onChange({ ...value, stability: next / 100 })}
      />
      <Slider
        label={`${title} similarity boost`}
        min={1}
        max={100}
        value={toSlider(value.similarity_boost)}
        showValue
        onChange={(next) => onChange({ ...value, similarity_boost: next / 100 })}
      />
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

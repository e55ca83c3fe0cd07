/**
 * Text to speech (spec 002 sections 2.1 to 2.4): a story or an issue is split into chunks, each
 * chunk is spoken by the speech engine (espeak-ng offline, ElevenLabs when configured), the chunks
 * are built into one MP3, and the audio is attached to its story or issue as a TTS episode.
 * Everyone may make audio of the stories they reach (authors of their own); issue audio and
 * episodes are for those who publish.
 */
import { definePlugin } from '../../core/shared/plugin';

export default definePlugin({
  id: 'speech',
  title: 'Text to speech',
  // The text comes from stories and issues, the voices from the newsletter's settings; the audio goes out as an episode.
  requires: ['stories', 'issues', 'episodes', 'settings'],
  permissions: ['speech.create', 'speech.publish'],
  menuItems: {
    tts: { label: 'TTS', icon: 'Microphone', to: '/newsletters/show/:scope/tts', requires: 'issues.update', scopes: ['newsletter'] },
  },
});

/**
 * The text-to-speech calls (spec 002 section 7, Audio; docs/speech-api.md), declared once:
 * plugins/speech/server/routes.ts serves them, the console calls them.
 */
import { data, endpoint, inline, schema } from '../../core/shared/endpoints';
import type { SpeechVoice } from '../../schemas/generated/api/speech-voice';

const chunk = data(schema('api/speech-chunk'));
const audio = data(schema('api/speech-audio'));

export const speechEndpoints = {
  voices: endpoint('GET', '/voices/list', { answer: data(inline<SpeechVoice[]>({ type: 'array', items: schema('api/speech-voice').schema })) }),
  voice: endpoint('GET', '/voices/list/:id', { answer: data(schema('api/speech-voice')) }),
  defaults: endpoint('GET', '/audios/defaults/:newsletterId', { answer: data(schema('api/speech-voice-settings')) }),
  split: endpoint('POST', '/chunks/create', { body: schema('api/speech-split'), answer: data(inline<string[]>({ type: 'array', items: { type: 'string' } })) }),
  createChunk: endpoint('PUT', '/chunks/create', { body: schema('api/speech-chunk-create'), answer: chunk }),
  saveChunk: endpoint('PUT', '/chunks/update/:id', { body: schema('api/speech-chunk-update'), answer: chunk }),
  fetchChunk: endpoint('GET', '/chunks/list/:id', { answer: chunk }),
  generate: endpoint('GET', '/chunks/generate/:id', { query: schema('api/speech-generate-query'), answer: chunk }),
  createAudio: endpoint('POST', '/audios/create', { body: schema('api/speech-audio-create'), answer: audio }),
  saveAudio: endpoint('PUT', '/audios/update/:id', { body: schema('api/speech-audio-update'), answer: audio }),
  listAudios: endpoint('GET', '/audios/list', { query: schema('api/speech-audio-list-query'), answer: data(schema('api/speech-audio-list')) }),
  fetchAudio: endpoint('GET', '/audios/list/:id', { answer: audio }),
  concat: endpoint('GET', '/audios/concat/:id', { answer: audio }),
  attach: endpoint('POST', '/audios/attach/:id', {
    body: inline<{ title?: string; subtitle?: string }>({
      type: 'object',
      additionalProperties: false,
      properties: { title: { type: 'string', maxLength: 300 }, subtitle: { type: 'string', maxLength: 500 } },
    }),
    answer: audio,
  }),
};

/**
 * The speech calls' schemas (schemas/api/speech-*.schema.json) hold as plain values what the
 * server's constants and rules say: the split's chunk size and the content types must agree.
 */
import { describe, expect, it } from 'vitest';
import { constants } from '../../../core/shared/config';
import { speechContentTypes } from '../../../plugins/speech/rules';
import audioCreate from '../../../schemas/api/speech-audio-create.schema.json';
import audioUpdate from '../../../schemas/api/speech-audio-update.schema.json';
import chunkCreate from '../../../schemas/api/speech-chunk-create.schema.json';
import split from '../../../schemas/api/speech-split.schema.json';

describe('the speech schemas', () => {
  it('allow chunks up to constants.speech.chunkSize, the size the console asks for', () => {
    expect(split.properties.chunk_size.maximum).toBe(constants.speech.chunkSize);
  });

  it('know the content types of the rules', () => {
    for (const body of [chunkCreate, audioCreate, audioUpdate]) expect(body.properties.content_type.enum).toEqual([...speechContentTypes]);
  });
});

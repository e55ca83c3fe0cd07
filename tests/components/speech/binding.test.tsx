// @vitest-environment happy-dom
/**
 * The speech plugin binds the episodes' speechRoute (their 'TTS' entry of the New menu) to the TTS
 * list, and registers its pages ahead of the stories' and issues' own patterns.
 */
import { describe, expect, it } from 'vitest';
import { buildRegistry } from '../../../core/client/registry';
import { speechRoute } from '../../../plugins/episodes/client/public';
import speech from '../../../plugins/speech/client/index';

describe('the speech plugin entry', () => {
  it("binds the episodes' speechRoute to the TTS list", () => {
    const registry = buildRegistry([speech], ['speech']);
    expect(registry.links.get(speechRoute.id)).toBe('/newsletters/show/:newsletterId/tts');
    const bound = speech.routes!.find((route) => route.ref)!.ref!;
    expect(bound).toEqual(speechRoute);
  });

  it('declares every page of spec 002 sections 2.1 to 2.4, each lazy and guarded', () => {
    expect(speech.routes!.map((route) => [route.path, route.requires])).toEqual([
      ['/newsletters/show/:newsletterId/tts', 'speech.create'],
      ['/stories/audios/select/:newsletterId', 'speech.create'],
      ['/stories/audios/create/:storyId', 'speech.create'],
      ['/issues/audios/select/:newsletterId', 'speech.publish'],
      ['/issues/audios/create/:issueId', 'speech.publish'],
    ]);
    for (const route of speech.routes!) expect(route.page.$$typeof).toBe(Symbol.for('react.lazy'));
  });
});

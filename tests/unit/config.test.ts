import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAllConfig, configSchema } from '../../core/server/config/check';
import { checkConfig, ConfigError } from '../../core/shared/config-check';
import { configFiles, constants } from '../../core/shared/config';

describe('config files', () => {
  it('all pass their schemas as shipped', () => {
    expect(() => checkAllConfig()).not.toThrow();
  });

  it('names the file and the field of a bad value', () => {
    const broken = structuredClone(configFiles.constants) as Record<string, any>;
    broken.pageSizes.images = 'thirty';
    expect(() => checkConfig('constants', broken, configSchema('constants'))).toThrow(
      new ConfigError('config/constants.json: /pageSizes/images must be integer'),
    );
  });

  it('names an unknown field', () => {
    const broken = { ...configFiles.features, maintenence: true };
    expect(() => checkConfig('features', broken, configSchema('features'))).toThrow(
      "config/features.json: / must NOT have additional properties 'maintenence'",
    );
  });

  // Only the values the spec fixes (section 9 of each document): the rest of constants.json is
  // ours to change, and the version follows package.json's at each release.
  it('carries the constants the spec fixes', () => {
    expect(constants.pageSizes).toMatchObject({
      list: 10,
      images: 30,
      recordings: 30,
      episodes: 30,
      audios: 10,
      publisherNewsletters: 80,
      dashboardIssues: 3,
      latestCollections: 2,
      draftStories: 2,
      homeTips: 3,
    });
    expect(constants.debounces).toEqual({ listSearchMs: 500, coverAutosaveMs: 2000, socketRetryMs: 1500 });
    expect(constants.limits).toMatchObject({
      searchMinChars: 3,
      interestsMax: 4,
      passwordMin: 8,
      imageMaxBytes: 5 * 1024 * 1024,
      imageTypes: ['image/jpeg', 'image/png', 'image/gif'],
      spotlightMinTimeline: 8,
    });
    expect(constants.layout).toMatchObject({ sidebarWidth: 240, topBarHeight: 100 });
    expect(constants.dates).toEqual({ list: 'd MMMM', card: 'dd MMMM yyyy' });
    expect(constants.stories).toMatchObject({
      autosaveMs: 2000,
      dirtyCheckMs: 1000,
      socketSyncMs: 1000,
      deleteDelayMs: 1500,
      loadingReadyMs: 500,
      refetchMs: 500,
      autoCreateChars: 3,
      slugMax: 64,
      subtitleMin: 2,
      scheduleLeadMinutes: 30,
      scheduleDefaultAheadMinutes: 1,
    });
  });

  it('shows the version being released', () => {
    expect(constants.appVersion).toBe(JSON.parse(readFileSync('package.json', 'utf8')).version);
  });
});

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
    expect(() => checkConfig('constants', broken, configSchema('constants'))).toThrow(new ConfigError('config/constants.json: /pageSizes/images must be integer'));
  });

  it('names an unknown field', () => {
    const broken = { ...configFiles.features, maintenence: true };
    expect(() => checkConfig('features', broken, configSchema('features'))).toThrow("config/features.json: / must NOT have additional properties 'maintenence'");
  });

  it('carries the spec constants', () => {
    expect(constants.pageSizes).toMatchObject({ list: 10, images: 30, recordings: 30, episodes: 30, audios: 10, publisherNewsletters: 80, dashboardIssues: 3, latestCollections: 2, draftStories: 2, homeTips: 3 });
    expect(constants.debounces).toEqual({ listSearchMs: 500, coverAutosaveMs: 2000, socketRetryMs: 1500 });
    expect(constants.limits.imageMaxBytes).toBe(5 * 1024 * 1024);
    expect(constants.layout).toMatchObject({ sidebarWidth: 240, topBarHeight: 100, accent: '#ffce14' });
    expect(constants.appVersion).toBe('0.14.1');
  });
});

/** The import rule ESLint enforces (tools/lint/boundaries.js): what may import what. */
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from '../../tools/lint/boundaries.js';

const allowed = (file: string, target: string) => boundaryProblem(file, target) === null;

describe('import boundaries', () => {
  it('keeps plugins out of the core', () => {
    expect(allowed('core/client/App.tsx', 'plugins/images/client/public')).toBe(false);
    expect(allowed('core/server/app.ts', 'core/server/plugins/registry')).toBe(true);
  });

  it('keeps core/shared free of either side', () => {
    expect(allowed('core/shared/text.ts', 'core/server/sanitize')).toBe(false);
    expect(allowed('core/shared/text.ts', 'core/client/api')).toBe(false);
    expect(allowed('core/server/app.ts', 'core/shared/config')).toBe(true);
  });

  it('lets a plugin import the core, schemas, itself and public entries only', () => {
    expect(allowed('plugins/stories/server/routes.ts', 'core/server/errors')).toBe(true);
    expect(allowed('plugins/stories/server/routes.ts', 'schemas/generated/entities/story')).toBe(true);
    expect(allowed('plugins/stories/client/StoriesPage.tsx', 'plugins/stories/rules')).toBe(true);
    expect(allowed('plugins/stories/server/routes.ts', 'plugins/settings/server/public')).toBe(true);
    expect(allowed('plugins/stories/client/StorySettingsPanel.tsx', 'plugins/episodes/client/public')).toBe(true);
    expect(allowed('plugins/stories/server/routes.ts', 'plugins/settings/server/store')).toBe(false);
    expect(allowed('plugins/collections/client/collection-api.ts', 'plugins/stories/endpoints')).toBe(true);
    expect(allowed('plugins/stories/client/StoriesPage.tsx', 'plugins/episodes/rules')).toBe(false);
    expect(allowed('plugins/stories/client/StoriesPage.tsx', 'tests/api/server')).toBe(false);
  });
});

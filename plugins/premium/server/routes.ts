/**
 * The premium-story service's calls (spec 002 section 7), below /api/premium: mark a story
 * premium (POST), list the publisher's premium stories, read one story's flag, set it (PUT), and
 * unmark it (DELETE). The flag is the stories plugin's is_premium; after each change the story's
 * public page is revalidated: it is rendered on every request and caches must revalidate it
 * (plugins/stories/server/public-page.ts), so revalidating is checking that the stored flag, which
 * the next rendering reads, is the one just set.
 */
import { callerPublisher, type Session } from '../../../core/server/auth/session';
import type { Handle } from '../../../core/server/db/database';
import { HttpError, invalid, notFound } from '../../../core/server/errors';
import type { PluginApi } from '../../../core/server/plugins/contract';
import { announceStory, findStory, premiumStories, setStoryPremium } from '../../stories/server/public';
import { releaseSpeechEpisode, withholdSpeechEpisode } from '../../episodes/server/public';
import { premiumEndpoints } from '../endpoints';
import { premiumMessages } from '../messages';
import { presentPremiumChange, presentPremiumStory } from './present';

/** A story of the caller's publisher; another publisher's is as good as missing. */
async function reachableStory(db: Handle, id: string, session: Session, missing = 'Story not found.') {
  const publisherId = callerPublisher(session);
  const row = await findStory(db, id);
  if (!row || row.publisher_id !== publisherId) throw notFound(missing);
  return row;
}

export function registerPremiumRoutes(api: PluginApi): void {
  const db = api.db;

  /** Sets the flag, revalidates the public page and tells the story's open editors; the story as it is now. */
  async function mark(id: string, on: boolean) {
    if (!(await setStoryPremium(db, id, on))) throw notFound(premiumMessages.updateFailed);
    const row = await findStory(db, id);
    if (!row || Boolean(row.is_premium) !== on) throw new HttpError(500, { msg: premiumMessages.revalidateFailed });
    // Its audio is its text: a public episode of it would give the story away.
    if (on) await withholdSpeechEpisode(api, { id: row.id, type: 'Story' });
    else await releaseSpeechEpisode(api, { id: row.id, type: 'Story' });
    announceStory(api, row);
    return row;
  }

  api.serve(premiumEndpoints.mark, {
    requires: 'premium.manage',
    summary: "Marks a story of the caller's publisher premium (isPremium true unless said): its public page shows a teaser and the premium notice.",
    async handler(request, _reply, session) {
      const storyId = request.body.storyId || request.body.id;
      if (!storyId) throw invalid(premiumMessages.missingId, 'storyId');
      const row = await reachableStory(db, storyId, session);
      const saved = await mark(row.id, request.body.isPremium ?? true);
      return presentPremiumChange(saved, 'The story is premium.');
    },
  });

  api.serve(premiumEndpoints.list, {
    requires: 'premium.manage',
    summary: "The premium stories of the caller's publisher, the latest changed first.",
    async handler(_request, _reply, session) {
      const rows = await premiumStories(db, callerPublisher(session));
      return { data: rows.map(presentPremiumStory), count: rows.length };
    },
  });

  api.serve(premiumEndpoints.fetch, {
    requires: 'premium.manage',
    summary: 'Whether a story is premium: its id and isPremium.',
    async handler(request, _reply, session) {
      const row = await reachableStory(db, request.params.id, session);
      return { data: { id: row.id, isPremium: Boolean(row.is_premium) } };
    },
  });

  api.serve(premiumEndpoints.save, {
    requires: 'premium.manage',
    summary: 'Sets whether a story is premium (isPremium; true unless said); answers success true.',
    async handler(request, _reply, session) {
      const row = await reachableStory(db, request.params.id, session, premiumMessages.updateFailed);
      const on = request.body.isPremium ?? true;
      const saved = await mark(row.id, on);
      return presentPremiumChange(saved, on ? 'The story is premium.' : 'The story is no longer premium.');
    },
  });

  api.serve(premiumEndpoints.remove, {
    requires: 'premium.manage',
    summary: 'Takes a story off the premium list: its public page shows the whole story again.',
    async handler(request, _reply, session) {
      const row = await reachableStory(db, request.params.id, session);
      const saved = await mark(row.id, false);
      return presentPremiumChange(saved, 'The story is no longer premium.');
    },
  });
}

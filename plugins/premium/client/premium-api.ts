/**
 * The premium-story service's calls (spec 002 section 7; plugins/premium/server/routes.ts answers
 * them). A change is taken only when the service answers success true; every failure is a
 * `PremiumError` carrying the spec's text (section 8), for the console to show as it is.
 */
import { HTTPError } from 'ky';
import { call } from '../../../core/client/api';
import type { PremiumStoryChange } from '../../../schemas/generated/api/premium-story-change';
import type { PremiumStoryRecord } from '../../../schemas/generated/api/premium-story-record';
import type { StoryPremiumSwitchProps } from '../../stories/client/public';
import { premiumEndpoints } from '../endpoints';
import { premiumMessages } from '../messages';

/** A story as the service is told about it: `_id` is missing before the story's first save. */
export type PremiumCandidate = StoryPremiumSwitchProps['story'];

/** What the service says of one story: whether it holds a record of it, and whether that record is premium. */
export interface PremiumState {
  recorded: boolean;
  isPremium: boolean;
}

export class PremiumError extends Error {}

const notFoundStatus = 404;

/** The story's id, which every change names; a story without one cannot be marked. */
function idOf(story: PremiumCandidate): string {
  if (!story._id) throw new PremiumError(premiumMessages.missingId);
  return story._id;
}

/** The record the service keeps of a story: its key is the slug (a bullet's page goes by its id). */
function recordOf(story: PremiumCandidate, id: string, isPremium: boolean) {
  return { key: story.slug ?? id, title: story.title, subtitle: story.subtitle, image: story.image, id, isPremium };
}

/**
 * Sends a change; a call that fails did not update the story, and an answer without success true
 * is not known to be in force (the declared answer says success is true, but what came is checked).
 */
async function change(send: () => Promise<PremiumStoryChange>): Promise<PremiumStoryChange> {
  let answer: Partial<PremiumStoryChange>;
  try {
    answer = await send();
  } catch {
    throw new PremiumError(premiumMessages.updateFailed);
  }
  if (answer.success !== true) throw new PremiumError(premiumMessages.revalidateFailed);
  return answer as PremiumStoryChange;
}

const isRecord = (item: unknown): item is PremiumStoryRecord =>
  typeof item === 'object' &&
  item !== null &&
  typeof (item as PremiumStoryRecord).id === 'string' &&
  typeof (item as PremiumStoryRecord).isPremium === 'boolean';

export const premiumApi = {
  /** The publisher's premium stories. */
  list: async (): Promise<PremiumStoryRecord[]> => {
    // The answer is checked, not trusted: a list that is not one is the spec's error (section 8).
    const data: unknown = (await call(premiumEndpoints.list)).data;
    if (!Array.isArray(data) || !data.every(isRecord)) throw new PremiumError(premiumMessages.invalidList);
    return data;
  },
  /** A story the service holds no record of is not premium, and its first marking adds one. */
  state: async (storyId: string): Promise<PremiumState> => {
    try {
      const { data } = await call(premiumEndpoints.fetch, { params: { id: storyId } });
      return { recorded: true, isPremium: data.isPremium === true };
    } catch (error) {
      if (error instanceof HTTPError && error.response.status === notFoundStatus) return { recorded: false, isPremium: false };
      throw error;
    }
  },
  /** Marks a story premium for the first time. */
  add: async (story: PremiumCandidate) => {
    const id = idOf(story);
    return change(() => call(premiumEndpoints.mark, { body: { ...recordOf(story, id, true), storyId: id } }));
  },
  /** Sets the flag of a story the service already has a record of. */
  update: async (story: PremiumCandidate, isPremium: boolean) => {
    const id = idOf(story);
    return change(() => call(premiumEndpoints.save, { params: { id }, body: recordOf(story, id, isPremium) }));
  },
  /** Takes the story off the premium list. */
  remove: async (story: PremiumCandidate) => {
    const id = idOf(story);
    return change(() => call(premiumEndpoints.remove, { params: { id } }));
  },
};

/**
 * The premium-story service's calls (spec 002 section 7; plugins/premium/server/routes.ts answers
 * them). A change is taken only when the service answers success true; every failure is a
 * `PremiumError` carrying the spec's text (section 8), for the console to show as it is.
 */
import { HTTPError } from 'ky';
import { api, callPath } from '../../../core/client/api';
import type { StoryPremiumSwitchProps } from '../../stories/client/public';
import { premiumMessages } from '../messages';

/** The premium story record (spec 002 section 3). */
export interface PremiumStory {
  key: string;
  title: string;
  subtitle: string;
  image: string;
  id: string;
  storyId: string;
  isPremium: boolean;
}

/** A story as the service is told about it: `_id` is missing before the story's first save. */
export type PremiumCandidate = StoryPremiumSwitchProps['story'];

/** What the service says of one story: whether it holds a record of it, and whether that record is premium. */
export interface PremiumState {
  recorded: boolean;
  isPremium: boolean;
}

export class PremiumError extends Error {}

interface ChangeAnswer {
  success?: unknown;
  data?: PremiumStory;
  msg?: string;
}

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

/** Sends a change; a call that fails did not update the story, and an answer without success true is not known to be in force. */
async function change(method: 'post' | 'put' | 'delete', path: string, body?: object): Promise<ChangeAnswer> {
  let answer: ChangeAnswer;
  try {
    answer = (await (await api(path, { method, json: body })).json()) as ChangeAnswer;
  } catch {
    throw new PremiumError(premiumMessages.updateFailed);
  }
  if (answer.success !== true) throw new PremiumError(premiumMessages.revalidateFailed);
  return answer;
}

const isRecord = (item: unknown): item is PremiumStory =>
  typeof item === 'object' && item !== null && typeof (item as PremiumStory).id === 'string' && typeof (item as PremiumStory).isPremium === 'boolean';

export const premiumApi = {
  /** The publisher's premium stories. */
  list: async (): Promise<PremiumStory[]> => {
    const { data } = await callPath<unknown>('get', '/premium/story/list');
    if (!Array.isArray(data) || !data.every(isRecord)) throw new PremiumError(premiumMessages.invalidList);
    return data;
  },
  /** A story the service holds no record of is not premium, and its first marking adds one. */
  state: async (storyId: string): Promise<PremiumState> => {
    try {
      const { data } = await callPath<{ id: string; isPremium: boolean }>('get', `/premium/story/${encodeURIComponent(storyId)}`);
      return { recorded: true, isPremium: data.isPremium === true };
    } catch (error) {
      if (error instanceof HTTPError && error.response.status === notFoundStatus) return { recorded: false, isPremium: false };
      throw error;
    }
  },
  /** Marks a story premium for the first time. */
  add: async (story: PremiumCandidate) => {
    const id = idOf(story);
    return change('post', 'premium/story', { ...recordOf(story, id, true), storyId: id });
  },
  /** Sets the flag of a story the service already has a record of. */
  update: async (story: PremiumCandidate, isPremium: boolean) => {
    const id = idOf(story);
    return change('put', `premium/story/${encodeURIComponent(id)}`, recordOf(story, id, isPremium));
  },
  /** Takes the story off the premium list. */
  remove: async (story: PremiumCandidate) => change('delete', `premium/story/${encodeURIComponent(idOf(story))}`),
};

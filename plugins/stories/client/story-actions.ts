/**
 * The status actions of the story editor (spec 001 section 4): each waits for the story to be
 * saved, calls the server, shows the spec's texts, and hands the answer to the draft. What is
 * offered comes from rules.ts, the rules the server applies.
 */
import { useAtomValue } from 'jotai';
import { handleError } from '../../../core/client/errors';
import { useCan } from '../../../core/client/permissions';
import { userAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { articleImageRequired, cancelledText, verdict, waitForSave, type Actor, type StoryAction } from '../rules';
import { storyApi, type Story } from './story-api';
import type { StoryDraft } from './story-draft';
import { formatDateTime } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

/** The signed-in user as rules.ts sees them. */
export function useActor(): Actor {
  const user = useAtomValue(userAtom);
  const can = useCan();
  return { userId: user?._id ?? '', role: user?.role.key ?? 'author', can: (permission) => can(permission) };
}

/** A release date as the card's date and its time, in the console's language: '26 Kasım 2026 12:41', '26 November 2026 12:41'. */
export const scheduleDate = (iso: string | Date) => formatDateTime(iso);

/** What rules.ts says of an action on the story, reason included. */
export const verdictOn = (action: StoryAction, story: Story, actor: Actor) =>
  verdict(action, { type: story.type, status: story.status, image: story.image, ownerId: story.owner?._id ?? null }, actor);

/** Whether the signed-in user may do an action on the story now. */
export function allows(action: StoryAction, story: Story | null, actor: Actor): boolean {
  return Boolean(story && verdictOn(action, story, actor).ok);
}

/** Whether to offer an action: allowed, or refused only for the article's missing cover (pressing it says so). */
export function offers(action: StoryAction, story: Story | null, actor: Actor): boolean {
  if (!story) return false;
  const result = verdictOn(action, story, actor);
  return result.ok || result.message === articleImageRequired;
}

/**
 * A saved article going to ready, accepted or published needs its cover: said at once, rather
 * than 'Wait for your story to be saved.' for an edit that cannot be saved without one.
 */
function lacksCover(draft: StoryDraft): boolean {
  const { story, type, fields } = draft.snapshot;
  if (!story || type !== 'article' || fields.image) return false;
  toast('error', 'Error!', articleImageRequired);
  return true;
}

/** Saves what is pending; answers false (with the spec's message) when the story is not saved yet. */
export async function ensureSaved(draft: StoryDraft): Promise<boolean> {
  await draft.save();
  const { story, edited } = draft.snapshot;
  if (!story || (edited && story.status.draft)) {
    toast('error', 'Error!', waitForSave);
    return false;
  }
  return true;
}

type Call = (id: string) => Promise<{ data: Story; msg?: string }>;

const calls: Partial<Record<StoryAction, Call>> = {
  ready: storyApi.ready,
  draft: storyApi.draft,
  accept: storyApi.accept,
  cancelSchedule: storyApi.cancelSchedule,
  cancel: storyApi.cancel,
  unpublish: storyApi.unpublish,
};

/** In English, as the server answers them: the toast shows them in the console's language. */
const successTexts: Partial<Record<StoryAction, string>> = {
  ready: 'The story is ready.',
  accept: 'The story is accepted.',
  cancelSchedule: 'The schedule is cancelled.',
  cancel: cancelledText,
  unpublish: 'The story is unpublished.',
};

/** Moves a saved story to another status; answers it as it is now, or null when it failed (the handler showed why). */
export async function moveStory(story: Pick<Story, '_id'>, action: keyof typeof calls): Promise<Story | null> {
  try {
    const { data } = await calls[action]!(story._id);
    const text = successTexts[action];
    if (text) toast('success', 'Success!', text);
    return data;
  } catch (error) {
    await handleError(error);
    return null;
  }
}

/** Runs a status action from the editor: what is pending is saved first, and the draft learns the new status. */
export async function runAction(draft: StoryDraft, action: keyof typeof calls): Promise<Story | null> {
  if ((action === 'ready' || action === 'accept') && lacksCover(draft)) return null;
  if (action !== 'draft' && !(await ensureSaved(draft))) return null;
  const story = draft.snapshot.story;
  if (!story) return null;
  const data = await moveStory(story, action);
  if (data) draft.statusChanged(data);
  return data;
}

/** Whether the story was published once (it keeps its slug, and 'Ready' reads so rather than 'Convert to Ready'). */
export const wasPublished = (story: Story) => Boolean(story.status.published || (story.publishedAt && !story.status.scheduled));

/**
 * The status moves offered on a saved story (spec 001 section 4, Story menu actions): Draft when
 * it is not one, Ready for a draft, Accept for a ready story or a published one being edited.
 * The editor's status buttons and the story list's menu both offer these.
 */
export function statusMoves(story: Story, actor: Actor): ('draft' | 'ready' | 'accept')[] {
  const { status } = story;
  const moves: ('draft' | 'ready' | 'accept')[] = [];
  if (!status.draft && allows('draft', story, actor)) moves.push('draft');
  if (status.draft && offers('ready', story, actor)) moves.push('ready');
  if (((status.draft && status.published) || (status.ready && !status.accepted)) && offers('accept', story, actor)) moves.push('accept');
  return moves;
}

export async function publishStory(draft: StoryDraft, at: Date, notify: boolean): Promise<Story | null> {
  if (lacksCover(draft) || !(await ensureSaved(draft))) return null;
  try {
    const { data } = await storyApi.publish(draft.snapshot.story!._id, at, notify);
    draft.statusChanged(data);
    // rules.ts' scheduledText, as one sentence in the console's language around the date.
    toast('success', 'Success!', t('The story is scheduled to be released on {date}.', { date: scheduleDate(data.publishedAt ?? at) }));
    return data;
  } catch (error) {
    await handleError(error);
    return null;
  }
}

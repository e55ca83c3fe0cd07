/**
 * What may happen to a story, for both sides: the console shows an action only when `verdict`
 * allows it, and the server refuses it with the same verdict's message. Each rule reads as the
 * spec's sentence (spec 001 section 4, Story states) and `nextStatus` is what the action leaves.
 */
import type { StoryFields } from '../../schemas/generated/api/story-fields';
import type { Story } from '../../schemas/generated/entities/story';
import { constants } from '../../core/shared/config';
import { bulletMarker } from '../../core/shared/text';
import { permissionRefusal, type Permission, type RoleKey } from '../../core/shared/permissions';

export type StoryStatus = Story['status'];

/** The fields a writer edits (schemas/api/story-fields.schema.json): what a save, a merge and a live edit carry. */
export const storyFieldNames = [
  'title',
  'subtitle',
  'slug',
  'image',
  'body',
  'tags',
  'interest',
  'keywords',
  'writer',
  'episode',
  'notify',
] as const satisfies readonly (keyof StoryFields)[];
export type StoryFieldName = (typeof storyFieldNames)[number];
export type StoryAction = 'edit' | 'ready' | 'draft' | 'accept' | 'publish' | 'cancelSchedule' | 'cancel' | 'unpublish' | 'delete' | 'feature';

export interface StoryFacts {
  type: Story['type'];
  status: StoryStatus;
  image: string;
  ownerId: string | null;
}

export interface Actor {
  userId: string;
  role: RoleKey;
  can(permission: Permission): boolean;
}

export type Verdict = { ok: true } | { ok: false; kind: 'permission' | 'state'; message: string };

export const articleImageRequired = 'Article image is required';
export const waitForSave = 'Wait for your story to be saved.';
export const cancelledText = 'The story is successfully cancelled.';
export const scheduledText = (date: string) => `The story is scheduled to be released on ${date}.`;

const allowed: Verdict = { ok: true };
const state = (message: string): Verdict => ({ ok: false, kind: 'state', message });
const requires = (actor: Actor, permission: Permission): Verdict =>
  actor.can(permission) ? allowed : { ok: false, kind: 'permission', message: permissionRefusal(actor.role, permission) };
const first = (...verdicts: (() => Verdict)[]): Verdict => {
  for (const verdict of verdicts) {
    const result = verdict();
    if (!result.ok) return result;
  }
  return allowed;
};

const isOwner = (story: StoryFacts, actor: Actor) => story.ownerId === actor.userId;
/** Writers change their own stories; editing someone else's needs stories.update. */
const writes = (story: StoryFacts, actor: Actor) => () => (isOwner(story, actor) ? allowed : requires(actor, 'stories.update'));
const releasing = (status: StoryStatus) => status.scheduled || status.queued || status.processing;
const hasImage = (story: StoryFacts) => () => (story.type === 'article' && !story.image ? state(articleImageRequired) : allowed);

export function verdict(action: StoryAction, story: StoryFacts, actor: Actor): Verdict {
  const { status } = story;
  switch (action) {
    case 'edit':
      return first(writes(story, actor), () =>
        status.draft ? allowed : state('This story is not a draft, so it was not saved. Move it to draft to edit it.'),
      );
    case 'ready':
      return first(
        writes(story, actor),
        () => (status.draft && !releasing(status) ? allowed : state('Only a draft story can be made ready.')),
        hasImage(story),
      );
    case 'draft':
      return first(
        writes(story, actor),
        () => (status.draft ? state('The story is already a draft.') : allowed),
        () => (releasing(status) ? state('Cancel the schedule before you edit the story.') : allowed),
        // Taking back an accepted story is stories.draft; a ready one is the accepting editor's (stories.accept).
        () => (status.accepted ? requires(actor, 'stories.draft') : status.ready ? requires(actor, 'stories.accept') : allowed),
      );
    case 'accept':
      return first(
        () => requires(actor, 'stories.accept'),
        () => (status.accepted ? state('The story is already accepted.') : allowed),
        () => (releasing(status) ? state('The story is scheduled.') : allowed),
        hasImage(story),
      );
    case 'publish':
      return first(
        () => requires(actor, 'stories.publish'),
        () => (story.type === 'article' ? allowed : state('Only articles can be published on their own.')),
        () =>
          status.scheduled || status.published || status.notified || status.queued || status.processing
            ? state('The story is already scheduled or published.')
            : allowed,
        hasImage(story),
      );
    case 'cancelSchedule':
      return first(
        () => requires(actor, 'stories.publish'),
        () => (status.scheduled && !status.queued && !status.processing ? allowed : state('The story is not scheduled.')),
      );
    case 'cancel':
      return first(
        () => requires(actor, 'stories.cancel'),
        () => (releasing(status) ? allowed : state('Only a scheduled, queued or processing story can be cancelled.')),
      );
    case 'unpublish':
      return first(
        () => requires(actor, 'stories.publish'),
        () => (status.published && !status.scheduled ? allowed : state('The story is not published.')),
      );
    case 'delete':
      return first(
        // A story's owner may always delete it.
        () => (isOwner(story, actor) ? allowed : requires(actor, 'stories.delete')),
        () => (releasing(status) ? state('A scheduled story cannot be deleted. Cancel the schedule first.') : allowed),
      );
    case 'feature':
      return first(
        () => requires(actor, 'stories.feature'),
        () => (story.type === 'article' ? allowed : state('Only articles can be featured.')),
        () => (status.accepted || status.ready || status.scheduled ? state('The featured switch can only change while the story is a draft.') : allowed),
      );
  }
}

/** The status an allowed action leaves (publishing is a schedule: the job queue releases it). */
export function nextStatus(action: Exclude<StoryAction, 'edit' | 'delete' | 'feature'>, status: StoryStatus): StoryStatus {
  switch (action) {
    case 'ready':
      return { ...status, draft: false, ready: true, rejected: false };
    case 'draft':
      return { ...status, draft: true, ready: false, accepted: false, cancelled: false, rejected: false };
    case 'accept':
      return { ...status, draft: false, ready: true, accepted: true, cancelled: false, rejected: false };
    case 'publish':
      return { ...status, draft: false, ready: true, accepted: true, cancelled: false, rejected: false, scheduled: true };
    case 'cancelSchedule':
      return { ...status, scheduled: false };
    case 'cancel':
      return { ...status, scheduled: false, queued: false, processing: false, cancelled: true };
    case 'unpublish':
      return { ...status, published: false };
  }
}

export interface ReadinessFields {
  type: Story['type'];
  title: string;
  subtitle: string;
  image: string;
  /** The body's text, without the bullet marker. */
  text: string;
}

/** Autosave readiness (spec 001 section 5): what a story still needs before it can be saved, as 'Required: ...' texts. */
export function missingFields(story: ReadinessFields): string[] {
  const missing: string[] = [];
  if (story.type === 'article') {
    if (!story.title.trim()) missing.push('Required: Title');
    if (!story.subtitle.trim()) missing.push('Required: Subtitle');
    if (!story.image) missing.push('Required: Image');
  }
  if (!story.text.trim()) missing.push('Required: Body');
  return missing;
}

export const subtitleTooShort = 'Subtitle must be more than 2 characters.';

/** An article subtitle, leading whitespace trimmed, must be longer than `min` characters. */
export function subtitleProblem(subtitle: string, min: number): string | null {
  const trimmed = subtitle.replace(/^\s+/, '');
  return trimmed.length > 0 && trimmed.length <= min ? subtitleTooShort : null;
}

/** The bullet marker a new bullet starts with (the rich-text editor's addCustomBullet writes it too). */
export { bulletMarker };
export const newBulletHtml = `<p>${bulletMarker}&nbsp;</p>`;

/** Text without the bullet marker (a bullet holding only its marker is empty). */
export const withoutMarker = (text: string) => text.replace(new RegExp(`^\\s*${bulletMarker}\\s*`), '');

/** Minutes a schedule must lie ahead (spec 001 section 5): none for a notification or an admin, else the configured lead. */
export function leadMinutesFor(role: RoleKey, notify: boolean, lead = constants.stories.scheduleLeadMinutes): number {
  return notify || role === 'admin' ? 0 : lead;
}

/** The request's time and the console's clock may be a little apart. */
const publishGraceMs = 60_000;

/** Why a story may not be scheduled at `at` (no date, or sooner than `lead` minutes from now), or null when it may. */
export function publishDateProblem(at: Date | null, lead: number, now = new Date()): string | null {
  if (!at || Number.isNaN(at.getTime())) return 'Choose a date to publish the story.';
  if (at.getTime() < now.getTime() + lead * 60_000 - publishGraceMs)
    return lead > 0 ? `Choose a date at least ${lead} minutes from now.` : 'Choose a date in the future.';
  return null;
}

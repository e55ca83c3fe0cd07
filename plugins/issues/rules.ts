/**
 * What an issue may become, for both sides: the console applies a change at once and the server
 * applies the same function to what it stores, so the two cannot drift. Channels (spec 001
 * sections 2 to 5): 'Draft Stories' (id stuff) always first and fixed, titles unique, each story
 * in one place; the intro's limits; the live fields and who may change them.
 */
import type { IssueChannel } from '../../schemas/generated/entities/issue-channel';
import type { Issue } from '../../schemas/generated/entities/issue';
import { constants } from '../../core/shared/config';
import fieldsSchema from '../../schemas/api/issue-fields.schema.json';
import type { Permission } from '../../core/shared/permissions';

export type { IssueChannel };
export type IssueStatus = Issue['status'];

export const stuffChannelId = 'stuff';
export const draftStoriesTitle = 'Draft Stories';
/** The built-in template: no channels but 'Draft Stories'. It comes before the newsletter's own (index -1) and is never their default. */
export const plainTemplate = { _id: 'plain', title: 'Plain', default: false, index: -1, channels: [] as string[] };

export const introWarning = 'Your intro is getting long. Consider dividing your content into stories.';
export const introTooLong = 'Intro must be less than 3000 characters. Please divide your content into stories.';
export const slugNotUnique = 'Slug is not unique.';
export const channelTitleTaken = 'Another channel of this issue has this title.';
export const channelTitleEmpty = 'A channel needs a title.';
export const processingRefusal = 'The issue is being sent; it cannot change now.';
export const issueDeletedText = 'Issue has been deleted.';
export const premiumTooltip = 'Premium publishing requires admin approval.';

/**
 * The fields a live edit or a save changes. The plain-text ones are each a Y.Text of the issue's
 * shared document, typed into together (docs/decisions/0022); the intro has one writer at a time;
 * the others are last writer wins.
 */
export const issueDocFields = ['subject', 'preview', 'slug', 'notification.title', 'notification.body'] as const;
export const issueValueFields = ['intro', 'image', 'premium', 'episode'] as const;
export type IssueDocField = (typeof issueDocFields)[number];
export type IssueField = IssueDocField | (typeof issueValueFields)[number];
export const issueFields: readonly IssueField[] = [...issueDocFields, ...issueValueFields];
export const isDocField = (field: string): field is IssueDocField => (issueDocFields as readonly string[]).includes(field);

/** The most characters each plain-text field may keep (the schema's), so a field takes no more. */
export const docFieldMaxLength: Record<IssueDocField, number> = {
  subject: fieldsSchema.properties.subject.maxLength,
  preview: fieldsSchema.properties.preview.maxLength,
  slug: fieldsSchema.properties.slug.maxLength,
  'notification.title': fieldsSchema.properties.notification.properties.title.maxLength,
  'notification.body': fieldsSchema.properties.notification.properties.body.maxLength,
};

/** The refusal of a change of the shared document that would make a field longer than any may be. */
export const docChangeTooLarge = 'This change is too large.';

/** The refusal of a change of the intro while someone else writes it. */
export const introTaken = (name: string) => `${name} is writing the intro.`;

/** The permission a change of each field needs beyond issues.update. */
export const fieldPermission: Partial<Record<IssueField, Permission>> = { premium: 'issues.premium' };

/** An intro over the hard limit, unless the issue is already published. */
export function introProblem(text: string, published: boolean): string | null {
  return !published && text.length > constants.issues.introMaxChars ? introTooLong : null;
}

export const introNeedsWarning = (text: string) => text.length > constants.issues.introWarnChars;

/** A change to the channels, applied where it arrives: concurrent changes all apply (docs/decisions/0010). */
export type ChannelOp =
  | { kind: 'move-story'; storyId: string; channelId: string; afterId: string | null }
  | { kind: 'move-channel'; channelId: string; afterId: string | null }
  | { kind: 'add-channel'; channelId: string; title: string; afterId: string | null }
  | { kind: 'rename-channel'; channelId: string; title: string }
  | { kind: 'delete-channel'; channelId: string }
  | { kind: 'add-story'; storyId: string; channelId: string; afterId: string | null }
  | { kind: 'remove-story'; storyId: string };

/** The permission each change of the channels needs (spec 001 section 6: stories.move, stories.delete). */
export const channelOpPermission: Record<ChannelOp['kind'], Permission> = {
  'move-story': 'stories.move',
  'move-channel': 'issues.update',
  'add-channel': 'issues.update',
  'rename-channel': 'issues.update',
  'delete-channel': 'issues.update',
  'add-story': 'stories.create',
  'remove-story': 'stories.delete',
};

export type ChannelResult = { ok: true; channels: IssueChannel[] } | { ok: false; message: string };

const titleKey = (title: string) => title.trim().toLocaleLowerCase('tr');

/** Whether another channel than `exceptId` has this title. */
export function titleTaken(channels: IssueChannel[], title: string, exceptId?: string): boolean {
  return channels.some((channel) => channel._id !== exceptId && titleKey(channel.title) === titleKey(title));
}

/** Inserts after `afterId` (at the start when null, at the end when it is gone), never before 'Draft Stories'. */
function insertAfter<T>(list: T[], item: T, afterId: string | null, idOf: (item: T) => string | null, floor = 0): T[] {
  const at = afterId === null ? floor : list.findIndex((other) => idOf(other) === afterId) + 1 || list.length;
  const copy = [...list];
  copy.splice(Math.max(at, floor), 0, item);
  return copy;
}

const withoutStory = (channels: IssueChannel[], storyId: string) =>
  channels.map((channel) => (channel.stories.includes(storyId) ? { ...channel, stories: channel.stories.filter((id) => id !== storyId) } : channel));

/** `channels` after `op`, or why it cannot apply. Never changes its input. */
export function applyChannelOp(channels: IssueChannel[], op: ChannelOp): ChannelResult {
  const find = (id: string) => channels.find((channel) => channel._id === id);
  switch (op.kind) {
    case 'move-story':
    case 'add-story': {
      const target = find(op.channelId) ? op.channelId : stuffChannelId;
      if (op.kind === 'move-story' && !channels.some((channel) => channel.stories.includes(op.storyId)))
        return { ok: false, message: 'The story is no longer in this issue.' };
      const without = withoutStory(channels, op.storyId);
      return {
        ok: true,
        channels: without.map((channel) =>
          channel._id === target
            ? { ...channel, stories: insertAfter(channel.stories, op.storyId, op.afterId === op.storyId ? null : op.afterId, (id) => id) }
            : channel,
        ),
      };
    }
    case 'remove-story':
      return { ok: true, channels: withoutStory(channels, op.storyId) };
    case 'move-channel': {
      const moving = find(op.channelId);
      if (!moving) return { ok: false, message: 'The channel no longer exists.' };
      if (moving._id === stuffChannelId) return { ok: false, message: `${draftStoriesTitle} stays first.` };
      const rest = channels.filter((channel) => channel._id !== op.channelId);
      return { ok: true, channels: insertAfter(rest, moving, op.afterId === op.channelId ? null : op.afterId, (channel) => channel._id, 1) };
    }
    case 'add-channel': {
      const title = op.title.trim();
      if (!title) return { ok: false, message: channelTitleEmpty };
      if (find(op.channelId)) return { ok: false, message: 'This channel already exists.' };
      if (titleTaken(channels, title)) return { ok: false, message: channelTitleTaken };
      return { ok: true, channels: insertAfter(channels, { _id: op.channelId, title, stories: [] }, op.afterId, (channel) => channel._id, 1) };
    }
    case 'rename-channel': {
      const title = op.title.trim();
      const channel = find(op.channelId);
      if (!channel) return { ok: false, message: 'The channel no longer exists.' };
      if (channel._id === stuffChannelId) return { ok: false, message: `${draftStoriesTitle} keeps its name.` };
      if (!title) return { ok: false, message: channelTitleEmpty };
      if (titleTaken(channels, title, channel._id)) return { ok: false, message: channelTitleTaken };
      return { ok: true, channels: channels.map((other) => (other._id === channel._id ? { ...other, title } : other)) };
    }
    case 'delete-channel': {
      const channel = find(op.channelId);
      if (!channel) return { ok: true, channels };
      if (channel._id === stuffChannelId) return { ok: false, message: `${draftStoriesTitle} cannot be deleted.` };
      // Its stories are not lost: they go back to 'Draft Stories'.
      return {
        ok: true,
        channels: channels
          .filter((other) => other._id !== channel._id)
          .map((other) => (other._id === stuffChannelId ? { ...other, stories: [...other.stories, ...channel.stories] } : other)),
      };
    }
  }
}

/**
 * Channels as an issue keeps them: 'Draft Stories' first (made when missing), each story of the
 * issue once, stories no longer in the issue dropped, stories of the issue in no channel added to
 * 'Draft Stories', titles unique (a repeated one gets a number).
 */
export function normalizeChannels(channels: IssueChannel[], storyIds?: ReadonlySet<string>): IssueChannel[] {
  const seen = new Set<string>();
  const titles = new Set<string>();
  const stuff = channels.find((channel) => channel._id === stuffChannelId) ?? { _id: stuffChannelId, title: draftStoriesTitle, stories: [] };
  const ordered = [{ ...stuff, title: draftStoriesTitle }, ...channels.filter((channel) => channel._id !== stuffChannelId)];
  const ids = new Set<string>();
  const result = ordered
    .filter((channel) => !ids.has(channel._id) && Boolean(ids.add(channel._id)))
    .map((channel) => {
      let title = channel.title.trim() || 'Channel';
      for (let n = 2; titles.has(titleKey(title)); n++) title = `${channel.title.trim() || 'Channel'} ${n}`;
      titles.add(titleKey(title));
      const stories = channel.stories.filter((id) => typeof id === 'string' && (!storyIds || storyIds.has(id)) && !seen.has(id) && Boolean(seen.add(id)));
      return { _id: channel._id, title, stories };
    });
  if (storyIds) for (const id of storyIds) if (!seen.has(id)) result[0]!.stories.push(id);
  return result;
}

/** The channels a template gives a new issue: 'Draft Stories', then one per title. */
export function channelsOfTemplate(titles: string[], newId: () => string): IssueChannel[] {
  return normalizeChannels(titles.map((title) => ({ _id: newId(), title, stories: [] })));
}

/** Minutes of reading (spec 001 section 9: milliseconds / 60000), at least one for any text. */
export const readingMinuteCount = (milliseconds: number) => (milliseconds > 0 ? Math.max(1, Math.round(milliseconds / 60_000)) : 0);

/** A text cut at `max` characters with an ellipsis (the outline's titles and previews). */
export const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max).trimEnd()}…` : text);

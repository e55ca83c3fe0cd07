/**
 * The changes an issue goes through, whoever sends them (a save, a live edit): each is applied to
 * the issue as it is stored now, one at a time, stored at once, and announced to the issue's room
 * as the spec's events (issue-update, channels-update, channel-delete, story-create,
 * story-delete on 'issue-{id}'). docs/decisions/0010 explains the model.
 */
import type { Session } from '../../../core/server/auth/session';
import { demand } from '../../../core/server/auth/session';
import { HttpError, notFound } from '../../../core/server/errors';
import type { RealtimeHub } from '../../../core/server/realtime';
import { findStory, mayReadStory, presentStory, setStoryIssue, type StoriesDb, type StoryRow } from '../../stories/server/public';
import { applyChannelOp, channelOpPermission, normalizeChannels, type ChannelOp, type IssueChannel } from '../rules';
import { applyEdit, type FieldValues } from './edit';
import { assertChangeable } from './policy';
import { changeIssue, storyIdsOf, updateIssue, type IssuesDb } from './store';

/** Who made a change: their socket (so their console does not apply it twice) and their operation's id. */
export interface Origin {
  socketId: string | null;
  opId?: string;
}

export interface Applied {
  version: number;
  updatedAt: string;
}

const person = (session: Session) => ({ _id: session.user.id, name: session.user.name || session.user.email, image: session.user.image });

export function issueChanges(db: IssuesDb, realtime: RealtimeHub) {
  const announce = (issueId: string, event: Record<string, unknown>, session: Session, origin: Origin) =>
    realtime.emit(`issue-${issueId}`, `issue-${issueId}`, {
      ...event,
      issue: { _id: issueId },
      socketId: origin.socketId,
      opId: origin.opId,
      user: person(session),
    });

  /** Runs a change; an issue deleted meanwhile is a 404. */
  const change = async <T>(issueId: string, run: Parameters<typeof changeIssue<T>>[2]) => {
    try {
      return await changeIssue(db, issueId, run);
    } catch (error) {
      if ((error as { gone?: boolean }).gone) throw notFound('Issue not found.');
      throw error;
    }
  };

  return {
    /** Changes fields; text fields edited from `base` are merged with what was stored since. */
    async editFields(issueId: string, session: Session, incoming: FieldValues, base: FieldValues, origin: Origin): Promise<Applied & { changed: FieldValues }> {
      const result = await change(issueId, async (tx, row) => {
        assertChangeable(row);
        const { columns, changed } = await applyEdit(tx, row, incoming, base, session);
        if (Object.keys(columns).length === 0) return { changed, version: Number(row.version), updatedAt: row.updated_at.toISOString() };
        const updatedAt = new Date();
        await updateIssue(tx, issueId, { ...columns, updated_at: updatedAt });
        return { changed, version: Number(row.version) + 1, updatedAt: updatedAt.toISOString() };
      });
      if (Object.keys(result.changed).length > 0)
        announce(issueId, { type: 'issue-update', fields: result.changed, version: result.version, updatedAt: result.updatedAt }, session, origin);
      return result;
    },

    /**
     * Applies one change of the channels (or, with `replace`, a whole new order) to the channels as
     * they are now, so that changes made at the same moment by several people all apply.
     */
    async changeChannels(issueId: string, session: Session, op: ChannelOp | { kind: 'replace'; channels: IssueChannel[] }, origin: Origin) {
      demand(session, op.kind === 'replace' ? 'issues.update' : channelOpPermission[op.kind]);
      let added: StoryRow | undefined;
      const result = await change(issueId, async (tx, row) => {
        assertChangeable(row);
        const storyIds = await storyIdsOf(tx, issueId);
        const current = normalizeChannels(row.channels, storyIds);
        let channels: IssueChannel[];
        if (op.kind === 'replace') {
          const moved = (list: IssueChannel[]) => list.flatMap((channel) => channel.stories.map((id) => `${channel._id}/${id}`)).join();
          channels = normalizeChannels(op.channels, storyIds);
          if (moved(channels) !== moved(current)) demand(session, 'stories.move');
        } else {
          if (op.kind === 'add-story') {
            const story = await findStory(tx as unknown as StoriesDb, op.storyId);
            if (!story || story.newsletter_id !== row.newsletter_id || !mayReadStory(session, story)) throw notFound('Story not found.');
            if (story.issue_id && story.issue_id !== issueId) throw new HttpError(409, { msg: 'This story is already in another issue.' });
            await setStoryIssue(tx as unknown as StoriesDb, story.id, issueId);
            storyIds.add(story.id);
            added = story;
          }
          if (op.kind === 'remove-story' && storyIds.has(op.storyId)) {
            await setStoryIssue(tx as unknown as StoriesDb, op.storyId, null);
            storyIds.delete(op.storyId);
          }
          const applied = applyChannelOp(current, op);
          if (!applied.ok) throw new HttpError(409, { msg: applied.message });
          channels = normalizeChannels(applied.channels, storyIds);
        }
        const updatedAt = new Date();
        await updateIssue(tx, issueId, { channels: JSON.stringify(channels), updated_at: updatedAt });
        return { channels, version: Number(row.version) + 1, updatedAt: updatedAt.toISOString() };
      });
      const event = { channelsNew: result.channels, version: result.version, updatedAt: result.updatedAt };
      const type =
        op.kind === 'delete-channel'
          ? 'channel-delete'
          : op.kind === 'add-story'
            ? 'story-create'
            : op.kind === 'remove-story'
              ? 'story-delete'
              : 'channels-update';
      const story = added ? { story: presentStory({ ...added, issue_id: issueId }) } : {};
      announce(issueId, { type, ...event, ...story, ...(op.kind === 'replace' ? {} : { op }) }, session, origin);
      return result;
    },
  };
}

export type IssueChanges = ReturnType<typeof issueChanges>;

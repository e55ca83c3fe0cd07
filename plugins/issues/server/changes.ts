/**
 * The changes an issue goes through, whoever sends them (a save, a live edit, typing in its shared
 * document): each is applied to the issue as it is stored now, one at a time, stored at once, and
 * announced to the issue's room as the spec's events (issue-update, channels-update,
 * channel-delete, story-create, story-delete on 'issue-{id}'), and as 'issue-doc' for the
 * document. docs/decisions/0010 and 0022 explain the model.
 */
import type { Session } from '../../../core/server/auth/session';
import { demand } from '../../../core/server/auth/session';
import { HttpError, notFound } from '../../../core/server/errors';
import type { RealtimeHub } from '../../../core/server/realtime';
import { findStory, mayReadStory, presentStory, setStoryIssue, storyIdsOfIssue, type StoryRow } from '../../stories/server/public';
import { mergeText } from '../../../core/shared/text-merge';
import {
  applyChannelOp,
  channelOpPermission,
  introTaken,
  isDocField,
  issueDocFields,
  normalizeChannels,
  type ChannelOp,
  type IssueChannel,
  type IssueField,
} from '../rules';
import type { HeldDocument } from './documents';
import { applyEdit, storedValue, type FieldValues } from './edit';
import { assertChangeable } from './policy';
import { changeIssue, updateIssue, type IssueTransaction, type IssuesDb } from './store';
import type { IssueRecord } from './tables';
import { clock } from '../../../core/server/clock';
import { onFirstUse } from '../../../core/server/on-first-use';
import { issueDocRoom, issueRoom, type ChangeOrigin } from '../events';

/** Who made a change: their socket (so their console does not apply it twice) and their operation's id. */
export interface Origin {
  socketId: string | null;
  opId?: string;
  /** The sender holds the intro (so nobody else does). */
  writesIntro?: boolean;
}

export interface Applied {
  version: number;
  updatedAt: string;
}

/** Someone in an issue (kept on their socket): the field they are in, and whether they hold the intro. */
export interface Presence {
  issueId: string;
  _id: string;
  name: string;
  image: string;
  field: string | null;
  /** This socket writes the intro: nobody else may change it until it lets go (docs/decisions/0022). */
  writing: boolean;
}

/** A value the document holds that the issue may not keep (yet): the column keeps its last good value. */
export interface FieldProblem {
  field: IssueField;
  message: string;
}

/**
 * The shared documents of live editing and their messages (yjs, about 1.7 MB of heap): loaded with
 * the first change of an issue or the first live message, not at start.
 */
export const loadIssueDoc = onFirstUse(() => import('../issue-doc'));
const loadDocuments = onFirstUse(() => import('./documents'));

const person = (session: Session) => ({ _id: session.user.id, name: session.user.name || session.user.email, image: session.user.image });

export function issueChanges(db: IssuesDb, realtime: RealtimeHub) {
  /** The documents this process holds, with what works on them. */
  const live = onFirstUse(async () => {
    const [issueDoc, { issueDocuments, docValues, readUpdate }] = await Promise.all([loadIssueDoc(), loadDocuments()]);
    return { ...issueDoc, documents: issueDocuments(), docValues, readUpdate };
  });
  type Live = Awaited<ReturnType<typeof live>>;

  /** Who made a change, as the room hears it. */
  const from = (issueId: string, session: Session, origin: Origin): ChangeOrigin => ({
    issue: { _id: issueId },
    socketId: origin.socketId,
    opId: origin.opId,
    user: person(session),
  });

  /** Runs a change; an issue deleted meanwhile is a 404. A document change not stored is forgotten with it. */
  const change = async <T>(issueId: string, run: Parameters<typeof changeIssue<T>>[2]) => {
    try {
      return await changeIssue(db, issueId, run);
    } catch (error) {
      (await live()).documents.forget(issueId);
      if ((error as { gone?: boolean }).gone) throw notFound('Issue not found.');
      throw error;
    }
  };

  /** Who writes the issue's intro now (on any server process), if anyone does. */
  const introWriter = async (issueId: string) =>
    (await realtime.membersOf(issueRoom.room(issueId)))
      .map((member) => ({ socketId: member.socketId, presence: member.data.presence as Presence | undefined }))
      .find((member) => member.presence?.issueId === issueId && member.presence.writing);

  /**
   * Stores `values` (already what the document reads, or values of other fields) in the issue's
   * columns. The values the issue may not keep are left out and answered as problems, so that
   * what is typed stays in the document while the issue keeps its last good value.
   */
  const store = async (
    { documents, setText, textOf }: Live,
    tx: IssueTransaction,
    original: IssueRecord,
    held: HeldDocument,
    values: FieldValues,
    session: Session,
    keepGoing: boolean,
  ) => {
    const problems: FieldProblem[] = [];
    let wanted = { ...values };
    // A slug someone is typing (not valid yet) is theirs: it does not follow the subject meanwhile.
    const row = 'slug' in values ? { ...original, slug_custom: true } : original;
    for (;;) {
      try {
        const { columns, changed } = await applyEdit(tx, row, wanted, session);
        // The slug followed the subject: the document's slug follows too.
        const followed =
          changed.slug !== undefined && !('slug' in wanted) ? documents.write(held, (doc) => setText(textOf(doc, 'slug'), changed.slug as string)) : null;
        if (followed) await documents.store(tx, held, row.id, followed);
        if (Object.keys(columns).length === 0) return { changed, problems, followed, version: Number(row.version), updatedAt: row.updated_at.toISOString() };
        const updatedAt = clock.now();
        await updateIssue(tx, row.id, { ...columns, updated_at: updatedAt });
        return { changed, problems, followed, version: Number(row.version) + 1, updatedAt: updatedAt.toISOString() };
      } catch (error) {
        const path = error instanceof HttpError && error.statusCode === 422 ? (error.body as { details?: { path?: string }[] }).details?.[0]?.path : undefined;
        const field = issueDocFields.find((name) => name === path);
        if (!keepGoing || !field || !(field in wanted)) throw error;
        problems.push({ field, message: (error as HttpError & { body: { details: { message: string }[] } }).body.details[0]!.message });
        const { [field]: _dropped, ...rest } = wanted;
        wanted = rest;
      }
    }
  };

  /**
   * Tells the room what changed: the document's update (`typed`: from the sender's own document,
   * so not back to it), the server's own change of it, then the fields as the spec's 'issue-update'.
   */
  const tell = (
    { updateMessage }: Live,
    issueId: string,
    result: { changed: FieldValues; version: number; updatedAt: string; followed: Uint8Array | null },
    session: Session,
    origin: Origin,
    update: { typed: Uint8Array } | { made: Uint8Array | null },
  ) => {
    if ('typed' in update) realtime.emit(issueDocRoom, issueId, { type: 'issue-doc', message: updateMessage(update.typed), ...from(issueId, session, origin) });
    for (const made of ['made' in update ? update.made : null, result.followed])
      if (made) realtime.emit(issueDocRoom, issueId, { type: 'issue-doc', message: updateMessage(made), ...from(issueId, session, { socketId: null }) });
    if (Object.keys(result.changed).length > 0)
      realtime.emit(issueRoom, issueId, {
        type: 'issue-update',
        fields: result.changed,
        version: result.version,
        updatedAt: result.updatedAt,
        ...from(issueId, session, origin),
      });
  };

  return {
    introWriter,

    /**
     * Changes fields by whole values (a save, the spec's issue-update). A plain-text field edited
     * from `base` is merged with what was typed since, and goes into the document as the smallest
     * changes; a refused value changes nothing.
     */
    async editFields(issueId: string, session: Session, incoming: FieldValues, base: FieldValues, origin: Origin): Promise<Applied & { changed: FieldValues }> {
      if (incoming.intro !== undefined && !origin.writesIntro) {
        const writer = await introWriter(issueId);
        if (writer && writer.socketId !== origin.socketId) throw new HttpError(409, { msg: introTaken(writer.presence!.name) });
      }
      const editing = await live();
      const { documents, docValues, setText, textOf } = editing;
      let update: Uint8Array | null = null;
      const result = await change(issueId, async (tx, row) => {
        assertChangeable(row);
        const held = await documents.current(tx, row);
        const typed = docValues(held.doc);
        const values: FieldValues = {};
        for (const [field, value] of Object.entries(incoming) as [IssueField, unknown][]) {
          if (!isDocField(field) || typeof value !== 'string') values[field] = value;
          else values[field] = mergeText(typeof base[field] === 'string' ? (base[field] as string) : typed[field], typed[field], value);
        }
        // What the document reads may be a value the issue did not keep: compare with that, not the column.
        const result = await store(editing, tx, { ...row, ...columnsOf(typed, row) }, held, values, session, false);
        update = documents.write(held, (doc) => {
          for (const field of issueDocFields)
            if (typeof values[field] === 'string') setText(textOf(doc, field), (result.changed[field] ?? values[field]) as string);
        });
        if (update) await documents.store(tx, held, issueId, update);
        return result;
      });
      tell(editing, issueId, result, session, origin, { made: update });
      return result;
    },

    /**
     * Someone typed: their update of the issue's document is stored, the room hears it, and the
     * issue's columns take what the document now reads where the issue may keep it.
     */
    async editDocument(
      issueId: string,
      session: Session,
      update: Uint8Array,
      origin: Origin,
    ): Promise<Applied & { changed: FieldValues; problems: FieldProblem[] }> {
      const editing = await live();
      const { documents, docValues } = editing;
      // What is not plain text is refused before the issue is read (and its document kept as it is).
      const incoming = editing.readUpdate(update);
      const result = await change(issueId, async (tx, row) => {
        assertChangeable(row);
        const held = await documents.current(tx, row);
        documents.apply(held, issueId, incoming, origin.socketId);
        await documents.store(tx, held, issueId, update);
        const typed = docValues(held.doc);
        const values: FieldValues = {};
        for (const field of issueDocFields) if (typed[field] !== storedValue(row, field)) values[field] = typed[field];
        return store(editing, tx, row, held, values, session, true);
      });
      tell(editing, issueId, result, session, origin, { typed: update });
      return result;
    },

    /** The issue's document as this process has it, current with everything stored. */
    async document(issueId: string) {
      const { documents } = await live();
      return change(issueId, async (tx, row) => (await documents.current(tx, row)).doc);
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
        const storyIds = await storyIdsOfIssue(tx, issueId);
        const current = normalizeChannels(row.channels, storyIds);
        let channels: IssueChannel[];
        if (op.kind === 'replace') {
          const moved = (list: IssueChannel[]) => list.flatMap((channel) => channel.stories.map((id) => `${channel._id}/${id}`)).join();
          channels = normalizeChannels(op.channels, storyIds);
          if (moved(channels) !== moved(current)) demand(session, 'stories.move');
        } else {
          if (op.kind === 'add-story') {
            const story = await findStory(tx, op.storyId);
            if (!story || story.newsletter_id !== row.newsletter_id || !mayReadStory(session, story)) throw notFound('Story not found.');
            if (story.issue_id && story.issue_id !== issueId) throw new HttpError(409, { msg: 'This story is already in another issue.' });
            await setStoryIssue(tx, story.id, issueId);
            storyIds.add(story.id);
            added = story;
          }
          if (op.kind === 'remove-story' && storyIds.has(op.storyId)) {
            await setStoryIssue(tx, op.storyId, null);
            storyIds.delete(op.storyId);
          }
          const applied = applyChannelOp(current, op);
          if (!applied.ok) throw new HttpError(409, { msg: applied.message });
          channels = normalizeChannels(applied.channels, storyIds);
        }
        const updatedAt = clock.now();
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
      realtime.emit(issueRoom, issueId, { type, ...event, ...story, ...(op.kind === 'replace' ? {} : { op }), ...from(issueId, session, origin) });
      return result;
    },
  };
}

/** The columns that hold what the document's fields read. */
function columnsOf(values: Record<string, string>, row: IssueRecord): Partial<IssueRecord> {
  return {
    subject: values.subject ?? row.subject,
    preview: values.preview ?? row.preview,
    slug: values.slug ?? row.slug,
    notification_title: values['notification.title'] ?? row.notification_title,
    notification_body: values['notification.body'] ?? row.notification_body,
  };
}

export type IssueChanges = ReturnType<typeof issueChanges>;

/**
 * One issue being edited live (docs/decisions/0010), in plain TypeScript so it can be tested
 * without a page. The server orders every change; this keeps what the editor shows in step with it
 * and never loses a keystroke:
 * - a text field keeps the last value the server confirmed and what is shown; a local change is
 *   sent (at most every constants.issues.liveSendMs) with the confirmed value it was made from,
 *   and the server merges it with what others stored meanwhile. What arrives from others while
 *   local typing is unsent is merged into it the same way (core/shared/text-merge.ts).
 * - channel changes are operations, shown at once and sent in order; the shown channels are the
 *   server's last channels with the unanswered operations replayed on top, so concurrent moves
 *   all apply.
 */
import type { Socket } from 'socket.io-client';
import { constants } from '../../../../core/shared/config';
import { mergeText } from '../../../../core/shared/text-merge';
import type { Story } from '../../../stories/client/public';
import { applyChannelOp, issueFields, type ChannelOp, type IssueChannel, type IssueField } from '../../rules';
import type { Issue } from '../issue-api';

/** Someone in the issue, and the field they are in. */
export interface Collaborator {
  socketId: string;
  _id: string;
  name: string;
  image: string;
  field: string | null;
}

export interface LiveProblem {
  field: IssueField | 'channels';
  message: string;
}

export interface LiveState {
  issue: Issue;
  stories: ReadonlyMap<string, Story>;
  /** The others in the issue (this console not included). */
  collaborators: Collaborator[];
  /** Local changes the server has not confirmed yet. */
  unsaved: boolean;
  savedAt: Date;
  problems: LiveProblem[];
  /** Channel ids with a story being created (the spec's null entry). */
  creating: ReadonlyMap<string, number>;
  /** The issue was deleted by someone else. */
  deleted: boolean;
}

type Answer =
  | { ok: true; fields?: Record<string, unknown>; channelsNew?: IssueChannel[]; version?: number; updatedAt?: string; issue?: Issue }
  | {
      ok: false;
      status?: number;
      msg?: string;
      details?: { message: string; path: string }[];
    };

interface Pending {
  op: ChannelOp;
  opId: string;
}

/** A field's value in the issue ('notification.title' reaches inside). */
export function fieldOf(issue: Issue, field: IssueField): unknown {
  switch (field) {
    case 'intro':
      return issue.intro.html;
    case 'notification.title':
      return issue.notification.title;
    case 'notification.body':
      return issue.notification.body;
    default:
      return issue[field];
  }
}

function withField(issue: Issue, field: IssueField, value: unknown): Issue {
  switch (field) {
    case 'intro':
      return { ...issue, intro: { ...issue.intro, html: value as string } };
    case 'notification.title':
      return { ...issue, notification: { ...issue.notification, title: value as string } };
    case 'notification.body':
      return { ...issue, notification: { ...issue.notification, body: value as string } };
    default:
      return { ...issue, [field]: value };
  }
}

let counter = 0;
const newOpId = () => `${Date.now().toString(36)}-${(counter++).toString(36)}`;

export class LiveIssue {
  private confirmed: Issue;
  private shown: Issue;
  private confirmedChannels: IssueChannel[];
  private pending: Pending[] = [];
  private inflight = new Map<IssueField, { value: unknown; opId: string }>();
  private timers = new Map<IssueField, ReturnType<typeof setTimeout>>();
  private listeners = new Set<() => void>();
  private state: LiveState;
  private joined = false;
  /**
   * The issue's version at which each field (and 'channels') was last confirmed. Answers and
   * events can cross (the server tells the room before it answers the sender), so an older value
   * never replaces a newer one.
   */
  private versions = new Map<string, number>();
  private readonly room: string;

  constructor(
    issue: Issue,
    stories: Story[],
    private readonly socket: Socket,
  ) {
    this.confirmed = issue;
    this.shown = issue;
    this.confirmedChannels = issue.channelsNew;
    this.room = `issue-${issue._id}`;
    this.state = {
      issue,
      stories: new Map(stories.map((story) => [story._id, story])),
      collaborators: [],
      unsaved: false,
      savedAt: new Date(issue.updatedAt),
      problems: [],
      creating: new Map(),
      deleted: false,
    };
    socket.on(this.room, this.onEvent);
    socket.on('authenticated', this.join);
    if (socket.connected) this.join();
  }

  get current(): LiveState {
    return this.state;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The value shown for a field. */
  value(field: IssueField): unknown {
    return fieldOf(this.shown, field);
  }

  /**
   * A local change of a field. `from` is the value the change was made on, when it is not what is
   * shown now (a rich-text editor that has not shown the latest merge yet): the change is then
   * merged into what is shown rather than replacing it.
   */
  edit(field: IssueField, value: unknown, from: unknown = this.value(field)): void {
    const shown = this.value(field);
    const next = from === shown || typeof value !== 'string' ? value : mergeText(from as string, shown as string, value);
    this.shown = withField(this.shown, field, next);
    this.dropProblem(field);
    this.schedule(field);
    this.publish();
  }

  /** Where this console's user is (a field name, or null), for the others' markers. */
  focus(field: string | null): void {
    this.socket.emit('issue-presence', { issueId: this.confirmed._id, field });
  }

  /** Applies a change of the channels at once and sends it. */
  channelOp(op: ChannelOp): boolean {
    const result = applyChannelOp(this.shownChannels(), op);
    if (!result.ok) {
      this.problem({ field: 'channels', message: result.message });
      return false;
    }
    const pending = { op, opId: newOpId() };
    this.pending.push(pending);
    this.publish();
    void this.send({ type: 'channels-update', op }, pending.opId).then((answer) => {
      if (!answer.ok) {
        this.pending = this.pending.filter((other) => other !== pending);
        this.problem({ field: 'channels', message: answer.msg ?? 'Error!' });
      } else if (answer.channelsNew) this.settleChannels(answer.channelsNew, pending.opId, answer.version);
      this.publish();
    });
    return true;
  }

  /** Marks a story being created in a channel (the spec's null entry) until `done` is called. */
  creatingIn(channelId: string): () => void {
    const creating = new Map(this.state.creating);
    creating.set(channelId, (creating.get(channelId) ?? 0) + 1);
    this.state = { ...this.state, creating };
    this.emit();
    return () => {
      const after = new Map(this.state.creating);
      const left = (after.get(channelId) ?? 1) - 1;
      if (left > 0) after.set(channelId, left);
      else after.delete(channelId);
      this.state = { ...this.state, creating: after };
      this.emit();
    };
  }

  /** A story just created (POST /stories/create) goes into a channel. */
  addStory(story: Story, channelId: string, afterId: string | null): void {
    this.state = { ...this.state, stories: new Map(this.state.stories).set(story._id, story) };
    this.channelOp({ kind: 'add-story', storyId: story._id, channelId, afterId });
  }

  /**
   * A publication moved on (a test, a schedule, the send, a cancel): its status and dates come from
   * the server as they are, the fields being edited stay as they are. Other events of the room
   * ('delivery-progress') are the publish page's.
   */
  applyPublication(issue: Issue): void {
    const { status, mediums, publishedAt, plannedAt, notifiedAt, emailedAt } = issue;
    const publication = { status, mediums, publishedAt, plannedAt, notifiedAt, emailedAt };
    this.confirmed = { ...this.confirmed, ...publication };
    this.shown = { ...this.shown, ...publication };
    this.publish();
  }

  /** Sends every waiting change now (the page is being left). */
  flush(): void {
    for (const [field, timer] of this.timers) {
      clearTimeout(timer);
      this.timers.delete(field);
      void this.sendField(field);
    }
  }

  dispose(): void {
    this.flush();
    this.socket.off(this.room, this.onEvent);
    this.socket.off('authenticated', this.join);
    if (this.joined) this.socket.emit('issue-leave', { issueId: this.confirmed._id });
    this.listeners.clear();
  }

  /** Joins the issue's room; after a reconnection, catches up with what changed meanwhile and sends what was not confirmed. */
  private join = () => {
    void (this.socket.timeout(constants.issues.answerTimeoutMs).emitWithAck('issue-join', { issueId: this.confirmed._id }) as Promise<Answer>).then(
      (answer) => {
        if (!answer.ok || !answer.issue) return;
        const rejoined = this.joined;
        this.joined = true;
        if (!rejoined) return;
        const fresh = answer.issue;
        for (const field of issueFields) this.remoteField(field, fieldOf(fresh, field), fresh.version, true);
        this.confirmed = { ...this.confirmed, status: fresh.status, version: fresh.version, updatedAt: fresh.updatedAt };
        this.confirmedChannels = fresh.channelsNew;
        // Unanswered changes may have been lost with the connection: send them again (a change applies once).
        this.inflight.clear();
        for (const field of issueFields) if (this.value(field) !== fieldOf(this.confirmed, field)) this.schedule(field);
        const resend = this.pending;
        this.pending = [];
        for (const pending of resend) this.channelOp(pending.op);
        this.publish();
      },
      () => undefined,
    );
  };

  private onEvent = (event: Record<string, unknown>) => {
    const mine = event.socketId === this.socket.id;
    switch (event.type) {
      case 'presence':
        this.state = { ...this.state, collaborators: ((event.users as Collaborator[]) ?? []).filter((user) => user.socketId !== this.socket.id) };
        this.emit();
        return;
      case 'issue-update': {
        if (!mine)
          for (const [field, value] of Object.entries((event.fields as Record<string, unknown>) ?? {}))
            this.remoteField(field as IssueField, value, event.version as number | undefined);
        if (event.status) this.confirmed = { ...this.confirmed, status: event.status as Issue['status'] };
        this.saved(event);
        this.publish();
        return;
      }
      case 'issue-status':
        this.applyPublication(event.issue as Issue);
        return;
      case 'issue-delete':
        this.state = { ...this.state, deleted: true };
        this.emit();
        return;
      case 'story-create':
      case 'story-delete':
      case 'channels-update':
      case 'channel-delete': {
        const story = event.story as Story | undefined;
        if (story) this.state = { ...this.state, stories: new Map(this.state.stories).set(story._id, story) };
        this.settleChannels(event.channelsNew as IssueChannel[], mine ? (event.opId as string | undefined) : undefined, event.version as number | undefined);
        this.saved(event);
        this.publish();
        return;
      }
    }
  };

  /** Someone else's value of a field arrived (or, after a reconnection, the stored one). */
  /** Whether a value confirmed at `version` is newer than what is known of `key`; it is then remembered as known. */
  private newer(key: string, version: number | undefined): boolean {
    if (version === undefined) return true;
    if (version < (this.versions.get(key) ?? 0)) return false;
    this.versions.set(key, version);
    return true;
  }

  private remoteField(field: IssueField, value: unknown, version: number | undefined, force = false) {
    if (!issueFields.includes(field) || !this.newer(field, version)) return;
    const before = fieldOf(this.confirmed, field);
    this.confirmed = withField(this.confirmed, field, value);
    // While a change of ours is on its way, its answer brings the merge.
    if (this.inflight.has(field) && !force) return;
    const shown = this.value(field);
    const next = shown === before || typeof value !== 'string' ? value : mergeText(before as string, value, shown as string);
    this.shown = withField(this.shown, field, next);
    if (next !== value) this.schedule(field);
  }

  private settleChannels(channels: IssueChannel[], opId: string | undefined, version: number | undefined) {
    if (this.newer('channels', version)) this.confirmedChannels = channels;
    if (opId) {
      const index = this.pending.findIndex((pending) => pending.opId === opId);
      // The server applies our changes in order: the ones before it are settled too.
      if (index >= 0) this.pending = this.pending.slice(index + 1);
    }
  }

  private shownChannels(): IssueChannel[] {
    let channels = this.confirmedChannels;
    for (const { op } of this.pending) {
      const result = applyChannelOp(channels, op);
      if (result.ok) channels = result.channels;
    }
    return channels;
  }

  private schedule(field: IssueField) {
    if (this.timers.has(field)) return;
    this.timers.set(
      field,
      setTimeout(() => {
        this.timers.delete(field);
        void this.sendField(field);
      }, constants.issues.liveSendMs),
    );
  }

  private async sendField(field: IssueField): Promise<void> {
    const value = this.value(field);
    const base = fieldOf(this.confirmed, field);
    if (this.inflight.has(field) || value === base) return;
    const opId = newOpId();
    this.inflight.set(field, { value, opId });
    this.publish();
    const answer = await this.send({ type: 'issue-update', field, base, value }, opId);
    if (this.inflight.get(field)?.opId !== opId) return;
    this.inflight.delete(field);
    if (answer.ok) {
      const fields = answer.fields ?? {};
      // Someone's change stored after ours may have arrived first: it holds ours already.
      const stored = field in fields && this.newer(field, answer.version) ? fields[field] : fieldOf(this.confirmed, field);
      this.confirmed = withField(this.confirmed, field, stored);
      const shown = this.value(field);
      // Typed on while the change travelled: that typing goes on top of the stored value.
      const next = shown === value || typeof stored !== 'string' ? stored : mergeText(value as string, stored, shown as string);
      this.shown = withField(this.shown, field, next);
      for (const [other, otherValue] of Object.entries(fields)) if (other !== field) this.remoteField(other as IssueField, otherValue, answer.version);
      this.saved(answer);
      if (next !== stored) this.schedule(field);
    } else {
      const message = answer.details?.[0]?.message ?? answer.msg ?? 'Error!';
      this.problem({ field, message });
      // A refusal stays until the field changes; a lost connection is tried again.
      if (!answer.status || answer.status >= 500) setTimeout(() => this.schedule(field), constants.stories.retryMs);
    }
    this.publish();
  }

  private async send(message: Record<string, unknown>, opId: string): Promise<Answer> {
    try {
      return (await this.socket.timeout(constants.issues.answerTimeoutMs).emitWithAck('issue', { ...message, issueId: this.confirmed._id, opId })) as Answer;
    } catch {
      return { ok: false, msg: 'Not Saved' };
    }
  }

  private saved(event: Record<string, unknown>) {
    if (typeof event.version === 'number' && event.version > this.confirmed.version)
      this.confirmed = { ...this.confirmed, version: event.version, updatedAt: String(event.updatedAt ?? this.confirmed.updatedAt) };
    this.state = { ...this.state, savedAt: new Date(typeof event.updatedAt === 'string' ? event.updatedAt : Date.now()) };
  }

  private problem(problem: LiveProblem) {
    this.state = { ...this.state, problems: [...this.state.problems.filter((other) => other.field !== problem.field), problem] };
  }

  private dropProblem(field: IssueField | 'channels') {
    if (this.state.problems.some((problem) => problem.field === field))
      this.state = { ...this.state, problems: this.state.problems.filter((problem) => problem.field !== field) };
  }

  /** Recomputes what is shown and tells the page. */
  private publish() {
    const channels = this.shownChannels();
    const unsaved = this.pending.length > 0 || this.inflight.size > 0 || issueFields.some((field) => this.value(field) !== fieldOf(this.confirmed, field));
    this.state = { ...this.state, issue: { ...this.shown, status: this.confirmed.status, version: this.confirmed.version, channelsNew: channels }, unsaved };
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

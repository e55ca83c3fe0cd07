/**
 * One issue being edited live (docs/decisions/0010 and 0022), in plain TypeScript so it can be
 * tested without a page. It never loses a keystroke and never changes what was typed:
 * - the plain-text fields are Y.Texts of the issue's shared document: typing changes this
 *   console's copy at once, the change goes to the server (one message in flight, the rest merged
 *   behind it), and others' changes merge in whatever order they arrive. Undo undoes only this
 *   console's typing.
 * - the intro has one writer at a time: this console writes it after the server gave it the
 *   intro ('issue-claim'), sends its whole value, and gives it back only once all is confirmed.
 * - the other fields are last writer wins, sent at once, one change of a field on its way at a
 *   time (what changes meanwhile goes when its answer is in).
 * - channel changes are operations, shown at once and sent in order; the shown channels are the
 *   server's last channels with the unanswered operations replayed on top, so concurrent moves
 *   all apply.
 */
import type { Socket } from 'socket.io-client';
import * as Y from 'yjs';
import { constants } from '../../../../core/shared/config';
import type { Story } from '../../../stories/client/public';
import { mergeText } from '../../../../core/shared/text-merge';
import { isEmptyUpdate, readMessage, setText, spliceOf, step1Message, textOf, updateMessage } from '../../issue-doc';
import {
  applyChannelOp,
  docChangeTooLarge,
  isDocField,
  issueDocFields,
  issueFields,
  type ChannelOp,
  type IssueChannel,
  type IssueDocField,
  type IssueField,
} from '../../rules';
import type { Issue } from '../issue-api';
import { ask, listen, send } from '../../../../core/shared/events';
import type { IssueChangeEvent } from '../../../../schemas/generated/api/issue-change-event';
import { issueDocRoom, issueEvents, issueRoom, type Collaborator, type IssueDocMessage, type IssueRoomMessage } from '../../events';

export type { Collaborator };

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
  /** The shared document has arrived: the plain-text fields can be typed in. */
  ready: boolean;
  /** This console writes the intro. */
  writingIntro: boolean;
  /** Someone else writes the intro. */
  introWriter: Collaborator | null;
}

type Answer =
  | {
      ok: true;
      fields?: Record<string, unknown>;
      channelsNew?: IssueChannel[];
      version?: number;
      updatedAt?: string;
      issue?: Issue;
      messages?: string[];
      problems?: LiveProblem[];
    }
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

/** The origin of this console's typing in the shared document (what its undo follows). */
const typing = Symbol('typing');
/** The origin of what arrived from the server. */
const remote = Symbol('remote');

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
  /** The issue's shared document as this console has it (a new one when the server refused this console's typing). */
  private ydoc = new Y.Doc();
  private undoManagers = new Map<IssueDocField, Y.UndoManager>();
  /** Typing done before the document arrived: the value it was typed on, and what it made. */
  private early = new Map<IssueDocField, { from: string; value: string }>();
  /** This console's typing not yet sent, and the update on its way. */
  private unsent: Uint8Array[] = [];
  private sending: Uint8Array | null = null;
  /**
   * The server refused this console's typing: this copy holds what the stored document does not,
   * until the server's copy is read anew (`syncDoc`). Others' updates heard meanwhile go into that one too.
   */
  private stale: { heard: Uint8Array[] } | null = null;
  /** The server refused this console's typing, and then what it lacked, sent again: the copy is read anew. */
  private refused = false;
  private disposed = false;
  /** The question for the intro on its way. */
  private claiming: Promise<boolean> | null = null;
  /** Those who asked when everything of the intro is confirmed. */
  private introSettled: (() => void)[] = [];
  /**
   * The issue's version at which each field (and 'channels') was last confirmed. Answers and
   * events can cross (the server tells the room before it answers the sender), so an older value
   * never replaces a newer one.
   */
  private versions = new Map<string, number>();
  /** Stop hearing the issue's room. */
  private readonly stopListening: (() => void)[];

  constructor(
    issue: Issue,
    stories: Story[],
    private readonly socket: Socket,
  ) {
    this.confirmed = issue;
    this.shown = issue;
    this.confirmedChannels = issue.channelsNew;
    this.state = {
      issue,
      stories: new Map(stories.map((story) => [story._id, story])),
      collaborators: [],
      unsaved: false,
      savedAt: new Date(issue.updatedAt),
      problems: [],
      creating: new Map(),
      deleted: false,
      ready: false,
      writingIntro: false,
      introWriter: null,
    };
    this.watchDoc();
    this.stopListening = [listen(socket, issueRoom, issue._id, this.onEvent), listen(socket, issueDocRoom, issue._id, this.onDocEvent)];
    socket.on('authenticated', this.join);
    if (socket.connected) this.join();
  }

  get current(): LiveState {
    return this.state;
  }

  /** The issue's shared document as this console has it now (read it anew each time: a refusal replaces it). */
  get doc(): Y.Doc {
    return this.ydoc;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The value shown for a field. */
  value(field: IssueField): unknown {
    return fieldOf(this.shown, field);
  }

  /** A plain-text field's text in the shared document. */
  text(field: IssueDocField): Y.Text {
    return textOf(this.doc, field);
  }

  /**
   * Someone typed in a plain-text field, which now reads `value` with the caret at `caret`: the
   * change goes into the shared document as the run of letters it was.
   */
  type(field: IssueDocField, value: string, caret: number = value.length): void {
    // Until the document has arrived (a few milliseconds after the page opens), typing is kept
    // aside: into the empty copy it would repeat the text. It goes in as a save would, once the document is here.
    if (!this.state.ready) {
      this.early.set(field, { from: this.early.get(field)?.from ?? String(this.value(field)), value });
      this.shown = withField(this.shown, field, value);
      this.dropProblem(field);
      this.publish();
      return;
    }
    const text = this.text(field);
    const { at, remove, insert } = spliceOf(text.toString(), value, caret);
    if (remove === 0 && insert === '') return;
    // The server would refuse it, and this copy would then hold what the others' do not.
    if (value.length > constants.issues.docFieldMaxChars) {
      this.problem({ field, message: docChangeTooLarge });
      this.publish();
      return;
    }
    this.doc.transact(() => {
      if (remove > 0) text.delete(at, remove);
      if (insert) text.insert(at, insert);
    }, typing);
    this.dropProblem(field);
    this.publish();
  }

  /** Undoes (or redoes) this console's last typing in a field; others' typing stays. */
  undo(field: IssueDocField, redo = false): void {
    const manager = this.undoManagers.get(field)!;
    if (redo) manager.redo();
    else manager.undo();
  }

  /** A local change of a field that is not a plain-text one (the intro, the image, premium, the episode). */
  edit(field: IssueField, value: unknown): void {
    if (isDocField(field)) {
      this.type(field, String(value));
      return;
    }
    this.shown = withField(this.shown, field, value);
    this.dropProblem(field);
    this.schedule(field);
    this.publish();
  }

  /** The field this console's user is in, as last told to the others. */
  private focused: string | null = null;

  /** Where this console's user is (a field name, or null), for the others' markers. */
  focus(field: string | null): void {
    this.focused = field;
    send(this.socket, issueEvents.presence, { issueId: this.confirmed._id, field });
  }

  /**
   * The user left `field`. A click from one field into another tells the new one first (the
   * intro says so at the pointer's press, before the field it leaves loses the focus): only the
   * field the others still see is taken back, so the intro's wait is never hidden from its writer.
   */
  blur(field: string): void {
    if (this.focused === field) this.focus(null);
  }

  /**
   * Asks the server for the intro; true once this console writes it. What is written meanwhile
   * waits for the answer; when someone else got it first, that writing gives way to theirs.
   */
  claimIntro(): Promise<boolean> {
    if (this.state.writingIntro) return Promise.resolve(true);
    this.claiming ??= (async () => {
      let answer: Answer;
      try {
        answer = (await ask(this.socket, issueEvents.claim, { issueId: this.confirmed._id }, constants.issues.answerTimeoutMs)) as Answer;
      } catch {
        answer = { ok: false };
      }
      this.claiming = null;
      if (answer.ok) {
        this.state = { ...this.state, writingIntro: true, introWriter: null };
        if (this.value('intro') !== fieldOf(this.confirmed, 'intro')) this.schedule('intro');
      } else {
        this.shown = withField(this.shown, 'intro', fieldOf(this.confirmed, 'intro'));
        if (answer.msg) this.problem({ field: 'intro', message: answer.msg });
      }
      this.publish();
      return answer.ok;
    })();
    return this.claiming;
  }

  /** Gives the intro back once everything written in it is confirmed, so that nothing of it can be refused. */
  async releaseIntro(): Promise<void> {
    if (!this.state.writingIntro) return;
    this.flush();
    if (this.timers.has('intro') || this.inflight.has('intro')) await new Promise<void>((resolve) => this.introSettled.push(resolve));
    if (!this.state.writingIntro) return;
    this.state = { ...this.state, writingIntro: false };
    send(this.socket, issueEvents.release, { issueId: this.confirmed._id });
    this.emit();
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
    void this.sendChange({ type: 'channels-update', op }, pending.opId).then((answer) => {
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
    this.sendDoc(true);
  }

  dispose(): void {
    this.disposed = true;
    this.flush();
    void this.releaseIntro();
    for (const stop of this.stopListening) stop();
    this.socket.off('authenticated', this.join);
    if (this.joined) send(this.socket, issueEvents.leave, { issueId: this.confirmed._id });
    for (const manager of this.undoManagers.values()) manager.destroy();
    this.listeners.clear();
  }

  /** Joins the issue's room, then brings the shared document in step; after a reconnection, also sends what was not confirmed. */
  private join = () => {
    // The server gave the intro up with the old connection.
    if (this.state.writingIntro) this.state = { ...this.state, writingIntro: false };
    void (ask(this.socket, issueEvents.join, { issueId: this.confirmed._id }, constants.issues.answerTimeoutMs) as Promise<Answer>).then(
      async (answer) => {
        if (!answer.ok || !answer.issue) return;
        const rejoined = this.joined;
        this.joined = true;
        await this.syncDoc();
        if (!rejoined) return;
        const fresh = answer.issue;
        for (const field of issueFields) if (!isDocField(field)) this.remoteField(field, fieldOf(fresh, field), fresh.version, true);
        this.confirmed = { ...this.confirmed, status: fresh.status, version: fresh.version, updatedAt: fresh.updatedAt };
        this.confirmedChannels = fresh.channelsNew;
        // Unanswered changes may have been lost with the connection: send them again (a change applies once).
        this.inflight.clear();
        for (const field of issueFields) if (!isDocField(field) && this.value(field) !== fieldOf(this.confirmed, field)) this.schedule(field);
        const resend = this.pending;
        this.pending = [];
        for (const pending of resend) this.channelOp(pending.op);
        this.publish();
      },
      () => undefined,
    );
  };

  /** Each field's undo follows this console's typing in the document it has, from the start. */
  private watchDoc() {
    for (const manager of this.undoManagers.values()) manager.destroy();
    for (const field of issueDocFields)
      this.undoManagers.set(field, new Y.UndoManager(this.text(field), { trackedOrigins: new Set([typing]), captureTimeout: constants.issues.undoCaptureMs }));
    this.ydoc.on('update', this.onDocUpdate);
  }

  /**
   * Tells the server what this console's document has; takes what the server has beyond it, and
   * sends what the server lacks (typing while the connection was down, or an update lost with it).
   * After a refusal (`stale`), the server's whole copy is read into a new document instead: a Y.Doc
   * cannot take back what it holds, and sending it again would be refused again.
   */
  private async syncDoc(): Promise<void> {
    const stale = this.stale;
    const doc = stale ? new Y.Doc() : this.doc;
    let answer: Answer;
    try {
      answer = (await ask(
        this.socket,
        issueEvents.doc,
        { issueId: this.confirmed._id, message: step1Message(doc) },
        constants.issues.answerTimeoutMs,
      )) as Answer;
    } catch {
      answer = { ok: false };
    }
    if (!answer.ok) {
      // No answer after a refusal (typing waits meanwhile): tried again a little later, and on every
      // reconnection, until the copies are in step.
      const refused = this.refused;
      if ((stale || refused) && !answer.status && !this.disposed)
        setTimeout(() => {
          if (this.stale === stale && this.refused === refused && !this.disposed && !this.state.deleted) void this.syncDoc();
        }, constants.stories.retryMs);
      return;
    }
    if (stale && this.stale !== stale) return;
    for (const text of answer.messages ?? []) {
      const message = readMessage(text, Number.MAX_SAFE_INTEGER);
      if (message?.kind === 'update') Y.applyUpdate(doc, message.update, remote);
      else if (message?.kind === 'step1' && !stale) {
        const missing = Y.encodeStateAsUpdate(this.doc, message.stateVector);
        // Everything the server lacks is in this one update: what waited to be sent is in it.
        this.unsent = isEmptyUpdate(missing) ? [] : [missing];
        this.sending = null;
        // The copies are in step: a refusal before this one is settled.
        if (this.unsent.length === 0) this.refused = false;
      }
    }
    if (stale) {
      // What others typed while the copy was on its way (their updates apply once).
      for (const update of stale.heard) Y.applyUpdate(doc, update, remote);
      this.stale = null;
      this.ydoc.off('update', this.onDocUpdate);
      this.ydoc = doc;
      this.watchDoc();
      this.unsent = [];
      this.sending = null;
    }
    this.state = { ...this.state, ready: true };
    // What was typed before the document arrived, merged with what the document holds now.
    for (const [field, { from, value }] of this.early) {
      const text = this.text(field);
      this.doc.transact(() => setText(text, mergeText(from, text.toString(), value)), typing);
    }
    this.early.clear();
    this.showDoc();
    this.sendDoc();
    this.publish();
  }

  /**
   * The server refused this console's typing. It may lack what the typing builds on (an update lost
   * with a connection): the console first brings the copies in step, sending what the server lacks.
   * If that is refused too (the issue is being sent, the document is as large as it may be), the
   * fields it changed get the refusal and the console reads the server's copy anew, which holds
   * everything anyone else typed; typing meanwhile waits, as it does before the document first
   * arrives, and goes in on top of that copy.
   */
  private refusedDoc(answer: Answer & { ok: false }) {
    this.unsent = [];
    this.sending = null;
    if (this.stale) return;
    if (!this.refused) {
      this.refused = true;
      // Nothing more goes until the copies are in step (what is typed meanwhile goes with what the server lacks).
      this.sending = new Uint8Array();
      void this.syncDoc();
      return;
    }
    this.refused = false;
    const message = answer.details?.[0]?.message ?? answer.msg ?? 'Error!';
    const differing = issueDocFields.filter((field) => this.text(field).toString() !== fieldOf(this.confirmed, field));
    for (const field of differing.length > 0 ? differing : (['subject'] as const)) this.problem({ field, message });
    this.stale = { heard: [] };
    this.state = { ...this.state, ready: false };
    void this.syncDoc();
  }

  private onDocUpdate = (update: Uint8Array, origin: unknown) => {
    if (origin === typing || origin instanceof Y.UndoManager) {
      this.unsent.push(update);
      this.sendDoc();
    }
    this.showDoc();
    this.publish();
  };

  /** The plain-text fields shown are what the document reads (once it has arrived). */
  private showDoc() {
    if (!this.state.ready) return;
    for (const field of issueDocFields) {
      const value = this.text(field).toString();
      if (fieldOf(this.shown, field) !== value) this.shown = withField(this.shown, field, value);
    }
  }

  /**
   * Sends this console's typing: one update on its way at a time, what is typed meanwhile merged
   * behind it. When the page is being left (`now`), what waits goes at once beside it (an update
   * that arrives twice applies once).
   */
  private sendDoc(now = false) {
    if (this.sending && now && this.unsent.length > 0 && this.state.ready) {
      const update = Y.mergeUpdates(this.unsent);
      this.unsent = [];
      void this.sendUpdate(updateMessage(update)).then((answer) => {
        if (!answer.ok && answer.status) this.refusedDoc(answer);
        else if (!answer.ok && !this.stale) this.unsent.unshift(update);
        this.publish();
      });
      return;
    }
    if (this.sending || this.unsent.length === 0 || !this.state.ready) return;
    const update = this.unsent.length === 1 ? this.unsent[0]! : Y.mergeUpdates(this.unsent);
    this.unsent = [];
    this.sending = update;
    void this.sendUpdate(updateMessage(update)).then((answer) => {
      if (this.sending !== update) return;
      this.sending = null;
      if (answer.ok) {
        this.refused = false;
        this.saved(answer);
        const problems = this.state.problems.filter((problem) => !isDocField(problem.field));
        this.state = { ...this.state, problems: [...problems, ...(answer.problems ?? [])] };
      } else if (answer.status) {
        this.refusedDoc(answer);
        this.publish();
        return;
      } else {
        // The connection is down: the next sync sends what the server lacks.
        this.unsent.unshift(update);
        this.publish();
        return;
      }
      this.sendDoc();
      this.publish();
    });
  }

  /** Someone's typing in the issue's document (on 'issue-doc', beside the spec's events). */
  private onDocEvent = (event: IssueDocMessage) => {
    if (event.issue._id !== this.confirmed._id || event.socketId === this.socket.id) return;
    const message = readMessage(event.message, Number.MAX_SAFE_INTEGER);
    if (message?.kind !== 'update') return;
    Y.applyUpdate(this.doc, message.update, remote);
    this.stale?.heard.push(message.update);
  };

  private onEvent = (event: IssueRoomMessage) => {
    const mine = 'socketId' in event && event.socketId === this.socket.id;
    switch (event.type) {
      case 'presence': {
        const collaborators = event.users.filter((user) => user.socketId !== this.socket.id);
        this.state = { ...this.state, collaborators, introWriter: collaborators.find((user) => user.writing) ?? null };
        this.emit();
        return;
      }
      case 'issue-update': {
        for (const [field, value] of Object.entries(event.fields)) {
          // A plain-text field's text comes with the document; this is what the issue keeps of it.
          if (isDocField(field)) this.confirmed = withField(this.confirmed, field, value);
          else if (!mine) this.remoteField(field as IssueField, value, event.version);
        }
        if (event.status) this.confirmed = { ...this.confirmed, status: event.status };
        this.saved(event);
        this.publish();
        return;
      }
      case 'issue-status':
        this.applyPublication(event.issue);
        return;
      case 'issue-delete':
        this.state = { ...this.state, deleted: true };
        this.emit();
        return;
      case 'story-create':
      case 'story-delete':
      case 'channels-update':
      case 'channel-delete': {
        const { story } = event;
        if (story) this.state = { ...this.state, stories: new Map(this.state.stories).set(story._id, story) };
        this.settleChannels(event.channelsNew, mine ? event.opId : undefined, event.version);
        this.saved(event);
        this.publish();
        return;
      }
    }
  };

  /** Whether a value confirmed at `version` is newer than what is known of `key`; it is then remembered as known. */
  private newer(key: string, version: number | undefined): boolean {
    if (version === undefined) return true;
    if (version < (this.versions.get(key) ?? 0)) return false;
    this.versions.set(key, version);
    return true;
  }

  /** Someone else's value of a field (not a plain-text one) arrived, or, after a reconnection, the stored one. */
  private remoteField(field: IssueField, value: unknown, version: number | undefined, force = false) {
    if (!issueFields.includes(field) || !this.newer(field, version)) return;
    const before = fieldOf(this.confirmed, field);
    this.confirmed = withField(this.confirmed, field, value);
    // While a change of ours is on its way, or this console writes the intro, ours stands.
    if ((this.inflight.has(field) && !force) || (field === 'intro' && this.state.writingIntro)) return;
    // A value changed here and not sent yet is newer than the one that arrived.
    if (this.value(field) !== before && this.timers.has(field)) return;
    this.shown = withField(this.shown, field, value);
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
      }),
    );
  }

  private async sendField(field: IssueField): Promise<void> {
    const value = this.value(field);
    // The intro written while this console asks for it goes once the answer is in.
    if (this.inflight.has(field) || (field === 'intro' && this.claiming)) return;
    if (value === fieldOf(this.confirmed, field)) {
      this.settleIntro(field);
      return;
    }
    const opId = newOpId();
    this.inflight.set(field, { value, opId });
    this.publish();
    const answer = await this.sendChange({ type: 'issue-update', field, value }, opId);
    if (this.inflight.get(field)?.opId !== opId) return;
    this.inflight.delete(field);
    if (answer.ok) {
      const fields = answer.fields ?? {};
      // The stored value (the intro sanitized); someone's change stored after ours may have arrived first.
      const stored = field in fields && this.newer(field, answer.version) ? fields[field] : fieldOf(this.confirmed, field);
      this.confirmed = withField(this.confirmed, field, stored);
      // Changed again while the change travelled: that value is sent next.
      if (this.value(field) === value) this.shown = withField(this.shown, field, stored);
      else this.schedule(field);
      for (const [other, otherValue] of Object.entries(fields))
        if (other !== field && !isDocField(other)) this.remoteField(other as IssueField, otherValue, answer.version);
      this.saved(answer);
    } else {
      const message = answer.details?.[0]?.message ?? answer.msg ?? 'Error!';
      this.problem({ field, message });
      // A refusal stays until the field changes; a lost connection is tried again.
      if (!answer.status || answer.status >= 500) setTimeout(() => this.schedule(field), constants.stories.retryMs);
    }
    this.settleIntro(field);
    this.publish();
  }

  /** Tells who waits for the intro to be confirmed, once nothing of it is waiting or travelling. */
  private settleIntro(field: IssueField) {
    if (field !== 'intro' || this.timers.has('intro') || this.inflight.has('intro')) return;
    const waiting = this.introSettled;
    this.introSettled = [];
    for (const resolve of waiting) resolve();
  }

  /** Sends a change of the issue ('issue'), answering the server's answer, or 'Not Saved' when none comes. */
  private sendChange(message: Omit<IssueChangeEvent, 'issueId' | 'opId'>, opId: string): Promise<Answer> {
    return this.answerOf(ask(this.socket, issueEvents.change, { ...message, issueId: this.confirmed._id, opId }, constants.issues.answerTimeoutMs));
  }

  /** Sends an update of the issue's document ('issue-doc'). */
  private sendUpdate(message: string): Promise<Answer> {
    return this.answerOf(ask(this.socket, issueEvents.doc, { issueId: this.confirmed._id, opId: newOpId(), message }, constants.issues.answerTimeoutMs));
  }

  private async answerOf(asked: Promise<unknown>): Promise<Answer> {
    try {
      return (await asked) as Answer;
    } catch {
      return { ok: false, msg: 'Not Saved' };
    }
  }

  private saved(event: { version?: number; updatedAt?: string }) {
    if (event.version !== undefined && event.version > this.confirmed.version)
      this.confirmed = { ...this.confirmed, version: event.version, updatedAt: event.updatedAt ?? this.confirmed.updatedAt };
    this.state = { ...this.state, savedAt: event.updatedAt ? new Date(event.updatedAt) : new Date() };
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
    const unsaved =
      this.pending.length > 0 ||
      this.inflight.size > 0 ||
      this.sending !== null ||
      this.unsent.length > 0 ||
      this.early.size > 0 ||
      issueFields.some((field) => !isDocField(field) && this.value(field) !== fieldOf(this.confirmed, field));
    this.state = { ...this.state, issue: { ...this.shown, status: this.confirmed.status, version: this.confirmed.version, channelsNew: channels }, unsaved };
    this.emit();
  }

  private emit() {
    for (const listener of this.listeners) listener();
  }
}

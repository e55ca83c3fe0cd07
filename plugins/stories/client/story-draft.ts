/**
 * The story being edited, apart from React: the saved story, the local edit, autosave (spec 001
 * section 4, Story autosave), the copy kept in local storage, and what other sessions send.
 *
 * - `base` is the story's fields at `version`; a field differs from its base when it was edited
 *   and not saved yet. A save sends those fields with their base values, so the server merges a
 *   save made on an older version and refuses it (409) only where someone else changed the field.
 * - Only a draft is saved, 2 s after the last change; not while the body holds a pasted image
 *   that is still uploading, not when another session made the last change (that one saves it),
 *   not while required fields are missing ('Required: ...'), and not when nothing changed.
 * - A failed save keeps the edit, reads 'Not Saved' and is tried again; every edit is also kept
 *   in local storage until it is saved, so closing the tab, even during a save, loses nothing.
 */
import { HTTPError } from 'ky';
import { describeError } from '../../../core/client/errors';
import { hasPendingEmbed } from '../../../core/shared/embeds';
import { constants } from '../../../core/shared/config';
import { htmlToText } from '../../../core/shared/text';
import { missingFields, storyFieldNames, withoutMarker } from '../rules';
import type { Story, StoryFields } from './story-api';

/**
 * The fields a writer edits, all present. Whether the story is premium is not one of them: the
 * premium-story service sets it (the settings' premium switch), so no save can overwrite it.
 */
export interface DraftFields {
  title: string;
  subtitle: string;
  slug: string;
  image: string;
  body: string;
  tags: string[];
  interest: string | null;
  keywords: string[];
  writer: string | null;
  episode: string | null;
  notify: boolean;
}

export type FieldName = keyof DraftFields;
const fieldNames: readonly FieldName[] = storyFieldNames;

/** Field names as a person reads them, for conflict messages (in English: the editor shows them through `t`). */
export const fieldLabels: Record<FieldName, string> = {
  title: 'title',
  subtitle: 'subtitle',
  slug: 'slug',
  image: 'cover image',
  body: 'body',
  tags: 'tags',
  interest: 'interest',
  keywords: 'keywords',
  writer: 'pen name',
  episode: 'episode',
  notify: 'notification switch',
};

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/** A save that did not reach the server (it is tried again). */
export const offlineText = 'The server cannot be reached. Your changes are kept and will be saved when it is back.';

export interface DraftState {
  story: Story | null;
  type: Story['type'];
  newsletter: string;
  fields: DraftFields;
  /** Fields edited here or by another session and not saved yet. */
  edited: boolean;
  saveState: SaveState;
  /** Why the last save failed (shown beside 'Not Saved'). */
  saveError: string | null;
  /** 'Required: ...' texts while the story cannot be saved yet. */
  missing: string[];
  /**
   * Someone else changed what this session changed too: nothing is saved until it is resolved.
   * `origin` says where it was found (another session's save, an edit restored from an earlier
   * visit, or the server refusing a save with `message`); `message` is its English text.
   */
  conflict: { fields: FieldName[]; message: string; theirs: Story | null; origin: 'saved' | 'restored' | 'refused' } | null;
  /** The person whose change arrived last, while their session is the one to save it. */
  remoteEditor: string | null;
}

export interface DraftDeps {
  create(newsletter: string, type: Story['type'], fields: StoryFields): Promise<{ data: Story }>;
  save(id: string, version: number, fields: StoryFields, base: StoryFields): Promise<{ data: Story }>;
  /** Called once a new story exists (the address becomes /stories/edit/{id}). */
  onCreated?(story: Story): void;
  /** Sends this session's unsaved changes to the others (throttled by the caller). */
  broadcast?(fields: StoryFields): void;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  timers?: { set(run: () => void, ms: number): unknown; clear(handle: unknown): void };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function fieldsOf(story: Story): DraftFields {
  return {
    title: story.title,
    subtitle: story.subtitle,
    slug: story.slug ?? '',
    image: story.image,
    body: story.body.html,
    tags: story.tags,
    interest: story.interest,
    keywords: story.keywords,
    writer: story.writer?._id ?? null,
    episode: story.episode,
    notify: story.notify,
  };
}

/** What the API takes for some fields (the body as { html }, no empty slug). */
function apiFields(fields: Partial<DraftFields>): StoryFields {
  const out: StoryFields = {};
  for (const [name, value] of Object.entries(fields) as [FieldName, DraftFields[FieldName]][]) {
    if (name === 'body') out.body = { html: value as string };
    else if (name === 'slug') {
      if (value) out.slug = value as string;
    } else (out as Record<string, unknown>)[name] = value;
  }
  return out;
}

/**
 * An image pasted into the body is data until its upload finishes, and an embed is a placeholder
 * until its picture is made (spec 001 section 4): autosave waits for both.
 */
const holdsPendingMedia = (html: string) => /<img[^>]+src="(data:|blob:)/i.test(html) || hasPendingEmbed(html);

interface Backup {
  fields: Partial<DraftFields>;
  base: Partial<DraftFields>;
  version: number;
  at: string;
}

export class StoryDraft {
  private state: DraftState;
  private base: DraftFields;
  private version: number;
  private listeners = new Set<() => void>();
  private timer: unknown = null;
  private saving: Promise<void> | null = null;
  private lastEditorMine = true;
  private normalize: (html: string) => string = (html) => html;
  private readonly deps: DraftDeps;
  private backupKey: string;

  constructor(start: { story: Story } | { newsletter: string; type: Story['type']; fields: Partial<DraftFields> }, deps: DraftDeps) {
    this.deps = deps;
    const story = 'story' in start ? start.story : null;
    const fields = 'story' in start ? fieldsOf(start.story) : { ...emptyFields(), ...start.fields };
    this.base = { ...fields };
    this.version = story?.version ?? 0;
    this.backupKey = story
      ? `story-draft:${story._id}`
      : `story-draft:new:${'newsletter' in start ? start.newsletter : ''}:${'type' in start ? start.type : ''}`;
    this.state = {
      story,
      type: story?.type ?? (start as { type: Story['type'] }).type,
      newsletter: story?.newsletter ?? (start as { newsletter: string }).newsletter,
      fields,
      edited: false,
      saveState: story ? 'saved' : 'idle',
      saveError: null,
      missing: [],
      conflict: null,
      remoteEditor: null,
    };
    this.restoreBackup();
  }

  // --- reading ---------------------------------------------------------------------------

  get snapshot(): DraftState {
    return this.state;
  }

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Fields that differ from the saved story. */
  changedFields(): FieldName[] {
    return fieldNames.filter((name) => !same(this.state.fields[name], this.base[name]));
  }

  // --- changes -------------------------------------------------------------------------

  /** The writer changed something. */
  edit(patch: Partial<DraftFields>): void {
    this.lastEditorMine = true;
    this.set({ fields: { ...this.state.fields, ...patch }, remoteEditor: null });
    this.keepBackup();
    this.deps.broadcast?.(apiFields(patch));
    this.scheduleSave();
  }

  /** The editor writes HTML its own way: compare bodies in that form. */
  setNormalizer(normalize: (html: string) => string): void {
    this.normalize = normalize;
    const bodyUnchanged = this.state.fields.body === this.base.body;
    this.base = { ...this.base, body: normalize(this.base.body) };
    if (bodyUnchanged) this.set({ fields: { ...this.state.fields, body: this.base.body } });
    else this.refresh();
  }

  /** Another session's unsaved change: shown here, saved by that session. */
  applyRemoteEdit(fields: StoryFields, editor: string): Partial<DraftFields> {
    const patch: Partial<DraftFields> = {};
    for (const [name, value] of Object.entries(fields) as [FieldName, unknown][]) {
      if (!fieldNames.includes(name)) continue;
      patch[name] = (name === 'body' ? this.normalize((value as { html: string }).html) : name === 'slug' ? (value ?? '') : value) as never;
    }
    this.lastEditorMine = false;
    this.cancelTimer();
    this.set({ fields: { ...this.state.fields, ...patch }, remoteEditor: editor });
    return patch;
  }

  /**
   * The story as the server has it now (another session saved, or a status changed). Fields
   * this session did not change take the saved values; a field both changed differently is a
   * conflict. Answers the fields whose shown value changed (the body must be set in the editor).
   */
  applySaved(story: Story): Partial<DraftFields> {
    if (story.version < this.version) return {};
    const theirs = fieldsOf(story);
    theirs.body = this.normalize(theirs.body);
    const patch: Partial<DraftFields> = {};
    const clashes: FieldName[] = [];
    for (const name of fieldNames) {
      const mine = this.state.fields[name];
      const changedHere = !same(mine, this.base[name]);
      if (!changedHere || !this.lastEditorMine) {
        if (!same(mine, theirs[name])) patch[name] = theirs[name] as never;
      } else if (!same(theirs[name], this.base[name]) && !same(theirs[name], mine)) clashes.push(name);
    }
    this.base = { ...this.base, ...Object.fromEntries(fieldNames.filter((name) => !clashes.includes(name)).map((name) => [name, theirs[name]])) };
    this.version = story.version;
    const conflict =
      clashes.length > 0
        ? {
            fields: clashes,
            theirs: story,
            origin: 'saved' as const,
            message: `Someone else saved a different ${clashes.map((name) => fieldLabels[name]).join(', ')} while you were editing. Choose which version to keep.`,
          }
        : this.state.conflict;
    this.set({ story, fields: { ...this.state.fields, ...patch }, conflict, remoteEditor: this.lastEditorMine ? null : this.state.remoteEditor });
    this.keepBackup();
    return patch;
  }

  /**
   * Settles a conflict with the story as it is saved now (`latest`, fetched when the conflict
   * came from a refused save): keep this session's values (saved over theirs) or take theirs.
   */
  resolveConflict(keep: 'mine' | 'theirs', latest: Story | null = this.state.conflict?.theirs ?? null): Partial<DraftFields> {
    const conflict = this.state.conflict;
    if (!conflict || !latest) return {};
    const theirs = fieldsOf(latest);
    theirs.body = this.normalize(theirs.body);
    const patch: Partial<DraftFields> = {};
    // Every field now stands on the latest version; the ones in conflict keep the chosen value.
    for (const name of fieldNames) {
      const mine = this.state.fields[name];
      const changedHere = !same(mine, this.base[name]);
      if (conflict.fields.includes(name) ? keep === 'theirs' : !changedHere) {
        if (!same(mine, theirs[name])) patch[name] = theirs[name] as never;
      }
    }
    this.base = theirs;
    this.version = latest.version;
    this.lastEditorMine = true;
    this.set({ story: latest, conflict: null, saveState: 'idle', saveError: null, fields: { ...this.state.fields, ...patch } });
    this.keepBackup();
    if (keep === 'mine') this.scheduleSave(0);
    return patch;
  }

  // --- saving ----------------------------------------------------------------------------

  scheduleSave(delay = constants.stories.autosaveMs): void {
    this.cancelTimer();
    const timers = this.deps.timers ?? {
      set: (run: () => void, ms: number) => setTimeout(run, ms),
      clear: (handle: unknown) => clearTimeout(handle as number),
    };
    this.timer = timers.set(() => void this.save(), delay);
  }

  /** Saves now when the rules allow; resolves when done (a save in progress is waited for). */
  async save(): Promise<void> {
    this.cancelTimer();
    if (this.saving) {
      await this.saving;
      if (this.changedFields().length > 0) return this.save();
      return;
    }
    this.saving = this.saveOnce().finally(() => {
      this.saving = null;
    });
    return this.saving;
  }

  private async saveOnce(): Promise<void> {
    const { story, fields, conflict } = this.state;
    const changed = this.changedFields();
    if (conflict || changed.length === 0 || !this.lastEditorMine) return;
    if (story && !story.status.draft) return;
    if (holdsPendingMedia(fields.body)) return;
    const missing = missingFields({
      type: this.state.type,
      title: fields.title,
      subtitle: fields.subtitle,
      image: fields.image,
      text: withoutMarker(htmlToText(fields.body)),
    });
    if (missing.length > 0) {
      this.set({ missing });
      return;
    }
    // The body's text as the server will see it.
    if (!story && htmlToText(fields.body).length <= constants.stories.autoCreateChars) return;

    const sent = Object.fromEntries(changed.map((name) => [name, fields[name]])) as Partial<DraftFields>;
    const sentBase = Object.fromEntries(changed.map((name) => [name, this.base[name]])) as Partial<DraftFields>;
    this.set({ saveState: 'saving', missing: [] });
    try {
      const { data } = story
        ? await this.deps.save(story._id, this.version, apiFields(sent), apiFields(sentBase))
        : await this.deps.create(this.state.newsletter, this.state.type, apiFields(fields));
      // What was sent is saved (as the editor writes it); what was typed since stays edited.
      this.base = { ...this.base, ...(story ? sent : fields) };
      this.version = data.version;
      this.set({ story: data, saveState: 'saved', saveError: null });
      if (!story) {
        this.deps.storage?.removeItem(this.backupKey);
        this.backupKey = `story-draft:${data._id}`;
        this.deps.onCreated?.(data);
      }
      this.keepBackup();
      if (this.changedFields().length > 0) this.scheduleSave();
    } catch (error) {
      await this.failed(error);
    }
  }

  private async failed(error: unknown): Promise<void> {
    const status = error instanceof HTTPError ? error.response.status : 0;
    const shown = error instanceof HTTPError ? await describeError(error) : null;
    const message = shown?.text ?? shown?.title ?? offlineText;
    if (status === 409 && this.state.story) {
      // Someone else's save came first: the conflicting fields wait for the writer's choice.
      this.set({ saveState: 'error', saveError: message, conflict: { fields: this.changedFields(), message, theirs: null, origin: 'refused' } });
      return;
    }
    this.set({ saveState: 'error', saveError: message });
    // Refused input waits for the next change; anything else (the network, the server) is tried again.
    if (status !== 422 && status !== 401 && status !== 404) this.scheduleSave(constants.stories.retryMs);
  }

  /** After a status action: the story as the server answered it. */
  statusChanged(story: Story): void {
    this.applySaved(story);
  }

  dispose(): void {
    this.cancelTimer();
    this.listeners.clear();
  }

  /** The unsaved edit, to send with a keep-alive request when the page closes. */
  pendingSave(): { id: string; version: number; story: StoryFields; base: StoryFields } | null {
    const { story } = this.state;
    const changed = this.changedFields();
    if (!story || changed.length === 0 || !story.status.draft || !this.lastEditorMine || this.state.conflict) return null;
    const pick = (source: DraftFields) => apiFields(Object.fromEntries(changed.map((name) => [name, source[name]])) as Partial<DraftFields>);
    return { id: story._id, version: this.version, story: pick(this.state.fields), base: pick(this.base) };
  }

  // --- internals -------------------------------------------------------------------------

  private cancelTimer(): void {
    if (this.timer === null) return;
    (this.deps.timers ?? { clear: (handle: unknown) => clearTimeout(handle as number) }).clear(this.timer);
    this.timer = null;
  }

  private set(patch: Partial<DraftState>): void {
    const next = { ...this.state, ...patch };
    next.edited = fieldNames.some((name) => !same(next.fields[name], this.base[name]));
    this.state = next;
    for (const listener of this.listeners) listener();
  }

  private refresh(): void {
    this.set({});
  }

  /** Keeps the unsaved fields in local storage, or forgets them once everything is saved. */
  private keepBackup(): void {
    const storage = this.deps.storage;
    if (!storage) return;
    const changed = this.changedFields();
    if (changed.length === 0) {
      storage.removeItem(this.backupKey);
      return;
    }
    const pick = (source: DraftFields) => Object.fromEntries(changed.map((name) => [name, source[name]])) as Partial<DraftFields>;
    const backup: Backup = { fields: pick(this.state.fields), base: pick(this.base), version: this.version, at: new Date().toISOString() };
    try {
      storage.setItem(this.backupKey, JSON.stringify(backup));
    } catch {
      // A full storage: the edit is still in the page and is saved as usual.
    }
  }

  /**
   * An edit left unsaved by a closed tab comes back as an unsaved edit. Where the saved story
   * moved on since (someone else saved that field), the writer chooses which version to keep.
   */
  private restoreBackup(): void {
    const raw = this.deps.storage?.getItem(this.backupKey);
    if (!raw) return;
    let backup: Backup;
    try {
      backup = JSON.parse(raw) as Backup;
    } catch {
      return;
    }
    const restored = (Object.keys(backup.fields) as FieldName[]).filter((name) => fieldNames.includes(name));
    const fields = { ...this.state.fields };
    const clashes: FieldName[] = [];
    for (const name of restored) {
      const mine = backup.fields[name];
      if (same(this.base[name], mine)) continue;
      if (this.state.story && !same(this.base[name], backup.base[name])) clashes.push(name);
      fields[name] = mine as never;
    }
    const conflict =
      clashes.length > 0 && this.state.story
        ? {
            fields: clashes,
            theirs: this.state.story,
            origin: 'restored' as const,
            message: `Your unsaved ${clashes.map((name) => fieldLabels[name]).join(', ')} from an earlier visit differs from the version saved since. Choose which version to keep.`,
          }
        : null;
    this.set({ fields, conflict });
    if (this.state.edited) this.scheduleSave();
  }

  /** Whether the last restore brought back an edit (the page says so). */
  get restored(): boolean {
    return this.state.edited;
  }
}

export function emptyFields(): DraftFields {
  return {
    title: '',
    subtitle: '',
    slug: '',
    image: '',
    body: '',
    tags: [],
    interest: null,
    keywords: [],
    writer: null,
    episode: null,
    notify: false,
  };
}

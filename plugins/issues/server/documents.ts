/**
 * The issues' shared documents on the server (docs/decisions/0022). Each issue's plain-text
 * fields are Y.Texts of one Y.Doc. The stored updates (issue_doc_updates) are the document; a
 * process holds a copy of the documents in use and, inside the issue's change (its row lock, so
 * one process at a time), first applies whatever other processes stored since, then the new
 * change, and stores that. Updates commute, so the copies agree whatever order they were read in.
 *
 * What someone sends is read before it touches the held copy: the fields are plain text, so an
 * update may only insert and delete letters of the fields' texts (no formats, attributes, maps,
 * embeds or other types), may only build on what the document has (Yjs would keep the rest
 * waiting for changes that may never come, and send it to everyone who joins), and may not make
 * the whole document larger than `docMaxBytes`, which every console joining the issue downloads.
 */
import * as Y from 'yjs';
import { HttpError } from '../../../core/server/errors';
import { constants } from '../../../core/shared/config';
import { textOf } from '../issue-doc';
import { docChangeTooLarge, isDocField, issueDocFields, type IssueDocField } from '../rules';
import { storedValue } from './edit';
import type { IssueTransaction } from './store';
import type { IssueRecord } from './tables';

interface Held {
  doc: Y.Doc;
  /** The last stored update applied. */
  seq: number;
  /** Stored rows of this issue, as far as this process knows (merged into one every docCompactEvery). */
  rows: number;
  /** At least the document's size encoded (null: not known); the exact size is read only when this nears the cap. */
  bytes: number | null;
}

/** An update someone sent, read: its structs and deletions, and how much it can make the document grow. */
export interface IncomingUpdate {
  update: Uint8Array;
  structs: (Y.Item | Y.GC | Y.Skip)[];
  deletes: { client: number; clock: number; len: number }[];
  growth: number;
}

/** The refusals of someone's update (each a 422, as the other refusals of 'issue-doc'). */
export const docNotUnderstood = 'This change is not understood.';
export const docPlainTextOnly = 'Only plain text can be typed in these fields: formatting, attributes and other content are refused.';
export const docMissingChanges = 'This change builds on changes the server does not have.';
export const docTooLarge = "This change would make the issue's document too large.";

const refused = (message: string) => new HttpError(422, { msg: 'Error!', details: [{ message, path: 'message' }] });

/**
 * How much an update may make a document's encoding grow, at most: its own bytes, and for each of
 * its structs and deleted ranges two splits of the document's items (an item's id, origins and
 * length each: under 40 bytes), a deleted range and its client (under 32).
 */
const growthOf = (bytes: number, pieces: number) => bytes + 128 * pieces;

/**
 * Reads someone's update without applying it; refused (422) when it is not one, or holds anything
 * but letters inserted into and deleted from the fields' texts. A struct in an update names its
 * parent (a top-level type's name, or the id of the item that holds a nested type) only when it
 * has no neighbours; one with neighbours is where they are, and those are checked against the
 * document (`apply`).
 */
export function readUpdate(update: Uint8Array): IncomingUpdate {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    throw refused(docNotUnderstood);
  }
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue;
    // Letters (deleted ones too, in what a console sends after being offline); a format, an embed, a
    // value of a map or an array, a nested type or document is none.
    if (!(struct.content instanceof Y.ContentString || struct.content instanceof Y.ContentDeleted)) throw refused(docPlainTextOnly);
    // A key of a map: an attribute of a text, of a field.
    if (struct.parentSub !== null) throw refused(docPlainTextOnly);
    // Inside a nested type (an id), or a top-level type the document does not have.
    const parent = struct.parent as unknown;
    if (parent !== null && (typeof parent !== 'string' || !isDocField(parent))) throw refused(docPlainTextOnly);
  }
  const deletes: IncomingUpdate['deletes'] = [];
  decoded.ds.clients.forEach((ranges, client) => {
    for (const { clock, len } of ranges) deletes.push({ client, clock, len });
  });
  return { update, structs: decoded.structs, deletes, growth: growthOf(update.length, decoded.structs.length + deletes.length) };
}

/**
 * Whether an update builds only on what `doc` has and what it brings itself: each client's structs
 * follow on from what the document has of that client, and every neighbour and deleted range is in
 * one of the two. Yjs keeps what does not as pending, waiting for changes that may never come.
 */
function buildsOnDocument(doc: Y.Doc, { structs, deletes }: IncomingUpdate): boolean {
  const reach = new Map<number, number>();
  const known = (client: number) => reach.get(client) ?? Y.getState(doc.store, client);
  let client: number | null = null;
  for (const struct of structs) {
    if (struct.id.client !== client) {
      // Yjs reads one run of structs per client; a second would replace the first.
      if (reach.has(struct.id.client)) return false;
      client = struct.id.client;
      reach.set(client, Y.getState(doc.store, client));
    }
    // A skip is a gap: what follows it must be known already.
    if (struct instanceof Y.Skip) continue;
    const end = known(client);
    if (struct.id.clock > end) return false;
    reach.set(client, Math.max(end, struct.id.clock + struct.length));
  }
  for (const struct of structs) {
    if (!(struct instanceof Y.Item)) continue;
    for (const id of [struct.origin, struct.rightOrigin]) if (id && id.clock >= known(id.client)) return false;
  }
  return deletes.every((range) => range.clock + range.len <= known(range.client));
}

const hasPending = (doc: Y.Doc) => doc.store.pendingStructs !== null || doc.store.pendingDs !== null;

/** The texts of a document's fields. */
export function docValues(doc: Y.Doc): Record<IssueDocField, string> {
  return Object.fromEntries(issueDocFields.map((field) => [field, textOf(doc, field).toString()])) as Record<IssueDocField, string>;
}

export function issueDocuments(max = constants.issues.docsInMemory) {
  const held = new Map<string, Held>();

  /** The document as stored with everything since; `tx` holds the issue's row lock. */
  async function current(tx: IssueTransaction, row: IssueRecord): Promise<Held> {
    let entry = held.get(row.id);
    held.delete(row.id);
    // A Map keeps its insertion order: the first key is the one least recently used.
    if (!entry && held.size >= max) held.delete(held.keys().next().value!);
    entry ??= { doc: new Y.Doc(), seq: 0, rows: 0, bytes: null };
    held.set(row.id, entry);
    const rows = await tx
      .selectFrom('issue_doc_updates')
      .select(['id', 'data'])
      .where('issue_id', '=', row.id)
      .where('id', '>', entry.seq)
      .orderBy('id')
      .execute();
    const doc = entry.doc;
    if (rows.length > 0) {
      Y.transact(doc, () => {
        for (const stored of rows) Y.applyUpdate(doc, stored.data, 'stored');
      });
      entry.seq = Number(rows.at(-1)!.id);
      entry.rows += rows.length;
      // Read by another process, so they are within the cap; this only keeps the bound a bound.
      if (entry.bytes !== null) for (const stored of rows) entry.bytes += growthOf(stored.data.length, stored.data.length);
    }
    if (entry.seq === 0) {
      // The issue's first edit since the document began: it starts with the stored values.
      const update = write(entry, () => {
        for (const field of issueDocFields) textOf(doc, field).insert(0, String(storedValue(row, field) ?? ''));
      });
      if (update) await store(tx, entry, row.id, update);
    }
    return entry;
  }

  /** Runs `change` on the document; answers the update it made, or null when it changed nothing. */
  function write(entry: Held, change: (doc: Y.Doc) => void): Uint8Array | null {
    let update: Uint8Array | null = null;
    const keep = (next: Uint8Array) => {
      update = update ? Y.mergeUpdates([update, next]) : next;
    };
    entry.doc.on('update', keep);
    try {
      Y.transact(entry.doc, () => change(entry.doc), 'server');
    } finally {
      entry.doc.off('update', keep);
    }
    if (update && entry.bytes !== null) entry.bytes += growthOf((update as Uint8Array).length, (update as Uint8Array).length);
    return update;
  }

  /** Stores an update applied to the held document; now and then merges the issue's rows into one. */
  async function store(tx: IssueTransaction, entry: Held, issueId: string, update: Uint8Array): Promise<void> {
    if (entry.rows + 1 >= constants.issues.docCompactEvery) {
      await tx.deleteFrom('issue_doc_updates').where('issue_id', '=', issueId).where('id', '<=', entry.seq).execute();
      update = Y.encodeStateAsUpdate(entry.doc);
      entry.rows = 0;
    }
    const { id } = await tx.insertInto('issue_doc_updates').values({ issue_id: issueId, data: update }).returning('id').executeTakeFirstOrThrow();
    entry.seq = Number(id);
    entry.rows += 1;
  }

  /**
   * Applies someone's update (read by `readUpdate`) to the held document; refused (422) when it
   * builds on changes the document does not have, would make a field longer than any field may
   * be, or the whole document larger than `docMaxBytes`. What can be known before is checked
   * before; what is known only after (the fields' lengths, the exact size) drops the held copy,
   * which is then read again from what is stored. Nothing is stored here: the caller stores it with
   * the issue's change (an empty update is not one).
   */
  function apply(entry: Held, issueId: string, incoming: IncomingUpdate, origin: unknown): void {
    if (!buildsOnDocument(entry.doc, incoming)) throw refused(docMissingChanges);
    const cap = constants.issues.docMaxBytes;
    // Only near the cap is the document encoded (as large as it may be, that takes milliseconds).
    if (entry.bytes === null || entry.bytes + incoming.growth > cap) entry.bytes = Y.encodeStateAsUpdate(entry.doc).length;
    const before = entry.bytes;
    const pendingBefore = hasPending(entry.doc);
    const dropped = (message: string) => {
      // The held copy has it now: it is dropped, and read again from what is stored.
      forget(issueId);
      return refused(message);
    };
    try {
      Y.applyUpdate(entry.doc, incoming.update, origin);
    } catch {
      throw dropped(docNotUnderstood);
    }
    // Only the fields' texts: an update that makes anything else is no console's.
    if ([...entry.doc.share.keys()].some((name) => !isDocField(name))) throw dropped(docNotUnderstood);
    if (!pendingBefore && hasPending(entry.doc)) throw dropped(docMissingChanges);
    if (issueDocFields.some((field) => textOf(entry.doc, field).length > constants.issues.docFieldMaxChars)) throw dropped(docChangeTooLarge);
    if (before + incoming.growth <= cap) {
      entry.bytes = before + incoming.growth;
      return;
    }
    const after = Y.encodeStateAsUpdate(entry.doc).length;
    // A document over the cap (made before it, or under a larger one) may still get smaller.
    if (after > cap && after > before) throw dropped(docTooLarge);
    entry.bytes = after;
  }

  /** Drops the held copy (its change was not stored): the next change reads it again. */
  function forget(issueId: string): void {
    held.delete(issueId);
  }

  return {
    current,
    write,
    store,
    apply,
    forget,
    /** How many documents this process holds, and their size encoded (for the bench). */
    size() {
      let bytes = 0;
      for (const entry of held.values()) bytes += Y.encodeStateAsUpdate(entry.doc).length;
      return { documents: held.size, bytes };
    },
  };
}

export type IssueDocuments = ReturnType<typeof issueDocuments>;
export type { Held as HeldDocument };

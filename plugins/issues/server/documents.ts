/**
 * The issues' shared documents on the server (docs/decisions/0022). Each issue's plain-text
 * fields are Y.Texts of one Y.Doc. The stored updates (issue_doc_updates) are the document; a
 * process holds a copy of the documents in use and, inside the issue's change (its row lock, so
 * one process at a time), first applies whatever other processes stored since, then the new
 * change, and stores that. Updates commute, so the copies agree whatever order they were read in.
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
}

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
    entry ??= { doc: new Y.Doc(), seq: 0, rows: 0 };
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
   * Applies someone's update to the held document; refused (422) when it would make a field longer
   * than any field may be. Nothing is stored here: the caller stores it with the issue's change
   * (an empty update is not one).
   */
  function apply(entry: Held, issueId: string, update: Uint8Array, origin: unknown): void {
    try {
      Y.applyUpdate(entry.doc, update, origin);
    } catch {
      forget(issueId);
      throw new HttpError(422, { msg: 'Error!', details: [{ message: 'This change is not understood.', path: 'message' }] });
    }
    // Only the fields' texts: an update that makes anything else is no console's.
    if ([...entry.doc.share.keys()].some((name) => !isDocField(name))) {
      forget(issueId);
      throw new HttpError(422, { msg: 'Error!', details: [{ message: 'This change is not understood.', path: 'message' }] });
    }
    if (issueDocFields.some((field) => textOf(entry.doc, field).length > constants.issues.docFieldMaxChars)) {
      // The held copy has it now: it is dropped, and read again from what is stored.
      forget(issueId);
      throw new HttpError(422, { msg: 'Error!', details: [{ message: docChangeTooLarge, path: 'message' }] });
    }
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

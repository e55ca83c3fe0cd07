/**
 * An issue's shared document (docs/decisions/0022), for both sides: one Y.Text per plain-text
 * field, and the y-protocols sync messages the console and the server exchange over socket.io,
 * carried as base64 strings so that every transport between server processes keeps them intact.
 */
import { fromBase64, toBase64 } from 'lib0/buffer';
import * as decoding from 'lib0/decoding';
import * as encoding from 'lib0/encoding';
import * as sync from 'y-protocols/sync';
import * as Y from 'yjs';
import { hunksOf } from '../../core/shared/text-merge';
import type { IssueDocField } from './rules';

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

export type DocMessage = { kind: 'step1'; stateVector: Uint8Array } | { kind: 'update'; update: Uint8Array };

export const textOf = (doc: Y.Doc, field: IssueDocField): Y.Text => doc.getText(field);

const message = (write: (encoder: encoding.Encoder) => void) => {
  const encoder = encoding.createEncoder();
  write(encoder);
  return toBase64(encoding.toUint8Array(encoder));
};

/** 'Here is what I have': the other side answers with what this one lacks. */
export const step1Message = (doc: Y.Doc) => message((encoder) => sync.writeSyncStep1(encoder, doc));

/** What `doc` has beyond `stateVector` (the answer to a step 1). */
export const step2Message = (doc: Y.Doc, stateVector: Uint8Array) => message((encoder) => sync.writeSyncStep2(encoder, doc, stateVector));

/** One change of a document. */
export const updateMessage = (update: Uint8Array) => message((encoder) => sync.writeUpdate(encoder, update));

/** A message as the other side sent it, or null when it is not one (a step 2 is an update: it applies the same way). */
export function readMessage(text: unknown, maxBytes: number): DocMessage | null {
  if (typeof text !== 'string' || text.length === 0 || text.length > Math.ceil(maxBytes / 3) * 4) return null;
  try {
    const decoder = decoding.createDecoder(fromBase64(text));
    const kind = decoding.readVarUint(decoder);
    const payload = decoding.readVarUint8Array(decoder);
    if (kind === sync.messageYjsSyncStep1) {
      // Read once here, so that a broken one is refused as any broken message is.
      Y.decodeStateVector(payload);
      return { kind: 'step1', stateVector: payload };
    }
    if (kind === sync.messageYjsSyncStep2 || kind === sync.messageYjsUpdate) return { kind: 'update', update: payload };
    return null;
  } catch {
    return null;
  }
}

/** Whether an update changes nothing (an empty step 2). */
export const isEmptyUpdate = (update: Uint8Array) => update.length <= 2 && update.every((byte) => byte === 0);

/**
 * Makes a Y.Text read `target` by the smallest changes (a save of a whole value, the server's
 * slug following the subject): the rest of the text, and the carets kept in it, stay where they are.
 */
export function setText(text: Y.Text, target: string): void {
  const current = text.toString();
  if (current === target) return;
  const hunks = hunksOf(current, target);
  // From the end, so that each hunk's positions are still those of `current`.
  for (const hunk of [...hunks].reverse()) {
    if (hunk.end > hunk.start) text.delete(hunk.start, hunk.end - hunk.start);
    if (hunk.text) text.insert(hunk.start, hunk.text);
  }
}

/**
 * What one keystroke (or paste, or cut) did to a field's value: the changed run ends where the
 * caret now is, so typing 'a' after 'a' inserts after the caret's 'a', not elsewhere.
 */
export function spliceOf(before: string, after: string, caret: number): { at: number; remove: number; insert: string } {
  let prefix = 0;
  const limit = Math.min(before.length, after.length, Math.max(0, caret - Math.max(0, after.length - before.length)));
  while (prefix < limit && before.charCodeAt(prefix) === after.charCodeAt(prefix)) prefix++;
  // Never between the two halves of one character (an emoji).
  if (prefix > 0 && isHighSurrogate(before.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before.charCodeAt(before.length - 1 - suffix) === after.charCodeAt(after.length - 1 - suffix)
  )
    suffix++;
  if (suffix > 0 && isLowSurrogate(before.charCodeAt(before.length - suffix))) suffix--;
  return { at: prefix, remove: before.length - prefix - suffix, insert: after.slice(prefix, after.length - suffix) };
}

/**
 * The two functions that turn what an editor sees into changes of an issue's shared document
 * (plugins/issues/issue-doc.ts, docs/decisions/0022): spliceOf reads one keystroke (or paste, or
 * cut) out of a field's value before and after it, the changed run ending at the caret; setText
 * makes a Y.Text read a whole value by the smallest changes, so that what others type meanwhile
 * and the carets kept in the text stay. Characters outside the basic plane (emoji) are never cut
 * in two; double spaces and Turkish letters are letters like any other. Random cases come from a
 * seeded generator, so a failure names a case that can be replayed.
 */
import { describe, expect, it } from 'vitest';
import * as Y from 'yjs';
import { setText, spliceOf } from '../../plugins/issues/issue-doc';
import { randomOf } from './seeded-random';

/** A few letters, so that keystrokes meet the same letter beside them; Turkish letters, double spaces and emoji sharing a high surrogate. */
const alphabet = 'aaşİı  😀😁🙂';

/** Where a character starts in `text` (never between the two halves of an emoji). */
const boundaries = (text: string) => {
  const at = [0];
  for (const character of Array.from(text)) at.push(at.at(-1)! + character.length);
  return at;
};

/** No half of a character outside the basic plane. */
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);

const apply = (before: string, splice: { at: number; remove: number; insert: string }) =>
  before.slice(0, splice.at) + splice.insert + before.slice(splice.at + splice.remove);

describe('spliceOf: one keystroke out of the value before and after it', () => {
  it('puts a letter typed beside the same letter where the caret says, not at the first place it would fit', () => {
    // 'a' typed after the first of 'aa' (caret 2): inserted at 1.
    expect(spliceOf('aa', 'aaa', 2)).toEqual({ at: 1, remove: 0, insert: 'a' });
    expect(spliceOf('aa', 'aaa', 1)).toEqual({ at: 0, remove: 0, insert: 'a' });
    expect(spliceOf('aa', 'aaa', 3)).toEqual({ at: 2, remove: 0, insert: 'a' });
    expect(spliceOf('Merhaba', 'Merhabaa', 8)).toEqual({ at: 7, remove: 0, insert: 'a' });
  });

  it('types a second space as a space of its own, beside the first, and deletes the one the caret is after', () => {
    expect(spliceOf('Son dakika', 'Son  dakika', 5)).toEqual({ at: 4, remove: 0, insert: ' ' });
    expect(spliceOf('Son dakika', 'Son  dakika', 4)).toEqual({ at: 3, remove: 0, insert: ' ' });
    expect(spliceOf('Son ', 'Son  ', 5)).toEqual({ at: 4, remove: 0, insert: ' ' });
    // Backspace after the second of two spaces, then after the first.
    expect(spliceOf('Son  dakika', 'Son dakika', 4)).toEqual({ at: 4, remove: 1, insert: '' });
    expect(spliceOf('Son  dakika', 'Son dakika', 3)).toEqual({ at: 3, remove: 1, insert: '' });
  });

  it('reads Turkish letters as the letters they are, dotted and dotless i apart', () => {
    expect(spliceOf('Işık', 'İşık', 1)).toEqual({ at: 0, remove: 1, insert: 'İ' });
    expect(spliceOf('kış', 'kışı', 4)).toEqual({ at: 3, remove: 0, insert: 'ı' });
    expect(spliceOf('kışı', 'kışıi', 5)).toEqual({ at: 4, remove: 0, insert: 'i' });
    expect(spliceOf('güç', 'güçlü ğ', 7)).toEqual({ at: 3, remove: 0, insert: 'lü ğ' });
    expect(spliceOf('çöp', 'çöpü', 4)).toEqual({ at: 3, remove: 0, insert: 'ü' });
  });

  it('never cuts an emoji in two, also beside an emoji that shares its first half', () => {
    // 😀 is \uD83D\uDE00 and 😁 \uD83D\uDE01: their first halves are equal.
    expect(spliceOf('a😀b', 'a😁b', 3)).toEqual({ at: 1, remove: 2, insert: '😁' });
    expect(spliceOf('😀', '😀😁', 4)).toEqual({ at: 2, remove: 0, insert: '😁' });
    expect(spliceOf('😁', '😀😁', 2)).toEqual({ at: 0, remove: 0, insert: '😀' });
    expect(spliceOf('😀', '😀😀', 2)).toEqual({ at: 0, remove: 0, insert: '😀' });
    expect(spliceOf('😀', '😀😀', 4)).toEqual({ at: 2, remove: 0, insert: '😀' });
    // \u{1FA00} is \uD83E\uDE00: the same second half as 😀.
    expect(spliceOf('x😀', 'x\u{1FA00}', 3)).toEqual({ at: 1, remove: 2, insert: '\u{1FA00}' });
    // Backspace over an emoji removes both halves.
    expect(spliceOf('a😀😁', 'a😀', 3)).toEqual({ at: 3, remove: 2, insert: '' });
    expect(spliceOf('a😀😀', 'a😀', 3)).toEqual({ at: 3, remove: 2, insert: '' });
  });

  it('reads a select-all delete, a paste over a selection and a cut', () => {
    expect(spliceOf('Merhaba dünya', '', 0)).toEqual({ at: 0, remove: 13, insert: '' });
    expect(spliceOf('Merhaba dünya', 'Merhaba şehir', 13)).toEqual({ at: 8, remove: 5, insert: 'şehir' });
    expect(spliceOf('Merhaba güzel dünya', 'Merhaba dünya', 8)).toEqual({ at: 8, remove: 6, insert: '' });
    expect(spliceOf('', 'İstanbul 😀', 11)).toEqual({ at: 0, remove: 0, insert: 'İstanbul 😀' });
    expect(spliceOf('aynı', 'aynı', 2)).toEqual({ at: 2, remove: 0, insert: '' });
  });

  it('rebuilds the value after from the one before, and a keystroke is the run it was, for many random keystrokes', () => {
    const random = randomOf(27);
    for (let round = 0; round < 2000; round++) {
      const before = random.text(random.int(12), alphabet);
      const places = boundaries(before);
      const at = places[random.int(places.length)]!;
      const kind = random.int(3);
      // A letter or a paste typed, a backspace, or a selection typed over.
      const insert = kind === 1 ? '' : random.text(1 + (random.int(4) === 0 ? random.int(4) : 0), alphabet);
      const ends = places.filter((place) => place >= at);
      const remove = kind === 0 ? 0 : ends[random.int(ends.length)]! - at;
      if (insert === '' && remove === 0) continue;
      const after = before.slice(0, at) + insert + before.slice(at + remove);
      const caret = at + insert.length;
      const splice = spliceOf(before, after, caret);
      const name = JSON.stringify({ before, after, caret });
      expect(apply(before, splice), name).toBe(after);
      expect(places, name).toContain(splice.at);
      expect(places, name).toContain(splice.at + splice.remove);
      expect(wellFormed(splice.insert), name).toBe(true);
      // A letter typed or a backspace is exactly that, at the caret.
      if (remove === 0) expect(splice, name).toEqual({ at, remove: 0, insert });
      if (insert === '') expect(splice, name).toEqual({ at, remove, insert: '' });
    }
  });
});

/** A document with a text reading `value`, and the changes each later transaction made to the text. */
function textReading(value: string) {
  const doc = new Y.Doc();
  const text = doc.getText('subject');
  text.insert(0, value);
  const changes: unknown[] = [];
  text.observe((event) => changes.push(event.delta));
  return { doc, text, changes };
}

/** Two documents in step: each one's updates reach the other when `exchange` is called. */
function twoDocs(value: string) {
  const a = new Y.Doc();
  const b = new Y.Doc();
  a.getText('subject').insert(0, value);
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  const exchange = () => {
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
  };
  return { a: a.getText('subject'), b: b.getText('subject'), exchange };
}

describe('setText: a whole value into a text by the smallest changes', () => {
  it('makes the text read the value, emoji, double spaces and Turkish letters included', () => {
    for (const [from, to] of [
      ['', 'Sabah  bülteni 😀'],
      ['Sabah bülteni', 'Sabah  bülteni'],
      ['istanbul', 'İstanbul'],
      ['Işık ılık', 'ışık Ilık'],
      ['a😀b', 'a😁b'],
      ['😀😀😀', '😀😁😀'],
      ['\u{1FA00}😀', '😀\u{1FA00}'],
      ['Şehir  hatları', ''],
    ]) {
      const { text } = textReading(from!);
      setText(text, to!);
      expect(text.toString(), `${from} -> ${to}`).toBe(to);
      expect(wellFormed(text.toString())).toBe(true);
    }
  });

  it('changes only what differs: one space added, one letter replaced, nothing for the same value', () => {
    // In one transaction, as the server writes it: one change event each.
    const set = (reading: ReturnType<typeof textReading>, value: string) => reading.doc.transact(() => setText(reading.text, value));
    const spaced = textReading('Son dakika');
    set(spaced, 'Son  dakika');
    // Either space of the two may be the new one: one space inserted, nothing deleted.
    expect(spaced.changes).toHaveLength(1);
    expect((spaced.changes[0] as object[]).filter((change) => !('retain' in change))).toEqual([{ insert: ' ' }]);

    const dotted = textReading('istanbul');
    set(dotted, 'İstanbul');
    expect(dotted.changes).toEqual([[{ delete: 1 }, { insert: 'İ' }]]);

    const emoji = textReading('a😀b');
    set(emoji, 'a😁b');
    expect(emoji.changes).toEqual([[{ retain: 1 }, { delete: 2 }, { insert: '😁' }]]);

    const same = textReading('Aynı  metin 😀');
    let updates = 0;
    same.doc.on('update', () => updates++);
    set(same, 'Aynı  metin 😀');
    expect(updates).toBe(0);
    expect(same.changes).toEqual([]);
  });

  it('keeps a caret with the letters around it', () => {
    const { doc, text } = textReading('Merhaba dünya');
    // After 'Merhaba', bound to its last letter (as LiveTextField keeps the caret).
    const caret = Y.createRelativePositionFromTypeIndex(text, 7, -1);
    const at = () => Y.createAbsolutePositionFromRelativePosition(caret, doc)!.index;
    setText(text, 'Merhaba güzel dünya');
    expect(at()).toBe(7);
    setText(text, 'Ah, Merhaba  güzel dünya 😀');
    expect(at()).toBe(11);
    expect(text.toString().slice(0, at())).toBe('Ah, Merhaba');
    setText(text, '😀 Ah, Merhaba');
    expect(text.toString().slice(0, at())).toBe('😀 Ah, Merhaba');
  });

  it("keeps what someone else typed meanwhile: a save of a whole value does not replace another's keystrokes", () => {
    const { a, b, exchange } = twoDocs('Sabah bülteni');
    setText(a, 'Sabah  bülteni: şehir');
    b.insert(0, 'Son dakika 😀 ');
    exchange();
    expect(a.toString()).toBe('Son dakika 😀 Sabah  bülteni: şehir');
    expect(b.toString()).toBe(a.toString());

    const turkish = twoDocs('Işık');
    setText(turkish.a, 'İşık');
    turkish.b.insert(4, 'lar');
    turkish.exchange();
    expect(turkish.a.toString()).toBe('İşıklar');
    expect(turkish.b.toString()).toBe('İşıklar');
  });

  it('makes the text read the value for many random pairs, never cutting an emoji', () => {
    const random = randomOf(22);
    for (let round = 0; round < 500; round++) {
      const from = random.text(random.int(10), alphabet);
      const to = random.text(random.int(10), alphabet);
      const { text } = textReading(from);
      setText(text, to);
      expect(text.toString(), JSON.stringify({ from, to })).toBe(to);
    }
  });
});

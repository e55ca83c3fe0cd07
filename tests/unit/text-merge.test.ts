/**
 * The character-level three-way merge of whole values saved from a base (core/shared/text-merge.ts,
 * docs/decisions/0022): the diff's hunks rebuild the other text exactly, two people's changes
 * from one starting text both survive (insertions never lost, the same change kept once, edits in
 * different places both applied). Random cases come from a seeded generator, so a failure names a
 * case that can be replayed.
 */
import { describe, expect, it } from 'vitest';
import { applyHunks, hunksOf, mergeText } from '../../core/shared/text-merge';
import { randomOf } from './seeded-random';

/** No half of a character outside the basic plane (a lone surrogate is a code point of its own in a u regex). */
const wellFormed = (text: string) => !/\p{Cs}/u.test(text);

/** Few letters, so that the diff meets repeated characters and moved runs. */
const narrow = 'ab ç';
const wide = 'abcçdefgğhıijklmnoöprsştuüvyz .,';

/** `base` with some of its characters deleted and runs of `marks` inserted; answers the text and the inserted runs. */
function edited(random: ReturnType<typeof randomOf>, base: string, marks: string) {
  let out = '';
  const inserted: string[] = [];
  for (let at = 0; at <= base.length; at++) {
    if (random.int(6) === 0) {
      const run = random.text(1 + random.int(4), marks);
      inserted.push(run);
      out += run;
    }
    if (at < base.length && random.int(5) !== 0) out += base[at];
  }
  return { text: out, inserted };
}

describe('hunksOf and applyHunks', () => {
  it('rebuild the other text exactly, for random pairs of every size', () => {
    const random = randomOf(20240501);
    for (let round = 0; round < 600; round++) {
      const alphabet = round % 2 === 0 ? narrow : wide;
      const a = random.text(random.int(round < 500 ? 40 : 1500), alphabet);
      const b = round % 3 === 0 ? edited(random, a, 'XYZ').text : random.text(random.int(round < 500 ? 40 : 1500), alphabet);
      const hunks = hunksOf(a, b);
      expect(applyHunks(a, hunks), JSON.stringify({ a, b })).toBe(b);
      // In order, apart, inside the text.
      for (const [index, hunk] of hunks.entries()) {
        expect(hunk.start).toBeLessThanOrEqual(hunk.end);
        expect(hunk.end).toBeLessThanOrEqual(a.length);
        if (index > 0) expect(hunk.start).toBeGreaterThanOrEqual(hunks[index - 1]!.end);
      }
    }
  });

  it('gives nothing for equal texts and keeps the common start and end out of the change', () => {
    expect(hunksOf('aynı metin', 'aynı metin')).toEqual([]);
    expect(hunksOf('Sabah Bülteni', 'Sabah Yeni Bülteni')).toEqual([{ start: 6, end: 6, text: 'Yeni ' }]);
    expect(hunksOf('Metro ve bütçe', 'Metro bütçe')).toEqual([{ start: 6, end: 9, text: '' }]);
    expect(hunksOf('', 'yeni')).toEqual([{ start: 0, end: 0, text: 'yeni' }]);
    expect(hunksOf('eski', '')).toEqual([{ start: 0, end: 4, text: '' }]);
  });

  it('diffs the middle character by character: two separate changes are two hunks', () => {
    expect(hunksOf('abcdefghij', 'aXcdefghYj')).toEqual([
      { start: 1, end: 2, text: 'X' },
      { start: 8, end: 9, text: 'Y' },
    ]);
  });

  it('takes a middle with more differences than it diffs as one change, and still rebuilds the text', () => {
    const random = randomOf(7);
    const a = random.text(3000, 'ab');
    const b = random.text(3000, 'cd');
    const hunks = hunksOf(a, b);
    expect(hunks).toEqual([{ start: 0, end: 3000, text: b }]);
    expect(applyHunks(a, hunks)).toBe(b);
  });
});

describe('mergeText', () => {
  it('keeps both sides’ insertions, whatever else each side deleted', () => {
    const random = randomOf(42);
    for (let round = 0; round < 500; round++) {
      const base = random.text(random.int(60), round % 2 === 0 ? narrow : wide);
      const stored = edited(random, base, 'QRS');
      const incoming = edited(random, base, 'XYZ');
      const merged = mergeText(base, stored.text, incoming.text);
      const replay = JSON.stringify({ base, stored: stored.text, incoming: incoming.text, merged });
      for (const run of [...stored.inserted, ...incoming.inserted]) expect(merged.includes(run), `${run} in ${replay}`).toBe(true);
    }
  });

  it('keeps the same change once, and one side’s change when the other changed nothing', () => {
    const random = randomOf(3);
    for (let round = 0; round < 200; round++) {
      const base = random.text(random.int(50), narrow);
      const changed = edited(random, base, 'XY').text;
      expect(mergeText(base, changed, changed)).toBe(changed);
      expect(mergeText(base, base, changed)).toBe(changed);
      expect(mergeText(base, changed, base)).toBe(changed);
    }
  });

  it('applies both of two edits in different places (distinct characters, so each edit has one place)', () => {
    const random = randomOf(99);
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
    for (let round = 0; round < 400; round++) {
      // Distinct characters: a deletion cannot slide onto an equal neighbour.
      const pool = [...letters];
      const length = 6 + random.int(25);
      const base = Array.from({ length }, () => pool.splice(random.int(pool.length), 1)[0]).join('');
      // Two ranges with at least one untouched character between them.
      const firstStart = random.int(length - 3);
      const firstEnd = firstStart + random.int(Math.min(4, length - firstStart - 2));
      const secondStart = firstEnd + 1 + random.int(length - firstEnd - 1);
      const secondEnd = secondStart + random.int(length - secondStart + 1);
      const first = random.text(random.int(4), 'QRS');
      const second = random.text(random.int(4), 'XYZ');
      const withFirst = base.slice(0, firstStart) + first + base.slice(firstEnd);
      const withSecond = base.slice(0, secondStart) + second + base.slice(secondEnd);
      const both = base.slice(0, firstStart) + first + base.slice(firstEnd, secondStart) + second + base.slice(secondEnd);
      const replay = JSON.stringify({ base, withFirst, withSecond });
      expect(mergeText(base, withFirst, withSecond), replay).toBe(both);
      expect(mergeText(base, withSecond, withFirst), replay).toBe(both);
    }
  });

  it('puts two insertions at the same place one after the other, the stored one first', () => {
    expect(mergeText('Sabah Bülteni', 'Sabah Bülteni: Metro', 'Sabah Bülteni: Bütçe')).toBe('Sabah Bülteni: Metro: Bütçe');
    expect(mergeText('ab', 'aXb', 'aYb')).toBe('aXYb');
    expect(mergeText('ab', 'aYb', 'aXb')).toBe('aYXb');
  });

  it('merges two people typing in one subject character by character', () => {
    const base = 'Hafta sonu bülteni';
    const director = 'Hafta sonu bülteni: konserler';
    const editor = 'Yeni hafta sonu bülteni';
    expect(mergeText(base, director, editor)).toBe('Yeni hafta sonu bülteni: konserler');
    // A deletion and a typo fix in different words.
    expect(mergeText('Bugün metro ve bütçe', 'Bugün metro bütçe', 'Bugün metro ve bütçee')).toBe('Bugün metro bütçee');
  });

  it('keeps characters outside the basic plane whole when both sides change the same one', () => {
    const merged = mergeText('Bülten 😁', 'Bülten 😀', 'Bülten 😂');
    expect(wellFormed(merged)).toBe(true);
    expect(merged).toContain('😀');
    expect(merged).toContain('😂');
    const random = randomOf(11);
    for (let round = 0; round < 200; round++) {
      const base = random.text(random.int(12), 'a😀😁é');
      const merged = mergeText(base, random.text(random.int(12), 'a😀😂'), random.text(random.int(12), 'b😁😃'));
      expect(wellFormed(merged), JSON.stringify(merged)).toBe(true);
    }
  });
});

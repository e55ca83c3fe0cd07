/**
 * Character-level diff and three-way merge of plain text. Live typing does not use it (an issue's
 * fields are a shared Yjs document, docs/decisions/0022); a whole value saved from a `base` (the
 * spec's save, its issue-update event) is merged with what was typed since, and the diff turns a
 * value into the smallest changes of a text. Edits in different places both apply; edits at the
 * same place keep both, the one already stored first. Nothing a person typed is dropped.
 */

/** A change to `base`: the characters [start, end) become `text`. */
export interface Hunk {
  start: number;
  end: number;
  text: string;
}

/** Above this many differences the middle of two texts is taken as one change (a paste, a rewrite). */
const maxEdits = 800;

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/**
 * The changes that turn `a` into `b`: the common start and end kept, the middle diffed character
 * by character (Myers). A character outside the basic plane (an emoji) is two code units and is
 * never cut in two: two people changing the same emoji must not leave half of one behind.
 */
export function hunksOf(a: string, b: string): Hunk[] {
  if (a === b) return [];
  let prefix = 0;
  const shorter = Math.min(a.length, b.length);
  while (prefix < shorter && a.charCodeAt(prefix) === b.charCodeAt(prefix)) prefix++;
  if (prefix > 0 && isHighSurrogate(a.charCodeAt(prefix - 1))) prefix--;
  let suffix = 0;
  while (suffix < shorter - prefix && a.charCodeAt(a.length - 1 - suffix) === b.charCodeAt(b.length - 1 - suffix)) suffix++;
  if (suffix > 0 && isLowSurrogate(a.charCodeAt(a.length - suffix))) suffix--;
  const middleA = a.slice(prefix, a.length - suffix);
  const middleB = b.slice(prefix, b.length - suffix);
  if (!middleA || !middleB) return [{ start: prefix, end: prefix + middleA.length, text: middleB }];
  const charactersA = Array.from(middleA);
  const script = editScript(charactersA, Array.from(middleB));
  if (!script) return [{ start: prefix, end: prefix + middleA.length, text: middleB }];
  // The script counts characters; a hunk counts code units.
  const unitsBefore = [0];
  for (const character of charactersA) unitsBefore.push(unitsBefore.at(-1)! + character.length);
  return script.map((hunk) => ({ start: unitsBefore[hunk.start]! + prefix, end: unitsBefore[hunk.end]! + prefix, text: hunk.text }));
}

/** Myers' O(ND) difference of two lists of characters as hunks, or null when there are more than `maxEdits` differences. */
function editScript(a: string[], b: string[]): Hunk[] | null {
  const n = a.length;
  const m = b.length;
  const limit = Math.min(n + m, maxEdits);
  const offset = limit + 1;
  const v = new Int32Array(2 * limit + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= limit && found < 0; d++) {
    trace.push(v.slice(offset - d - 1, offset + d + 2));
    for (let k = -d; k <= d; k += 2) {
      let x = k === -d || (k !== d && v[offset + k - 1]! < v[offset + k + 1]!) ? v[offset + k + 1]! : v[offset + k - 1]! + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
  }
  if (found < 0) return null;
  // Walk back through the trace: each step is one deletion or insertion after a run of equal characters.
  const steps: { kind: 'delete' | 'insert'; x: number; y: number }[] = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const previous = trace[d]!;
    const at = (k: number) => previous[k + d + 1]!;
    const k = x - y;
    const previousK = k === -d || (k !== d && at(k - 1) < at(k + 1)) ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    while (x > previousX && y > previousY) {
      x--;
      y--;
    }
    steps.push(x === previousX ? { kind: 'insert', x: previousX, y: previousY } : { kind: 'delete', x: previousX, y: previousY });
    x = previousX;
    y = previousY;
  }
  steps.reverse();
  // Adjacent steps make one hunk.
  const hunks: Hunk[] = [];
  for (const step of steps) {
    const last = hunks.at(-1);
    const end = step.kind === 'delete' ? step.x + 1 : step.x;
    const text = step.kind === 'insert' ? b[step.y]! : '';
    if (last && last.end === step.x) {
      last.end = end;
      last.text += text;
    } else hunks.push({ start: step.x, end, text });
  }
  return hunks;
}

/** `base` with the hunks applied (they are in order and do not overlap). */
export function applyHunks(base: string, hunks: Hunk[]): string {
  let out = '';
  let at = 0;
  for (const hunk of hunks) {
    out += base.slice(at, hunk.start) + hunk.text;
    at = hunk.end;
  }
  return out + base.slice(at);
}

interface Sided extends Hunk {
  side: 'stored' | 'incoming';
}

const isInsertion = (hunk: Hunk) => hunk.start === hunk.end;

/** Whether two changes from different sides touch the same characters (or insert at the same place). */
function collide(a: Hunk, b: Hunk): boolean {
  if (a.start < b.end && b.start < a.end) return true;
  if (isInsertion(a) && isInsertion(b)) return a.start === b.start;
  if (isInsertion(a)) return b.start < a.start && a.start < b.end;
  if (isInsertion(b)) return a.start < b.start && b.start < a.end;
  return false;
}

/**
 * `base` changed into `stored` by one person and into `incoming` by another: the text with both
 * changes. Where both changed the same characters, the stored change comes first and the incoming
 * one after it, unless they made the same change or one of them left those characters alone.
 */
export function mergeText(base: string, stored: string, incoming: string): string {
  if (incoming === base || incoming === stored) return stored;
  if (stored === base) return incoming;
  const all: Sided[] = [
    ...hunksOf(base, stored).map((hunk) => ({ ...hunk, side: 'stored' as const })),
    ...hunksOf(base, incoming).map((hunk) => ({ ...hunk, side: 'incoming' as const })),
  ].sort((a, b) => a.start - b.start || a.end - b.end);
  const clusters: Sided[][] = [];
  for (const hunk of all) {
    const last = clusters.at(-1);
    if (last && last.some((other) => other.side !== hunk.side && collide(other, hunk))) last.push(hunk);
    else if (last && hunk.start < Math.max(...last.map((other) => other.end))) last.push(hunk);
    else clusters.push([hunk]);
  }
  const merged: Hunk[] = clusters.map((cluster) => {
    const start = Math.min(...cluster.map((hunk) => hunk.start));
    const end = Math.max(...cluster.map((hunk) => hunk.end));
    const region = base.slice(start, end);
    const sideText = (side: Sided['side']) =>
      applyHunks(
        region,
        cluster.filter((hunk) => hunk.side === side).map((hunk) => ({ start: hunk.start - start, end: hunk.end - start, text: hunk.text })),
      );
    const stored = sideText('stored');
    const incoming = sideText('incoming');
    const text = stored === incoming || incoming === region ? stored : stored === region ? incoming : stored + incoming;
    return { start, end, text };
  });
  return applyHunks(base, merged);
}

/** A small seeded generator (mulberry32) for the unit tests' random cases: the same seed gives the same cases on every run. */
export function randomOf(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
  const int = (max: number) => Math.floor(next() * max);
  /** `length` characters (not code units) of `alphabet`. */
  const text = (length: number, alphabet: string) => {
    const characters = Array.from(alphabet);
    return Array.from({ length }, () => characters[int(characters.length)]).join('');
  };
  return { int, text };
}

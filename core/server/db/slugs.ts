/** Slugs no other record has: 'gunun-ozeti', then 'gunun-ozeti-2', 'gunun-ozeti-3', ... */
import { prefixPattern } from './like';

/**
 * The first of `base`, `base-2`, `base-3`, ... that `taken` does not answer, at most `max`
 * characters long (the base is cut before its suffix). `taken(pattern)` answers the slugs in use
 * that match the LIKE pattern, which covers every candidate.
 */
export async function uniqueSlug(base: string, taken: (pattern: string) => Promise<(string | null)[]>, max = Infinity): Promise<string> {
  // A suffix of up to three digits cuts the base by at most four characters.
  const used = new Set(await taken(prefixPattern(base.slice(0, max - 4))));
  if (!used.has(base)) return base;
  for (let suffix = 2; ; suffix++) {
    const ending = `-${suffix}`;
    const candidate = `${base.slice(0, max - ending.length).replace(/-+$/, '')}${ending}`;
    if (!used.has(candidate)) return candidate;
  }
}

/**
 * The list search (spec section 4): what the user types applies only from
 * constants.limits.searchMinChars characters, after constants.debounces.listSearchMs of quiet;
 * emptying the box applies at once.
 */
import { useEffect, useState } from 'react';
import { constants } from '../../shared/config';

/** The search a list call should carry for what is in the box ('' for none). */
export function searchTermOf(text: string, minChars = constants.limits.searchMinChars): string {
  const term = text.trim();
  return term.length >= minChars ? term : '';
}

export function useListSearch(minChars = constants.limits.searchMinChars, debounceMs = constants.debounces.listSearchMs) {
  const [text, setText] = useState('');
  const [applied, setApplied] = useState('');
  const term = searchTermOf(text, minChars);
  useEffect(() => {
    if (term === applied) return;
    if (text === '') {
      setApplied('');
      return;
    }
    const timer = setTimeout(() => setApplied(term), debounceMs);
    return () => clearTimeout(timer);
  }, [text, term, applied, debounceMs]);
  return { text, setText, applied };
}

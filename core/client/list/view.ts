/** Card or list view, remembered per list in local storage under the list's storage key. */
import { useAtom, type PrimitiveAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';

export type ListView = 'card' | 'list';

const views = new Map<string, PrimitiveAtom<ListView>>();

export function useListView(storageKey: string, initial: ListView = 'card'): [ListView, (view: ListView) => void] {
  let stored = views.get(storageKey);
  if (!stored) {
    stored = atomWithStorage<ListView>(storageKey, initial, undefined, { getOnInit: true }) as PrimitiveAtom<ListView>;
    views.set(storageKey, stored);
  }
  const [view, setView] = useAtom(stored);
  return [view === 'list' ? 'list' : 'card', setView];
}

/** The top bar's SAVE slot: a page registers its save while it is shown; the button appears only then. */
import { atom, useSetAtom } from 'jotai';
import { useEffect, useRef } from 'react';

export interface SaveAction {
  save(): Promise<void>;
  busy?: boolean;
}

export const saveActionAtom = atom<SaveAction | null>(null);

export function useTopBarSave(save: () => Promise<void>, busy = false): void {
  const setAction = useSetAtom(saveActionAtom);
  const latest = useRef(save);
  latest.current = save;
  useEffect(() => {
    setAction({ save: () => latest.current(), busy });
  }, [busy, setAction]);
  useEffect(() => () => setAction(null), [setAction]);
}

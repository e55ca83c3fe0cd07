/**
 * 'Filter by Uploader' / 'Show only my content' (spec section 6): a switch that limits a list to
 * the user's own uploads, remembered across visits under `storageKey`.
 */
import { Toggle } from '@fluentui/react';
import { useAtom, useAtomValue, type PrimitiveAtom } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { userAtom } from './stores';
import { t } from './words';

export interface OwnContentFilter {
  on: boolean;
  setOn(on: boolean): void;
  /** The list call's `uploader` parameter: the user's id while the switch is on. */
  uploader: string | undefined;
}

const switches = new Map<string, PrimitiveAtom<boolean>>();

export function useOwnContentFilter(storageKey: string): OwnContentFilter {
  let stored = switches.get(storageKey);
  if (!stored) {
    stored = atomWithStorage<boolean>(storageKey, false, undefined, { getOnInit: true }) as PrimitiveAtom<boolean>;
    switches.set(storageKey, stored);
  }
  const [on, setOn] = useAtom(stored);
  const user = useAtomValue(userAtom);
  return { on, setOn, uploader: on ? user?._id : undefined };
}

/** The switch itself; the images library calls it 'Filter by Uploader'. */
export function OwnContentToggle({ filter, label }: { filter: OwnContentFilter; label?: string }) {
  return (
    <Toggle
      label={label ?? t('Show only my content')}
      inlineLabel
      checked={filter.on}
      onChange={(_, checked) => filter.setOn(Boolean(checked))}
      styles={{ root: { margin: 0 } }}
    />
  );
}

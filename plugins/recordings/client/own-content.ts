/** 'Show only my content': remembered across visits (spec section 6), shared by the page and the picker. */
import { useAtom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { userAtom } from '../../../core/client/stores';

const onlyMineAtom = atomWithStorage<boolean>('recordings-only-my-content', false, undefined, { getOnInit: true });

/** The switch's state, its setter, and the list parameter it stands for. */
export function useOwnContentFilter(): { on: boolean; setOn(on: boolean): void; uploader: string | undefined } {
  const [on, setOn] = useAtom(onlyMineAtom);
  const user = useAtomValue(userAtom);
  return { on, setOn, uploader: on ? user?._id : undefined };
}

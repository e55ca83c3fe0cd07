/** A newsletter's episodes, 30 at a time as the user scrolls, newest first; 'Show only my content' remembered across visits. */
import { useAtom, useAtomValue } from 'jotai';
import { atomWithStorage } from 'jotai/utils';
import { useInfiniteList } from '../../../core/client/infinite-list';
import { userAtom } from '../../../core/client/stores';
import { constants } from '../../../core/shared/config';
import type { Episode } from '../../../schemas/generated/entities/episode';

const onlyMineAtom = atomWithStorage<boolean>('episodes-only-my-content', false, undefined, { getOnInit: true });

export function useOwnContentFilter(): { on: boolean; setOn(on: boolean): void; uploader: string | undefined } {
  const [on, setOn] = useAtom(onlyMineAtom);
  const user = useAtomValue(userAtom);
  return { on, setOn, uploader: on ? user?._id : undefined };
}

export function useEpisodeList(newsletterId: string, uploader: string | undefined) {
  return useInfiniteList<Episode>('episodes/list', { newsletter: newsletterId, sort: 'createdAt', desc: true, uploader }, constants.pageSizes.episodes);
}

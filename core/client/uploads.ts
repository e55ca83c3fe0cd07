/**
 * Libraries of uploads (images, recordings, episodes): the list that 'Show only my content' limits
 * to the user's own, and on their pages who may change an upload and which one is being uploaded,
 * edited or deleted, with the list's change once its dialog succeeded.
 */
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import type { ListEndpoint } from '../shared/endpoints';
import type { Permission } from '../shared/permissions';
import { addToList, removeFromList, replaceInList, useInfiniteList, type InfiniteList, type Params } from './infinite-list';
import { useOwnContentFilter, type OwnContentFilter } from './own-content';
import { useCan } from './permissions';
import { userAtom } from './stores';

/**
 * The uploads `endpoint` lists, newest first, `pageSize` at a time as the user scrolls, and the switch
 * (remembered under `filterKey`, which a library's page and picker share) that limits them to the
 * user's own.
 */
export function useUploadList<T>(
  filterKey: string,
  endpoint: ListEndpoint<T>,
  pageSize: number,
  params: Params = {},
): { filter: OwnContentFilter; list: InfiniteList<T> } {
  const filter = useOwnContentFilter(filterKey);
  const list = useInfiniteList(endpoint, { ...params, sort: 'createdAt', desc: true, uploader: filter.uploader }, pageSize);
  return { filter, list };
}

interface Upload {
  _id: string;
  uploader?: { _id: string } | null;
}

export function useUploadsPage<T extends Upload>(list: InfiniteList<T>, manage: Permission) {
  const user = useAtomValue(userAtom);
  const can = useCan();
  const [uploading, setUploading] = useState(false);
  const [editing, setEditing] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    /** Whoever uploaded it may change an upload (edit it, delete it), and those who hold `manage`. */
    mayChange: (upload: T) => upload.uploader?._id === user?._id || can(manage),
    uploading,
    setUploading,
    editing,
    setEditing,
    deleting,
    setDeleting,
    uploaded(upload: T) {
      addToList(list, upload);
      setUploading(false);
    },
    saved(upload: T) {
      replaceInList(list, upload);
      setEditing(null);
    },
    deleted(upload: T) {
      removeFromList(list, upload);
      setDeleting(null);
    },
  };
}

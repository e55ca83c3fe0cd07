/**
 * A collection's menu (its card in the lists, its dashboard): Open, Edit, View (the public page
 * of a published one), Publish (an unpublished one, for those who may) and Delete, which asks
 * first.
 */
import type { IContextualMenuItem } from '@fluentui/react';
import { useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { publicPageAction } from '../../../core/client/list/actions';
import { ConfirmDialog } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { toast } from '../../../core/client/toasts';
import { collectionApi, dashboardPath, fieldsOf, publicPath, type Collection, type CollectionWithItems } from './collection-api';

export interface CollectionMenu {
  items(collection: Collection | CollectionWithItems): IContextualMenuItem[];
  /** The delete confirmation while it is open. */
  dialog: ReactNode;
}

export function useCollectionMenu({ onChanged, onDeleted }: { onChanged(): void; onDeleted(): void }): CollectionMenu {
  const [, navigate] = useLocation();
  const can = useCan();
  const [deleting, setDeleting] = useState<Collection | CollectionWithItems | null>(null);

  const publish = async (collection: Collection | CollectionWithItems) => {
    try {
      const { msg } = await collectionApi.save(collection._id, fieldsOf(collection, { status: { published: true } }));
      toast('success', 'Success!', msg ?? 'Collection published.');
      onChanged();
    } catch (error) {
      await handleError(error);
    }
  };

  const items = (collection: Collection | CollectionWithItems): IContextualMenuItem[] => [
    { key: 'open', text: 'Open', iconProps: { iconName: 'OpenFile' }, onClick: () => navigate(dashboardPath(collection._id)) },
    ...(can('collections.update')
      ? [{ key: 'edit', text: 'Edit', iconProps: { iconName: 'Edit' }, onClick: () => navigate(`${dashboardPath(collection._id)}/edit`) }]
      : []),
    ...(collection.status.published
      ? [publicPageAction('view', 'View', publicPath(collection))]
      : can('collections.publish')
        ? [{ key: 'publish', text: 'Publish', iconProps: { iconName: 'PublishContent' }, onClick: () => void publish(collection) }]
        : []),
    ...(can('collections.delete') ? [{ key: 'delete', text: 'Delete', iconProps: { iconName: 'Delete' }, onClick: () => setDeleting(collection) }] : []),
  ];

  const dialog = deleting ? (
    <ConfirmDialog
      title="Delete the collection?"
      text={`'${deleting.title}' is deleted; its items stay as they are.`}
      action="DELETE"
      onConfirm={async () => {
        const { msg } = await collectionApi.remove(deleting._id);
        toast('success', 'Success!', msg ?? 'Collection deleted.');
        setDeleting(null);
        onDeleted();
      }}
      onDismiss={() => setDeleting(null)}
    />
  ) : null;

  return { items, dialog };
}

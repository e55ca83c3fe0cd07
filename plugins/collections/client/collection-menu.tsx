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
import { t } from '../../../core/client/words';

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
    { key: 'open', text: t('Open'), iconProps: { iconName: 'OpenFile' }, onClick: () => navigate(dashboardPath(collection._id)) },
    ...(can('collections.update')
      ? [{ key: 'edit', text: t('Edit'), iconProps: { iconName: 'Edit' }, onClick: () => navigate(`${dashboardPath(collection._id)}/edit`) }]
      : []),
    ...(collection.status.published
      ? [publicPageAction('view', t('View'), publicPath(collection))]
      : can('collections.publish')
        ? [{ key: 'publish', text: t('Publish'), iconProps: { iconName: 'PublishContent' }, onClick: () => void publish(collection) }]
        : []),
    ...(can('collections.delete') ? [{ key: 'delete', text: t('Delete'), iconProps: { iconName: 'Delete' }, onClick: () => setDeleting(collection) }] : []),
  ];

  const dialog = deleting ? (
    <ConfirmDialog
      title={t('Delete the collection?')}
      text={t("'{title}' is deleted; its items stay as they are.", { title: deleting.title })}
      action={t('DELETE')}
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

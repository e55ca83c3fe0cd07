/**
 * /newsletters/show/:newsletterId/collections and /collections (spec 000 section 'Lists'): a
 * newsletter's collections, or all of the publisher's, as cards or rows (remembered), searched,
 * the latest changed first, 10 a page, each with its badge (featured, published, indexed, else
 * DRAFT) and menu; NEW opens the wizard for the newsletter.
 */
import { Link, Stack } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link as RouteLink, useLocation, useParams } from 'wouter';
import { List, type ListColumn } from '../../../core/client/list';
import { panelDate } from '../../../core/client/panel-list';
import { PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { currentScopeAtom } from '../../../core/client/stores';
import { constants } from '../../../core/shared/config';
import { collectionList, dashboardPath, itemCount, wizardPath, type Collection } from './collection-api';
import { CollectionCard } from './CollectionCard';
import { useCollectionMenu } from './collection-menu';
import { t } from '../../../core/client/words';

export default function CollectionsPage() {
  const { newsletterId } = useParams<{ newsletterId?: string }>();
  const scope = useAtomValue(currentScopeAtom);
  const [, navigate] = useLocation();
  const can = useCan();
  const [refreshKey, setRefreshKey] = useState(0);
  const refresh = () => setRefreshKey((key) => key + 1);
  const menu = useCollectionMenu({ onChanged: refresh, onDeleted: refresh });
  const owner = newsletterId ?? (scope?.type === 'newsletter' ? scope._id : undefined);

  const columns: ListColumn<Collection>[] = [
    {
      key: 'title',
      name: t('Title'),
      minWidth: 220,
      maxWidth: 420,
      render: (collection) => (
        <RouteLink href={dashboardPath(collection._id)} asChild>
          <Link styles={{ root: { fontWeight: 600 } }}>{collection.title}</Link>
        </RouteLink>
      ),
    },
    { key: 'items', name: t('Items'), minWidth: 90, maxWidth: 120, render: itemCount },
    { key: 'status', name: t('Status'), minWidth: 100, maxWidth: 120, render: 'badge' },
    { key: 'updated', name: t('Updated'), sort: 'updatedAt', minWidth: 90, maxWidth: 120, render: (collection) => panelDate(collection.updatedAt) },
  ];

  const mayCreate = can('collections.create');
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Collections')} />
      <List<Collection>
        endpoint={collectionList}
        params={owner ? { owner } : {}}
        storageKey="collections-list-view"
        searchPlaceholder={t('Search collections')}
        itemName={(collection) => collection.title}
        renderCard={(collection, parts) => <CollectionCard collection={collection} parts={parts} />}
        columns={columns}
        rowActions={menu.items}
        badge={(collection) => ({ model: 'collection', status: collection.status })}
        onNew={mayCreate ? () => navigate(wizardPath(owner)) : undefined}
        defaultSort={{ sort: 'updatedAt', desc: true }}
        pageSize={constants.pageSizes.list}
        refreshKey={refreshKey}
        emptyTitle={t('There are no collections yet.')}
        emptyText={mayCreate ? t('Make the first one with NEW.') : undefined}
      />
      {menu.dialog}
    </Stack>
  );
}

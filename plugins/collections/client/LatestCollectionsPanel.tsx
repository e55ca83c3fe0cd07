/**
 * The newsletter dashboard's 'Latest collections' (spec 000 section 'Dashboards'): the
 * newsletter's most recently changed collections (constants.pageSizes.latestCollections), each
 * leading to its dashboard, 'See all' for the newsletter's collection list, and, while there are
 * none, the way to the wizard for a collection of this newsletter.
 */
import { Link } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { ListPanel, PanelRow, panelDate } from '../../../core/client/panel-list';
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { useListPage } from '../../../core/client/list/use-list-page';
import { Can } from '../../../core/client/permissions';
import { resolveBadge } from '../../../core/shared/badges';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { collectionList, dashboardPath, itemCount, wizardPath } from './collection-api';
import { t } from '../../../core/client/words';

export default function LatestCollectionsPanel({ scope }: { scope: Scope }) {
  const latest = useListPage(collectionList, {
    owner: scope._id,
    page: 0,
    limit: constants.pageSizes.latestCollections,
    sort: 'updatedAt',
    desc: true,
  });
  // Another newsletter's are not shown while this one's load; a failed call has said so (the shared handler) and shows as none.
  const collections = latest.loaded && !latest.loading ? latest.items : null;

  return (
    <ListPanel
      title={t('Latest collections')}
      href={`/newsletters/show/${scope._id}/collections`}
      items={collections}
      emptyText={t('There are no collections yet.')}
      emptyAction={
        <Can requires="collections.create">
          <RouteLink href={wizardPath(scope._id)} asChild>
            <Link>{t('Create a collection')}</Link>
          </RouteLink>
        </Can>
      }
    >
      {(collection) => (
        <PanelRow
          key={collection._id}
          href={dashboardPath(collection._id)}
          icon="PhotoCollection"
          tone={collection.status.published ? 'accent' : 'warning'}
          name={collection.title}
          details={`${itemCount(collection)} · ${panelDate(collection.updatedAt)}`}
          badge={<StatusBadge badge={resolveBadge('collection', collection.status)} />}
        />
      )}
    </ListPanel>
  );
}

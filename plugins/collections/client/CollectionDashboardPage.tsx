/**
 * The collection dashboard, /collections/show/{collectionId}/{page?} (spec 001 section 2,
 * Collections): the collection's image, badge, description and public link /c/{slug}, its items
 * in order (dragged, moved or removed here), and /collections/show/{collectionId}/add, the Add
 * Story modal (search, more as the user scrolls, ADD turning ADDED). Changes wait for UPDATE,
 * which saves them; the menu publishes, opens the edit page, or deletes.
 */
import { ActionButton, DefaultButton, IconButton, Link, mergeStyleSets, PrimaryButton, Spinner, Stack, Text } from '@fluentui/react';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouteLink, useLocation, useParams } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { narrowScreen } from '../../../core/client/layout/narrow';
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { toast } from '../../../core/client/toasts';
import { resolveBadge } from '../../../core/shared/badges';
import {
  childrenRefLabels,
  collectionApi,
  coverRatio,
  dashboardPath,
  fieldsOf,
  itemCount,
  itemTitle,
  publicPath,
  type CollectionItem,
  type CollectionWithItems,
} from './collection-api';
import { useCollectionMenu } from './collection-menu';
import { AddItemsDialog, ItemOrder, toggled } from './items';
import { t } from '../../../core/client/words';

const classes = mergeStyleSets({
  summary: {
    display: 'grid',
    gridTemplateColumns: 'minmax(200px, 320px) minmax(0, 1fr)',
    gap: 24,
    background: theme.palette.white,
    borderRadius: 8,
    padding: 16,
    // On a phone the cover goes above the text.
    [`@media ${narrowScreen}`]: { gridTemplateColumns: 'minmax(0, 1fr)', gap: 12 },
  },
  link: { overflowWrap: 'anywhere' },
  cover: { width: '100%', aspectRatio: coverRatio, objectFit: 'cover', borderRadius: 6, background: theme.palette.neutralLighter },
  description: { margin: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
});

/** Where the collection's list is: its newsletter's, or the publisher's. */
const listPath = (collection: CollectionWithItems) =>
  collection.ownerModel === 'Newsletter' ? `/newsletters/show/${collection.owner}/collections` : '/collections';

export default function CollectionDashboardPage() {
  const { collectionId, page } = useParams<{ collectionId: string; page?: string }>();
  const [, navigate] = useLocation();
  const can = useCan();
  const [collection, setCollection] = useState<CollectionWithItems | null>(null);
  const [missing, setMissing] = useState(false);
  const [items, setItems] = useState<CollectionItem[]>([]);
  const [saving, setSaving] = useState(false);

  const load = useCallback(async () => {
    try {
      const found = await collectionApi.fetch(collectionId);
      setCollection(found);
      setItems(found.children);
    } catch (error) {
      setMissing(true);
      await handleError(error);
    }
  }, [collectionId]);
  useEffect(() => void load(), [load]);

  const menu = useCollectionMenu({ onChanged: () => void load(), onDeleted: () => navigate(collection ? listPath(collection) : '/') });
  const changed = collection !== null && items.map((item) => item._id).join() !== collection.children.map((item) => item._id).join();
  const mayUpdate = can('collections.update');

  const update = async () => {
    if (!collection) return;
    setSaving(true);
    try {
      const { msg } = await collectionApi.save(collection._id, fieldsOf(collection, { children: items.map((item) => item._id) }));
      toast('success', 'Success!', msg ?? 'Collection saved.');
      setCollection({ ...collection, children: items });
    } catch (error) {
      // What was arranged stays on the screen, to UPDATE again.
      await handleError(error);
    } finally {
      setSaving(false);
    }
  };

  if (!collection) return missing ? <EmptyState title={t('The collection could not be found.')} /> : <Spinner label={t('Loading...')} />;

  const label = childrenRefLabels[collection.childrenRef];
  const closeAdd = () => navigate(dashboardPath(collection._id));

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <RouteLink href={listPath(collection)} asChild>
        <Link>{t('Back to Collections')}</Link>
      </RouteLink>
      <PageHeader title={collection.title}>
        <StatusBadge badge={resolveBadge('collection', collection.status)} />
        {mayUpdate ? (
          <>
            <DefaultButton text={t(label.add)} iconProps={{ iconName: 'Add' }} onClick={() => navigate(`${dashboardPath(collection._id)}/add`)} />
            <PrimaryButton text={t('UPDATE')} onClick={() => void update()} disabled={!changed || saving} />
          </>
        ) : null}
        <IconButton
          menuIconProps={{ iconName: 'More' }}
          title={t('More')}
          ariaLabel={t('Actions for {name}', { name: collection.title })}
          menuProps={{ items: menu.items(collection) }}
        />
      </PageHeader>
      <section className={classes.summary} aria-label={t('About the collection')}>
        {collection.image ? <img className={classes.cover} src={collection.image} alt="" /> : <span className={classes.cover} aria-hidden />}
        <Stack tokens={{ childrenGap: 8 }}>
          <p className={classes.description}>{collection.description}</p>
          <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
            {itemCount(collection)}
          </Text>
          {collection.status.published ? (
            <Text>
              {`${t('Public link:')} `}
              <Link className={classes.link} href={publicPath(collection)} target="_blank" rel="noopener noreferrer">
                {`${window.location.origin}${publicPath(collection)}`}
              </Link>
            </Text>
          ) : (
            <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{t('Not published: its public page opens once it is.')}</Text>
          )}
          {mayUpdate ? (
            <RouteLink href={`${dashboardPath(collection._id)}/edit`} asChild>
              <ActionButton iconProps={{ iconName: 'Edit' }} text={t('Edit the collection')} styles={{ root: { paddingLeft: 0, alignSelf: 'flex-start' } }} />
            </RouteLink>
          ) : null}
        </Stack>
      </section>
      <Stack tokens={{ childrenGap: 8 }}>
        <Text as="h2" variant="xLarge" styles={{ root: { fontWeight: 600, margin: 0 } }}>
          {t(label.many)}
        </Text>
        {changed ? <Text styles={{ root: { color: theme.semanticColors.warningText } }}>{t('You have changes: UPDATE saves them.')}</Text> : null}
        {mayUpdate ? (
          <ItemOrder label={t(label.ofCollection)} items={items} onChange={setItems} emptyText={t(label.none)} />
        ) : (
          <ol>
            {items.map((item) => (
              <li key={item._id}>{itemTitle(item)}</li>
            ))}
          </ol>
        )}
      </Stack>
      {page === 'add' && mayUpdate ? (
        <AddItemsDialog
          model={collection.childrenRef}
          chosen={items.map((item) => item._id)}
          onToggle={(item) => setItems((current) => toggled(current, item))}
          onDismiss={closeAdd}
        />
      ) : null}
      {menu.dialog}
    </Stack>
  );
}

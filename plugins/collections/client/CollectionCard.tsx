/**
 * A collection as a card (the collections list; spec 002 section 2.15): its image, badge (featured,
 * published, indexed, else DRAFT), title, description and how many items it holds, leading to the
 * collection's dashboard /collections/show/{id}.
 */
import { mergeStyleSets, Stack, Text } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import type { CardParts } from '../../../core/client/list';
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { panelDate } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { resolveBadge } from '../../../core/shared/badges';
import { coverRatio, dashboardPath, itemCount, type Collection } from './collection-api';

const classes = mergeStyleSets({
  card: {
    position: 'relative',
    flex: 1,
    display: 'flex',
    flexDirection: 'column',
    background: theme.palette.white,
    borderRadius: 8,
    overflow: 'hidden',
    boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
    selectors: { ':hover': { boxShadow: '0 6.4px 14.4px rgba(0,0,0,.13), 0 1.2px 3.6px rgba(0,0,0,.11)' } },
  },
  link: { color: 'inherit', textDecoration: 'none', display: 'flex', flexDirection: 'column', flex: 1 },
  cover: { display: 'block', width: '100%', aspectRatio: coverRatio, objectFit: 'cover', background: theme.palette.neutralLighter },
  actions: { position: 'absolute', top: 8, right: 8, background: 'rgba(255,255,255,.9)', borderRadius: 16 },
  description: {
    color: theme.semanticColors.strongSubtext,
    display: '-webkit-box',
    WebkitLineClamp: 2,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    overflowWrap: 'anywhere',
  },
});

export function CollectionCard({ collection, parts }: { collection: Collection; parts?: Partial<CardParts> }) {
  return (
    <article className={classes.card} aria-label={collection.title} data-testid="collection-card">
      <RouteLink href={dashboardPath(collection._id)} className={classes.link}>
        {collection.image ? <img className={classes.cover} src={collection.image} alt="" loading="lazy" /> : <span className={classes.cover} aria-hidden />}
        <Stack tokens={{ childrenGap: 6, padding: 16 }} styles={{ root: { flex: 1 } }}>
          <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 8 }}>
            {parts?.badge ?? <StatusBadge badge={resolveBadge('collection', collection.status)} />}
            <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
              {`${itemCount(collection)} · ${panelDate(collection.updatedAt)}`}
            </Text>
          </Stack>
          <Text as="h3" variant="large" styles={{ root: { fontWeight: 600, margin: 0, overflowWrap: 'anywhere' } }}>
            {collection.title}
          </Text>
          <Text className={classes.description}>{collection.description}</Text>
        </Stack>
      </RouteLink>
      {parts?.actions ? <div className={classes.actions}>{parts.actions}</div> : null}
    </article>
  );
}

/**
 * A collection as a card (the collections list; spec 002 section 2.15): its image, badge (featured,
 * published, indexed, else DRAFT), title, description and how many items it holds, leading to the
 * collection's dashboard /collections/show/{id}.
 */
import { mergeStyleSets, Stack } from '@fluentui/react';
import { Link as RouteLink } from 'wouter';
import { CardActions, cardClasses, CardStatus, CardText, CardTitle, type CardParts } from '../../../core/client/list';
import { StatusBadge } from '../../../core/client/list/StatusBadge';
import { panelDate } from '../../../core/client/panel-list';
import { theme } from '../../../core/client/theme';
import { resolveBadge } from '../../../core/shared/badges';
import { coverRatio, dashboardPath, itemCount, type Collection } from './collection-api';

const classes = mergeStyleSets({
  link: { color: 'inherit', textDecoration: 'none', display: 'flex', flexDirection: 'column', flex: 1 },
  cover: { display: 'block', width: '100%', aspectRatio: coverRatio, objectFit: 'cover', background: theme.palette.neutralLighter },
});

export function CollectionCard({ collection, parts }: { collection: Collection; parts?: Partial<CardParts> }) {
  return (
    <article className={`${cardClasses.card} ${cardClasses.raises}`} aria-label={collection.title} data-testid="collection-card">
      <RouteLink href={dashboardPath(collection._id)} className={classes.link}>
        {collection.image ? <img className={classes.cover} src={collection.image} alt="" loading="lazy" /> : <span className={classes.cover} aria-hidden />}
        <Stack tokens={{ childrenGap: 6, padding: 16 }} styles={{ root: { flex: 1 } }}>
          <CardStatus
            badge={parts?.badge ?? <StatusBadge badge={resolveBadge('collection', collection.status)} />}
            text={`${itemCount(collection)} · ${panelDate(collection.updatedAt)}`}
          />
          <CardTitle name={collection.title} />
          <CardText lines={2}>{collection.description}</CardText>
        </Stack>
      </RouteLink>
      <CardActions>{parts?.actions}</CardActions>
    </article>
  );
}

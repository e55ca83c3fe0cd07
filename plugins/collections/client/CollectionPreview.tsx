/** A collection as its public page /c/{slug} shows it: the image, title and description, then the items in their order. */
import { mergeStyleSets, Text } from '@fluentui/react';
import { theme } from '../../../core/client/theme';
import { coverRatio, itemTitle, type CollectionItem } from './collection-api';
import { t } from '../../../core/client/words';

const classes = mergeStyleSets({
  page: { border: `1px solid ${theme.palette.neutralLight}`, borderRadius: 8, overflow: 'hidden', background: theme.semanticColors.bodyBackground },
  cover: { display: 'block', width: '100%', aspectRatio: coverRatio, objectFit: 'cover', background: theme.palette.neutralLighter },
  body: { padding: 24, display: 'grid', gap: 12 },
  title: { ...theme.fonts.xxLarge, fontWeight: 700, margin: 0, overflowWrap: 'anywhere' },
  description: { margin: 0, color: theme.semanticColors.strongSubtext, whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
  items: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 },
  item: { display: 'flex', gap: 12, alignItems: 'center', background: theme.palette.white, borderRadius: 8, padding: 8 },
  thumb: { flex: 'none', width: 96, height: 64, objectFit: 'cover', borderRadius: 4, background: theme.palette.neutralLighter },
});

export interface CollectionPreviewProps {
  image: string;
  title: string;
  description: string;
  items: CollectionItem[];
}

export function CollectionPreview({ image, title, description, items }: CollectionPreviewProps) {
  return (
    <article className={classes.page} aria-label={t("Preview of the collection's page")}>
      {image ? <img className={classes.cover} src={image} alt="" /> : null}
      <div className={classes.body}>
        <h3 className={classes.title}>{title}</h3>
        <p className={classes.description}>{description}</p>
        <ol className={classes.items}>
          {items.map((item) => (
            <li key={item._id} className={classes.item}>
              {item.image ? <img className={classes.thumb} src={item.image} alt="" loading="lazy" /> : <span className={classes.thumb} aria-hidden />}
              <Text styles={{ root: { fontWeight: 600, overflowWrap: 'anywhere' } }}>{itemTitle(item)}</Text>
            </li>
          ))}
        </ol>
      </div>
    </article>
  );
}

/** An episode as a card: cover, date, status badge, title, subtitle, body, player and its menu. */
import { FontIcon, IconButton, Stack, Text, type IContextualMenuItem } from '@fluentui/react';
import { cardClasses } from '../../../core/client/cards';
import { selectableProps, type Selection } from '../../../core/client/selectable';
import { theme } from '../../../core/client/theme';
import type { Episode } from '../../../schemas/generated/entities/episode';
import { cardDate, episodeBadge } from './status';
import { t } from '../../../core/client/words';

export interface EpisodeCardProps {
  episode: Episode;
  /** Edit Credentials / Delete; none for those who may only look, or in the Select Episode dialog. */
  menu?: { onEdit(): void; onDelete(): void };
  /** In the Select Episode dialog: the card is chosen by a click. */
  selection?: Selection;
}

export function EpisodeCard({ episode, menu, selection }: EpisodeCardProps) {
  const badge = episodeBadge(episode);
  const items: IContextualMenuItem[] = menu
    ? [
        { key: 'edit', text: t('Edit Credentials'), iconProps: { iconName: 'Edit' }, onClick: menu.onEdit },
        { key: 'delete', text: t('Delete'), iconProps: { iconName: 'Delete' }, onClick: menu.onDelete },
      ]
    : [];
  const select = selectableProps(selection);
  return (
    <article className={cardClasses('episode-card', selection)} aria-label={episode.title} data-testid="episode-card" {...select}>
      <div className="episode-card__cover" aria-hidden>
        {episode.image ? <img src={episode.image} alt="" loading="lazy" /> : <FontIcon iconName="Headset" />}
      </div>
      <div className="episode-card__content">
        <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 8 }}>
          <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 8 }}>
            <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
              {cardDate(episode.status.published && episode.publishedAt ? episode.publishedAt : episode.createdAt)}
            </Text>
            <span className="episode-card__badge" style={{ background: badge.color, color: badge.textColor }} data-testid="episode-status">
              {badge.label}
            </span>
          </Stack>
          {menu ? (
            <IconButton ariaLabel={t('More')} title={t('More')} iconProps={{ iconName: 'More' }} menuProps={{ items }} onRenderMenuIcon={() => null} />
          ) : null}
        </Stack>
        <Text as="h3" variant="large" styles={{ root: { fontWeight: 600, margin: 0, overflowWrap: 'anywhere' } }}>
          {episode.title}
        </Text>
        {episode.subtitle ? <Text styles={{ root: { color: theme.semanticColors.strongSubtext, fontWeight: 600 } }}>{episode.subtitle}</Text> : null}
        {episode.body ? <Text className="mh-card__text">{episode.body}</Text> : null}
        {/* preload="none": a long list loads no audio until someone presses play. */}
        <audio controls preload="none" src={episode.audio} aria-label={episode.title} onClick={(event) => event.stopPropagation()} />
        <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
          <FontIcon iconName="Contact" style={{ marginRight: 6, verticalAlign: 'middle' }} />
          {episode.uploader?.name || t('Unknown')}
        </Text>
      </div>
    </article>
  );
}

/** A recording as a card: title, description, length, date, uploader, a player, and its menu. */
import { FontIcon, IconButton, Stack, Text, type IContextualMenuItem } from '@fluentui/react';
import { cardClasses } from '../../../core/client/cards';
import { selectableProps, type Selection } from '../../../core/client/selectable';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { formatDuration } from './duration';
import { formatDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

export interface RecordingCardProps {
  recording: Recording;
  /** The Edit / Delete menu; none in the picker. */
  menu?: { canChange: boolean; onEdit(): void; onDelete(): void };
  /** In the picker: the card is chosen by a click. */
  selection?: Selection;
}

export function RecordingCard({ recording, menu, selection }: RecordingCardProps) {
  const items: IContextualMenuItem[] = menu
    ? [
        { key: 'edit', text: t('Edit'), iconProps: { iconName: 'Edit' }, onClick: menu.onEdit, disabled: !menu.canChange },
        { key: 'delete', text: t('Delete'), iconProps: { iconName: 'Delete' }, onClick: menu.onDelete, disabled: !menu.canChange },
      ]
    : [];
  const select = selectableProps(selection);
  return (
    <article className={cardClasses('recording-card', selection)} aria-label={recording.title} data-testid="recording-card" {...select}>
      <Stack horizontal verticalAlign="start" tokens={{ childrenGap: 12 }}>
        <div className="recording-card__cover" aria-hidden>
          {recording.image ? <img src={recording.image} alt="" loading="lazy" /> : <FontIcon iconName="Microphone" />}
        </div>
        <Stack grow tokens={{ childrenGap: 2 }} styles={{ root: { minWidth: 0 } }}>
          <Text variant="mediumPlus" styles={{ root: { fontWeight: 600, overflowWrap: 'anywhere' } }}>
            {recording.title}
          </Text>
          {recording.subtitle ? (
            <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
              {recording.subtitle}
            </Text>
          ) : null}
          <Stack horizontal wrap verticalAlign="center" tokens={{ childrenGap: 8 }}>
            <Text variant="small" className="recording-card__duration" aria-label={t('Duration {duration}', { duration: formatDuration(recording.duration) })}>
              {formatDuration(recording.duration)}
            </Text>
            <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
              {formatDate(new Date(recording.createdAt), constants.dates.card)}
            </Text>
          </Stack>
        </Stack>
        {menu ? (
          <IconButton ariaLabel={t('More')} title={t('More')} iconProps={{ iconName: 'More' }} menuProps={{ items }} onRenderMenuIcon={() => null} />
        ) : null}
      </Stack>
      {recording.description ? <Text className="mh-card__text">{recording.description}</Text> : null}
      {/* preload="none": a long list loads no audio until someone presses play. */}
      <audio controls preload="none" src={recording.audio} aria-label={recording.title} onClick={(event) => event.stopPropagation()} />
      <Text variant="small" className="recording-card__uploader">
        <FontIcon iconName="Contact" style={{ marginRight: 6, verticalAlign: 'middle' }} />
        {recording.uploader?.name || t('Unknown')}
      </Text>
    </article>
  );
}

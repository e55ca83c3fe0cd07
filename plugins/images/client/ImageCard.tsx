/** An image of the library as a card: the small copy, caption and source, uploader, date, and its menu. */
import { IconButton, Stack, Text, type IContextualMenuItem } from '@fluentui/react';
import { theme } from '../../../core/client/theme';
import type { Image } from '../../../schemas/generated/entities/image';
import { constants } from '../../../core/shared/config';
import { formatDate } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

export interface ImageCardProps {
  image: Image;
  /** Whether the user may edit and delete it (its uploader, or images.manage). */
  canChange: boolean;
  onEdit(): void;
  onCopy(): void;
  onDelete(): void;
}

export function ImageCard({ image, canChange, onEdit, onCopy, onDelete }: ImageCardProps) {
  const items: IContextualMenuItem[] = [
    { key: 'edit', text: t('Edit Credentials'), iconProps: { iconName: 'Edit' }, onClick: onEdit, disabled: !canChange },
    { key: 'copy', text: t('Copy Image'), iconProps: { iconName: 'Copy' }, onClick: onCopy },
    { key: 'delete', text: t('Delete'), iconProps: { iconName: 'Delete' }, onClick: onDelete, disabled: !canChange },
  ];
  return (
    <article className="image-card" aria-label={image.alt || t('Image')} data-testid="image-card">
      {/* Cards load the small copy, never the original. */}
      <img className="image-card__picture" src={image.sizes.small} alt={image.alt} loading="lazy" width={image.width} height={image.height} />
      <Stack tokens={{ childrenGap: 4, padding: '12px 12px 12px 16px' }}>
        <Stack horizontal verticalAlign="start" tokens={{ childrenGap: 8 }}>
          <Stack grow tokens={{ childrenGap: 2 }} styles={{ root: { minWidth: 0 } }}>
            <Text variant="mediumPlus" styles={{ root: { fontWeight: 600, overflowWrap: 'anywhere' } }}>
              {image.caption || image.alt}
            </Text>
            {image.source ? (
              <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
                {t('Source: {source}', { source: image.source })}
              </Text>
            ) : null}
          </Stack>
          <IconButton ariaLabel={t('More')} title={t('More')} iconProps={{ iconName: 'More' }} menuProps={{ items }} onRenderMenuIcon={() => null} />
        </Stack>
        <Text variant="small" styles={{ root: { color: theme.palette.neutralSecondary } }}>
          {image.uploader?.name || t('Unknown')} · {formatDate(new Date(image.createdAt), constants.dates.card)}
        </Text>
      </Stack>
    </article>
  );
}

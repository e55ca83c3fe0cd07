/**
 * A story as a card (spec 001 section 2, Story editor: 'Story card (in lists and channels)'): the
 * article's cover, its name and subtitle or summary, writer, type, date, status badge and menu.
 * It opens the story's editor, taking a story that is not a draft back to draft (open-story.tsx),
 * except a scheduled story's card: 'disabled on hover with a not-allowed cursor'. Other plugins
 * (issue channels, collections) use it through public.ts.
 */
import { mergeStyleSets, Stack } from '@fluentui/react';
import type { MouseEvent, ReactNode } from 'react';
import { CardActions, cardClasses, CardFact, CardFoot, CardStatus, CardText, CardTitle, StatusBadge, type CardParts } from '../../../core/client/list';
import { theme } from '../../../core/client/theme';
import { resolveBadge } from '../../../core/shared/badges';
import { withoutMarker } from '../rules';
import { editorPath, useStoryOpener } from './open-story';
import type { Story } from './story-api';
import { storyName } from './story-name';
import { useFormat } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

export interface StoryCardProps {
  story: Story;
  /** What the shared list hands its cards; without a badge the card resolves its own, without actions it has no menu. */
  parts?: Partial<CardParts>;
  /** What a click does instead of opening the editor (a picker choosing the story, say). */
  onOpen?(story: Story): void;
}

/** The story types' names in English: shown through `t`. */
export const storyTypeLabels: Record<Story['type'], string> = { bullet: 'Bullet', article: 'Article' };

/**
 * The cover's small copy: covers are stored as the image library's medium copy
 * (images/2026-11/<id>-medium.webp) and a card never needs more than the small one beside it.
 * Any other address (an outside image, a demo picture) is shown as it is.
 */
export function smallCover(url: string): string {
  return url.replace(/(\/images\/\d{4}-\d{2}\/[0-9a-f-]{36})(?:-medium)?\.[a-z0-9]+$/i, '$1-small.webp');
}

const classes = mergeStyleSets({
  open: { cursor: 'pointer' },
  // The spec's rule for a scheduled story: it waits for its release and is not edited from here.
  scheduled: {
    cursor: 'not-allowed',
    selectors: { ':hover': { opacity: 0.6 } },
  },
  cover: { display: 'block', width: '100%', aspectRatio: '3 / 2', objectFit: 'cover', background: theme.palette.neutralLighter },
});

export function StoryCard({ story, parts = {}, onOpen }: StoryCardProps) {
  const opener = useStoryOpener();
  // 'dd MMMM yyyy' in the console's language, as every card of the console writes dates.
  const format = useFormat();
  const disabled = story.status.scheduled;
  const name = storyName(story);
  // A bullet's name is its first words: its text follows only when the name could not hold all of it.
  const summary = story.type === 'article' ? story.subtitle || story.body.summary : name.endsWith('…') ? withoutMarker(story.body.summary) : '';
  // A scheduled or published story carries its release date; the rest, when they last changed.
  const date = (story.status.scheduled || story.status.published) && story.publishedAt ? story.publishedAt : story.updatedAt;
  const badge: ReactNode = parts.badge ?? <StatusBadge badge={resolveBadge('story', story.status)} />;
  const open = () => (onOpen ? onOpen(story) : opener.open(story));

  const clickCard = (event: MouseEvent) => {
    // The title link already went; a disabled card goes nowhere.
    if (disabled || event.defaultPrevented) return;
    open();
  };
  const cover = story.type === 'article' && story.image;
  return (
    <article
      aria-label={name}
      data-testid="story-card"
      data-status={disabled ? 'scheduled' : undefined}
      className={`${cardClasses.card} ${disabled ? classes.scheduled : `${cardClasses.raises} ${classes.open}`}`}
    >
      {/* Only the card's content is disabled: its menu (Edit, where a schedule is cancelled) stays usable. */}
      <div
        className={cardClasses.content}
        aria-disabled={disabled || undefined}
        title={disabled ? t('This story is scheduled and cannot be opened from its card.') : undefined}
        onClick={clickCard}
      >
        {cover ? (
          <img
            className={classes.cover}
            src={smallCover(story.image)}
            alt=""
            loading="lazy"
            // An image kept outside the library has no small copy: fall back to the address as stored.
            onError={(event) => {
              if (event.currentTarget.src !== new URL(story.image, window.location.href).href) event.currentTarget.src = story.image;
            }}
          />
        ) : null}
        <Stack tokens={{ childrenGap: 6, padding: 16 }} styles={{ root: { flex: 1 } }}>
          {/* Room for the menu button when no cover lies under it. */}
          <CardStatus badge={badge} text={format.cardDate(date)} clearMenu={Boolean(parts.actions) && !cover} />
          <CardTitle name={name} href={disabled ? undefined : editorPath(story)} onOpen={open} />
          {summary ? <CardText lines={3}>{summary}</CardText> : null}
          <CardFoot>
            <CardFact icon="Contact">{story.writer?.name || t('No writer')}</CardFact>
            <CardFact icon={story.type === 'article' ? 'Articles' : 'BulletedList'} fixed>
              {t(storyTypeLabels[story.type])}
            </CardFact>
          </CardFoot>
        </Stack>
      </div>
      <CardActions>{parts.actions}</CardActions>
      {/* Outside the clickable content: the question's clicks must not reach the card. */}
      {opener.dialog}
    </article>
  );
}

/**
 * The newsletter dashboard's 'Draft stories': the newsletter's most recently changed drafts
 * (constants.pageSizes.draftStories of them), each opening its editor, and 'See all' for the
 * newsletter's story list.
 */
import { FontIcon, Link, mergeStyleSets, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link as RouteLink } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { list } from '../../../core/client/api';
import { theme } from '../../../core/client/theme';
import type { Story } from '../../../schemas/generated/entities/story';
import { storyName } from './story-name';

/**
 * '22 Kasım', the lists' 'd MMMM' (constants.dates.list) in the browser's own Turkish: the
 * dashboard is the first screen after sign-in, which loads no date library (design.md section 6).
 */
const listDate = new Intl.DateTimeFormat('tr-TR', { day: 'numeric', month: 'long' });
const typeLabels: Record<Story['type'], string> = { bullet: 'Bullet', article: 'Article' };

const classes = mergeStyleSets({
  story: {
    display: 'flex',
    alignItems: 'center',
    gap: 12,
    padding: 8,
    borderRadius: 6,
    color: 'inherit',
    textDecoration: 'none',
    selectors: { ':hover': { background: theme.palette.neutralLighter } },
  },
  icon: {
    flex: 'none',
    width: 40,
    height: 40,
    borderRadius: 6,
    background: theme.semanticColors.warningBackground,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    fontSize: 18,
  },
});

export default function DraftStoriesPanel({ scope }: { scope: Scope }) {
  const [stories, setStories] = useState<Story[] | null>(null);
  useEffect(() => {
    let live = true;
    setStories(null);
    list<Story>('/stories/list', { newsletter: scope._id, status: 'draft', limit: constants.pageSizes.draftStories, sort: 'updatedAt', desc: true }).then(
      ({ data }) => live && setStories(data),
      (error: unknown) => {
        if (!live) return;
        setStories([]);
        return handleError(error);
      },
    );
    return () => {
      live = false;
    };
  }, [scope._id]);

  return (
    <Stack tokens={{ childrenGap: 12 }}>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" tokens={{ childrenGap: 12 }}>
        <Text as="h2" variant="xLarge" style={{ fontWeight: 600, margin: 0 }}>
          Draft stories
        </Text>
        <RouteLink href={`/newsletters/show/${scope._id}/stories`} asChild>
          <Link>See all</Link>
        </RouteLink>
      </Stack>
      {!stories ? <Spinner /> : null}
      {stories?.length === 0 ? <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>There are no draft stories.</Text> : null}
      {stories && stories.length > 0 ? (
        <ul aria-label="Draft stories" style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 }}>
          {stories.map((story) => (
            <li key={story._id}>
              <RouteLink href={`/stories/edit/${story._id}`} className={classes.story}>
                <span className={classes.icon} aria-hidden>
                  <FontIcon iconName={story.type === 'article' ? 'Articles' : 'BulletedList'} />
                </span>
                <span style={{ minWidth: 0, flex: 1 }}>
                  <strong style={{ display: 'block', overflowWrap: 'anywhere' }}>{storyName(story)}</strong>
                  <span style={{ color: theme.palette.neutralSecondary, fontSize: 12 }}>
                    {typeLabels[story.type]} · {story.writer?.name || 'No writer'} · {listDate.format(new Date(story.updatedAt))}
                  </span>
                </span>
              </RouteLink>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}

/**
 * The newsletter dashboard's 'Draft stories': the newsletter's most recently changed drafts
 * (constants.pageSizes.draftStories of them), each opening its editor, and 'See all' for the
 * newsletter's story list.
 */
import { Link, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link as RouteLink } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { PanelList, PanelRow, panelDate } from '../../../core/client/panel-list';
import { constants } from '../../../core/shared/config';
import type { Scope } from '../../../schemas/generated/entities/scope';
import { list } from '../../../core/client/api';
import { theme } from '../../../core/client/theme';
import type { Story } from '../../../schemas/generated/entities/story';
import { storyName } from './story-name';

const typeLabels: Record<Story['type'], string> = { bullet: 'Bullet', article: 'Article' };

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
        <PanelList label="Draft stories">
          {stories.map((story) => (
            <PanelRow
              key={story._id}
              href={`/stories/edit/${story._id}`}
              icon={story.type === 'article' ? 'Articles' : 'BulletedList'}
              tone="warning"
              name={storyName(story)}
              details={`${typeLabels[story.type]} · ${story.writer?.name || 'No writer'} · ${panelDate(story.updatedAt)}`}
            />
          ))}
        </PanelList>
      ) : null}
    </Stack>
  );
}

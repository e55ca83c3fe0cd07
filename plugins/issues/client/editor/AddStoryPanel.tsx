/**
 * Puts a story the newsletter already has into a channel: the stories in no issue and neither
 * published nor cancelled, newest first,
 * searched from constants.limits.searchMinChars characters. Articles reach an issue this way
 * (they are written in the story editor); bullets too, when written before the issue.
 */
import { DefaultButton, Panel, PanelType, SearchBox, Spinner, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useInfiniteList } from '../../../../core/client/infinite-list';
import { StatusBadge } from '../../../../core/client/list';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { tAs } from '../texts';
import { resolveBadge } from '../../../../core/shared/badges';
import { constants } from '../../../../core/shared/config';
import { storyEndpoints } from '../../../stories/endpoints';
import { storyName, type Story } from '../../../stories/client/public';

export function AddStoryPanel({
  newsletter,
  channelTitle,
  onAdd,
  onDismiss,
}: {
  newsletter: string;
  channelTitle: string;
  onAdd(story: Story): void;
  onDismiss(): void;
}) {
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [added, setAdded] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim().length >= constants.limits.searchMinChars ? typed.trim() : ''), constants.debounces.listSearchMs);
    return () => clearTimeout(timer);
  }, [typed]);
  const stories = useInfiniteList(
    storyEndpoints.list,
    { newsletter, issue: 'none', sort: 'updatedAt', desc: true, search: search || undefined },
    constants.pageSizes.list,
  );

  return (
    <Panel
      isOpen
      type={PanelType.medium}
      headerText={t('Add a story to {channel}', { channel: channelTitle })}
      closeButtonAriaLabel={t('Close')}
      onDismiss={onDismiss}
      isLightDismiss
    >
      <Stack tokens={{ childrenGap: 12 }}>
        <SearchBox placeholder={t('Search...')} ariaLabel={t('Search stories')} value={typed} onChange={(_event, value) => setTyped(value ?? '')} />
        {stories.items.length === 0 && !stories.loading ? <Text>{t('There is no story outside an issue to add.')}</Text> : null}
        {stories.items.map((story) => {
          const done = added.has(story._id);
          return (
            <Stack
              key={story._id}
              horizontal
              verticalAlign="center"
              tokens={{ childrenGap: 12 }}
              styles={{ root: { padding: 8, borderRadius: 6, background: theme.palette.neutralLighterAlt } }}
              data-testid="add-story-row"
            >
              <StatusBadge badge={resolveBadge('story', story.status)} />
              <Text styles={{ root: { flex: 1, minWidth: 0, overflowWrap: 'anywhere' } }}>{storyName(story)}</Text>
              {/* One quiet button a row: a column of primary buttons would all shout at once. */}
              <DefaultButton
                text={done ? t('ADDED') : t('ADD')}
                disabled={done}
                ariaLabel={done ? t('Added {name}', { name: storyName(story) }) : tAs('Add {name}', 'Add the story {name}', { name: storyName(story) })}
                onClick={() => {
                  setAdded(new Set(added).add(story._id));
                  onAdd(story);
                }}
              />
            </Stack>
          );
        })}
        {stories.loading ? <Spinner /> : stories.hasMore ? <DefaultButton text={t('MORE')} onClick={stories.loadMore} /> : null}
      </Stack>
    </Panel>
  );
}

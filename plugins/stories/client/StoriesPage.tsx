/**
 * /stories and /newsletters/show/:newsletterId/stories (spec 001 section 2, 'Story and issue
 * lists'): the stories on the shared list, as cards or rows (remembered), with search, one type
 * and one status filter, NEW, status badges, pages of 10 most recently changed first, and each
 * story's menu: Open (as it is), the status moves (Draft, Ready, Accept), Preview (published ones,
 * their public page) and Delete. A click on a story opens it to edit (open-story.tsx).
 */
import { Link, Stack, type IContextualMenuItem } from '@fluentui/react';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { filterOptions, isPlainClick, List, publicPageAction, type ListColumn } from '../../../core/client/list';
import { ConfirmDialog, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { currentScopeAtom } from '../../../core/client/stores';
import { toast } from '../../../core/client/toasts';
import { constants } from '../../../core/shared/config';
import { storyEndpoints } from '../endpoints';
import { editorPath, useStoryOpener } from './open-story';
import { moveStory, statusMoves, useActor, verdictOn, wasPublished } from './story-actions';
import { storyApi, type Story } from './story-api';
import { storyName } from './story-name';
import { StoryCard, storyTypeLabels } from './StoryCard';
import { useFormat } from '../../../core/client/format-dates';
import { t } from '../../../core/client/words';

const createPath = '/stories/create/';

const typeOptions = filterOptions('bullet', 'article');
const statusOptions = filterOptions('draft', 'ready', 'accepted', 'scheduled', 'published', 'cancelled');

/** The menu's status moves, in English: shown through `t`. */
const moveLabels: Record<'draft' | 'ready' | 'accept', (story: Story) => string> = {
  draft: () => 'Draft',
  ready: (story) => (wasPublished(story) ? 'Ready' : 'Convert to Ready'),
  accept: () => 'Accept',
};
const moveIcons = { draft: 'Edit', ready: 'CheckMark', accept: 'Accept' };

/** The public page of a published story: /s/{slug}, or /s/{id} for a bullet (it has no slug). */
const publicPath = (story: Story) => `/s/${story.slug || story._id}`;

export default function StoriesPage() {
  const { newsletterId } = useParams<{ newsletterId?: string }>();
  const [, navigate] = useLocation();
  const scope = useAtomValue(currentScopeAtom);
  const can = useCan();
  const [refreshKey, setRefreshKey] = useState(0);
  const [deleting, setDeleting] = useState<Story | null>(null);

  // A newsletter's stories; /stories alone shows the current newsletter's, or every reachable one's from a publisher.
  const newsletter = newsletterId ?? (scope?.type === 'newsletter' ? scope._id : undefined);
  const actor = useActor();
  const opener = useStoryOpener();
  // 'D MMMM' in the console's language, as every list of the console writes dates.
  const format = useFormat();
  const refresh = () => setRefreshKey((key) => key + 1);

  const rowActions = (story: Story): IContextualMenuItem[] => {
    const deletion = verdictOn('delete', story, actor);
    // Hidden from a role that may not delete; shown disabled, with the reason, while the story's state forbids it (scheduled).
    const showDelete = can('stories.create') && (deletion.ok || deletion.kind === 'state');
    return [
      { key: 'open', text: t('Open'), iconProps: { iconName: 'OpenFile' }, onClick: () => navigate(editorPath(story)) },
      // Authors send a story on from the editor, where SUBMIT reminds them what it means.
      ...statusMoves(story, actor)
        .filter((move) => move !== 'ready' || actor.role !== 'author')
        .map((move) => ({
          key: move,
          text: t(moveLabels[move](story)),
          iconProps: { iconName: moveIcons[move] },
          onClick: () => void moveStory(story, move).then((moved) => moved && refresh()),
        })),
      ...(story.status.published ? [publicPageAction('preview', t('Preview'), publicPath(story))] : []),
      ...(showDelete
        ? [
            {
              key: 'delete',
              text: t('Delete'),
              iconProps: { iconName: 'Delete' },
              disabled: !deletion.ok,
              title: deletion.ok ? undefined : t(deletion.message),
              onClick: () => setDeleting(story),
            },
          ]
        : []),
    ];
  };

  const remove = async (story: Story) => {
    const { msg } = await storyApi.remove(story._id);
    toast('success', 'Success!', msg ?? 'The story is deleted.');
    setDeleting(null);
    refresh();
  };

  const columns: ListColumn<Story>[] = [
    {
      key: 'title',
      name: t('Title'),
      sort: 'title',
      minWidth: 220,
      maxWidth: 420,
      render: (story) => (
        <Link
          href={editorPath(story)}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            opener.open(story);
          }}
          styles={{ root: { fontWeight: 600 } }}
        >
          {storyName(story)}
        </Link>
      ),
    },
    { key: 'type', name: t('Type'), minWidth: 70, maxWidth: 90, render: (story) => t(storyTypeLabels[story.type]) },
    { key: 'writer', name: t('Writer'), minWidth: 120, maxWidth: 200, render: (story) => story.writer?.name || '—' },
    { key: 'status', name: t('Status'), minWidth: 100, maxWidth: 120, render: 'badge' },
    { key: 'updated', name: t('Updated'), sort: 'updatedAt', minWidth: 90, maxWidth: 120, render: (story) => format.listDate(story.updatedAt) },
  ];

  const mayCreate = can('stories.create');
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Stories')} />
      <List<Story>
        endpoint={storyEndpoints.list}
        params={newsletter ? { newsletter } : {}}
        storageKey="stories-list-view"
        searchPlaceholder={t('Search stories')}
        itemName={storyName}
        renderCard={(story, parts) => <StoryCard story={story} parts={parts} />}
        columns={columns}
        rowActions={rowActions}
        badge={(story) => ({ model: 'story', status: story.status })}
        filters={{ type: { options: typeOptions }, status: { options: statusOptions } }}
        onNew={mayCreate ? () => navigate(createPath) : undefined}
        defaultSort={{ sort: 'updatedAt', desc: true }}
        pageSize={constants.pageSizes.list}
        refreshKey={refreshKey}
        emptyTitle={t('There are no stories yet.')}
        emptyText={mayCreate ? t('Write the first one with NEW.') : undefined}
      />
      {deleting ? (
        <ConfirmDialog
          title={deleting.type === 'article' ? t('Delete Article') : t('Delete Bullet')}
          text={
            deleting.status.published
              ? t('Are you sure you want to delete "{name}"? Its public page goes with it.', { name: storyName(deleting) })
              : t('Are you sure you want to delete "{name}"?', { name: storyName(deleting) })
          }
          action={t('DELETE')}
          onConfirm={() => remove(deleting)}
          onDismiss={() => setDeleting(null)}
        />
      ) : null}
      {opener.dialog}
    </Stack>
  );
}

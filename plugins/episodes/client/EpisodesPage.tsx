/**
 * /newsletters/show/:newsletterId/episodes: the newsletter's episodes, 30 at a time as the user
 * scrolls, newest first, 'Show only my content', the CREATE menu (TTS, Recording, Upload from
 * Megaphone), each card's player and Edit Credentials / Delete, and the podcast feed's address.
 */
import { PrimaryButton, Stack, type IContextualMenuItem } from '@fluentui/react';
import { useState } from 'react';
import { useLocation, useParams } from 'wouter';
import { addToList, LoadMore, removeFromList, replaceInList } from '../../../core/client/infinite-list';
import { OwnContentToggle } from '../../../core/client/own-content';
import { CardList } from '../../../core/client/cards';
import { ConfirmDialog, EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { linkTo } from '../../../core/client/registry';
import { toast } from '../../../core/client/toasts';
import type { Episode } from '../../../schemas/generated/entities/episode';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { RecordingPicker } from '../../recordings/client/public';
import { EpisodeCard } from './EpisodeCard';
import { EpisodeForm } from './EpisodeForm';
import { deleteEpisode } from './episodes-api';
import { noEpisodesText, useEpisodes } from './episode-list';
import { FeedAddress } from './FeedAddress';
import { PodcastBrowser } from './PodcastBrowser';
import { speechRoute } from './refs';
import './episodes.css';
import { t } from '../../../core/client/words';

type Open =
  | { kind: 'recordings' }
  | { kind: 'browser' }
  | { kind: 'create'; recording: Recording }
  | { kind: 'edit'; episode: Episode }
  | { kind: 'delete'; episode: Episode }
  | null;

export default function EpisodesPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const [, navigate] = useLocation();
  const { filter, list: episodes } = useEpisodes(newsletterId);
  const can = useCan();
  const mayCreate = can('episodes.create');
  const [open, setOpen] = useState<Open>(null);

  // The TTS item shows only once a plugin binds the speech page.
  const speechPath = linkTo(speechRoute, { newsletterId });
  const createItems: IContextualMenuItem[] = [
    ...(speechPath ? [{ key: 'tts', text: t('TTS'), iconProps: { iconName: 'Microphone' }, onClick: () => navigate(speechPath) }] : []),
    { key: 'recording', text: t('Recording'), iconProps: { iconName: 'MusicInCollection' }, onClick: () => setOpen({ kind: 'recordings' }) },
    { key: 'megaphone', text: t('Upload from Megaphone'), iconProps: { iconName: 'CloudDownload' }, onClick: () => setOpen({ kind: 'browser' }) },
  ];

  const saved = (episode: Episode, isNew: boolean) => {
    if (isNew) addToList(episodes, episode);
    else replaceInList(episodes, episode);
    setOpen(null);
  };

  const remove = async (episode: Episode) => {
    await deleteEpisode(episode._id);
    removeFromList(episodes, episode);
    toast('success', 'Success!', 'The episode is deleted.');
    setOpen(null);
  };

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Episodes')}>
        <OwnContentToggle filter={filter} />
        {mayCreate ? <PrimaryButton text={t('CREATE')} iconProps={{ iconName: 'Add' }} menuProps={{ items: createItems }} /> : null}
      </PageHeader>

      <FeedAddress newsletterId={newsletterId} />

      {episodes.items.length > 0 ? (
        <CardList label={t('Episodes')} items={episodes.items} itemKey={(episode) => episode._id}>
          {(episode) => (
            <EpisodeCard
              episode={episode}
              menu={mayCreate ? { onEdit: () => setOpen({ kind: 'edit', episode }), onDelete: () => setOpen({ kind: 'delete', episode }) } : undefined}
            />
          )}
        </CardList>
      ) : !episodes.loading ? (
        <EmptyState
          title={noEpisodesText(filter.on)}
          text={mayCreate ? t('Make one from a recording, or import one from your podcast provider, with CREATE.') : undefined}
        />
      ) : null}
      <LoadMore list={episodes} />

      {open?.kind === 'recordings' ? (
        <RecordingPicker onDismiss={() => setOpen(null)} onSelect={(recording) => setOpen({ kind: 'create', recording })} />
      ) : null}
      {open?.kind === 'browser' ? <PodcastBrowser onDismiss={() => setOpen(null)} onImported={(recording) => setOpen({ kind: 'create', recording })} /> : null}
      {open?.kind === 'create' ? (
        <EpisodeForm
          mode="create"
          newsletterId={newsletterId}
          recording={open.recording}
          onDismiss={() => setOpen(null)}
          onSaved={(episode) => saved(episode, true)}
        />
      ) : null}
      {open?.kind === 'edit' ? (
        <EpisodeForm mode="edit" episode={open.episode} onDismiss={() => setOpen(null)} onSaved={(episode) => saved(episode, false)} />
      ) : null}
      {open?.kind === 'delete' ? (
        <ConfirmDialog
          title={t('Delete Episode')}
          text={t('Are you sure you want to delete "{title}"? It leaves the podcast feed too.', { title: open.episode.title })}
          action={t('DELETE')}
          onConfirm={() => remove(open.episode)}
          onDismiss={() => setOpen(null)}
        />
      ) : null}
    </Stack>
  );
}

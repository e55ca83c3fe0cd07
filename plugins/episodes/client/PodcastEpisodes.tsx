/** The browser's second screen: a podcast's episodes (cover, title, date) with a back arrow; IMPORT copies one into a recording. */
import { IconButton, PrimaryButton, Spinner, SpinnerSize, Stack, Text, type IColumn } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';
import type { Podcast } from '../../../schemas/generated/entities/podcast';
import type { PodcastEpisode } from '../../../schemas/generated/entities/podcast-episode';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { importPodcastEpisode, listPodcastEpisodes } from './episodes-api';
import { BrowserTable, Cover, dateOf, leadColumns, Muted, type BrowserTask } from './podcast-parts';
import { t } from '../../../core/client/words';

export interface PodcastEpisodesProps extends BrowserTask {
  podcast: Podcast;
  onBack(): void;
  /** The recording an imported episode became. */
  onImported(recording: Recording): void;
}

export function PodcastEpisodes({ podcast, busy, run, onBack, onImported }: PodcastEpisodesProps) {
  const [episodes, setEpisodes] = useState<PodcastEpisode[] | null>(null);
  useEffect(() => {
    let current = true;
    setEpisodes(null);
    listPodcastEpisodes(podcast.id)
      .then((found) => {
        if (current) setEpisodes(found);
      })
      .catch(async (error: unknown) => {
        if (!current) return;
        setEpisodes([]);
        await handleError(error);
      });
    return () => {
      current = false;
    };
  }, [podcast.id]);

  const importEpisode = (episode: PodcastEpisode) =>
    run(`import-${episode.id}`, async () => {
      const recording = await importPodcastEpisode(episode);
      toast('success', 'Success!', 'The episode is imported as a recording.');
      onImported(recording);
    });

  const columns: IColumn[] = [
    ...leadColumns(220, (item: PodcastEpisode) => <span style={{ fontWeight: 600, fontSize: 14 }}>{item.title}</span>),
    { key: 'date', name: t('Date'), minWidth: 110, maxWidth: 130, onRender: (item: PodcastEpisode) => <span>{dateOf(item.publishedAt)}</span> },
    {
      key: 'import',
      name: '',
      minWidth: 100,
      maxWidth: 110,
      onRender: (item: PodcastEpisode) => (
        <PrimaryButton
          text={t('IMPORT')}
          ariaLabel={t('Import {title}', { title: item.title })}
          disabled={busy !== null}
          onClick={() => void importEpisode(item)}
        />
      ),
    },
  ];

  return (
    <>
      <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
        <IconButton iconProps={{ iconName: 'Back' }} ariaLabel={t('Back')} title={t('Back')} onClick={onBack} disabled={busy !== null} />
        <Cover src={podcast.image} />
        <Text variant="large" styles={{ root: { fontWeight: 600 } }}>
          {podcast.title}
        </Text>
      </Stack>
      {episodes === null ? (
        <Spinner size={SpinnerSize.large} label={t('Loading...')} />
      ) : episodes.length > 0 ? (
        <BrowserTable label={t('Episodes')} items={episodes} columns={columns} />
      ) : (
        <Muted>{t('This podcast has no episodes with audio.')}</Muted>
      )}
      {busy?.startsWith('import-') ? <Spinner size={SpinnerSize.medium} label={t('Importing the episode...')} /> : null}
    </>
  );
}

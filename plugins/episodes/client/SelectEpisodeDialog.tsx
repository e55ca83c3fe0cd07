/**
 * 'Select Episode': a newsletter's episodes ('Show only my content'); SELECT hands the chosen one
 * to the caller (story settings attach it). 'Upload from Megaphone' imports a provider episode,
 * makes a draft episode of it and selects that.
 */
import { DefaultButton } from '@fluentui/react';
import { useState } from 'react';
import { handleError } from '../../../core/client/errors';
import { PickerDialog } from '../../../core/client/selectable';
import type { Episode } from '../../../schemas/generated/entities/episode';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { EpisodeCard } from './EpisodeCard';
import { createBody, fieldsOf, recordingValues } from './episode-form';
import { createEpisode } from './episodes-api';
import { noEpisodesText, useEpisodes } from './episode-list';
import { PodcastBrowser } from './PodcastBrowser';
import './episodes.css';
import { t } from '../../../core/client/words';

export interface SelectEpisodeDialogProps {
  newsletterId: string;
  onDismiss(): void;
  onSelect(episode: Episode): void;
}

/** A draft episode of a recording, with the recording's credentials. */
export async function draftEpisodeOf(newsletterId: string, recording: Recording): Promise<Episode> {
  return createEpisode(createBody(newsletterId, recording, fieldsOf(recordingValues(recording))));
}

export function SelectEpisodeDialog({ newsletterId, onDismiss, onSelect }: SelectEpisodeDialogProps) {
  const { filter, list: episodes } = useEpisodes(newsletterId);
  const [browsing, setBrowsing] = useState(false);

  const imported = async (recording: Recording) => {
    setBrowsing(false);
    try {
      onSelect(await draftEpisodeOf(newsletterId, recording));
    } catch (error) {
      await handleError(error);
    }
  };

  return (
    <>
      <PickerDialog
        title={t('Select Episode')}
        label={t('Episodes')}
        list={episodes}
        filter={filter}
        actions={<DefaultButton text={t('Upload from Megaphone')} iconProps={{ iconName: 'CloudDownload' }} onClick={() => setBrowsing(true)} />}
        emptyText={noEpisodesText}
        hidden={browsing}
        onSelect={onSelect}
        onDismiss={onDismiss}
      >
        {(episode, selection) => <EpisodeCard episode={episode} selection={selection} />}
      </PickerDialog>
      {browsing ? <PodcastBrowser onDismiss={() => setBrowsing(false)} onImported={(recording) => void imported(recording)} /> : null}
    </>
  );
}

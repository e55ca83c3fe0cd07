/**
 * The podcast provider browser (spec 002, 2.14): the podcasts (PodcastList), and a podcast's
 * episodes with a back arrow (PodcastEpisodes), where IMPORT copies an episode into a recording.
 * With the RSS provider, the publisher's feed addresses are added (PodcastFeedForm) and removed here.
 */
import { Panel, PanelType, Stack } from '@fluentui/react';
import { useCallback, useEffect, useState } from 'react';
import { handleError } from '../../../core/client/errors';
import type { Podcast } from '../../../schemas/generated/entities/podcast';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { listPodcasts, type PodcastProvider } from './episodes-api';
import type { RunTask } from './podcast-parts';
import { PodcastEpisodes } from './PodcastEpisodes';
import { PodcastFeedForm } from './PodcastFeedForm';
import { PodcastList } from './PodcastList';
import './episodes.css';
import { t } from '../../../core/client/words';

export interface PodcastBrowserProps {
  onDismiss(): void;
  /** The recording an imported episode became. */
  onImported(recording: Recording): void;
}

export function PodcastBrowser({ onDismiss, onImported }: PodcastBrowserProps) {
  const [provider, setProvider] = useState<PodcastProvider | null>(null);
  const [podcasts, setPodcasts] = useState<Podcast[] | null>(null);
  const [podcast, setPodcast] = useState<Podcast | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const loadPodcasts = useCallback(async () => {
    try {
      const found = await listPodcasts();
      setProvider(found.provider);
      setPodcasts(found.podcasts);
    } catch (error) {
      setPodcasts([]);
      await handleError(error);
    }
  }, []);
  useEffect(() => {
    void loadPodcasts();
  }, [loadPodcasts]);

  const run: RunTask = async (task, action) => {
    setBusy(task);
    try {
      await action();
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(null);
    }
  };
  const task = { busy, run };

  return (
    <Panel
      isOpen
      onDismiss={busy ? undefined : onDismiss}
      type={PanelType.large}
      headerText={provider === 'megaphone' ? 'Megaphone' : t('Podcasts')}
      closeButtonAriaLabel={t('Close')}
      isLightDismiss={!busy}
    >
      <Stack tokens={{ childrenGap: 16 }} styles={{ root: { paddingTop: 12 } }}>
        {podcast ? (
          <PodcastEpisodes {...task} podcast={podcast} onBack={() => setPodcast(null)} onImported={onImported} />
        ) : (
          <>
            {provider === 'rss' ? <PodcastFeedForm {...task} onAdded={loadPodcasts} /> : null}
            <PodcastList
              {...task}
              provider={provider}
              podcasts={podcasts}
              onOpen={setPodcast}
              onRemoved={(feed) => setPodcasts((current) => current?.filter((item) => item.id !== feed.id) ?? null)}
            />
          </>
        )}
      </Stack>
    </Panel>
  );
}

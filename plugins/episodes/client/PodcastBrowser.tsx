/**
 * The podcast provider browser (spec 002, 2.14): a table of podcasts (cover, title, episode count,
 * date); a podcast's episodes (cover, title, date) with a back arrow; IMPORT copies an episode
 * into a recording. With the RSS provider, the publisher's feed addresses are added and removed here.
 */
import {
  DetailsList, DetailsListLayoutMode, IconButton, Link, Panel, PanelType, PrimaryButton, SelectionMode, Spinner, SpinnerSize, Stack, Text, TextField,
  type IColumn,
} from '@fluentui/react';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { call } from '../../../core/client/api';
import { handleError } from '../../../core/client/errors';
import { toast } from '../../../core/client/toasts';
import type { Podcast } from '../../../schemas/generated/entities/podcast';
import type { PodcastEpisode } from '../../../schemas/generated/entities/podcast-episode';
import type { Recording } from '../../../schemas/generated/entities/recording';
import { cardDate } from './status';
import './episodes.css';

export interface PodcastBrowserProps {
  onDismiss(): void;
  /** The recording an imported episode became. */
  onImported(recording: Recording): void;
}

const urlMessage = 'URL should be valid and must start with either https:// or http://';
const dateOf = (value: string | undefined) => (value ? cardDate(value) : '');

function Cover({ src }: { src: string }) {
  return src ? <img className="podcast-cover" src={src} alt="" loading="lazy" /> : <div className="podcast-cover" aria-hidden />;
}

export function PodcastBrowser({ onDismiss, onImported }: PodcastBrowserProps) {
  const [provider, setProvider] = useState<'rss' | 'megaphone' | null>(null);
  const [podcasts, setPodcasts] = useState<Podcast[] | null>(null);
  const [podcast, setPodcast] = useState<Podcast | null>(null);
  const [episodes, setEpisodes] = useState<PodcastEpisode[] | null>(null);
  const [feedUrl, setFeedUrl] = useState('');
  const [feedError, setFeedError] = useState<string>();
  const [busy, setBusy] = useState<string | null>(null);

  const loadPodcasts = useCallback(async () => {
    try {
      const response = await call<Podcast[]>('get', 'podcasts/list');
      setProvider((response as unknown as { provider: 'rss' | 'megaphone' }).provider);
      setPodcasts(response.data);
    } catch (error) {
      setPodcasts([]);
      await handleError(error);
    }
  }, []);
  useEffect(() => {
    void loadPodcasts();
  }, [loadPodcasts]);

  const openPodcast = async (chosen: Podcast) => {
    setPodcast(chosen);
    setEpisodes(null);
    try {
      setEpisodes((await call<PodcastEpisode[]>('get', `podcasts/list/${encodeURIComponent(chosen.id)}/episodes`)).data);
    } catch (error) {
      setEpisodes([]);
      await handleError(error);
    }
  };

  const addFeed = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!/^https?:\/\/\S+$/i.test(feedUrl.trim())) {
      setFeedError(urlMessage);
      return;
    }
    setBusy('feed');
    try {
      await call('post', 'podcasts/feeds', { url: feedUrl.trim() });
      toast('success', 'Success!', 'The podcast feed is added.');
      setFeedUrl('');
      await loadPodcasts();
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const removeFeed = async (feed: Podcast) => {
    setBusy(`remove-${feed.id}`);
    try {
      await call('delete', `podcasts/feeds/${encodeURIComponent(feed.id)}`);
      setPodcasts((current) => current?.filter((item) => item.id !== feed.id) ?? null);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const importEpisode = async (episode: PodcastEpisode) => {
    setBusy(`import-${episode.id}`);
    try {
      const { data } = await call<Recording>('post', 'podcasts/import', { podcastId: episode.podcastId, episodeId: episode.id });
      toast('success', 'Success!', 'The episode is imported as a recording.');
      onImported(data);
    } catch (error) {
      await handleError(error);
    } finally {
      setBusy(null);
    }
  };

  const podcastColumns: IColumn[] = [
    { key: 'cover', name: 'Cover', minWidth: 44, maxWidth: 44, onRender: (item: Podcast) => <Cover src={item.image} /> },
    {
      key: 'title', name: 'Title', minWidth: 200, isMultiline: true,
      onRender: (item: Podcast) => <Link onClick={() => void openPodcast(item)} styles={{ root: { fontWeight: 600, fontSize: 14 } }}>{item.title}</Link>,
    },
    { key: 'count', name: 'Episodes', minWidth: 70, maxWidth: 80, onRender: (item: Podcast) => <span>{item.episodeCount}</span> },
    { key: 'date', name: 'Date', minWidth: 110, maxWidth: 130, onRender: (item: Podcast) => <span>{dateOf(item.publishedAt || item.createdAt)}</span> },
    ...(provider === 'rss'
      ? [{
          key: 'remove', name: '', minWidth: 36, maxWidth: 36,
          onRender: (item: Podcast) => (
            <IconButton iconProps={{ iconName: 'Delete' }} ariaLabel={`Remove ${item.title}`} title="Remove" disabled={busy !== null} onClick={() => void removeFeed(item)} />
          ),
        } satisfies IColumn]
      : []),
  ];

  const episodeColumns: IColumn[] = [
    { key: 'cover', name: 'Cover', minWidth: 44, maxWidth: 44, onRender: (item: PodcastEpisode) => <Cover src={item.image} /> },
    { key: 'title', name: 'Title', minWidth: 220, isMultiline: true, onRender: (item: PodcastEpisode) => <span style={{ fontWeight: 600, fontSize: 14 }}>{item.title}</span> },
    { key: 'date', name: 'Date', minWidth: 110, maxWidth: 130, onRender: (item: PodcastEpisode) => <span>{dateOf(item.publishedAt)}</span> },
    {
      key: 'import', name: '', minWidth: 100, maxWidth: 110,
      onRender: (item: PodcastEpisode) => (
        <PrimaryButton text="IMPORT" ariaLabel={`Import ${item.title}`} disabled={busy !== null} onClick={() => void importEpisode(item)} />
      ),
    },
  ];

  return (
    <Panel isOpen onDismiss={busy ? undefined : onDismiss} type={PanelType.large} headerText={provider === 'megaphone' ? 'Megaphone' : 'Podcasts'} closeButtonAriaLabel="Close" isLightDismiss={!busy}>
      <Stack tokens={{ childrenGap: 16 }} styles={{ root: { paddingTop: 12 } }}>
        {podcast ? (
          <>
            <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 8 }}>
              <IconButton iconProps={{ iconName: 'Back' }} ariaLabel="Back" title="Back" onClick={() => { setPodcast(null); setEpisodes(null); }} disabled={busy !== null} />
              <Cover src={podcast.image} />
              <Text variant="large" styles={{ root: { fontWeight: 600 } }}>{podcast.title}</Text>
            </Stack>
            {episodes === null ? <Spinner size={SpinnerSize.large} label="Loading..." /> : (
              episodes.length > 0
                ? <DetailsList items={episodes} columns={episodeColumns} selectionMode={SelectionMode.none} layoutMode={DetailsListLayoutMode.justified} ariaLabelForGrid="Episodes" getKey={(item: PodcastEpisode) => item.id} />
                : <Text styles={{ root: { color: '#605e5c' } }}>This podcast has no episodes with audio.</Text>
            )}
            {busy?.startsWith('import-') ? <Spinner size={SpinnerSize.medium} label="Importing the episode..." /> : null}
          </>
        ) : (
          <>
            {provider === 'rss' ? (
              <form onSubmit={(event) => void addFeed(event)} noValidate>
                <Stack horizontal verticalAlign="end" tokens={{ childrenGap: 8 }}>
                  <Stack.Item grow>
                    <TextField
                      label="Podcast feed URL"
                      placeholder="https://example.com/podcast.xml"
                      value={feedUrl}
                      onChange={(_, value) => { setFeedUrl(value ?? ''); setFeedError(undefined); }}
                      errorMessage={feedError}
                      disabled={busy !== null}
                    />
                  </Stack.Item>
                  <PrimaryButton type="submit" text="ADD" disabled={busy !== null} styles={{ root: { marginBottom: feedError ? 22 : 0 } }} />
                </Stack>
              </form>
            ) : null}
            {podcasts === null ? <Spinner size={SpinnerSize.large} label="Loading..." /> : (
              podcasts.length > 0
                ? <DetailsList items={podcasts} columns={podcastColumns} selectionMode={SelectionMode.none} layoutMode={DetailsListLayoutMode.justified} ariaLabelForGrid="Podcasts" getKey={(item: Podcast) => item.id} onItemInvoked={(item: Podcast) => void openPodcast(item)} />
                : <Text styles={{ root: { color: '#605e5c' } }}>{provider === 'rss' ? 'Add the RSS feed of a podcast to browse its episodes.' : 'There are no podcasts yet.'}</Text>
            )}
          </>
        )}
      </Stack>
    </Panel>
  );
}

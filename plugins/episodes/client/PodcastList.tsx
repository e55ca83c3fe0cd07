/** The browser's first screen: the podcasts (cover, title, episode count, date); with the RSS provider each feed can be removed. */
import { IconButton, Link, Spinner, SpinnerSize, type IColumn } from '@fluentui/react';
import type { Podcast } from '../../../schemas/generated/entities/podcast';
import { removePodcastFeed, type PodcastProvider } from './episodes-api';
import { BrowserTable, dateOf, leadColumns, Muted, type BrowserTask } from './podcast-parts';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';

export interface PodcastListProps extends BrowserTask {
  provider: PodcastProvider | null;
  /** Null while loading. */
  podcasts: Podcast[] | null;
  onOpen(podcast: Podcast): void;
  onRemoved(podcast: Podcast): void;
}

export function PodcastList({ provider, podcasts, busy, run, onOpen, onRemoved }: PodcastListProps) {
  const remove = (feed: Podcast) =>
    run(`remove-${feed.id}`, async () => {
      await removePodcastFeed(feed.id);
      onRemoved(feed);
    });

  const columns: IColumn[] = [
    ...leadColumns(200, (item: Podcast) => (
      <Link onClick={() => onOpen(item)} styles={{ root: { fontWeight: 600, fontSize: 14 } }}>
        {item.title}
      </Link>
    )),
    { key: 'count', name: t('Episodes'), minWidth: 70, maxWidth: 80, onRender: (item: Podcast) => <span>{formatNumber(item.episodeCount)}</span> },
    { key: 'date', name: t('Date'), minWidth: 110, maxWidth: 130, onRender: (item: Podcast) => <span>{dateOf(item.publishedAt || item.createdAt)}</span> },
    ...(provider === 'rss'
      ? [
          {
            key: 'remove',
            name: '',
            minWidth: 36,
            maxWidth: 36,
            onRender: (item: Podcast) => (
              <IconButton
                iconProps={{ iconName: 'Delete' }}
                ariaLabel={t('Remove {title}', { title: item.title })}
                title={t('Remove')}
                disabled={busy !== null}
                onClick={() => void remove(item)}
              />
            ),
          } satisfies IColumn,
        ]
      : []),
  ];

  if (podcasts === null) return <Spinner size={SpinnerSize.large} label={t('Loading...')} />;
  if (podcasts.length === 0)
    return <Muted>{provider === 'rss' ? t('Add the RSS feed of a podcast to browse its episodes.') : t('There are no podcasts yet.')}</Muted>;
  return <BrowserTable label={t('Podcasts')} items={podcasts} columns={columns} onOpen={onOpen} />;
}

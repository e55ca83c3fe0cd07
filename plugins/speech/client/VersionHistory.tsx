/** A chunk's version history (spec 002 section 2.4): every audio it has had, newest first, with its date, text and player. */
import { mergeStyleSets, Panel, PanelType, Spinner, SpinnerSize, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { theme } from '../../../core/client/theme';
import { constants } from '../../../core/shared/config';
import { speechMessages } from '../rules';
import { speechApi, type ChunkVersion } from './speech-api';
import { reportFailure } from './speech-errors';
import { AudioPlayer } from './speech-parts';
import { formatDate } from '../../../core/client/format-dates';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import { speechTexts } from './speech-texts';

const classes = mergeStyleSets({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 },
  version: { display: 'grid', gap: 8, paddingBottom: 16, borderBottom: `1px solid ${theme.palette.neutralLight}` },
  date: { color: theme.palette.neutralSecondary, fontSize: 12 },
});

const versionDate = (value: string) => formatDate(new Date(value), `${constants.dates.card} HH:mm`);

export function VersionHistory({ chunkId, number, onDismiss }: { chunkId: string; number: number; onDismiss(): void }) {
  const [versions, setVersions] = useState<ChunkVersion[] | null>(null);
  useEffect(() => {
    let current = true;
    speechApi.fetchChunk(chunkId).then(
      (chunk) => current && setVersions(chunk.versions ?? []),
      (error: unknown) => {
        if (!current) return;
        setVersions([]);
        void reportFailure(error, speechTexts.chunkRetrieval(chunkId), speechMessages.chunkRetrieval(chunkId));
      },
    );
    return () => {
      current = false;
    };
  }, [chunkId]);

  return (
    <Panel
      isOpen
      type={PanelType.medium}
      headerText={t('Chunk {number}: version history', { number: formatNumber(number) })}
      onDismiss={onDismiss}
      closeButtonAriaLabel={t('Close')}
      isLightDismiss
    >
      {versions === null ? (
        <Spinner size={SpinnerSize.medium} label={t('Loading...')} />
      ) : versions.length === 0 ? (
        <Text styles={{ root: { color: theme.palette.neutralSecondary } }}>{t('This chunk has no audio yet.')}</Text>
      ) : (
        <ol className={classes.list} aria-label={t('Versions')}>
          {versions.map((version, index) => (
            <li key={version.id} className={classes.version}>
              <span className={classes.date}>{versionDate(version.updated_at)}</span>
              <Text>{version.text}</Text>
              <AudioPlayer url={version.url} label={t('Version {number}', { number: formatNumber(versions.length - index) })} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

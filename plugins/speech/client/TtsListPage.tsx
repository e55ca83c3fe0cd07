/**
 * /newsletters/show/:newsletterId/tts: the newsletter's text-to-speech records (spec 002 section
 * 2.2), under the tabs ARTICLES and BULLET (and ISSUES for those who make issue audio), the newest
 * first, 10 a page. Each row opens the audio screen of its story or issue; a row whose audio has
 * no address yet says 'In Progress'.
 */
import { Link, mergeStyleSets, Pivot, PivotItem, PrimaryButton, Spinner, SpinnerSize, Stack, Text } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { Link as RouteLink, useLocation, useParams } from 'wouter';
import { Pager } from '../../../core/client/list/Pager';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { panelDate } from '../../../core/client/panel-list';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import { speechMessages } from '../rules';
import { issueAudioPath, pickerPath, speechApi, storyAudioPath, type Audio, type SpeechContentType } from './speech-api';
import { SpeechBadge, speechBadge } from './speech-parts';

/** Labels and buttons are shown through t. */
const tabs: { key: SpeechContentType; label: string; button: string }[] = [
  { key: 'article', label: 'ARTICLES', button: 'NEW ARTICLE AUDIO' },
  { key: 'bullet', label: 'BULLET', button: 'NEW BULLET AUDIO' },
  { key: 'issue', label: 'ISSUES', button: 'NEW ISSUE AUDIO' },
];

const classes = mergeStyleSets({
  list: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 8 },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: 16,
    padding: '12px 16px',
    background: theme.palette.white,
    borderRadius: 8,
    boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
  },
  title: { flex: 1, minWidth: 0, fontWeight: 600, overflowWrap: 'anywhere' },
  date: { flex: 'none', color: theme.palette.neutralSecondary },
  progress: { flex: 'none', color: theme.semanticColors.draftText, fontWeight: 600 },
});

/** Where a row leads: the audio screen of its story or issue, on this audio. */
export const rowPath = (audio: Audio) => (audio.content_type === 'issue' ? issueAudioPath : storyAudioPath)(audio.content_id, audio.id);

export default function TtsListPage() {
  const { newsletterId } = useParams<{ newsletterId: string }>();
  const [, navigate] = useLocation();
  const can = useCan();
  const shown = tabs.filter((tab) => tab.key !== 'issue' || can('speech.publish'));
  const [tab, setTab] = useState<SpeechContentType>('article');
  const [page, setPage] = useState(0);
  const [result, setResult] = useState<{ audios: Audio[]; count: number } | 'failed' | null>(null);
  const pageSize = constants.pageSizes.audios;

  useEffect(() => {
    let current = true;
    setResult(null);
    speechApi.listAudios({ filters: { newsletter_id: newsletterId, content_type: tab }, sort: 'created_at:desc', page, limit: pageSize }).then(
      (answer) => current && setResult({ audios: answer.data, count: answer.totalCount }),
      () => current && setResult('failed'),
    );
    return () => {
      current = false;
    };
  }, [newsletterId, tab, page, pageSize]);

  const active = tabs.find((entry) => entry.key === tab)!;
  const create = () => navigate(pickerPath(newsletterId, tab));

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={t('Text to Speech')}>
        <PrimaryButton text={t(active.button)} iconProps={{ iconName: 'Add' }} onClick={create} />
      </PageHeader>
      <Pivot
        selectedKey={tab}
        headersOnly
        aria-label={t('Audio types')}
        onLinkClick={(item) => {
          setTab((item?.props.itemKey as SpeechContentType) ?? 'article');
          setPage(0);
        }}
      >
        {shown.map((entry) => (
          <PivotItem key={entry.key} itemKey={entry.key} headerText={t(entry.label)} />
        ))}
      </Pivot>
      {result === null ? (
        <Spinner size={SpinnerSize.large} label={t('Loading...')} />
      ) : result === 'failed' ? (
        <Text role="alert" styles={{ root: { color: theme.semanticColors.errorText } }}>
          {t(speechMessages.audioList)}
        </Text>
      ) : result.audios.length === 0 ? (
        <EmptyState title={t('There is no audio yet.')} text={t('Make the first one with {button}.', { button: t(active.button) })} />
      ) : (
        <>
          <ul className={classes.list} aria-label={t('{tab} audio', { tab: t(active.label) })}>
            {result.audios.map((audio) => {
              const title = audio.content?.title || t('N/A');
              return (
                <li key={audio.id} className={classes.row} data-testid="audio-row">
                  <RouteLink href={rowPath(audio)} asChild>
                    <Link className={classes.title}>{title}</Link>
                  </RouteLink>
                  {audio.url ? <SpeechBadge badge={speechBadge(audio.status)} /> : <span className={classes.progress}>{t('In Progress')}</span>}
                  <span className={classes.date}>{panelDate(audio.created_at)}</span>
                </li>
              );
            })}
          </ul>
          <Pager page={page} pages={Math.ceil(result.count / pageSize)} onPage={setPage} />
        </>
      )}
    </Stack>
  );
}

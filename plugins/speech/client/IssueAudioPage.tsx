/**
 * /issues/audios/create/:issueId (?audio_id_query): an issue's audio (spec 002 sections 2.3 and 4).
 * Stories: the intro and the stories of the first two channels, each 'NOT READY' until its chunks
 * have their audio; GENERATE AUDIO FILES splits the items not split yet, keeps the issue audio's
 * parts in the items' order and speaks every chunk without audio. Build: BUILD ISSUE. Publish: the
 * built audio becomes the issue's episode.
 */
import { Link, mergeStyleSets, Pivot, PivotItem, PrimaryButton, ProgressIndicator, Stack, Text } from '@fluentui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouteLink, useParams, useSearch } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { useNewsletterScope } from '../../../core/client/layout/Shell';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { formatNumber } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { t } from '../../../core/client/words';
import { constants } from '../../../core/shared/config';
import type { Issue } from '../../../schemas/generated/entities/issue';
import { AttachForm } from './AttachDialog';
import { BuildPanel, isBuilt } from './BuildPanel';
import { issueItems, itemReady, partsInItemOrder, type IssueItem } from './issue-items';
import { storeChunks, voiceDefaultsOf } from './open-audio';
import { saveAudioParts, speechApi, type Audio, type Chunk, type VoiceDefaults } from './speech-api';
import { AudioLoading, eachAtMost, notReadyBadge, SpeechBadge, speechBadge } from './speech-parts';

type Tab = 'stories' | 'build' | 'publish';

const classes = mergeStyleSets({
  items: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 12 },
  item: {
    display: 'grid',
    gap: 8,
    padding: 16,
    background: theme.palette.white,
    borderRadius: 8,
    boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
  },
  title: { fontWeight: 600, overflowWrap: 'anywhere', flex: 1, minWidth: 0 },
  details: { color: theme.palette.neutralSecondary, fontSize: 12 },
  box: { background: theme.palette.white, borderRadius: 8, padding: 24 },
});

interface Opened {
  issue: Issue;
  items: IssueItem[];
  defaults: VoiceDefaults | null;
}

async function openIssueAudio(issueId: string, audioId: string | undefined): Promise<Opened & { audio: Audio | null }> {
  const [{ issue, stories }, found] = await Promise.all([speechApi.issue(issueId), speechApi.latestAudio(issueId, audioId)]);
  const [defaults, audio] = await Promise.all([voiceDefaultsOf(issue.newsletter), found ? speechApi.fetchAudio(found.id) : null]);
  return { issue, items: issueItems(issue, stories), defaults, audio };
}

/** The audio with a part replaced by the server's answer. */
const withPart = (audio: Audio | null, chunk: Chunk): Audio | null =>
  audio && { ...audio, status: 'draft', parts: audio.parts.map((part) => (part.id === chunk.id ? { ...part, ...chunk } : part)) };

export default function IssueAudioPage() {
  const { issueId } = useParams<{ issueId: string }>();
  const audioId = new URLSearchParams(useSearch()).get('audio_id_query') || undefined;
  const [opened, setOpened] = useState<Opened | 'failed' | null>(null);
  const [audio, setAudio] = useState<Audio | null>(null);
  const latest = useRef(audio);
  latest.current = audio;
  const [tab, setTab] = useState<Tab>('stories');
  const [generating, setGenerating] = useState(false);
  const [speaking, setSpeaking] = useState<ReadonlySet<string>>(new Set());
  useNewsletterScope(opened && opened !== 'failed' ? opened.issue.newsletter : undefined);

  useEffect(() => {
    let current = true;
    setOpened(null);
    openIssueAudio(issueId, audioId).then(
      (result) => {
        if (!current) return;
        setAudio(result.audio);
        setOpened(result);
      },
      async (error: unknown) => {
        if (!current) return;
        console.error(error);
        setOpened('failed');
        await handleError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [issueId, audioId]);

  if (opened === 'failed') return <EmptyState title={t('The issue could not be opened.')} text={t('Try refreshing the page.')} />;
  if (!opened) return <AudioLoading />;
  const { issue, items, defaults } = opened;

  const generateAudioFiles = async () => {
    setGenerating(true);
    try {
      let current = latest.current;
      const split = new Set((current?.parts ?? []).map((part) => part.origin));
      const added: Chunk[] = [];
      for (const item of items.filter((entry) => !split.has(entry.origin))) {
        const texts = await speechApi.split(item.html);
        added.push(...(await storeChunks(texts, { id: issue._id, type: 'issue', origin: item.origin }, defaults, false)));
      }
      const parts = partsInItemOrder(items, [...(current?.parts ?? []), ...added]);
      const order = parts.map((part) => part.id);
      if (!current || order.join() !== current.parts.map((part) => part.id).join()) {
        const saved = await saveAudioParts(current ?? undefined, order, {
          content_id: issue._id,
          content_type: 'issue',
          newsletter_id: issue.newsletter,
          ...(current?.created_by ? { created_by: current.created_by } : {}),
        });
        const known = new Map(parts.map((part) => [part.id, part]));
        current = { ...saved, parts: saved.parts?.length ? saved.parts.map((part) => ({ ...known.get(part.id), ...part })) : parts };
        setAudio(current);
      }
      const ordered = current.parts;
      await eachAtMost(
        ordered.filter((part) => !part.url),
        constants.speech.generateAtOnce,
        async (part) => {
          const index = ordered.indexOf(part);
          setSpeaking((ids) => new Set(ids).add(part.id));
          try {
            const chunk = await speechApi.generate(part.id, { previous: ordered[index - 1]?.id, next: ordered[index + 1]?.id });
            setAudio((now) => withPart(now, chunk));
          } finally {
            setSpeaking((ids) => new Set([...ids].filter((id) => id !== part.id)));
          }
        },
      );
    } catch (error) {
      // Spec 002 section 8: only logged; the button is there again to try.
      console.error(error);
    } finally {
      setGenerating(false);
    }
  };

  const parts = audio?.parts ?? [];
  const attached = audio?.status === 'published' && audio.episode;
  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={issue.subject || issue.key} />
      <Pivot selectedKey={tab} headersOnly aria-label={t('Audio steps')} onLinkClick={(item) => setTab((item?.props.itemKey as Tab) ?? 'stories')}>
        <PivotItem itemKey="stories" headerText={t('Stories')} />
        <PivotItem itemKey="build" headerText={t('Build')} />
        <PivotItem itemKey="publish" headerText={t('Publish')} />
      </Pivot>

      {tab === 'stories' ? (
        <Stack tokens={{ childrenGap: 16 }}>
          <Stack horizontal horizontalAlign="end">
            <PrimaryButton
              text={t('GENERATE AUDIO FILES')}
              iconProps={{ iconName: 'Microphone' }}
              disabled={generating || items.length === 0}
              onClick={() => void generateAudioFiles()}
            />
          </Stack>
          {items.length === 0 ? (
            <EmptyState title={t('This issue has no intro or stories to read yet.')} />
          ) : (
            <ol className={classes.items} aria-label={t('Audio items')}>
              {items.map((item) => {
                const own = parts.filter((part) => part.origin === item.origin);
                const ready = itemReady(item, parts);
                const busy = own.some((part) => speaking.has(part.id));
                return (
                  <li key={item.origin} className={classes.item} aria-label={item.title} data-testid="audio-item">
                    <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }}>
                      <span className={classes.title}>{item.title}</span>
                      <SpeechBadge badge={ready ? speechBadge('ready') : notReadyBadge} />
                    </Stack>
                    <span className={classes.details}>
                      {item.origin === 'intro' ? t('Intro') : t('Story')}
                      {own.length > 0
                        ? ` · ${t('{ready} of {count} chunks ready', { ready: formatNumber(own.filter((part) => part.url).length), count: formatNumber(own.length) })}`
                        : ''}
                    </span>
                    {busy ? <ProgressIndicator ariaValueText={t('Generating the audio of {title}', { title: item.title })} /> : null}
                  </li>
                );
              })}
            </ol>
          )}
        </Stack>
      ) : tab === 'build' ? (
        audio ? (
          <BuildPanel audio={audio} what="issue" onBuilt={(built) => setAudio({ ...built, parts: built.parts ?? parts })} onGoBack={() => setTab('stories')} />
        ) : (
          <EmptyState title={t('There is no audio of this issue yet.')} text={t('Make it with GENERATE AUDIO FILES on the Stories tab.')} />
        )
      ) : attached ? (
        <Stack tokens={{ childrenGap: 8 }} className={classes.box} role="status">
          <Text styles={{ root: { fontWeight: 600 } }}>{t("The audio is the issue's episode.")}</Text>
          <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }}>
            <Text variant="large">{audio.episode!.title}</Text>
            <SpeechBadge badge={speechBadge(audio.episode!.status === 'published' ? 'published' : 'draft')} />
          </Stack>
          <RouteLink href={`/newsletters/show/${issue.newsletter}/episodes`} asChild>
            <Link>{t('Go to the episodes')}</Link>
          </RouteLink>
        </Stack>
      ) : audio && isBuilt(audio) ? (
        <div className={classes.box}>
          <AttachForm
            audio={audio}
            initial={{ title: issue.subject, subtitle: issue.preview }}
            action={t('PUBLISH AS EPISODE')}
            onAttached={(result) => setAudio({ ...result, parts: result.parts ?? parts })}
          />
        </div>
      ) : (
        <EmptyState title={t("The issue's audio is not built yet.")} text={t('Build it on the Build tab first.')} />
      )}
    </Stack>
  );
}

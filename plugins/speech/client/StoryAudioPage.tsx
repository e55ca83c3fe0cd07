/**
 * /stories/audios/create/:storyId (?audio_id_query): a story's audio (spec 002 sections 2.4 and 4).
 * Edit: the chunks (text, voice, audio, versions, a blank chunk above or below), the original
 * story beside them, Generate All Chunks. Build: BUILD STORY, the player, DOWNLOAD THE AUDIO and,
 * for an article, attaching it to the story.
 */
import { DefaultButton, Link, mergeStyleSets, Pivot, PivotItem, PrimaryButton, Stack, Text, Toggle } from '@fluentui/react';
import { useEffect, useState } from 'react';
import { useParams, useSearch } from 'wouter';
import { handleError } from '../../../core/client/errors';
import { useNewsletterScope } from '../../../core/client/layout/Shell';
import { EmptyState, PageHeader } from '../../../core/client/page-parts';
import { useCan } from '../../../core/client/permissions';
import { theme } from '../../../core/client/theme';
import { escapeHtml } from '../../../core/shared/text';
import { storyName, type Story } from '../../stories/client/public';
import { AttachDialog } from './AttachDialog';
import { BuildPanel } from './BuildPanel';
import { ChunkCard } from './ChunkCard';
import { openStoryAudio, ReportedError } from './open-audio';
import { storyEditorPath, voiceFor, type Audio, type VoiceDefaults } from './speech-api';
import { AudioLoading } from './speech-parts';
import { useChunkActions } from './use-chunks';
import { VersionHistory } from './VersionHistory';
import { t } from '../../../core/client/words';

type Tab = 'edit' | 'build';

const classes = mergeStyleSets({
  columns: { display: 'grid', gap: 24, alignItems: 'start' },
  withOriginal: { gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)' },
  chunks: { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: 16 },
  original: {
    position: 'sticky',
    top: 16,
    width: '100%',
    height: '75vh',
    border: `1px solid ${theme.palette.neutralLight}`,
    borderRadius: 8,
    background: theme.palette.white,
  },
});

/** The story as readers see its text, in a sandboxed frame: no script of it runs, no style of the console reaches it. */
function originalDocument(story: Story): string {
  const { palette } = theme;
  return `<!doctype html><html><head><meta charset="utf-8"><style>
body{margin:0;padding:16px 20px;font-family:'Segoe UI',-apple-system,Roboto,Arial,sans-serif;color:${palette.neutralPrimary};line-height:1.6}
img{max-width:100%;height:auto}h1{font-size:24px;margin:0 0 8px}.subtitle{color:${palette.neutralSecondary};margin:0 0 16px}
</style></head><body><h1>${escapeHtml(story.title)}</h1>${story.subtitle ? `<p class="subtitle">${escapeHtml(story.subtitle)}</p>` : ''}
${story.body.html}</body></html>`;
}

export default function StoryAudioPage() {
  const { storyId } = useParams<{ storyId: string }>();
  const audioId = new URLSearchParams(useSearch()).get('audio_id_query') || undefined;
  const can = useCan();
  const [opened, setOpened] = useState<{ story: Story; defaults: VoiceDefaults | null } | 'failed' | null>(null);
  const [audio, setAudio] = useState<Audio | null>(null);
  const [tab, setTab] = useState<Tab>('edit');
  const [showOriginal, setShowOriginal] = useState(false);
  const [versionsOf, setVersionsOf] = useState<{ id: string; number: number } | null>(null);
  const [attaching, setAttaching] = useState(false);
  const chunks = useChunkActions(audio, setAudio);
  useNewsletterScope(opened && opened !== 'failed' ? opened.story.newsletter : undefined);

  useEffect(() => {
    let current = true;
    setOpened(null);
    setAudio(null);
    openStoryAudio(storyId, audioId).then(
      (result) => {
        if (!current) return;
        setAudio(result.audio);
        setOpened({ story: result.story, defaults: result.defaults });
      },
      async (error: unknown) => {
        if (!current) return;
        setOpened('failed');
        if (!(error instanceof ReportedError)) await handleError(error);
      },
    );
    return () => {
      current = false;
    };
  }, [storyId, audioId]);

  if (opened === 'failed') return <EmptyState title={t('The audio could not be opened.')} text={t('Try refreshing the page.')} />;
  if (!opened || !audio) return <AudioLoading />;

  const { story, defaults } = opened;
  const voice = voiceFor(defaults, audio.content_type);
  const drafts = audio.parts.filter((part) => !part.url).length;
  const attached = audio.status === 'published' && Boolean(audio.episode);
  const mayAttach = story.type === 'article' && can('speech.publish');

  return (
    <Stack tokens={{ childrenGap: 24 }}>
      <PageHeader title={storyName(story)} />
      <Pivot selectedKey={tab} headersOnly aria-label={t('Audio steps')} onLinkClick={(item) => setTab((item?.props.itemKey as Tab) ?? 'edit')}>
        <PivotItem itemKey="edit" headerText={t('Edit')} />
        <PivotItem itemKey="build" headerText={t('Build')} />
      </Pivot>

      {tab === 'edit' ? (
        <>
          <Stack horizontal wrap verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 16 }}>
            <Toggle label={t('Show Original')} inlineLabel checked={showOriginal} onChange={(_event, on) => setShowOriginal(Boolean(on))} />
            <PrimaryButton
              text={t('Generate All Chunks')}
              iconProps={{ iconName: 'Microphone' }}
              disabled={chunks.generatingAll || drafts === 0}
              onClick={() => void chunks.generateAll()}
            />
          </Stack>
          <div className={`${classes.columns} ${showOriginal ? classes.withOriginal : ''}`}>
            <ol className={classes.chunks} aria-label={t('Chunks')}>
              {audio.parts.map((part, index) => (
                <li key={part.id}>
                  <ChunkCard
                    chunk={part}
                    number={index + 1}
                    defaults={voice.parameters}
                    saveState={chunks.saveStates[part.id]}
                    generating={chunks.generating.has(part.id)}
                    inserting={chunks.inserting}
                    onChange={(change) => chunks.change(part.id, change)}
                    onGenerate={() => void chunks.generate(part.id)}
                    onInsert={(where) => void chunks.insertBlank(where === 'above' ? index : index + 1, voice)}
                    onVersions={() => setVersionsOf({ id: part.id, number: index + 1 })}
                  />
                </li>
              ))}
            </ol>
            {showOriginal ? <iframe title={t('Original story')} sandbox="" className={classes.original} srcDoc={originalDocument(story)} /> : null}
          </div>
          {audio.parts.length === 0 ? (
            <Stack horizontalAlign="start">
              <DefaultButton
                text={t('Add a chunk')}
                iconProps={{ iconName: 'Add' }}
                disabled={chunks.inserting}
                onClick={() => void chunks.insertBlank(0, voice)}
              />
            </Stack>
          ) : null}
        </>
      ) : (
        <BuildPanel audio={audio} what="story" onBuilt={setAudio} onGoBack={() => setTab('edit')}>
          {attached ? (
            <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }} role="status">
              <Text styles={{ root: { fontWeight: 600 } }}>{t('TTS attached')}</Text>
              <Link href={storyEditorPath(story._id)} target="_blank" rel="noopener noreferrer">
                {t('Go to the story')}
              </Link>
            </Stack>
          ) : mayAttach ? (
            <DefaultButton text={t('ATTACH TO STORY')} iconProps={{ iconName: 'Attach' }} onClick={() => setAttaching(true)} />
          ) : null}
        </BuildPanel>
      )}

      {versionsOf ? <VersionHistory chunkId={versionsOf.id} number={versionsOf.number} onDismiss={() => setVersionsOf(null)} /> : null}
      {attaching ? (
        <AttachDialog
          audio={audio}
          initial={{ title: story.title, subtitle: story.subtitle }}
          onAttached={(attachedAudio) => {
            setAudio((current) => ({ ...attachedAudio, parts: current?.parts ?? attachedAudio.parts }));
            setAttaching(false);
          }}
          onDismiss={() => setAttaching(false)}
        />
      ) : null}
    </Stack>
  );
}

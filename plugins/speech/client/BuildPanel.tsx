/**
 * The Build tab of a story's or an issue's audio (spec 002 sections 2.4 and 4): BUILD STORY (BUILD
 * ISSUE) joins the chunks' speech into one MP3. It is off while building and once the audio is
 * built; a chunk without audio stops it with a list of the chunks not ready and GO BACK. A built
 * audio has its player, DOWNLOAD THE AUDIO and what the page adds (attach to the story).
 */
import { DefaultButton, Dialog, DialogFooter, DialogType, mergeStyleSets, PrimaryButton, ProgressIndicator, Stack, Text } from '@fluentui/react';
import { HTTPError } from 'ky';
import { useState, type ReactNode } from 'react';
import { handleError } from '../../../core/client/errors';
import { theme } from '../../../core/client/theme';
import { speechMessages } from '../rules';
import { formatNumber } from '../../../core/client/format';
import { t } from '../../../core/client/words';
import type { ValidationDetail } from '../../../core/shared/validation-details';
import { speechApi, type Audio } from './speech-api';
import { AudioPlayer, SpeechBadge, speechBadge } from './speech-parts';
import { speechTexts } from './speech-texts';

const classes = mergeStyleSets({
  box: { background: theme.palette.white, borderRadius: 8, padding: 24, boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)' },
  notReady: { margin: 0, paddingLeft: 20 },
});

/** Whether the audio is built: its parts joined into the MP3 at `url`. */
export const isBuilt = (audio: Audio) => (audio.status === 'ready' || audio.status === 'published') && Boolean(audio.url);

/** The numbers (1 for the first) of the chunks with no audio yet. */
export const chunksNotReady = (audio: Audio) => audio.parts.flatMap((part, index) => (part.url ? [] : [index + 1]));

export interface BuildPanelProps {
  audio: Audio;
  what: 'story' | 'issue';
  onBuilt(audio: Audio): void;
  /** GO BACK: to the tab where chunks get their audio. */
  onGoBack(): void;
  /** Shown with a built audio (attach to the story). */
  children?: ReactNode;
}

export function BuildPanel({ audio, what, onBuilt, onGoBack, children }: BuildPanelProps) {
  const [building, setBuilding] = useState(false);
  const [notReady, setNotReady] = useState<number[] | null>(null);
  const built = isBuilt(audio);

  const build = async () => {
    const missing = chunksNotReady(audio);
    if (missing.length > 0 || audio.parts.length === 0) {
      setNotReady(missing);
      return;
    }
    setBuilding(true);
    try {
      onBuilt(await speechApi.concat(audio.id));
    } catch (error) {
      // The server found parts without audio after all: the same list.
      const parts = error instanceof HTTPError && error.response.status === 422 ? await partsOf(error) : [];
      if (parts.length > 0) setNotReady(parts);
      else await handleError(error);
    } finally {
      setBuilding(false);
    }
  };

  const label = what === 'story' ? t('BUILD STORY') : t('BUILD ISSUE');
  const count = { count: formatNumber(audio.parts.length) };
  return (
    <Stack tokens={{ childrenGap: 20 }} className={classes.box}>
      <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 16 }}>
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }}>
          <Text variant="large" styles={{ root: { fontWeight: 600 } }}>
            {audio.parts.length === 1 ? t('{count} chunk', count) : t('{count} chunks', count)}
          </Text>
          <SpeechBadge badge={speechBadge(audio.status)} />
        </Stack>
        <PrimaryButton text={label} iconProps={{ iconName: 'Build' }} disabled={building || built || audio.status === 'ready'} onClick={() => void build()} />
      </Stack>
      {building ? (
        <ProgressIndicator
          label={
            what === 'story'
              ? t('Your story is being built. Please wait and do not close this page.')
              : t('Your issue is being built. Please wait and do not close this page.')
          }
          ariaValueText={what === 'story' ? t('Your story is being built.') : t('Your issue is being built.')}
        />
      ) : null}
      {built && !building ? (
        <Stack tokens={{ childrenGap: 16 }}>
          <AudioPlayer url={audio.url!} label={what === 'story' ? t("The story's audio") : t("The issue's audio")} />
          <Stack horizontal wrap tokens={{ childrenGap: 12 }}>
            <DefaultButton
              text={t('DOWNLOAD THE AUDIO')}
              iconProps={{ iconName: 'Download' }}
              href={audio.url!}
              download={`${audio.content?.title || audio.id}.mp3`}
            />
            {children}
          </Stack>
        </Stack>
      ) : null}
      {notReady ? (
        <Dialog
          hidden={false}
          onDismiss={() => setNotReady(null)}
          dialogContentProps={{ type: DialogType.normal, title: t('Chunks not ready'), subText: t(speechMessages.notReady) }}
        >
          <ul className={classes.notReady} aria-label={t('Chunks not ready')}>
            {notReady.map((number) => (
              <li key={number}>{speechTexts.chunkNotReady(number)}</li>
            ))}
          </ul>
          <DialogFooter>
            <PrimaryButton
              text={t('GO BACK')}
              onClick={() => {
                setNotReady(null);
                onGoBack();
              }}
            />
          </DialogFooter>
        </Dialog>
      ) : null}
    </Stack>
  );
}

/** The chunk numbers a 422 of GET /audios/concat names (details with the path 'parts.{n}'). */
async function partsOf(error: HTTPError): Promise<number[]> {
  try {
    const body = (await error.response.clone().json()) as { details?: ValidationDetail[] };
    return (body.details ?? []).flatMap((detail) => {
      const part = /^parts\.(\d+)$/.exec(detail.path ?? '');
      return part ? [Number(part[1]) + 1] : [];
    });
  } catch {
    return [];
  }
}

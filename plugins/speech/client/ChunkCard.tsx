/**
 * One chunk on the Edit tab (spec 002 sections 2.4, 4 and 5): its number, status and text (saved
 * after a pause in typing, without line breaks or asterisks), its audio, its voice on two sliders
 * that run 1 to 100 and are stored divided by 100 (Reset Voice Settings when either differs from
 * the newsletter's voice), GENERATE, a blank chunk above or below and the version history (icon
 * buttons with tooltips in the spec's words).
 */
import { ActionButton, IconButton, mergeStyleSets, PrimaryButton, ProgressIndicator, Stack, Text, TextField, TooltipHost } from '@fluentui/react';
import { useState } from 'react';
import { formatNumber } from '../../../core/client/format';
import { theme } from '../../../core/client/theme';
import { t, tMaybe } from '../../../core/client/words';
import { toSlider, VoiceSliders } from '../../settings/client/public';
import type { Chunk, VoiceParameters } from './speech-api';
import { AudioPlayer, SpeechBadge, speechBadge } from './speech-parts';
import type { ChunkChange, SaveState } from './use-chunks';

const classes = mergeStyleSets({
  card: {
    background: theme.palette.white,
    borderRadius: 8,
    padding: 16,
    display: 'flex',
    flexDirection: 'column',
    gap: 12,
    boxShadow: '0 1.6px 3.6px rgba(0,0,0,.13), 0 0.3px 0.9px rgba(0,0,0,.11)',
  },
  number: { fontWeight: 700 },
  saveState: { color: theme.palette.neutralSecondary, fontSize: 12 },
  notSaved: { color: theme.semanticColors.errorText, fontSize: 12, fontWeight: 600 },
  sliders: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(200px, 1fr))', gap: 16, alignItems: 'end' },
});

/** Shown through t. */
const saveTexts: Partial<Record<SaveState, string>> = { pending: 'Not saved yet', saving: 'Saving...', saved: 'Saved' };

/**
 * An icon button of a chunk: its tooltip says in words what it will do (on hover and on keyboard
 * focus, which a title attribute does not), and its name says which chunk it acts on.
 */
function ChunkTool({ icon, tip, name, disabled, onClick }: { icon: string; tip: string; name: string; disabled?: boolean; onClick(): void }) {
  return (
    <TooltipHost content={tip}>
      <IconButton iconProps={{ iconName: icon }} ariaLabel={name} disabled={disabled} onClick={onClick} />
    </TooltipHost>
  );
}

export interface ChunkCardProps {
  chunk: Chunk;
  number: number;
  /** The newsletter's voice for this content: what Reset Voice Settings goes back to. */
  defaults: VoiceParameters;
  saveState?: SaveState;
  generating: boolean;
  /** While a chunk is put in, no other is. */
  inserting: boolean;
  onChange(change: ChunkChange): void;
  onGenerate(): void;
  onInsert(where: 'above' | 'below'): void;
  onVersions(): void;
}

export function ChunkCard({ chunk, number, defaults, saveState, generating, inserting, onChange, onGenerate, onInsert, onVersions }: ChunkCardProps) {
  // What is in the box: the server's copy is cleaned, and must not overwrite what is being typed.
  const [text, setText] = useState(chunk.text);
  const [parameters, setParameters] = useState<VoiceParameters>(chunk.parameters);
  const changed =
    toSlider(parameters.stability) !== toSlider(defaults.stability) || toSlider(parameters.similarity_boost) !== toSlider(defaults.similarity_boost);

  const setVoice = (next: VoiceParameters) => {
    setParameters(next);
    onChange({ parameters: next });
  };

  const values = { number: formatNumber(number) };
  const label = t('Chunk {number}', values);
  return (
    <article className={classes.card} aria-label={label} data-testid="chunk">
      <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 8 }}>
        <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }}>
          <Text as="h3" className={classes.number} styles={{ root: { margin: 0 } }}>
            {number}
          </Text>
          <SpeechBadge badge={speechBadge(chunk.url ? 'ready' : 'draft')} />
          {saveState === 'failed' ? (
            <span className={classes.notSaved} role="status">
              {t('Not Saved')}
            </span>
          ) : saveState && saveTexts[saveState] ? (
            <span className={classes.saveState}>{tMaybe(saveTexts[saveState])}</span>
          ) : null}
        </Stack>
        <Stack horizontal tokens={{ childrenGap: 2 }}>
          {(['above', 'below'] as const).map((where) => (
            <ChunkTool
              key={where}
              icon={where === 'above' ? 'InsertRowsAbove' : 'InsertRowsBelow'}
              tip={where === 'above' ? t('Insert a blank chunk above') : t('Insert a blank chunk below')}
              name={where === 'above' ? t('Insert a blank chunk above chunk {number}', values) : t('Insert a blank chunk below chunk {number}', values)}
              disabled={inserting}
              onClick={() => onInsert(where)}
            />
          ))}
          <ChunkTool icon="History" tip={t('Show the version history')} name={t('Show the version history of chunk {number}', values)} onClick={onVersions} />
        </Stack>
      </Stack>
      <TextField
        label={t('Chunk {number} text', values)}
        multiline
        autoAdjustHeight
        value={text}
        onChange={(_event, value = '') => {
          setText(value);
          onChange({ text: value });
        }}
      />
      {generating ? (
        <ProgressIndicator label={t('Generating...')} ariaValueText={t('Generating the audio of chunk {number}', values)} />
      ) : chunk.url ? (
        <AudioPlayer url={chunk.url} label={t('Chunk {number} audio', values)} />
      ) : null}
      <div className={classes.sliders}>
        <VoiceSliders
          value={parameters}
          onChange={setVoice}
          labels={{ stability: t('Stability'), similarity_boost: t('Similarity boost') }}
          ariaLabels={{ stability: t('Chunk {number} stability', values), similarity_boost: t('Chunk {number} similarity boost', values) }}
        />
      </div>
      <Stack horizontal horizontalAlign="space-between" verticalAlign="center" tokens={{ childrenGap: 8 }}>
        {changed ? <ActionButton iconProps={{ iconName: 'Refresh' }} text={t('Reset Voice Settings')} onClick={() => setVoice({ ...defaults })} /> : <span />}
        <PrimaryButton
          text={t('GENERATE')}
          iconProps={{ iconName: 'Microphone' }}
          ariaLabel={t('Generate chunk {number}', values)}
          disabled={generating || text.trim() === ''}
          onClick={onGenerate}
        />
      </Stack>
    </article>
  );
}

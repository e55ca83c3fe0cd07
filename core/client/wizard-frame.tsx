/**
 * The frame of the console's wizards (a new newsletter, a new collection), outside the shell: the
 * title and a close button, the progress bar, then the stage as a card with its title, its fields
 * and BACK on the left, the stage's buttons on the right. While what the wizard starts from loads:
 * a spinner, or TRY AGAIN when it failed. A new stage starts at the top and its title takes the
 * focus, so that a screen reader says where the user is.
 */
import { IconButton, mergeStyleSets, ProgressIndicator, Spinner, Stack, Text, DefaultButton } from '@fluentui/react';
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { handleError } from './errors';
import { formatNumber } from './format';
import { t } from './words';
import { EmptyState } from './page-parts';
import { theme } from './theme';

const classes = mergeStyleSets({
  page: { minHeight: '100vh', background: theme.semanticColors.bodyBackground },
  card: { background: theme.palette.white, borderRadius: 8, padding: 32, boxShadow: theme.effects.elevation4 },
  stageTitle: { ...theme.fonts.xLarge, fontWeight: 700, margin: 0, outline: 'none' },
});

/** What a wizard starts from: loaded once it is, failed (and said by the shared handler) until TRY AGAIN loads it. */
export interface WizardStart {
  ready: boolean;
  failed: boolean;
  retry(): void;
}

/** Loads what the wizard starts from (`load` sets it), once when the wizard opens and again on TRY AGAIN. */
export function useWizardStart(load: () => Promise<void>): WizardStart {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const loader = useRef(load);
  loader.current = load;
  const start = useCallback(async () => {
    setState('loading');
    try {
      await loader.current();
      setState('ready');
    } catch (error) {
      setState('failed');
      await handleError(error);
    }
  }, []);
  useEffect(() => void start(), [start]);
  return { ready: state === 'ready', failed: state === 'failed', retry: () => void start() };
}

export interface WizardFrameProps {
  title: string;
  /** The close button's name and what it does. */
  closeLabel: string;
  onClose(): void;
  /** The column's width during this stage. */
  width: number;
  /** The stage: its number from 1 of `steps` for the progress bar, its key (data-stage) and its title. */
  step: number;
  steps: number;
  stage: number;
  stageTitle: string;
  /** Names the stage title's id: `${id}-stage-title`. */
  id: string;
  /** What the wizard starts from: a spinner while it loads, TRY AGAIN when that failed. */
  start: WizardStart;
  /** BACK, where the stage has one; and the stage's own buttons on the right. */
  back: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}

export function WizardFrame(props: WizardFrameProps) {
  const { title, closeLabel, onClose, width, step, steps, stage, stageTitle, id, start, back, actions, children } = props;
  const heading = useRef<HTMLHeadingElement>(null);
  const firstStage = useRef(true);
  useEffect(() => {
    if (firstStage.current) {
      firstStage.current = false;
      return;
    }
    window.scrollTo?.(0, 0);
    heading.current?.focus();
  }, [stage]);

  return (
    <div className={classes.page}>
      <Stack tokens={{ childrenGap: 20 }} styles={{ root: { maxWidth: width, margin: '0 auto', padding: '32px 24px' } }}>
        <Stack horizontal verticalAlign="center" horizontalAlign="space-between">
          <Text as="h1" variant="xxLarge" styles={{ root: { fontWeight: 700, margin: 0 } }}>
            {title}
          </Text>
          <IconButton iconProps={{ iconName: 'Cancel' }} title={closeLabel} ariaLabel={closeLabel} onClick={onClose} />
        </Stack>
        <ProgressIndicator
          label={t('Step {step} of {steps}', { step: formatNumber(step), steps: formatNumber(steps) })}
          percentComplete={step / steps}
          ariaValueText={t('Step {step} of {steps}: {stage}', { step: formatNumber(step), steps: formatNumber(steps), stage: stageTitle })}
        />
        {!start.ready ? (
          start.failed ? (
            <Stack tokens={{ childrenGap: 12 }} horizontalAlign="center">
              <EmptyState title={t('The wizard could not be loaded.')} />
              <DefaultButton text={t('TRY AGAIN')} onClick={start.retry} />
            </Stack>
          ) : (
            <Spinner label={t('Loading...')} style={{ marginTop: 48 }} />
          )
        ) : (
          <section className={classes.card} aria-labelledby={`${id}-stage-title`} data-stage={stage}>
            <Stack tokens={{ childrenGap: 24 }}>
              {/* Focusable from the code only: a new stage moves the focus here. */}
              <h2 ref={heading} id={`${id}-stage-title`} tabIndex={-1} className={classes.stageTitle}>
                {stageTitle}
              </h2>
              {children}
              <Stack horizontal verticalAlign="center" horizontalAlign="space-between" tokens={{ childrenGap: 12 }}>
                <div>{back}</div>
                {actions}
              </Stack>
            </Stack>
          </section>
        )}
      </Stack>
    </div>
  );
}

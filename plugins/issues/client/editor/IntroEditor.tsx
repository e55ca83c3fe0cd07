/**
 * The issue's intro in the shared rich-text editor, one writer at a time (docs/decisions/0022):
 * a user who clicks or tabs into it asks the server for it, and writes it as in any editor
 * (nothing of theirs is ever replaced or merged; what is typed before the answer waits for it).
 * The others see the writing arrive, read-only, and who writes it; a user waiting for it gets it
 * once the writer pauses for constants.issues.introPassMs or leaves the intro; the notice saying
 * so stands where they clicked, and what they type meanwhile waits in it and is written where they
 * clicked once the intro is theirs (docs/decisions/0054). The 2000-character advice and the
 * 3000-character limit of spec 001 section 5.
 */
import { MessageBar, MessageBarType, Stack, TextField, type ITextField } from '@fluentui/react';
import { useEffect, useRef, useState } from 'react';
import { RichTextEditor, richTextDialogClass, type RichTextControls } from '../../../../core/client/rich-text';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { constants } from '../../../../core/shared/config';
import { hasPendingEmbed } from '../../../../core/shared/embeds';
import { htmlToText } from '../../../../core/shared/text';
import { introNeedsWarning, introProblem, introWarning } from '../../rules';
import { FieldMarkers } from './LiveTextField';
import type { Collaborator, LiveIssue } from './live-issue';

/** Whether a click or focus is the intro's: its editor, CKEditor's balloons (a link being added) or the editor's insert dialogs, kept at the end of the page. */
const inIntro = (box: HTMLElement | null, target: EventTarget | null) =>
  target instanceof Node && (Boolean(box?.contains(target)) || Boolean((target as Element).closest?.(`.ck-body-wrapper, .${richTextDialogClass}`)));

export function IntroEditor({
  live,
  html,
  published,
  collaborators,
  disabled,
  problem,
  writing,
  writer,
}: {
  live: LiveIssue;
  html: string;
  published: boolean;
  collaborators: Collaborator[];
  disabled: boolean;
  problem?: string;
  /** This user writes the intro. */
  writing: boolean;
  /** Someone else writes it. */
  writer: Collaborator | null;
}) {
  const controls = useRef<RichTextControls | null>(null);
  const box = useRef<HTMLDivElement | null>(null);
  const typedAt = useRef(0);
  // The user clicked into the intro and wants to write it.
  const [wanted, setWanted] = useState(false);
  const field = useRef<HTMLDivElement | null>(null);
  // Where the user last pressed in the intro while someone else wrote it (from the field's top left), and what they typed since.
  const [pressed, setPressed] = useState<{ x: number; y: number } | null>(null);
  const [waiting, setWaiting] = useState('');
  const waits = wanted && writer !== null && !writing;

  // What others write shows as it arrives: this editor is read-only then, so no caret moves under a hand.
  useEffect(() => {
    const editor = controls.current;
    if (writing || !editor || editor.data() === editor.normalize(html)) return;
    editor.setData(html);
  }, [html, writing]);

  // The user wants to write it, and nobody else does: it is theirs.
  useEffect(() => {
    if (!wanted || writing || writer || disabled) return;
    void live.claimIntro();
  }, [wanted, writing, writer, disabled, live]);

  // While waiting, what the user types goes into the notice's box (any keyboard, any input method), never lost.
  const waitingBox = useRef<ITextField | null>(null);
  useEffect(() => {
    if (waits) waitingBox.current?.focus();
  }, [waits]);

  // Given the intro, the caret goes into it, where the user pressed, and what they typed while waiting is written there.
  useEffect(() => {
    if (!writing || !wanted) return;
    const editor = controls.current;
    if (!editor) return;
    editor.focus();
    const at = field.current?.getBoundingClientRect();
    if (pressed && at) editor.caretAt(at.left + pressed.x, at.top + pressed.y);
    if (waiting) editor.write(waiting);
    setPressed(null);
    setWaiting('');
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the hand-over runs this; the point and what waits are read as they are then
  }, [writing, wanted]);

  // Leaving the intro gives it back; so does a pause while someone waits for it.
  useEffect(() => {
    if (!wanted) {
      void live.releaseIntro();
      return;
    }
    live.focus('intro');
    const leave = (event: Event) => {
      if (inIntro(field.current, event.target)) return;
      // Before the field clicked says it is the user's: what was written goes first.
      live.flush();
      live.blur('intro');
      setWanted(false);
    };
    document.addEventListener('pointerdown', leave, true);
    document.addEventListener('focusin', leave, true);
    return () => {
      document.removeEventListener('pointerdown', leave, true);
      document.removeEventListener('focusin', leave, true);
    };
  }, [wanted, live]);

  const someoneWaits = collaborators.some((collaborator) => collaborator.field === 'intro' && !collaborator.writing);
  useEffect(() => {
    if (!writing || !someoneWaits) return;
    let timer: ReturnType<typeof setTimeout>;
    const pass = () => {
      const paused = Date.now() - typedAt.current;
      if (paused < constants.issues.introPassMs) {
        timer = setTimeout(pass, constants.issues.introPassMs - paused);
        return;
      }
      // Handed on: asking for it again is a new click.
      setWanted(false);
      live.blur('intro');
    };
    pass();
    return () => clearTimeout(timer);
  }, [writing, someoneWaits, live]);

  const text = htmlToText(html);
  const tooLong = introProblem(text, published);
  return (
    // A click on a read-only editor moves no focus: the click itself asks for the intro (as does the box of what waits for it).
    <div
      data-field="intro"
      data-writing={writing || undefined}
      style={{ position: 'relative' }}
      ref={field}
      onPointerDownCapture={() => setWanted(true)}
      onFocusCapture={() => setWanted(true)}
    >
      <Stack tokens={{ childrenGap: 6 }}>
        <div
          ref={box}
          onPointerDownCapture={(event) => {
            const at = field.current?.getBoundingClientRect();
            if (!writing && writer && at) setPressed({ x: event.clientX - at.left, y: event.clientY - at.top });
          }}
          // Pressing the read-only intro leaves the focus in the box of what waits (the caret is placed from the point later).
          onMouseDownCapture={(event) => {
            if (!writing && writer) event.preventDefault();
          }}
          // A key pressed in the read-only intro (just handed on, or focused by a click) starts what waits: it is the first letter of it.
          onKeyDownCapture={(event) => {
            if (writing || !writer || event.ctrlKey || event.metaKey || event.altKey || event.key.length !== 1) return;
            event.preventDefault();
            setWanted(true);
            setWaiting((kept) => kept + event.key);
          }}
        >
          {/* On the label's line, so the editor does not move when someone comes or goes. */}
          <div style={{ position: 'absolute', top: 0, right: 0 }}>
            <FieldMarkers collaborators={collaborators} field="intro" />
          </div>
          <RichTextEditor
            label={t('Intro')}
            value={html}
            disabled={disabled || (writer !== null && !writing)}
            onControls={(next) => {
              controls.current = next;
            }}
            onChange={(next) => {
              typedAt.current = Date.now();
              // An embed's placeholder is not sent: its picture, or the plain link, is (spec 001 section 5).
              if (!hasPendingEmbed(next)) live.edit('intro', next);
            }}
          />
        </div>
        {writer || waiting ? (
          <MessageBar
            messageBarType={MessageBarType.info}
            data-testid="intro-writer"
            // Where the user pressed, just under the line: where they are looking.
            styles={
              waits && pressed
                ? { root: { position: 'absolute', top: pressed.y + 20, left: 0, right: 0, zIndex: 2, boxShadow: theme.effects.elevation8 } }
                : undefined
            }
          >
            {!writer
              ? t('The intro is free: click into it, and what you typed goes in where you clicked.')
              : wanted
                ? t('{name} is writing the intro. It is yours when they pause.', { name: writer.name })
                : t('{name} is writing the intro.', { name: writer.name })}
            {waits || waiting ? (
              <TextField
                componentRef={waitingBox}
                multiline
                autoAdjustHeight
                borderless
                rows={1}
                ariaLabel={t('What you type while you wait')}
                placeholder={t('Type here: it goes into the intro where you clicked once it is yours.')}
                value={waiting}
                onChange={(_event, next) => setWaiting(next ?? '')}
                data-testid="intro-waiting"
                styles={{ root: { marginTop: 6 }, fieldGroup: { background: theme.palette.white } }}
              />
            ) : null}
          </MessageBar>
        ) : null}
        {tooLong || problem ? (
          <MessageBar messageBarType={MessageBarType.error}>{tooLong ? t(tooLong) : problem}</MessageBar>
        ) : introNeedsWarning(text) ? (
          <MessageBar messageBarType={MessageBarType.warning}>{t(introWarning)}</MessageBar>
        ) : null}
      </Stack>
    </div>
  );
}

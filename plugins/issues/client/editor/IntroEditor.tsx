/**
 * The issue's intro in the shared rich-text editor, live: the user's typing goes to the issue as
 * a change made on what the editor showed, and what others wrote is put into the editor when the
 * user pauses (replacing the content under a typing hand would move the caret). The 2000-character
 * advice and the 3000-character limit of spec 001 section 5.
 */
import { MessageBar, MessageBarType, Stack } from '@fluentui/react';
import { useEffect, useRef } from 'react';
import { RichTextEditor, type RichTextControls } from '../../../../core/client/rich-text';
import { constants } from '../../../../core/shared/config';
import { htmlToText } from '../../../../core/shared/text';
import { introNeedsWarning, introProblem, introWarning } from '../../rules';
import { FieldMarkers } from './LiveTextField';
import type { Collaborator, LiveIssue } from './live-issue';

export function IntroEditor({
  live,
  html,
  published,
  collaborators,
  disabled,
  problem,
}: {
  live: LiveIssue;
  html: string;
  published: boolean;
  collaborators: Collaborator[];
  disabled: boolean;
  problem?: string;
}) {
  const controls = useRef<RichTextControls | null>(null);
  const inEditor = useRef(html);
  const typedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    const apply = () => {
      const editor = controls.current;
      if (!editor) return;
      const wanted = live.value('intro') as string;
      if (editor.normalize(wanted) === inEditor.current || wanted === inEditor.current) return;
      const waited = Date.now() - typedAt.current;
      if (waited < constants.issues.introQuietMs) {
        clearTimeout(timer.current);
        timer.current = setTimeout(apply, constants.issues.introQuietMs - waited);
        return;
      }
      editor.setData(wanted);
      inEditor.current = editor.normalize(wanted);
    };
    apply();
    return () => clearTimeout(timer.current);
  }, [html, live]);

  const text = htmlToText(html);
  const tooLong = introProblem(text, published);
  return (
    <Stack
      tokens={{ childrenGap: 6 }}
      onFocus={() => live.focus('intro')}
      onBlur={() => live.focus(null)}
      data-field="intro"
      styles={{ root: { position: 'relative' } }}
    >
      {/* On the label's line, so the editor does not move when someone comes or goes. */}
      <div style={{ position: 'absolute', top: 0, right: 0 }}>
        <FieldMarkers collaborators={collaborators} field="intro" />
      </div>
      <RichTextEditor
        label="Intro"
        value={html}
        disabled={disabled}
        onControls={(next) => {
          controls.current = next;
        }}
        onChange={(next) => {
          typedAt.current = Date.now();
          live.edit('intro', next, inEditor.current);
          inEditor.current = next;
        }}
      />
      {tooLong || problem ? (
        <MessageBar messageBarType={MessageBarType.error}>{tooLong ?? problem}</MessageBar>
      ) : introNeedsWarning(text) ? (
        <MessageBar messageBarType={MessageBarType.warning}>{introWarning}</MessageBar>
      ) : null}
    </Stack>
  );
}

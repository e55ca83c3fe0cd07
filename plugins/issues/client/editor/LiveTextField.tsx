/**
 * A plain-text field of a live issue, bound to its Y.Text in the issue's shared document
 * (docs/decisions/0022): each keystroke is the run of letters it was; the caret is kept as a
 * position relative to the letters around it, so it stays where it was when someone else types;
 * Ctrl+Z and Ctrl+Y undo and redo only this user's typing. It says who else is in the field and
 * tells the others when the user is in it.
 */
import { Persona, PersonaSize, Stack, Text, TextField } from '@fluentui/react';
import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';
import * as Y from 'yjs';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { docFieldMaxLength, type IssueDocField } from '../../rules';
import type { Collaborator, LiveIssue } from './live-issue';

export interface LiveTextFieldProps {
  live: LiveIssue;
  field: IssueDocField;
  label: string;
  value: string;
  collaborators: Collaborator[];
  errorMessage?: string;
  description?: string;
  multiline?: boolean;
  disabled?: boolean;
  placeholder?: string;
}

/** The others in a field, as small named avatars beside its label: on the label's line, so nothing below moves when someone comes or goes. */
export function FieldMarkers({ collaborators, field }: { collaborators: Collaborator[]; field: string }) {
  const here = collaborators.filter((collaborator) => collaborator.field === field);
  if (here.length === 0) return null;
  return (
    <Stack horizontal tokens={{ childrenGap: 6 }} verticalAlign="center" styles={{ root: { height: 24, overflow: 'hidden' } }} data-testid={`markers-${field}`}>
      {here.map((collaborator) => (
        <Persona key={collaborator.socketId} imageUrl={collaborator.image || undefined} text={collaborator.name} size={PersonaSize.size24} />
      ))}
      <Text variant="small" styles={{ root: { color: theme.semanticColors.bodySubtext } }}>
        {here.length === 1 ? t('is editing') : t('are editing')}
      </Text>
    </Stack>
  );
}

type Editable = HTMLInputElement | HTMLTextAreaElement;

/** Ctrl+Z (undo), Ctrl+Y or Ctrl+Shift+Z (redo), or null. */
function undoKey(event: KeyboardEvent): 'undo' | 'redo' | null {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return null;
  const key = event.key.toLowerCase();
  if (key === 'z') return event.shiftKey ? 'redo' : 'undo';
  return key === 'y' ? 'redo' : null;
}

export function LiveTextField({ live, field, label, value, collaborators, errorMessage, description, multiline, disabled, placeholder }: LiveTextFieldProps) {
  const wrapper = useRef<HTMLDivElement | null>(null);
  // Where the caret is, relative to the letters around it (React would put it at the end when the value changes).
  const caret = useRef<{ start: Y.RelativePosition; end: Y.RelativePosition } | null>(null);
  const busy = collaborators.some((collaborator) => collaborator.field === field);

  const remember = (element: EventTarget | null) => {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
    // Before the document has arrived, the browser keeps the caret (what it shows is what was typed).
    if (!live.current.ready) {
      caret.current = null;
      return;
    }
    const text = live.text(field);
    // Bound to the letter before it: letters someone else puts at the caret go after it, not before.
    const at = (index: number) => Y.createRelativePositionFromTypeIndex(text, index, -1);
    caret.current = { start: at(element.selectionStart ?? 0), end: at(element.selectionEnd ?? element.selectionStart ?? 0) };
  };

  // Just before someone else's change goes into the text, the caret is read where the user has it
  // now (a key may have moved it since the last event that remembered it).
  useEffect(() => {
    const before = (transaction: Y.Transaction) => {
      const element = wrapper.current?.querySelector<Editable>('input, textarea');
      if (!transaction.local && element && document.activeElement === element) remember(element);
    };
    // The document it was put on (a refusal of this console's typing replaces it).
    const doc = live.doc;
    doc.on('beforeTransaction', before);
    return () => doc.off('beforeTransaction', before);
  });

  // The text changed: the caret goes back to where its letters are.
  useLayoutEffect(() => {
    const element = wrapper.current?.querySelector<Editable>('input, textarea');
    const was = caret.current;
    if (!element || !was || document.activeElement !== element) return;
    const index = (position: Y.RelativePosition) => Y.createAbsolutePositionFromRelativePosition(position, live.doc)?.index ?? element.value.length;
    const start = index(was.start);
    const end = index(was.end);
    if (element.selectionStart !== start || element.selectionEnd !== end) element.setSelectionRange(start, end);
  }, [value, live]);

  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <div
        ref={wrapper}
        onKeyUp={(event) => remember(event.target)}
        onMouseUp={(event) => remember(event.target)}
        onSelect={(event) => remember(event.target)}
        onKeyDown={(event) => {
          const key = undoKey(event);
          if (!key) return;
          // The browser's own undo would undo others' typing too.
          event.preventDefault();
          live.undo(field, key === 'redo');
        }}
      >
        <TextField
          label={label}
          value={value}
          multiline={multiline}
          autoAdjustHeight={multiline}
          disabled={disabled}
          placeholder={placeholder}
          description={description}
          errorMessage={errorMessage}
          maxLength={docFieldMaxLength[field]}
          data-field={field}
          onRenderLabel={(props, render) => (
            <Stack horizontal verticalAlign="center" tokens={{ childrenGap: 12 }}>
              {render?.(props)}
              <FieldMarkers collaborators={collaborators} field={field} />
            </Stack>
          )}
          styles={busy ? { fieldGroup: { borderColor: theme.palette.themePrimary, borderWidth: 2 } } : undefined}
          onFocus={(event) => {
            remember(event.currentTarget);
            live.focus(field);
          }}
          onBlur={() => live.blur(field)}
          onChange={(event, next) => {
            const element = event.currentTarget as Editable;
            live.type(field, next ?? '', element.selectionEnd ?? (next ?? '').length);
            remember(element);
          }}
        />
      </div>
    </Stack>
  );
}

export interface LiveTextFieldsOf {
  live: LiveIssue;
  collaborators: Collaborator[];
  /** A field's problem, as the last check found it. */
  problem(field: string): string | undefined;
  disabled: boolean;
}

/**
 * A page's live text fields (the editor's subject and preview, the credentials): each with the
 * others' markers, its problem, and disabled with the page or when `locked`.
 */
export function liveTextFields({ live, collaborators, problem, disabled }: LiveTextFieldsOf) {
  return (field: IssueDocField, label: string, value: string, description?: string, locked = false) => (
    <LiveTextField {...{ live, field, label, value, collaborators, description }} errorMessage={problem(field)} disabled={disabled || locked} />
  );
}

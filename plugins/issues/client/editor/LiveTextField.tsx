/**
 * A text field of a live issue: shows the merged value, keeps the caret where the user's text is
 * when someone else's change arrives, says who else is in the field, and tells the others when the
 * user is in it.
 */
import { Persona, PersonaSize, Stack, Text, TextField } from '@fluentui/react';
import { useLayoutEffect, useRef } from 'react';
import { theme } from '../../../../core/client/theme';
import { mapPosition } from '../../../../core/shared/text-merge';
import type { IssueField } from '../../rules';
import type { Collaborator, LiveIssue } from './live-issue';

export interface LiveTextFieldProps {
  live: LiveIssue;
  field: IssueField;
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
        {here.length === 1 ? 'is editing' : 'are editing'}
      </Text>
    </Stack>
  );
}

type Editable = HTMLInputElement | HTMLTextAreaElement;

export function LiveTextField({ live, field, label, value, collaborators, errorMessage, description, multiline, disabled, placeholder }: LiveTextFieldProps) {
  const wrapper = useRef<HTMLDivElement | null>(null);
  // Where the caret was, in which text, as the user last left it (React moves it when the value changes).
  const caret = useRef<{ start: number; end: number; text: string } | null>(null);
  const busy = collaborators.some((collaborator) => collaborator.field === field);

  const remember = (element: EventTarget | null) => {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return;
    caret.current = { start: element.selectionStart ?? 0, end: element.selectionEnd ?? element.selectionStart ?? 0, text: element.value };
  };

  // Someone else's change moved the text: the caret stays with the user's own text.
  useLayoutEffect(() => {
    const element = wrapper.current?.querySelector<Editable>('input, textarea');
    const was = caret.current;
    if (!element || !was || document.activeElement !== element || was.text === value) return;
    const start = mapPosition(was.text, value, was.start);
    const end = mapPosition(was.text, value, was.end);
    element.setSelectionRange(start, end);
    caret.current = { start, end, text: value };
  }, [value]);

  return (
    <Stack tokens={{ childrenGap: 4 }}>
      <div ref={wrapper} onKeyUp={(event) => remember(event.target)} onMouseUp={(event) => remember(event.target)} onSelect={(event) => remember(event.target)}>
        <TextField
          label={label}
          value={value}
          multiline={multiline}
          autoAdjustHeight={multiline}
          disabled={disabled}
          placeholder={placeholder}
          description={description}
          errorMessage={errorMessage}
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
          onBlur={() => live.focus(null)}
          onChange={(event, next) => {
            remember(event.currentTarget);
            live.edit(field, next ?? '');
          }}
        />
      </div>
    </Stack>
  );
}

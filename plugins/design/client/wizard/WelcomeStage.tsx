/**
 * Stage 3: the welcome e-mail new subscribers receive first: its title (the subject), its subtitle
 * (the inbox preview) and its text in the rich-text editor (CKEditor, loaded with this stage). The
 * fields start empty and say what goes in them under the field, not as grey text inside it that
 * reads like a value already filled in (issue 31).
 */
import { Stack, TextField } from '@fluentui/react';
import { RichTextEditor } from '../../../../core/client/rich-text';
import { FieldError, StageIntro, type StageProps } from './stage-parts';

export function WelcomeStage({ draft, change, errors }: StageProps) {
  const { welcome } = draft;
  const set = (patch: Partial<typeof welcome>, field: 'subject' | 'preview' | 'intro') =>
    change((current) => ({ welcome: { ...current.welcome, ...patch } }), [`welcome.${field}`]);
  const text = (field: 'subject' | 'preview') => ({
    value: welcome[field],
    onChange: (_event: unknown, value?: string) => set({ [field]: value ?? '' }, field),
    errorMessage: errors[`welcome.${field}`],
  });
  return (
    <Stack tokens={{ childrenGap: 16 }}>
      <StageIntro>New subscribers receive this e-mail first. Say hello and tell them what to expect.</StageIntro>
      <TextField
        label="WELCOME TITLE"
        required
        {...text('subject')}
        description={`The e-mail's subject. For example: Welcome to ${draft.title.trim() || 'our newsletter'}!`}
      />
      <TextField label="WELCOME SUBTITLE" required {...text('preview')} description="The line the inbox shows after the title." />
      <div>
        <RichTextEditor
          label="WELCOME TEXT"
          // The editor takes its value when it starts: coming back to this stage starts it with what was written.
          value={welcome.intro.html}
          onChange={(html) => set({ intro: { html } }, 'intro')}
          placeholder="Write your greeting here"
        />
        <FieldError message={errors['welcome.intro.html'] ?? errors['welcome.intro']} />
      </div>
    </Stack>
  );
}

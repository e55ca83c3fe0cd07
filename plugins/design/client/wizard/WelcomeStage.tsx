/**
 * Stage 3: the welcome e-mail new subscribers receive first: its title (the subject), its subtitle
 * (the inbox preview) and its text in the rich-text editor (CKEditor, loaded with this stage). The
 * fields start empty and say what goes in them under the field, not as grey text inside it that
 * reads like a value already filled in (issue 31). All three are required, and starred alike (issue 55).
 */
import { mergeStyleSets, Stack, TextField } from '@fluentui/react';
import { RichTextEditor } from '../../../../core/client/rich-text';
import { theme } from '../../../../core/client/theme';
import { t } from '../../../../core/client/words';
import { FieldError, StageIntro, type StageProps } from './stage-parts';

const classes = mergeStyleSets({
  // The editor draws its own label and takes no `required`: the star follows that label as Fluent's
  // Label puts it after a required TextField's (WELCOME TITLE, WELCOME SUBTITLE).
  required: {
    selectors: { '& .rich-text > :first-child::after': { content: "' *'", color: theme.semanticColors.errorText, paddingRight: 12 } },
  },
});

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
      <StageIntro>{t('New subscribers receive this e-mail first. Say hello and tell them what to expect.')}</StageIntro>
      <TextField
        label={t('WELCOME TITLE')}
        required
        {...text('subject')}
        description={
          draft.title.trim()
            ? t("The e-mail's subject. For example: Welcome to {title}!", { title: draft.title.trim() })
            : t("The e-mail's subject. For example: Welcome to our newsletter!")
        }
      />
      <TextField label={t('WELCOME SUBTITLE')} required {...text('preview')} description={t('The line the inbox shows after the title.')} />
      <div className={classes.required}>
        <RichTextEditor
          label={t('WELCOME TEXT')}
          // The editor takes its value when it starts: coming back to this stage starts it with what was written.
          value={welcome.intro.html}
          onChange={(html) => set({ intro: { html } }, 'intro')}
          placeholder={t('Write your greeting here')}
        />
        <FieldError message={errors['welcome.intro.html'] ?? errors['welcome.intro']} />
      </div>
    </Stack>
  );
}

/** What the wizard's stages share: the props of a stage that edits the draft, and a field's error line. */
import { Text } from '@fluentui/react';
import { theme } from '../../../../core/client/theme';
import type { WizardDraft } from './wizard-state';

export interface StageProps {
  draft: WizardDraft;
  /**
   * Changes the draft; the errors of the fields at `touched` (the patch's keys by default) are
   * cleared. A function gets the draft as it is by then (for editors that report late).
   */
  change(patch: Partial<WizardDraft> | ((draft: WizardDraft) => Partial<WizardDraft>), touched?: string[]): void;
  /** Field errors by path ('title', 'welcome.subject'), from the last try to go on. */
  errors: Record<string, string>;
}

/** A field's error, for the fields that do not show one themselves (the rich-text editor, the channels). */
export function FieldError({ message, id }: { message: string | undefined; id?: string }) {
  if (!message) return null;
  return (
    <Text id={id} role="alert" variant="small" block styles={{ root: { color: theme.semanticColors.errorText, marginTop: 4 } }}>
      {message}
    </Text>
  );
}

/** The short line under a stage's title that says what it asks for. */
export function StageIntro({ children }: { children: string }) {
  return (
    <Text as="p" styles={{ root: { margin: 0, color: theme.semanticColors.strongSubtext } }}>
      {children}
    </Text>
  );
}

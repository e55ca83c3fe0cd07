/**
 * The rich-text editor's two insert dialogs (spec 002 sections 2.10 and 5): Insert Button (text and
 * address, checked with the spec's messages) and Embed (an address turned into a picture by the
 * embed service, with its progress shown; the spec's 7 to 10 seconds). The picture is made by the
 * call a plugin provides for `makeEmbedRef` (core/client/refs.ts), which the editor hands the
 * dialog as `make`. The editor takes the focus back once a dialog is gone (RichTextEditor), so
 * neither restores it.
 */
import { ProgressIndicator, Text, TextField, type ITextFieldProps } from '@fluentui/react';
import { useState, type FormEvent } from 'react';
import type { Editor, ModelElement } from 'ckeditor5';
import { buttonLink, buttonLinkTyped, buttonText, customButton, newEmbedId } from '../../shared/embeds';
import { FormDialog, type FormDialogProps } from '../form-dialog';
import type { MakeEmbed } from '../refs';
import { toast } from '../toasts';
import { t } from '../words';
import type { CustomButtonValue } from './custom-button';
import { richTextDialogClass } from './dialog-class';
import { embedSourceOf, insertPendingEmbed, resolvePendingEmbed, type EmbedValue } from './embed';

export const embedFailedText = 'Something went wrong...';

/** What is wrong with a button's fields: the spec's message under each field that has a problem. */
export interface ButtonProblems {
  text?: string;
  url?: string;
}

/** The button's value, or the spec's message for each field that is wrong. */
export function checkButton(text: string, url: string): CustomButtonValue | { problems: ButtonProblems } {
  const href = buttonLink(url);
  const written = text.trim() !== '';
  if (written && href) return { text: buttonText(text), href, color: customButton.defaultColor };
  return { problems: { ...(written ? {} : { text: customButton.emptyTextMessage }), ...(href ? {} : { url: customButton.invalidUrlMessage }) } };
}

/** A dialog's field with its problem under it; `onEdit` gets each value typed. */
function DialogField({
  problem,
  onEdit,
  ...props
}: Omit<ITextFieldProps, 'onChange' | 'errorMessage'> & { problem: string | undefined; onEdit(value: string): void }) {
  // The problems are the spec's English texts (core/shared/embeds.ts), shown in the console's language.
  return <TextField {...props} errorMessage={problem === undefined ? undefined : t(problem)} onChange={(_, value) => onEdit(value ?? '')} />;
}

type RichTextDialogProps = Omit<FormDialogProps, 'className' | 'restoreFocus' | 'minWidth' | 'gap' | 'busy'> & { busy?: boolean };

/**
 * An editor's dialog: its layer carries the class that keeps a click in it the editor's, the focus
 * is left for the editor to take back, and it is 480 pixels wide (at most that unless told).
 */
function RichTextDialog({ maxWidth = 480, busy = false, ...props }: RichTextDialogProps) {
  return <FormDialog className={richTextDialogClass} restoreFocus={false} minWidth={480} maxWidth={maxWidth} gap={12} busy={busy} {...props} />;
}

/** Adds a button, or with `editing` (the selected button's value) changes that one. */
export function InsertButtonDialog({ editor, editing, onDismiss }: { editor: Editor; editing: CustomButtonValue | null; onDismiss(): void }) {
  const [text, setText] = useState(editing?.text ?? '');
  const [url, setUrl] = useState(editing ? buttonLinkTyped(editing.href) : '');
  // Under the field that has it, until that field changes: nothing left over the page once the button is in.
  const [problems, setProblems] = useState<ButtonProblems>({});
  const edit = (field: keyof ButtonProblems, set: (value: string) => void) => (value: string) => {
    set(value);
    setProblems(({ [field]: _fixed, ...others }) => others);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = checkButton(text, url);
    if ('problems' in value) {
      setProblems(value.problems);
      return;
    }
    if (editing) editor.execute('updateCustomButton', { ...value, color: editing.color });
    else editor.execute('insertCustomButton', value);
    onDismiss();
  };
  return (
    <RichTextDialog
      title={editing ? t('Edit Button') : t('Insert Button')}
      action={editing ? t('Save Button') : t('Insert Button')}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <DialogField label={t('Text')} placeholder={t('Enter text...')} value={text} problem={problems.text} onEdit={edit('text', setText)} autoFocus />
      <DialogField label={t('URL')} placeholder={t('Enter URL...')} value={url} problem={problems.url} onEdit={edit('url', setUrl)} inputMode="url" />
    </RichTextDialog>
  );
}

/** Embeds an address, or with `replacing` gives that embed another one; `make` makes its picture. */
export function EmbedDialog({ editor, replacing, make, onDismiss }: { editor: Editor; replacing: ModelElement | null; make: MakeEmbed; onDismiss(): void }) {
  const [url, setUrl] = useState(replacing ? embedSourceOf(replacing) : '');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | undefined>();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = url.trim();
    if (!buttonLink(address)) {
      setProblem(customButton.invalidUrlMessage);
      return;
    }
    const id = newEmbedId();
    insertPendingEmbed(editor, id, address, replacing);
    setBusy(true);
    let made: EmbedValue | null = null;
    try {
      made = await make(address, id);
    } catch {
      toast('error', 'Error!', embedFailedText);
    }
    resolvePendingEmbed(editor, id, made, replacing);
    setBusy(false);
    onDismiss();
  };
  return (
    <RichTextDialog
      title={replacing ? t('Change Embed') : t('Embed')}
      subText={t(
        'A YouTube video, a Spotify album, track, playlist, artist, show or episode, a post on Twitter, one of our pages (an issue, a story, a newsletter, a collection, a publisher) or any web page. Readers of the e-mail see its picture; the web page plays it.',
      )}
      maxWidth={560}
      action={replacing ? t('REPLACE') : t('EMBED')}
      busy={busy}
      onSubmit={submit}
      onDismiss={onDismiss}
    >
      <DialogField
        label={t('URL')}
        placeholder={t('Enter URL...')}
        value={url}
        problem={problem}
        onEdit={(value) => {
          setUrl(value);
          setProblem(undefined);
        }}
        inputMode="url"
        autoFocus
        disabled={busy}
      />
      {busy ? (
        <div role="status">
          <ProgressIndicator label={t("Making the embed's picture…")} description={t('This takes 7 to 10 seconds.')} />
        </div>
      ) : (
        <Text variant="small">{t('The picture takes 7 to 10 seconds to make.')}</Text>
      )}
    </RichTextDialog>
  );
}

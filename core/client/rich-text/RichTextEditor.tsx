/**
 * The rich-text editor (CKEditor 5, GPL): paragraph formats Paragraph and Heading 1 to 4, bold,
 * italic, links (absolute http, https or ftp only), bulleted and numbered lists, a horizontal
 * line, images uploaded to the image library, custom buttons and embeds; the block toolbar beside
 * each line holds the spec's quick-insert items (spec 002 section 2.10). Embeds are offered while
 * an enabled plugin provides `makeEmbedRef` (the embeds plugin). Loaded only by the pages that use
 * it (see index.ts).
 */
import { CKEditor } from '@ckeditor/ckeditor5-react';
import {
  AutoLink,
  BlockToolbar,
  Bold,
  ClassicEditor,
  Essentials,
  Heading,
  HorizontalLine,
  Image,
  ImageCaption,
  ImageTextAlternative,
  ImageToolbar,
  ImageUpload,
  Italic,
  Link,
  List,
  Paragraph,
  SimpleUploadAdapter,
  type Editor,
  type EditorConfig,
  type ModelElement,
  type Translations,
} from 'ckeditor5';
import 'ckeditor5/ckeditor5.css';
import { Spinner, Text } from '@fluentui/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { apiBase } from '../api';
import { useConsoleLang, type ConsoleLang } from '../format';
import { makeEmbedRef } from '../refs';
import { functionOf } from '../registry';
import { store, tokenAtom } from '../stores';
import { toast } from '../toasts';
import { t } from '../words';
import { embedPastedLinks } from './embed-paste';
import type { CustomButtonValue } from './custom-button';
import { EmbedDialog, InsertButtonDialog } from './InsertDialogs';
import { QuickInsert, type QuickInsertConfig } from './quick-insert';
import { caretAtPoint, KeepWidgets, writeAtCaret } from './widget-keys';
import './rich-text.css';

export interface RichTextEditorProps {
  /** HTML. Read when the editor starts: later changes come from the editor itself. */
  value: string;
  onChange(html: string): void;
  label: string;
  placeholder?: string;
  /** Read-only while true (a story that is not a draft, an editor without a connection). */
  disabled?: boolean;
  /** Hands the caller the editor's controls once it runs (live editing replaces the content). */
  onControls?(controls: RichTextControls | null): void;
}

/** What a page may do with a running editor. */
export interface RichTextControls {
  /** Replaces the content without reporting it as the user's change. */
  setData(html: string): void;
  /** HTML as this editor writes it (so a comparison with its own output is fair). */
  normalize(html: string): string;
  /** The content as HTML. */
  data(): string;
  /** Puts the caret in the editor. */
  focus(): void;
  /** Puts the caret where a point of the viewport falls in the text (or beside the widget there); false when it falls on neither. */
  caretAt(x: number, y: number): boolean;
  /** Writes text at the caret as if typed ('\n' as Enter), in one undo step, never over a selected widget. */
  write(text: string): void;
}

export const invalidLinkText = 'URL should be valid and must start with either https:// or http://';

/** Spec 002 section 5: the link insert accepts only absolute http, https or ftp URLs. */
export function isAllowedLink(url: string): boolean {
  return /^(https?|ftp):\/\/[^\s/$.?#][^\s]*$/i.test(url.trim());
}

const headingOptions = [
  { model: 'paragraph', title: 'Paragraph', class: 'ck-heading_paragraph' },
  { model: 'heading1', view: 'h1', title: 'Heading 1', class: 'ck-heading_heading1' },
  { model: 'heading2', view: 'h2', title: 'Heading 2', class: 'ck-heading_heading2' },
  { model: 'heading3', view: 'h3', title: 'Heading 3', class: 'ck-heading_heading3' },
  { model: 'heading4', view: 'h4', title: 'Heading 4', class: 'ck-heading_heading4' },
] as NonNullable<EditorConfig['heading']>['options'];

/**
 * CKEditor's own words (toolbar tooltips, its balloons and dialogs) in the console's language: none
 * to load for English, CKEditor's Turkish loaded once, only by a Turkish console that opens an editor.
 */
const editorTranslations = new Map<ConsoleLang, Translations | null>([['en', null]]);
const translationLoaders: Partial<Record<ConsoleLang, () => Promise<{ default: Translations }>>> = {
  tr: () => import('ckeditor5/translations/tr.js'),
};

/** The translations of the language's editor: null for none (English), undefined while they load. */
function useEditorTranslations(lang: ConsoleLang): Translations | null | undefined {
  const [, setLoaded] = useState(0);
  const known = editorTranslations.get(lang);
  useEffect(() => {
    const load = translationLoaders[lang];
    if (editorTranslations.has(lang) || !load) return;
    let live = true;
    load().then(
      (module) => {
        editorTranslations.set(lang, module.default);
        if (live) setLoaded((count) => count + 1);
      },
      // Without its translations the editor still works, in English.
      () => {
        editorTranslations.set(lang, null);
        if (live) setLoaded((count) => count + 1);
      },
    );
    return () => {
      live = false;
    };
  }, [lang]);
  return known === undefined && !translationLoaders[lang] ? null : known;
}

/** The insert dialog that is open: a button to add or change, an embed to add or replace. */
type Dialog = { kind: 'button'; editing: CustomButtonValue | null } | { kind: 'embed'; replacing: ModelElement | null };

/** The call that makes an embed's picture (the embeds plugin's); undefined while no enabled plugin provides it. */
const makeEmbed = functionOf(makeEmbedRef);

/** A toolbar item this console offers: the Embed item only with a call that makes embeds. */
const offered = (item: string) => item !== 'embed' || makeEmbed !== undefined;

export default function RichTextEditor({ value, onChange, label, placeholder, disabled = false, onControls }: RichTextEditorProps) {
  const labelId = useId();
  // Set while the page replaces the content, so that is not taken for typing.
  const replacing = useRef(false);
  // The React component would put every new `value` into the editor itself, unnoticed by `replacing`, and report it as typing.
  const [initialValue] = useState(value);
  const [editor, setEditor] = useState<Editor | null>(null);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Set when a dialog closes: the editor takes the focus once the dialog (and its focus trap) is gone.
  const refocus = useRef(false);
  useEffect(() => {
    if (dialog || !editor || !refocus.current) return;
    refocus.current = false;
    editor.editing.view.focus();
  }, [dialog, editor]);
  const closeDialog = () => {
    refocus.current = true;
    setDialog(null);
  };
  const lang = useConsoleLang();
  const translations = useEditorTranslations(lang);
  const config = useMemo<EditorConfig>(
    () => ({
      licenseKey: 'GPL',
      label,
      placeholder,
      // CKEditor's interface in the console's language; our own items' labels go through `t` (quick-insert.ts).
      language: translations ? lang : 'en',
      ...(translations ? { translations: [translations] } : {}),
      plugins: [
        Essentials,
        Paragraph,
        Heading,
        Bold,
        Italic,
        Link,
        AutoLink,
        List,
        HorizontalLine,
        Image,
        ImageUpload,
        ImageToolbar,
        ImageCaption,
        ImageTextAlternative,
        SimpleUploadAdapter,
        BlockToolbar,
        QuickInsert,
        KeepWidgets,
      ],
      toolbar: [
        'heading',
        '|',
        'bold',
        'italic',
        'link',
        '|',
        'bulletedList',
        'numberedList',
        'horizontalLine',
        'uploadImage',
        'embed',
        'customButton',
        '|',
        'undo',
        'redo',
      ].filter(offered),
      // Spec 002 section 2.10's quick-insert items: image, embed, customButton, ul, ol, hr, addCustomBullet.
      blockToolbar: ['uploadImage', 'embed', 'customButton', 'bulletedList', 'numberedList', 'horizontalLine', 'addCustomBullet'].filter(offered),
      quickInsert: {
        openButtonDialog: (editing) => setDialog({ kind: 'button', editing }),
        ...(makeEmbed ? { openEmbedDialog: (replacing: ModelElement | null) => setDialog({ kind: 'embed', replacing }) } : {}),
      } satisfies QuickInsertConfig,
      heading: { options: headingOptions },
      image: { toolbar: ['imageTextAlternative', 'toggleImageCaption'] },
      link: { addTargetToExternalLinks: true },
      simpleUpload: {
        uploadUrl: `${apiBase}/editor/image/upload`,
        // Read at each upload, so a renewed token is used.
        headers: (): Record<string, string> => {
          const token = store.get(tokenAtom);
          return token ? { Authorization: `Bearer ${token}` } : {};
        },
      },
    }),
    [label, placeholder, lang, translations],
  );

  // A Turkish console's editor waits for CKEditor's Turkish (loaded once): it is made once, in one language.
  if (translations === undefined) return <Spinner label={t('Loading the editor...')} />;

  return (
    <div className="rich-text" role="group" aria-labelledby={labelId}>
      <Text id={labelId} variant="small" block styles={{ root: { fontWeight: 600, marginBottom: 6 } }}>
        {label}
      </Text>
      <CKEditor
        editor={ClassicEditor}
        config={config}
        data={initialValue}
        disabled={disabled}
        onReady={(editor) => {
          setEditor(editor);
          onControls?.({
            setData(html) {
              replacing.current = true;
              try {
                editor.setData(html);
              } finally {
                replacing.current = false;
              }
            },
            normalize(html) {
              // Once the editor is gone (the page moved on), the HTML stays as it is.
              if (editor.state === 'destroyed') return html;
              return editor.data.stringify(editor.data.parse(html));
            },
            data: () => editor.getData(),
            focus: () => editor.editing.view.focus(),
            caretAt: (x, y) => caretAtPoint(editor, x, y),
            write: (text) => writeAtCaret(editor, text),
          });
          if (makeEmbed) embedPastedLinks(editor, makeEmbed);
          // A link that is not absolute http, https or ftp is refused before it is set.
          editor.commands.get('link')?.on(
            'execute',
            (event, args: unknown[]) => {
              if (typeof args[0] === 'string' && !isAllowedLink(args[0])) {
                event.stop();
                toast('error', 'Error!', invalidLinkText);
              }
            },
            { priority: 'high' },
          );
        }}
        onAfterDestroy={() => {
          setEditor(null);
          onControls?.(null);
        }}
        onChange={(_event, editor) => {
          if (!replacing.current) onChange(editor.getData());
        }}
      />
      {editor && dialog?.kind === 'button' ? <InsertButtonDialog editor={editor} editing={dialog.editing} onDismiss={closeDialog} /> : null}
      {editor && makeEmbed && dialog?.kind === 'embed' ? (
        <EmbedDialog editor={editor} replacing={dialog.replacing} make={makeEmbed} onDismiss={closeDialog} />
      ) : null}
    </div>
  );
}

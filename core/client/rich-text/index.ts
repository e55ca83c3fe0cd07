/**
 * The shared rich-text editor, loaded lazily: CKEditor's code and styles are in the chunk of the
 * pages that show it, never in the console's first screen (design.md section 6).
 */
import { Spinner } from '@fluentui/react';
import { createElement, lazy, Suspense } from 'react';
import { t } from '../words';
import type { RichTextControls, RichTextEditorProps } from './RichTextEditor';

export type { RichTextControls, RichTextEditorProps };
export { richTextDialogClass } from './dialog-class';

const LazyEditor = lazy(() => import('./RichTextEditor'));

export function RichTextEditor(props: RichTextEditorProps) {
  return createElement(Suspense, { fallback: createElement(Spinner, { label: t('Loading the editor...') }) }, createElement(LazyEditor, props));
}

/**
 * Keys never remove a widget (an embed, a button, a picture, a line) the writer did not mean to
 * remove (docs/decisions/0054): with one selected, what is typed goes into a new paragraph beside
 * it instead of replacing it, and the keys that move the caret in text move it off the widget.
 * Only Delete or Backspace on it, or its own toolbar, remove it, and undo brings it back (CKEditor's
 * own behaviour). The caret beside a block widget is CKEditor's "type around" fake caret
 * (WidgetTypeAround, loaded with Widget), kept as a selection attribute.
 */
import { Plugin, type Editor, type InsertTextCommand, type ModelElement, type ViewDocumentInsertTextEvent } from 'ckeditor5';

/** WidgetTypeAround's selection attribute: the fake caret's side of the selected widget. */
const fakeCaret = 'widget-type-around';

/** Above WidgetTypeAround's own listeners ('high' for text, 'highest' for a composition): the fake caret is set before they read it. */
const beforeTypeAround = 100_001;

/** The block widget the writer has selected, if any. */
function selectedBlockWidget(editor: Editor): ModelElement | null {
  const selected = editor.model.document.selection.getSelectedElement();
  return selected && editor.model.schema.isObject(selected) && editor.model.schema.isBlock(selected) ? selected : null;
}

/** The side of the selected widget the caret is on: after it unless the caret beside it is before. */
const sideOf = (editor: Editor): 'before' | 'after' => (editor.model.document.selection.getAttribute(fakeCaret) === 'before' ? 'before' : 'after');

/**
 * With a block widget selected, puts the caret beside it: on `side`, else where the caret beside it
 * already is, else after it. What is typed next goes into a new paragraph there. False when no
 * widget is selected.
 */
export function caretBesideWidget(editor: Editor, side?: 'before' | 'after'): boolean {
  if (!selectedBlockWidget(editor)) return false;
  const { selection } = editor.model.document;
  const wanted = side ?? (selection.getAttribute(fakeCaret) as 'before' | 'after' | undefined) ?? 'after';
  if (selection.getAttribute(fakeCaret) !== wanted) editor.model.change((writer) => writer.setSelectionAttribute(fakeCaret, wanted));
  return true;
}

/** The caret at the start or the end of the whole text: beside a widget that begins or ends it. */
function caretAtEdge(editor: Editor, edge: 'start' | 'end'): void {
  const { model } = editor;
  const root = model.document.getRoot();
  if (!root || root.childCount === 0) return;
  const block = root.getChild(edge === 'end' ? root.childCount - 1 : 0);
  model.change((writer) => {
    if (block?.is('element') && model.schema.isObject(block)) {
      writer.setSelection(block, 'on');
      writer.setSelectionAttribute(fakeCaret, edge === 'end' ? 'after' : 'before');
      return;
    }
    const range = model.schema.getNearestSelectionRange(model.createPositionAt(root, edge === 'end' ? 'end' : 0), edge === 'end' ? 'backward' : 'forward');
    if (range) writer.setSelection(range.start);
  });
  editor.editing.view.scrollToTheSelection();
}

export class KeepWidgets extends Plugin {
  static get pluginName() {
    return 'KeepWidgets' as const;
  }

  init(): void {
    const { editor } = this;
    const viewDocument = editor.editing.view.document;
    // Typing with a widget selected writes beside it, in a paragraph made in the typing's own undo step.
    this.listenTo<ViewDocumentInsertTextEvent>(
      viewDocument,
      'insertText',
      (_event, data) => {
        const widget = selectedBlockWidget(editor);
        if (!widget) return;
        // Locked, the typing's buffer keeps its batch when the caret moves into the new paragraph.
        const { buffer } = editor.commands.get('insertText') as InsertTextCommand;
        buffer.lock();
        try {
          editor.model.enqueueChange(buffer.batch, (writer) => {
            const paragraph = writer.createElement('paragraph');
            writer.insert(paragraph, writer.createPositionAt(widget, sideOf(editor)));
            writer.setSelection(paragraph, 0);
          });
        } finally {
          buffer.unlock();
        }
        // The typing goes where the caret now is (as WidgetTypeAround does for its own paragraph).
        data.selection = viewDocument.selection;
      },
      { priority: beforeTypeAround },
    );
    // A composition's start: WidgetTypeAround makes the paragraph on the caret's side.
    this.listenTo(viewDocument, 'compositionstart', () => caretBesideWidget(editor), { priority: beforeTypeAround });

    // The browser cannot move a caret out of a widget's fake selection: these keys move it as in text.
    const move = (run: () => void) => (_data: unknown, cancel: () => void) => {
      run();
      cancel();
    };
    editor.keystrokes.set(
      'Ctrl+End',
      move(() => caretAtEdge(editor, 'end')),
    );
    editor.keystrokes.set(
      'Ctrl+Home',
      move(() => caretAtEdge(editor, 'start')),
    );
    const besideSelected = (side: 'before' | 'after') => (_data: unknown, cancel: () => void) => {
      if (caretBesideWidget(editor, side)) cancel();
    };
    editor.keystrokes.set('End', besideSelected('after'));
    editor.keystrokes.set('PageDown', besideSelected('after'));
    editor.keystrokes.set('Home', besideSelected('before'));
    editor.keystrokes.set('PageUp', besideSelected('before'));
  }
}

/**
 * Writes `text` at the caret as if typed, in one undo step: beside a selected widget (never over
 * it), a line break ('\n') as Enter.
 */
export function writeAtCaret(editor: Editor, text: string): void {
  if (!text) return;
  const { model } = editor;
  model.change(() => {
    const widget = selectedBlockWidget(editor);
    if (widget) editor.execute('insertParagraph', { position: model.createPositionAt(widget, sideOf(editor)) });
    text.split('\n').forEach((line, index) => {
      if (index > 0) editor.execute('enter');
      if (line) editor.execute('insertText', { text: line });
    });
  });
}

/**
 * Puts the caret where the point (in the page's viewport) falls in the text, or beside the widget
 * it falls on; false when it falls on neither (the caret stays).
 */
export function caretAtPoint(editor: Editor, x: number, y: number): boolean {
  const { model, editing } = editor;
  const root = editing.view.getDomRoot();
  const hit = document.elementFromPoint(x, y);
  if (!root || !hit || !root.contains(hit)) return false;
  const widgetDom = hit.closest('.ck-widget');
  if (widgetDom) {
    const viewWidget = editing.view.domConverter.mapDomToView(widgetDom as HTMLElement);
    const widget = viewWidget?.is('element') ? editing.mapper.toModelElement(viewWidget) : undefined;
    if (!widget) return false;
    const box = widgetDom.getBoundingClientRect();
    model.change((writer) => {
      writer.setSelection(widget, 'on');
      writer.setSelectionAttribute(fakeCaret, y < box.top + box.height / 2 ? 'before' : 'after');
    });
    return true;
  }
  const range = document.caretRangeFromPoint?.(x, y);
  if (!range) return false;
  const viewPosition = editing.view.domConverter.domPositionToView(range.startContainer, range.startOffset);
  if (!viewPosition) return false;
  const modelPosition = editing.mapper.toModelPosition(viewPosition);
  const place = model.schema.getNearestSelectionRange(modelPosition);
  if (!place) return false;
  model.change((writer) => writer.setSelection(place));
  return true;
}

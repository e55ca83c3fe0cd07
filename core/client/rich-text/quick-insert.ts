/**
 * The quick-insert items of spec 002 section 2.10 that CKEditor does not have: customButton and
 * embed (each opens its dialog, which the React editor shows) and addCustomBullet (a new line that
 * starts with the bullet marker). The block toolbar beside each line offers them with image, ul, ol and hr.
 */
import { ButtonView, Plugin } from 'ckeditor5';
import { bulletMarker } from '../../shared/text';
import { CustomButtonEditing } from './custom-button';
import { EmbedEditing } from './embed';

/** What the React side does when an item is chosen (config key `quickInsert`). */
export interface QuickInsertConfig {
  openButtonDialog(): void;
  openEmbedDialog(): void;
}

declare module '@ckeditor/ckeditor5-core' {
  interface EditorConfig {
    quickInsert?: QuickInsertConfig;
  }
}

const icons = {
  customButton:
    '<svg viewBox="0 0 20 20" xmlns="http://www.w3.org/2000/svg"><rect x="2" y="6" width="16" height="8" rx="2" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M6 10h8" stroke="currentColor" stroke-width="1.5"/></svg>',
  embed:
    '<svg viewBox="0 0 20 20" xmlns="http://www.w3.org/2000/svg"><rect x="2" y="4" width="16" height="12" rx="1.5" fill="none" stroke="currentColor" stroke-width="1.5"/><path d="M8.5 7.5v5l4-2.5z" fill="currentColor"/></svg>',
  addCustomBullet:
    '<svg viewBox="0 0 20 20" xmlns="http://www.w3.org/2000/svg"><circle cx="5" cy="10" r="2.2" fill="currentColor"/><path d="M10 10h7" stroke="currentColor" stroke-width="1.5"/></svg>',
};

export class QuickInsert extends Plugin {
  static get requires() {
    return [CustomButtonEditing, EmbedEditing] as const;
  }

  static get pluginName() {
    return 'QuickInsert' as const;
  }

  init(): void {
    const { editor } = this;
    const actions = editor.config.get('quickInsert');
    const add = (name: keyof typeof icons, label: string, run: () => void, enabled?: () => boolean) =>
      editor.ui.componentFactory.add(name, (locale) => {
        const view = new ButtonView(locale);
        view.set({ label, icon: icons[name], tooltip: true });
        view.bind('isEnabled').to(editor, 'isReadOnly', (readOnly: boolean) => !readOnly && (enabled?.() ?? true));
        view.on('execute', () => {
          run();
        });
        return view;
      });
    add('customButton', 'Insert Button', () => actions?.openButtonDialog());
    add('embed', 'Embed', () => actions?.openEmbedDialog());
    add('addCustomBullet', 'Add bullet', () => this.addBullet());
  }

  /** A line that starts with the marker: the empty line the caret is on, or a new one after it. */
  private addBullet(): void {
    const { model } = this.editor;
    model.change((writer) => {
      const block = model.document.selection.getFirstPosition()?.findAncestor('paragraph');
      const text = `${bulletMarker}\u00a0`;
      if (block && block.isEmpty) {
        writer.insertText(text, block, 0);
        writer.setSelection(block, 'end');
        return;
      }
      const paragraph = writer.createElement('paragraph');
      writer.insertText(text, paragraph);
      if (block) writer.insert(paragraph, writer.createPositionAfter(block));
      else model.insertContent(paragraph);
      writer.setSelection(paragraph, 'end');
    });
    this.editor.editing.view.focus();
  }
}

/**
 * The quick-insert items of spec 002 section 2.10 that CKEditor does not have: customButton and
 * embed (each opens its dialog, which the React editor shows) and addCustomBullet (a new line that
 * starts with the bullet marker). The block toolbar beside each line offers them with image, ul, ol and hr.
 * A selected button or embed gets a toolbar of its own: 'Edit button' and 'Change address' reopen
 * their dialog on it. Without `openEmbedDialog` (no plugin makes embeds) there is no embed item
 * and no embed toolbar; placed embeds still show.
 */
import { ButtonView, Plugin, WidgetToolbarRepository, isWidget, type ModelElement, type ViewDocumentSelection } from 'ckeditor5';
import { buttonClass, embedClass } from '../../shared/embeds';
import { bulletMarker } from '../../shared/text';
import { t } from '../words';
import { CustomButtonEditing, type UpdateCustomButtonCommand, type CustomButtonValue } from './custom-button';
import { EmbedEditing, selectedEmbed } from './embed';

/** What the React side does when an item is chosen (config key `quickInsert`). */
export interface QuickInsertConfig {
  /** `editing`: the selected button's value; the dialog changes it instead of adding one. */
  openButtonDialog(editing: CustomButtonValue | null): void;
  /** `replacing`: the embed the new address replaces, or null to add one. Left out when no plugin makes embeds. */
  openEmbedDialog?(replacing: ModelElement | null): void;
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
  edit: '<svg viewBox="0 0 20 20" xmlns="http://www.w3.org/2000/svg"><path d="M3 17l1-4 9-9 3 3-9 9zM12 5l3 3" fill="none" stroke="currentColor" stroke-width="1.5" stroke-linejoin="round"/></svg>',
};

/** The selected widget when it has the given class: the element a widget toolbar stands by. */
function selectedWidgetOf(className: string) {
  return (selection: ViewDocumentSelection) => {
    const element = selection.getSelectedElement();
    return element && isWidget(element) && element.hasClass(className) ? element : null;
  };
}

export class QuickInsert extends Plugin {
  static get requires() {
    return [CustomButtonEditing, EmbedEditing, WidgetToolbarRepository] as const;
  }

  static get pluginName() {
    return 'QuickInsert' as const;
  }

  init(): void {
    const { editor } = this;
    const actions = editor.config.get('quickInsert');
    const add = (name: string, icon: keyof typeof icons, label: string, run: () => void, withText = false) =>
      editor.ui.componentFactory.add(name, (locale) => {
        const view = new ButtonView(locale);
        view.set({ label, icon: icons[icon], tooltip: !withText, withText });
        view.bind('isEnabled').to(editor, 'isReadOnly', (readOnly: boolean) => !readOnly);
        view.on('execute', () => {
          run();
        });
        return view;
      });
    // The labels are read as the editor is made, in the console's language (CKEditor's own are its translations').
    add('customButton', 'customButton', t('Insert Button'), () => actions?.openButtonDialog(null));
    const openEmbedDialog = actions?.openEmbedDialog;
    if (openEmbedDialog) add('embed', 'embed', t('Embed'), () => openEmbedDialog(null));
    add('addCustomBullet', 'addCustomBullet', t('Add bullet'), () => this.addBullet());
    add(
      'editCustomButton',
      'edit',
      t('Edit button'),
      () => actions?.openButtonDialog((editor.commands.get('updateCustomButton') as UpdateCustomButtonCommand).value),
      true,
    );
    if (openEmbedDialog) add('changeEmbed', 'edit', t('Change address'), () => openEmbedDialog(selectedEmbed(editor)), true);
  }

  afterInit(): void {
    const toolbars = this.editor.plugins.get(WidgetToolbarRepository);
    toolbars.register('customButton', { ariaLabel: t('Button toolbar'), items: ['editCustomButton'], getRelatedElement: selectedWidgetOf(buttonClass) });
    if (this.editor.config.get('quickInsert')?.openEmbedDialog)
      toolbars.register('embed', { ariaLabel: t('Embed toolbar'), items: ['changeEmbed'], getRelatedElement: selectedWidgetOf(embedClass) });
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

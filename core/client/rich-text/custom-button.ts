/**
 * The custom button (spec 002 sections 2.10 and 5) as a CKEditor widget: a block the writer places
 * and removes whole, kept as `<div class="mh-button" data-color>` around its link (core/shared/embeds.ts).
 * Its text and address are checked by the Insert Button dialog before the command runs; a placed
 * button is changed in place through the same dialog (its widget toolbar's 'Edit button').
 */
import {
  Command,
  Plugin,
  Widget,
  toWidget,
  type Editor,
  type ViewDowncastWriter as DowncastWriter,
  type ModelElement,
  type UpcastElementEvent,
} from 'ckeditor5';
import { hexColorPattern, readableTextOn } from '../../shared/color';
import { buttonClass, customButton } from '../../shared/embeds';
import { t } from '../words';
import { insertBlockObject } from './embed';

export interface CustomButtonValue {
  text: string;
  href: string;
  color: string;
}

function buttonStyle(color: string): string {
  return `background-color:${color};color:${readableTextOn(color)}`;
}

export class InsertCustomButtonCommand extends Command {
  override refresh(): void {
    const { model } = this.editor;
    this.isEnabled = model.schema.findAllowedParent(model.document.selection.getFirstPosition()!, 'customButton') !== null;
  }

  override execute(value: CustomButtonValue): void {
    insertBlockObject(this.editor, (writer) =>
      writer.createElement('customButton', { buttonText: value.text, buttonHref: value.href, buttonColor: value.color }),
    );
  }
}

/** The button the writer has selected, if any. */
export function selectedCustomButton(editor: Editor): ModelElement | null {
  const selected = editor.model.document.selection.getSelectedElement();
  return selected?.is('element', 'customButton') ? selected : null;
}

/** Changes the selected button's text, address and colour; its value is what the button holds now. */
export class UpdateCustomButtonCommand extends Command {
  declare value: CustomButtonValue | null;

  override refresh(): void {
    const button = selectedCustomButton(this.editor);
    this.isEnabled = button !== null;
    this.value = button
      ? {
          text: String(button.getAttribute('buttonText') ?? ''),
          href: String(button.getAttribute('buttonHref') ?? ''),
          color: String(button.getAttribute('buttonColor') ?? customButton.defaultColor),
        }
      : null;
  }

  override execute(value: CustomButtonValue): void {
    const button = selectedCustomButton(this.editor);
    if (!button) return;
    this.editor.model.change((writer) => writer.setAttributes({ buttonText: value.text, buttonHref: value.href, buttonColor: value.color }, button));
  }
}

export class CustomButtonEditing extends Plugin {
  static get requires() {
    return [Widget] as const;
  }

  static get pluginName() {
    return 'CustomButtonEditing' as const;
  }

  init(): void {
    const { editor } = this;
    editor.model.schema.register('customButton', {
      inheritAllFrom: '$blockObject',
      allowAttributes: ['buttonText', 'buttonHref', 'buttonColor'],
    });

    // <div class="mh-button" data-color><a href>Text</a></div> -> one customButton; what is inside is read, not converted.
    editor.conversion.for('upcast').add((dispatcher) =>
      dispatcher.on<UpcastElementEvent>(
        'element:div',
        (_event, data, api) => {
          const div = data.viewItem;
          if (!api.consumable.test(div, { name: true, classes: buttonClass })) return;
          const link = Array.from(div.getChildren()).find((child) => child.is('element', 'a'));
          const href = link?.is('element') ? link.getAttribute('href') : undefined;
          if (!link?.is('element') || !href) return;
          const text = Array.from(link.getChildren())
            .map((child) => (child.is('$text') ? child.data : ''))
            .join('');
          const stated = div.getAttribute('data-color') ?? '';
          const button = api.writer.createElement('customButton', {
            buttonText: text,
            buttonHref: href,
            buttonColor: hexColorPattern.test(stated) ? stated : customButton.defaultColor,
          });
          if (!api.safeInsert(button, data.modelCursor)) return;
          api.consumable.consume(div, { name: true, classes: buttonClass });
          api.updateConversionResult(button, data);
        },
        { priority: 'high' },
      ),
    );

    const attributes = ['buttonText', 'buttonHref', 'buttonColor'];
    const structure = (element: ModelElement, writer: DowncastWriter, editing: boolean) => {
      const color = String(element.getAttribute('buttonColor') ?? customButton.defaultColor);
      const text = writer.createText(String(element.getAttribute('buttonText') ?? ''));
      const href = String(element.getAttribute('buttonHref') ?? '');
      // In the editor the button is not a live link: a click selects the widget.
      const inner = editing
        ? writer.createContainerElement('span', { class: `${buttonClass}__link`, style: buttonStyle(color), title: href }, [text])
        : writer.createContainerElement('a', { href, style: buttonStyle(color) }, [text]);
      return writer.createContainerElement('div', { class: buttonClass, 'data-color': color }, [inner]);
    };
    editor.conversion.for('dataDowncast').elementToStructure({
      model: { name: 'customButton', attributes },
      view: (element, { writer }) => structure(element, writer, false),
    });
    editor.conversion.for('editingDowncast').elementToStructure({
      model: { name: 'customButton', attributes },
      view: (element, { writer }) => toWidget(structure(element, writer, true), writer, { label: t('Button') }),
    });

    editor.commands.add('insertCustomButton', new InsertCustomButtonCommand(editor));
    editor.commands.add('updateCustomButton', new UpdateCustomButtonCommand(editor));
  }
}

/**
 * Embeds (spec 002 sections 2.10, 3 and 9) as CKEditor widgets: a picture of the content that links
 * to it, made by the embed service, kept as `<figure class="mh-embed">` (core/shared/embeds.ts). While
 * the picture is being made a placeholder stands where it goes; it becomes the embed, or a plain link
 * when the address cannot be read (spec 002 section 8). A placed embed can be given another address:
 * the new one replaces it once its picture is made, and a failure leaves it as it was.
 */
import {
  Plugin,
  Widget,
  toWidget,
  type ViewDowncastWriter as DowncastWriter,
  type Editor,
  type ModelElement,
  type ModelWriter,
  type UpcastElementEvent,
} from 'ckeditor5';
import { embedClass, embedShownKinds, pendingEmbedClass, type EmbedShown, type StoredEmbed } from '../../shared/embeds';
import { t } from '../words';

/** A made embed: what the embed service answered. */
export type EmbedValue = StoredEmbed;

/** The kind a placed embed shows in its corner: names, and 'Link' (shown through `t`) for any other page. */
const kindLabels: Record<EmbedShown, string> = { youtube: 'YouTube', spotify: 'Spotify', twitter: 'Twitter', product: 'Masthead', page: 'Link' };
const kindLabel = (shown: EmbedShown) => (kindLabels[shown] === undefined || kindLabels[shown] === 'Link' ? t('Link') : kindLabels[shown]);

/** The card's words an e-mail writes as text (docs/decisions/0054, point 4): model attribute and the figure's attribute. */
const cardWordAttributes = { embedExcerpt: 'data-excerpt', embedPicture: 'data-picture', embedSite: 'data-site' } as const;

export class EmbedEditing extends Plugin {
  static get requires() {
    return [Widget] as const;
  }

  static get pluginName() {
    return 'EmbedEditing' as const;
  }

  init(): void {
    const { editor } = this;
    const embedAttributes = [
      'embedId',
      'embedShown',
      'embedSource',
      'embedLink',
      'embedImage',
      'embedWidth',
      'embedHeight',
      'embedTitle',
      ...Object.keys(cardWordAttributes),
    ];
    editor.model.schema.register('embed', { inheritAllFrom: '$blockObject', allowAttributes: embedAttributes });
    editor.model.schema.register('embedPending', { inheritAllFrom: '$blockObject', allowAttributes: ['embedId', 'embedSource'] });

    editor.conversion.for('upcast').add((dispatcher) =>
      dispatcher.on<UpcastElementEvent>(
        'element:figure',
        (_event, data, api) => {
          const figure = data.viewItem;
          const pending = api.consumable.test(figure, { name: true, classes: pendingEmbedClass });
          if (!pending && !api.consumable.test(figure, { name: true, classes: embedClass })) return;
          const id = figure.getAttribute('data-embed-id') ?? '';
          const source = figure.getAttribute('data-url') ?? '';
          let element: ModelElement;
          if (pending) {
            element = api.writer.createElement('embedPending', { embedId: id, embedSource: source });
          } else {
            const link = Array.from(figure.getChildren()).find((child) => child.is('element', 'a'));
            const image = link?.is('element') ? Array.from(link.getChildren()).find((child) => child.is('element', 'img')) : undefined;
            if (!link?.is('element') || !image?.is('element')) return;
            const shown = figure.getAttribute('data-embed') as EmbedShown;
            element = api.writer.createElement('embed', {
              embedId: id,
              embedShown: embedShownKinds.includes(shown) ? shown : 'page',
              embedSource: source,
              embedLink: link.getAttribute('href') ?? source,
              embedImage: image.getAttribute('src') ?? '',
              embedWidth: Number(image.getAttribute('width')) || 0,
              embedHeight: Number(image.getAttribute('height')) || 0,
              embedTitle: image.getAttribute('alt') ?? '',
              ...Object.fromEntries(Object.entries(cardWordAttributes).map(([model, view]) => [model, figure.getAttribute(view) ?? ''])),
            });
          }
          if (!api.safeInsert(element, data.modelCursor)) return;
          api.consumable.consume(figure, { name: true, classes: pending ? pendingEmbedClass : embedClass });
          api.updateConversionResult(element, data);
        },
        { priority: 'high' },
      ),
    );

    const embedView = (element: ModelElement, writer: DowncastWriter, editing: boolean) => {
      const read = (name: string) => String(element.getAttribute(name) ?? '');
      const shown = read('embedShown') as EmbedShown;
      const image = writer.createEmptyElement('img', {
        src: read('embedImage'),
        alt: read('embedTitle'),
        width: read('embedWidth'),
        height: read('embedHeight'),
      });
      const attributes = {
        class: embedClass,
        'data-embed': shown,
        'data-embed-id': read('embedId'),
        'data-url': read('embedSource'),
        // The card's words, kept for an e-mail, only when the embed has them.
        ...Object.fromEntries(Object.entries(cardWordAttributes).flatMap(([model, view]) => (read(model) ? [[view, read(model)]] : []))),
      };
      if (!editing) return writer.createContainerElement('figure', attributes, [writer.createContainerElement('a', { href: read('embedLink') }, [image])]);
      const label = writer.createContainerElement('span', { class: `${embedClass}__kind` }, [writer.createText(kindLabel(shown))]);
      return writer.createContainerElement('figure', { ...attributes, title: read('embedLink') }, [image, label]);
    };
    editor.conversion.for('dataDowncast').elementToStructure({
      model: { name: 'embed', attributes: embedAttributes },
      view: (element, { writer }) => embedView(element, writer, false),
    });
    editor.conversion.for('editingDowncast').elementToStructure({
      model: { name: 'embed', attributes: embedAttributes },
      view: (element, { writer }) =>
        toWidget(embedView(element, writer, true), writer, { label: t('Embed: {title}', { title: String(element.getAttribute('embedTitle') ?? '') }) }),
    });

    const pendingView = (element: ModelElement, writer: DowncastWriter, editing: boolean) => {
      const attributes = {
        class: pendingEmbedClass,
        'data-embed-id': String(element.getAttribute('embedId') ?? ''),
        'data-url': String(element.getAttribute('embedSource') ?? ''),
      };
      if (!editing) return writer.createContainerElement('figure', attributes);
      const text = writer.createText(t('Making the embed of {address}…', { address: String(element.getAttribute('embedSource') ?? '') }));
      return writer.createContainerElement('figure', { ...attributes, role: 'status' }, [writer.createContainerElement('span', {}, [text])]);
    };
    editor.conversion.for('dataDowncast').elementToStructure({
      model: { name: 'embedPending', attributes: ['embedId', 'embedSource'] },
      view: (element, { writer }) => pendingView(element, writer, false),
    });
    editor.conversion.for('editingDowncast').elementToStructure({
      model: { name: 'embedPending', attributes: ['embedId', 'embedSource'] },
      view: (element, { writer }) => toWidget(pendingView(element, writer, true), writer, { label: t('Embed being made') }),
    });
  }
}

/**
 * Puts a block object (an embed, a button) where the caret is, or after the widget that is
 * selected: a new block never replaces one the writer made. The caret goes after it.
 */
export function insertBlockObject(editor: Editor, create: (writer: ModelWriter) => ModelElement): void {
  editor.model.change((writer) => {
    const selected = editor.model.document.selection.getSelectedElement();
    const place = selected && editor.model.schema.isObject(selected) ? writer.createPositionAfter(selected) : null;
    editor.model.insertObject(create(writer), place, null, { setSelection: 'after' });
  });
}

/** Puts a placeholder for an embed at the caret, or after the embed it is to replace. */
export function insertPendingEmbed(editor: Editor, id: string, source: string, replaces: ModelElement | null = null): void {
  const create = (writer: ModelWriter) => writer.createElement('embedPending', { embedId: id, embedSource: source });
  if (!replaces?.isAttached()) {
    insertBlockObject(editor, create);
    return;
  }
  editor.model.change((writer) => writer.insert(create(writer), writer.createPositionAfter(replaces)));
}

/** The embed the writer has selected, if any. */
export function selectedEmbed(editor: Editor): ModelElement | null {
  const selected = editor.model.document.selection.getSelectedElement();
  return selected?.is('element', 'embed') ? selected : null;
}

/** The address a placed embed was made from. */
export function embedSourceOf(embed: ModelElement): string {
  return String(embed.getAttribute('embedSource') ?? '');
}

function findPending(editor: Editor, id: string): ModelElement | null {
  const root = editor.model.document.getRoot();
  if (!root) return null;
  for (const { item } of editor.model.createRangeIn(root)) {
    if (item.is('element', 'embedPending') && item.getAttribute('embedId') === id) return item;
  }
  return null;
}

/**
 * Puts the made embed where its placeholder stands, or, when it could not be made, a plain link
 * (spec 002 section 8). A placeholder the writer removed meanwhile stays removed. With `replaces`
 * (an embed given another address), the new embed takes its place, and a failure keeps it.
 */
export function resolvePendingEmbed(editor: Editor, id: string, made: EmbedValue | null, replaces: ModelElement | null = null): void {
  const placeholder = findPending(editor, id);
  if (!placeholder) return;
  const source = String(placeholder.getAttribute('embedSource') ?? '');
  const replacing = replaces?.isAttached() ? replaces : null;
  editor.model.change((writer) => {
    // The result takes the place of what it replaces, else of its placeholder (a position is taken after what goes before it is removed).
    if (replacing) writer.remove(placeholder);
    if (replacing && !made) return;
    const gone = replacing ?? placeholder;
    const at = writer.createPositionBefore(gone);
    writer.remove(gone);
    if (made) {
      writer.insert(
        writer.createElement('embed', {
          embedId: made.id,
          embedShown: made.shown,
          embedSource: made.source,
          embedLink: made.link,
          embedImage: made.image,
          embedWidth: made.width,
          embedHeight: made.height,
          embedTitle: made.title,
          embedExcerpt: made.excerpt ?? '',
          embedPicture: made.picture ?? '',
          embedSite: made.site ?? '',
        }),
        at,
      );
    } else {
      const paragraph = writer.createElement('paragraph');
      writer.insertText(source, { linkHref: source }, paragraph);
      writer.insert(paragraph, at);
    }
  });
}

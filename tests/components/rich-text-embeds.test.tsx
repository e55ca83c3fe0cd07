// @vitest-environment happy-dom
/**
 * The rich-text editor's custom buttons and embeds (issue 32): the widgets keep what they stand
 * for through a load and a save (the stored form of docs/decisions/0039), the Insert Button dialog
 * checks with the spec's messages and stores the cut text and the marked link, the Embed dialog
 * puts a placeholder, then the embed service's picture, or a plain link when the service fails,
 * and addCustomBullet starts a line with the bullet marker. The picture is made by the call the
 * embeds plugin provides for the editor's `makeEmbedRef`; without it the editor offers no embed.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ClassicEditor, Essentials, Link, Paragraph, type Editor, type ModelElement } from 'ckeditor5';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeEmbedRef } from '../../core/client/refs';
import { buildRegistry } from '../../core/client/registry';
import { EmbedDialog, InsertButtonDialog, embedFailedText } from '../../core/client/rich-text/InsertDialogs';
import { insertPendingEmbed } from '../../core/client/rich-text/embed';
import { embedPastedLinks } from '../../core/client/rich-text/embed-paste';
import { QuickInsert } from '../../core/client/rich-text/quick-insert';
import { Toaster } from '../../core/client/toasts';
import embedsClient from '../../plugins/embeds/client';
import makeEmbed from '../../plugins/embeds/client/make-embed';

setIconOptions({ disableWarnings: true });

const origin = 'http://localhost';
let generate: 'ok' | 'fail';
const frames: unknown[] = [];
const server = setupServer(
  http.post(`${origin}/api/embed/generate`, async ({ request }) => {
    const { frame } = (await request.json()) as { frame: unknown };
    frames.push(frame);
    if (generate === 'fail')
      return HttpResponse.json({ msg: 'Something went wrong...', details: [{ message: 'The address cannot be reached.', path: 'frame' }] }, { status: 422 });
    return HttpResponse.json({
      data: {
        url: '/uploads/embeds/abc.png',
        width: 600,
        height: 340,
        link: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
        title: 'A video',
        kind: 'url',
        embedId: 'Xy12345678',
      },
    });
  }),
);

beforeAll(() => {
  // The console's API client asks relative to the page's address.
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
});
afterAll(() => server.close());

let editor: Editor;
let host: HTMLElement;
const opened: string[] = [];

beforeEach(async () => {
  generate = 'ok';
  frames.length = 0;
  opened.length = 0;
  host = document.createElement('div');
  document.body.appendChild(host);
  editor = await ClassicEditor.create(host, {
    licenseKey: 'GPL',
    plugins: [Essentials, Paragraph, Link, QuickInsert],
    quickInsert: {
      openButtonDialog: (editing) => opened.push(editing ? `edit ${editing.text} ${editing.href}` : 'button'),
      openEmbedDialog: (replacing) => opened.push(replacing ? `replace ${String(replacing.getAttribute('embedSource'))}` : 'embed'),
    },
  });
});

afterEach(async () => {
  cleanup();
  await editor.destroy();
  host.remove();
});

/** As the editor writes a button (the sanitizer keeps it so). */
const button =
  '<div class="mh-button" data-color="#ffce14"><a style="background-color:#ffce14;color:#111111;" href="https://example.com/?a=customButton">Read the report</a></div>';
const embed =
  '<figure class="mh-embed" data-embed="youtube" data-embed-id="Ab3dE5gH9k" data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="/uploads/embeds/abc.png" alt="A video" width="600" height="340"></a></figure>';

describe('the widgets', () => {
  it('keep a button and an embed as they were stored, between paragraphs', () => {
    const html = `<p>Before</p>${button}${embed}<p>After</p>`;
    editor.setData(html);
    expect(editor.getData()).toBe(html);
    const root = editor.model.document.getRoot()!;
    expect(Array.from(root.getChildren()).map((child) => (child.is('element') ? child.name : ''))).toEqual(['paragraph', 'customButton', 'embed', 'paragraph']);
  });

  it("keep an embed's card words and small picture, which an e-mail writes as text", () => {
    const withWords = embed.replace(
      'data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ">',
      'data-url="https://www.youtube.com/watch?v=dQw4w9WgXcQ" data-excerpt="One minute of it." data-picture="/uploads/embeds/small.png" data-site="YouTube">',
    );
    editor.setData(`<p>Before</p>${withWords}`);
    expect(editor.getData()).toBe(`<p>Before</p>${withWords}`);
  });

  it('shows them in the editor as widgets the writer selects whole', () => {
    editor.setData(`${button}${embed}`);
    const editable = editor.ui.getEditableElement()!;
    const widgets = editable.querySelectorAll('.ck-widget');
    expect(widgets).toHaveLength(2);
    expect(widgets[0]!.textContent).toContain('Read the report');
    // In the editor the button is not a live link, and the embed names its kind.
    expect(editable.querySelector('.mh-button a')).toBeNull();
    expect(editable.querySelector('.mh-embed img')?.getAttribute('src')).toBe('/uploads/embeds/abc.png');
    expect(editable.querySelector('.mh-embed__kind')?.textContent).toBe('YouTube');
  });

  it('puts a new embed after a selected widget, never over it', () => {
    editor.setData(button);
    editor.model.change((writer) => writer.setSelection(editor.model.document.getRoot()!.getChild(0)!, 'on'));
    insertPendingEmbed(editor, 'Ab3dE5gH9k', 'https://youtu.be/dQw4w9WgXcQ');
    expect(editor.getData()).toMatch(/^<div class="mh-button"[^]*<\/div><figure class="mh-embed-pending" data-embed-id="Ab3dE5gH9k"/);
  });

  it('offers the quick-insert items, and addCustomBullet starts a line with the marker', () => {
    const factory = editor.ui.componentFactory;
    for (const name of ['customButton', 'embed', 'addCustomBullet']) expect(factory.has(name)).toBe(true);
    factory.create('customButton').fire('execute');
    factory.create('embed').fire('execute');
    expect(opened).toEqual(['button', 'embed']);
    editor.setData('<p>First</p>');
    editor.model.change((writer) => writer.setSelection(editor.model.document.getRoot()!.getChild(0)!, 'end'));
    factory.create('addCustomBullet').fire('execute');
    expect(editor.getData()).toBe('<p>First</p><p>•&nbsp;</p>');
  });

  it('give a selected button and embed a toolbar that reopens their dialog on them', () => {
    editor.setData(`${button}${embed}`);
    const root = editor.model.document.getRoot()!;
    const factory = editor.ui.componentFactory;
    editor.model.change((writer) => writer.setSelection(root.getChild(0)!, 'on'));
    factory.create('editCustomButton').fire('execute');
    editor.model.change((writer) => writer.setSelection(root.getChild(1)!, 'on'));
    factory.create('changeEmbed').fire('execute');
    expect(opened).toEqual(['edit Read the report https://example.com/?a=customButton', 'replace https://www.youtube.com/watch?v=dQw4w9WgXcQ']);
  });
});

describe('a pasted link', () => {
  /** Pastes plain text where the caret is: the clipboard pipeline's step after it read the clipboard. */
  function paste(text: string) {
    editor.plugins.get('ClipboardPipeline').fire('inputTransformation', {
      content: editor.data.htmlProcessor.toView(text),
      dataTransfer: { getData: (type: string) => (type === 'text/plain' ? text : '') },
      method: 'paste',
    });
  }

  beforeEach(() => embedPastedLinks(editor, makeEmbed));

  it('that is an embed becomes one: a placeholder, then the picture', async () => {
    editor.setData('<p>Önce</p>');
    editor.model.change((writer) => writer.setSelection(editor.model.document.getRoot()!.getChild(0)!, 'end'));
    paste('https://youtu.be/dQw4w9WgXcQ');
    expect(editor.getData()).toContain('mh-embed-pending');
    await waitFor(() => expect(editor.getData()).toContain('<figure class="mh-embed" data-embed="youtube"'));
    expect(frames).toEqual([{ kind: 'url', url: 'https://youtu.be/dQw4w9WgXcQ' }]);
    expect(editor.getData()).not.toContain('mh-embed-pending');
  });

  it('that is not an embed, or is not alone, is pasted as text', () => {
    editor.setData('<p>Önce</p>');
    editor.model.change((writer) => writer.setSelection(editor.model.document.getRoot()!.getChild(0)!, 'end'));
    paste('bak: https://youtu.be/dQw4w9WgXcQ');
    paste('https://example.com/a');
    expect(editor.getData()).toBe('<p>Öncebak: https://youtu.be/dQw4w9WgXcQhttps://example.com/a</p>');
    expect(frames).toEqual([]);
  });
});

describe('the Insert Button dialog', () => {
  function open() {
    const onDismiss = vi.fn();
    render(
      <>
        <Toaster />
        <InsertButtonDialog editor={editor} editing={null} onDismiss={onDismiss} />
      </>,
    );
    return { onDismiss, text: screen.getByPlaceholderText('Enter text...'), url: screen.getByPlaceholderText('Enter URL...') };
  }

  it('refuses an empty text and an address that is not http(s), with the spec messages under their fields, gone once fixed', async () => {
    const { url, text, onDismiss } = open();
    /** The message under a field: what its aria-describedby points at, while it is marked invalid. */
    const problemOf = (field: HTMLElement) =>
      field.getAttribute('aria-invalid') === 'true' ? document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent : undefined;
    const urlMessage = 'URL must start with either "https://" or "http://" and must be valid.';
    fireEvent.click(screen.getByRole('button', { name: 'Insert Button' }));
    await waitFor(() => expect(problemOf(text)).toBe("Text can't be empty."));
    expect(problemOf(url)).toBe(urlMessage);
    fireEvent.change(text, { target: { value: 'Go' } });
    await waitFor(() => expect(problemOf(text)).toBeUndefined());
    expect(problemOf(url)).toBe(urlMessage);
    fireEvent.change(url, { target: { value: 'example.com' } });
    await waitFor(() => expect(problemOf(url)).toBeUndefined());
    fireEvent.click(screen.getByRole('button', { name: 'Insert Button' }));
    await waitFor(() => expect(problemOf(url)).toBe(urlMessage));
    // Nothing as a toast: nothing stays over the page once the button is in.
    expect(screen.queryByText('Error!')).toBeNull();
    expect(onDismiss).not.toHaveBeenCalled();
    expect(editor.getData()).toBe('');
  });

  it('inserts the button on Enter: the text cut at 50 characters, the link trimmed and marked; the caret goes on after it', () => {
    const { url, text, onDismiss } = open();
    fireEvent.change(text, { target: { value: 'A very long call to action that goes on and on beyond fifty' } });
    fireEvent.change(url, { target: { value: '  https://example.com/report  ' } });
    fireEvent.submit(url.closest('form')!);
    expect(onDismiss).toHaveBeenCalled();
    expect(editor.getData()).toBe(
      '<div class="mh-button" data-color="#ffce14"><a style="background-color:#ffce14;color:#111111;" href="https://example.com/report?a=customButton">A very long call to action that goes on and on bey…</a></div><p>&nbsp;</p>',
    );
  });

  it('changes a placed button in place: its text and address shown as typed, the colour kept', () => {
    editor.setData(`<p>Before</p>${button.replaceAll('#ffce14', '#1a4d8f').replace('#111111', '#ffffff')}`);
    editor.model.change((writer) => writer.setSelection(editor.model.document.getRoot()!.getChild(1)!, 'on'));
    const onDismiss = vi.fn();
    render(
      <InsertButtonDialog
        editor={editor}
        editing={{ text: 'Read the report', href: 'https://example.com/?a=customButton', color: '#1a4d8f' }}
        onDismiss={onDismiss}
      />,
    );
    const text = screen.getByPlaceholderText('Enter text...') as HTMLInputElement;
    const url = screen.getByPlaceholderText('Enter URL...') as HTMLInputElement;
    expect([text.value, url.value]).toEqual(['Read the report', 'https://example.com/']);
    fireEvent.change(text, { target: { value: 'Read it all' } });
    fireEvent.change(url, { target: { value: 'https://example.com/full' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Button' }));
    expect(onDismiss).toHaveBeenCalled();
    expect(editor.getData()).toBe(
      '<p>Before</p><div class="mh-button" data-color="#1a4d8f"><a style="background-color:#1a4d8f;color:#ffffff;" href="https://example.com/full?a=customButton">Read it all</a></div>',
    );
  });
});

describe('the Embed dialog', () => {
  function open() {
    const onDismiss = vi.fn();
    render(
      <>
        <Toaster />
        <EmbedDialog editor={editor} replacing={null} make={makeEmbed} onDismiss={onDismiss} />
      </>,
    );
    fireEvent.change(screen.getByPlaceholderText('Enter URL...'), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    return onDismiss;
  }

  it('shows its progress over a placeholder, then puts the picture that links to the video', async () => {
    const onDismiss = open();
    fireEvent.click(screen.getByRole('button', { name: 'EMBED' }));
    expect(await screen.findByText("Making the embed's picture…")).toBeTruthy();
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(frames).toEqual([{ kind: 'url', url: 'https://youtu.be/dQw4w9WgXcQ' }]);
    const html = editor.getData();
    expect(html).toMatch(
      /^<figure class="mh-embed" data-embed="youtube" data-embed-id="[A-Za-z0-9]{10}" data-url="https:\/\/www\.youtube\.com\/watch\?v=dQw4w9WgXcQ">/,
    );
    expect(html).toContain(
      '<a href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><img src="/uploads/embeds/abc.png" alt="A video" width="600" height="340"></a>',
    );
    expect(html).not.toContain('mh-embed-pending');
  });

  it('leaves a plain link, and says so, when the picture cannot be made', async () => {
    generate = 'fail';
    const onDismiss = open();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'EMBED' }));
    });
    expect(await screen.findByText(embedFailedText)).toBeTruthy();
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(editor.getData()).toMatch(/^<p><a href="https:\/\/youtu\.be\/dQw4w9WgXcQ">https:\/\/youtu\.be\/dQw4w9WgXcQ<\/a><\/p>/);
    expect(editor.getData()).not.toContain('mh-embed');
  });

  it('gives a placed embed another address: the new picture takes its place, a failure keeps it', async () => {
    editor.setData(`<p>Before</p>${embed}<p>After</p>`);
    const placed = () => editor.model.document.getRoot()!.getChild(1) as ModelElement;
    const replace = async (address: string) => {
      const onDismiss = vi.fn();
      render(
        <>
          <Toaster />
          <EmbedDialog editor={editor} replacing={placed()} make={makeEmbed} onDismiss={onDismiss} />
        </>,
      );
      const field = screen.getByPlaceholderText('Enter URL...') as HTMLInputElement;
      expect(field.value).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
      fireEvent.change(field, { target: { value: address } });
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'REPLACE' }));
      });
      await waitFor(() => expect(onDismiss).toHaveBeenCalled());
      cleanup();
    };
    generate = 'fail';
    await replace('https://example.com/gone');
    expect(editor.getData()).toBe(`<p>Before</p>${embed}<p>After</p>`);
    generate = 'ok';
    await replace('https://youtu.be/dQw4w9WgXcQ');
    const html = editor.getData();
    expect(html).toMatch(/^<p>Before<\/p><figure class="mh-embed" data-embed="youtube" data-embed-id="[A-Za-z0-9]{10}"[^]*<\/figure><p>After<\/p>$/);
    expect(html).not.toContain('Ab3dE5gH9k');
  });

  it('asks for a card when the address is one of our own public pages', async () => {
    const onDismiss = vi.fn();
    render(<EmbedDialog editor={editor} replacing={null} make={makeEmbed} onDismiss={onDismiss} />);
    fireEvent.change(screen.getByPlaceholderText('Enter URL...'), { target: { value: `${origin}/s/sehirde-yeni-metro-hatti-acildi` } });
    fireEvent.click(screen.getByRole('button', { name: 'EMBED' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(frames).toEqual([{ kind: 'card', product: 's', key: 'sehirde-yeni-metro-hatti-acildi' }]);
    expect(editor.getData()).toContain('data-embed="product"');
  });
});

describe("the editor's embeds extension point", () => {
  it('is filled by the embeds plugin: the dialog makes the picture through the call it registered', async () => {
    const { functionOf } = await import('../../core/client/registry');
    const make = functionOf(makeEmbedRef);
    expect(make).toBeDefined();
    // Not enabled, the plugin binds nothing, and the editor offers no embed.
    expect(buildRegistry([embedsClient], ['embeds']).provided.has(makeEmbedRef.id)).toBe(true);
    expect(buildRegistry([embedsClient], []).provided.has(makeEmbedRef.id)).toBe(false);
    const onDismiss = vi.fn();
    render(<EmbedDialog editor={editor} replacing={null} make={make!} onDismiss={onDismiss} />);
    fireEvent.change(screen.getByPlaceholderText('Enter URL...'), { target: { value: 'https://youtu.be/dQw4w9WgXcQ' } });
    fireEvent.click(screen.getByRole('button', { name: 'EMBED' }));
    await waitFor(() => expect(onDismiss).toHaveBeenCalled());
    expect(frames).toEqual([{ kind: 'url', url: 'https://youtu.be/dQw4w9WgXcQ' }]);
    expect(editor.getData()).toContain('<img src="/uploads/embeds/abc.png" alt="A video" width="600" height="340">');
  });

  it('left empty, leaves out the Embed item and the embed toolbar; placed embeds still show', async () => {
    const bare = document.createElement('div');
    document.body.appendChild(bare);
    const without = await ClassicEditor.create(bare, {
      licenseKey: 'GPL',
      plugins: [Essentials, Paragraph, Link, QuickInsert],
      quickInsert: { openButtonDialog: () => undefined },
    });
    try {
      const factory = without.ui.componentFactory;
      expect(['customButton', 'addCustomBullet', 'editCustomButton'].map((name) => factory.has(name))).toEqual([true, true, true]);
      expect(['embed', 'changeEmbed'].map((name) => factory.has(name))).toEqual([false, false]);
      without.setData(embed);
      expect(without.getData()).toBe(embed);
    } finally {
      await without.destroy();
      bare.remove();
    }
  });
});

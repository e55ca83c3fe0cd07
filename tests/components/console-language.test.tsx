// @vitest-environment happy-dom
/**
 * The core's parts in the console's language (issue 55, point 1): the server's texts that carry a
 * value (a role, a number of minutes) read in Turkish by their pattern and stay as the server wrote
 * them in English; the rich-text editor's own interface (CKEditor's translations) and our items in
 * it follow the console's language, CKEditor's Turkish loaded only by a Turkish console.
 */
import { setIconOptions } from '@fluentui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

setIconOptions({ disableWarnings: true });

type Modules = {
  format: typeof import('../../core/client/format');
  words: typeof import('../../core/client/words');
  serverText: typeof import('../../core/client/server-text').serverText;
  stores: typeof import('../../core/client/stores');
  RichTextEditor: typeof import('../../core/client/rich-text/RichTextEditor').default;
};
let modules: Modules;

const speak = (lang: 'tr' | 'en') => modules.stores.store.set(modules.format.langSettingAtom, lang);

beforeAll(async () => {
  modules = {
    format: await import('../../core/client/format'),
    words: await import('../../core/client/words'),
    serverText: (await import('../../core/client/server-text')).serverText,
    stores: await import('../../core/client/stores'),
    RichTextEditor: (await import('../../core/client/rich-text/RichTextEditor')).default,
  };
  await modules.words.loadWords('tr');
});
afterEach(cleanup);
afterAll(() => localStorage.clear());

describe("the server's texts", () => {
  it('stay as the server wrote them in an English console', () => {
    speak('en');
    for (const text of [
      'Your role (EDITOR) does not allow adding team members.',
      'Required role Admin, current role: EDITOR',
      'Too many attempts. Please try again in 5 minutes.',
      'E-mail or password is wrong.',
    ])
      expect(modules.serverText(text)).toBe(text);
  });

  it('read in Turkish in a Turkish console, the values in place and the roles named in Turkish', () => {
    speak('tr');
    expect(modules.serverText('Your role (EDITOR) does not allow adding team members.')).toBe('Rolünüz (EDİTÖR) ekibe üye eklemeye izin vermiyor.');
    expect(modules.serverText('Your role (AUTHOR) does not allow this: stories.accept is required.')).toBe(
      'Rolünüz (YAZAR) buna izin vermiyor: stories.accept gerekli.',
    );
    expect(modules.serverText('Required role Admin, current role: EDITOR')).toBe('Gerekli rol: YÖNETİCİ, mevcut rol: EDİTÖR');
    expect(modules.serverText('Too many attempts. Please try again in 1 minute.')).toBe('Çok fazla deneme yapıldı. Lütfen 1 dakika sonra yeniden deneyin.');
    expect(modules.serverText('E-mail or password is wrong.')).toBe('E-posta ya da şifre yanlış.');
    // A text the catalogs do not have stays as it is.
    expect(modules.serverText('Something only this server says.')).toBe('Something only this server says.');
  });
});

describe('the rich-text editor', () => {
  const editor = () => render(<modules.RichTextEditor value="<p>Merhaba</p>" onChange={() => {}} label="BODY" />);

  it("is in English in an English console: CKEditor's words and ours", async () => {
    speak('en');
    editor();
    expect((await screen.findAllByText('Bold', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Insert Button').length).toBeGreaterThan(0);
  });

  it("is in Turkish in a Turkish console: CKEditor's translations and our items' words", async () => {
    speak('tr');
    editor();
    expect((await screen.findAllByText('Kalın', {}, { timeout: 10_000 })).length).toBeGreaterThan(0);
    expect(screen.getAllByText('Düğme Ekle').length).toBeGreaterThan(0);
    expect(screen.queryByText('Bold')).toBeNull();
  });
});

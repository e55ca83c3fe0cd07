/**
 * Typing fidelity in a live issue (issue 27): what people type in an issue's plain-text fields (the
 * Y.Texts of its shared document) and in its intro (CKEditor, one writer at a time) is stored and
 * shown on every open screen character for character: double spaces, Turkish letters and emoji
 * included, with one typist, two typists in two fields, two typists in one field, a caret that
 * stays with its letters while someone else types before it, an undo that undoes only one's own
 * typing, the intro passed on when its writer pauses (what the next one typed while waiting kept),
 * keys that never remove the intro's card, and a tab closed right after the last key.
 */
import type { APIRequestContext, BrowserContext, Locator, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { accounts, constants, editorLoad, follow, password, signIn } from './helpers';

/** The delay between two keystrokes of a typist (a fast human). */
const keyDelay = 30;

type Who = 'editor' | 'director';
interface StoredIssue {
  subject: string;
  preview: string;
  slug: string;
  notification: { title: string; body: string };
  intro: { html: string; text: string };
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });
const intro = (page: Page) => page.locator('[data-field="intro"] .ck-editor__editable');

/** Types like a person, one key every `keyDelay` ms. */
const typeSlowly = (locator: Locator, text: string) => locator.pressSequentially(text, { delay: keyDelay });

/** Replaces a field's whole text by typing: click, select all, type. */
async function retype(page: Page, label: string, text: string): Promise<void> {
  const input = field(page, label);
  await expect(input).toBeEditable();
  await input.click();
  await input.press('Control+a');
  await typeSlowly(input, text);
}

/**
 * The text of the intro's HTML as it was typed, each paragraph (an Enter) a line. CKEditor writes a
 * space that HTML would collapse (the second of two typed in a row, one at a paragraph's start or
 * end) as a non-breaking space, `&nbsp;` in its HTML (a \u00a0 character once the server's
 * sanitizer has read it): that is how a typed space survives in HTML, so here it reads as the space
 * that was typed. With `keepNbsp` they stay \u00a0, to see where they are.
 */
function typedTextOf(html: string, keepNbsp = false): string {
  const text = html
    // A card or a button holds no typed text: the paragraphs around it are lines of their own.
    .replace(/<(figure|div)\b[\s\S]*?<\/\1>/g, '')
    .replace(/<\/(p|h[1-4]|li|blockquote)>\s*<(p|h[1-4]|li|blockquote)(\s[^>]*)?>/g, '\n')
    .replace(/<br\s*\/?>/g, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, '\u00a0')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
  return keepNbsp ? text : text.replace(/\u00a0/g, ' ');
}

/**
 * The positions of non-breaking spaces the typist did not cause: a \u00a0 is right only where the
 * typed text has a space next to another space, or at a line's start or end. (The bug issue 27
 * fixes wrote '\u00a0 ' pairs after single spaces.) `raw` is typedTextOf(html, true).
 */
function strayNbsp(raw: string, typed: string): number[] {
  const stray: number[] = [];
  for (let index = 0; index < raw.length; index++) {
    if (raw[index] !== '\u00a0') continue;
    const before = typed[index - 1];
    const after = typed[index + 1];
    const wanted =
      typed[index] === ' ' && (before === undefined || before === ' ' || before === '\n' || after === undefined || after === ' ' || after === '\n');
    if (!wanted) stray.push(index);
  }
  return stray;
}

/** What an intro editor shows, as typed: its paragraphs as lines, a \u00a0 as the space it stands for. */
async function shownIntro(page: Page): Promise<string> {
  const lines = await intro(page).locator('p, h1, h2, h3, h4, li').allTextContents();
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/** The selection start of the focused field (where the caret is). */
const caretOf = (page: Page) => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.selectionStart ?? null);

test.describe('typing in a live issue', () => {
  const contexts = new Map<Who, BrowserContext>();
  const names = new Map<Who, string>();
  let token: string;
  let issueId: string;

  const headers = () => ({ authorization: `Bearer ${token}` });

  test.beforeAll(async ({ browser, server }) => {
    // Each role signs in once, in a browser the file's tests share: each test opens its own issue in it.
    await Promise.all(
      (['editor', 'director'] as const).map(async (who) => {
        const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1400, height: 900 } });
        const page = await context.newPage();
        await signIn(page, accounts[who]);
        await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
        const own = await page.evaluate(() => localStorage.getItem('accessToken'));
        const verify = await page.request.get('/api/auth/verify', { headers: { authorization: `Bearer ${own}` } });
        names.set(who, ((await verify.json()) as { data: { user: { profile: { name: string } } } }).data.user.profile.name);
        contexts.set(who, context);
      }),
    );
  });

  test.afterAll(async () => {
    await Promise.all([...contexts.values()].map((context) => context.close()));
  });

  test.beforeEach(async ({ request }) => {
    const login = await request.post('/api/auth/login', { data: { email: accounts.editor, password } });
    token = (await login.json()).data;
    const issues = await (await request.get('/api/issues/list?limit=1', { headers: headers() })).json();
    const newsletterId = issues.data[0].newsletter;
    const form = await (await request.get(`/api/issues/create?newsletter=${newsletterId}`, { headers: headers() })).json();
    const template = form.data.data.channelTemplates.find((item: { title: string }) => item.title === 'Günlük Bülten');
    const created = await request.post('/api/issues/create', {
      headers: headers(),
      data: { newsletter: newsletterId, slug: `yazim-${Date.now().toString(36)}`, template: template._id },
    });
    issueId = (await created.json()).data._id;
    const known = await request.put(`/api/issues/update/${issueId}/edit`, {
      headers: headers(),
      data: { issue: { subject: 'Ortak sayı', preview: 'Önizleme', intro: { html: '' } } },
    });
    expect(known.status(), await known.text()).toBe(200);
  });

  /** The test's issue in a role's browser, once its shared document has arrived. */
  async function open(who: Who): Promise<Page> {
    const page = contexts.get(who)!.pages()[0]!;
    await follow(page, `/issues/edit/${issueId}`);
    await expect(page.getByTestId('save-panel')).toBeVisible(editorLoad);
    await expect(page.getByText('Connecting to the server...')).toHaveCount(0);
    await expect(field(page, 'Subject Line')).toBeEditable();
    return page;
  }

  /** The editor (A) and the director (B) in the test's issue. */
  const openBoth = async () => {
    const [a, b] = await Promise.all([open('editor'), open('director')]);
    return { a, b };
  };

  /** The story card in the demo's ready issue's intro, as stored. */
  async function demoCard(request: APIRequestContext): Promise<string> {
    const issues = await (await request.get('/api/issues/list?search=hazir&limit=10', { headers: headers() })).json();
    const ready = (issues.data as { _id: string; key: string }[]).find((row) => row.key === 'sabah-bulteni-sabah-bulteni-hazir')!;
    const html = ((await (await request.get(`/api/issues/list/${ready._id}`, { headers: headers() })).json()).data as StoredIssue).intro.html;
    return /<figure class="mh-embed"[\s\S]*?<\/figure>/.exec(html)![0];
  }

  async function putIntro(request: APIRequestContext, html: string): Promise<void> {
    const saved = await request.put(`/api/issues/update/${issueId}/edit`, { headers: headers(), data: { issue: { intro: { html } } } });
    expect(saved.status(), await saved.text()).toBe(200);
  }

  const stored = async (request: APIRequestContext): Promise<StoredIssue> =>
    (await (await request.get(`/api/issues/list/${issueId}`, { headers: headers() })).json()).data as StoredIssue;

  test('one typist in each plain-text field: the stored value and the other screen are exactly what was typed', async ({ request }) => {
    const { a, b } = await openBoth();
    const subject = 'Akşam  bülteni: ş ğ ı İ ç ö ü 🎉  çok güzel';
    const preview = 'Bugün  neler var?  Şehir, ığüşöçİ ve 😀 daha  fazlası';
    await retype(a, 'Subject Line', subject);
    await retype(a, 'Preview Text', preview);
    for (const page of [a, b]) {
      await expect(field(page, 'Subject Line')).toHaveValue(subject);
      await expect(field(page, 'Preview Text')).toHaveValue(preview);
    }
    await expect.poll(async () => ({ subject: (await stored(request)).subject, preview: (await stored(request)).preview })).toEqual({ subject, preview });

    // The settings page: the notification's title and subtitle, and the slug (slug letters only).
    for (const page of [a, b]) {
      await page.getByRole('tab', { name: 'Settings' }).click();
      await expect(field(page, 'Notification Title')).toBeEditable();
    }
    const title = "Son  dakika: İstanbul'da ş ğ ı ç ö ü 🚀";
    const body = 'Ayrıntılar  için dokunun: İ ı ş ğ 🙂  hemen';
    const slug = `yazim-deneme-${Date.now().toString(36)}`;
    await retype(a, 'Notification Title', title);
    await retype(a, 'Notification Subtitle', body);
    await retype(a, 'Web Slug', slug);
    for (const page of [a, b]) {
      await expect(field(page, 'Notification Title')).toHaveValue(title);
      await expect(field(page, 'Notification Subtitle')).toHaveValue(body);
      await expect(field(page, 'Web Slug')).toHaveValue(slug);
      await expect(field(page, 'E-mail Subject')).toHaveValue(subject);
    }
    await expect
      .poll(async () => {
        const issue = await stored(request);
        return { title: issue.notification.title, body: issue.notification.body, slug: issue.slug, subject: issue.subject, preview: issue.preview };
      })
      .toEqual({ title, body, slug, subject, preview });
  });

  test('the intro keeps typed double spaces, Turkish letters, emoji and a line break, with no space CKEditor made up', async ({ request }) => {
    const { a, b } = await openBoth();
    const first = 'Merhaba  okurlar, bugün ş ğ ı İ ç ö ü 🎉 var.';
    const second = 'İkinci  satır: bir  iki   üç 😀 son.';
    const typed = `${first}\n${second}`;
    await intro(a).click();
    await a.keyboard.type(first, { delay: keyDelay });
    await a.keyboard.press('Enter');
    await a.keyboard.type(second, { delay: keyDelay });

    await expect.poll(async () => typedTextOf((await stored(request)).intro.html)).toBe(typed);
    const html = (await stored(request)).intro.html;
    expect(strayNbsp(typedTextOf(html, true), typed), `non-breaking spaces not typed in ${JSON.stringify(html)}`).toEqual([]);
    await expect.poll(() => shownIntro(b)).toBe(typed);
    await expect.poll(() => shownIntro(a)).toBe(typed);
  });

  test('two typists in two fields at once: both are stored exactly', async ({ request }) => {
    const { a, b } = await openBoth();
    const subject = 'Hafta  sonu: ş ğ ı İ 🎉 özel';
    const preview = 'Çarşamba  ve ö ü ç 😀  perşembe';
    await Promise.all([retype(a, 'Subject Line', subject), retype(b, 'Preview Text', preview)]);
    for (const page of [a, b]) {
      await expect(field(page, 'Subject Line')).toHaveValue(subject);
      await expect(field(page, 'Preview Text')).toHaveValue(preview);
    }
    await expect.poll(async () => ({ subject: (await stored(request)).subject, preview: (await stored(request)).preview })).toEqual({ subject, preview });
  });

  test("two typists in one field at once: each one's words stay together, nothing is lost", async ({ request }) => {
    const { a, b } = await openBoth();
    const subjectA = field(a, 'Subject Line');
    const subjectB = field(b, 'Subject Line');
    await subjectA.click();
    await subjectA.press('End');
    await subjectB.click();
    await subjectB.press('Home');
    const end = ' – akşam  baskısı ş ğ 🎉';
    const start = 'Son  dakika İ ı 😀: ';
    await Promise.all([typeSlowly(subjectA, end), typeSlowly(subjectB, start)]);
    const expected = `${start}Ortak sayı${end}`;
    for (const page of [a, b]) await expect(field(page, 'Subject Line')).toHaveValue(expected);
    await expect.poll(async () => (await stored(request)).subject).toBe(expected);
  });

  test("a typist's caret stays with its letters while someone else types before it", async ({ request }) => {
    const { a, b } = await openBoth();
    const subjectA = field(a, 'Subject Line');
    const subjectB = field(b, 'Subject Line');
    // A's caret after 'Ortak', before ' sayı'.
    await subjectA.click();
    await subjectA.press('Home');
    for (let step = 0; step < 'Ortak'.length; step++) await subjectA.press('ArrowRight');
    expect(await caretOf(a)).toBe('Ortak'.length);

    const inserted = 'Yeni  ş 🎉: ';
    await subjectB.click();
    await subjectB.press('Home');
    await typeSlowly(subjectB, inserted);
    await expect(subjectA).toHaveValue(`${inserted}Ortak sayı`);
    // The caret moved by exactly what B put before it (an emoji is two UTF-16 units, as selectionStart counts).
    expect(await caretOf(a)).toBe(inserted.length + 'Ortak'.length);

    await typeSlowly(subjectA, ' güzel');
    const expected = `${inserted}Ortak güzel sayı`;
    for (const page of [a, b]) await expect(field(page, 'Subject Line')).toHaveValue(expected);
    await expect.poll(async () => (await stored(request)).subject).toBe(expected);
  });

  test("undo after another person's edit undoes only one's own typing, and redo brings it back", async ({ request }) => {
    const { a, b } = await openBoth();
    const previewA = field(a, 'Preview Text');
    const previewB = field(b, 'Preview Text');
    await previewA.click();
    await previewA.press('End');
    // Quickly: one run, one undo step (constants.issues.undoCaptureMs).
    await previewA.pressSequentially(' AAA');
    await expect(previewB).toHaveValue('Önizleme AAA');
    await previewB.click();
    await previewB.press('Home');
    await typeSlowly(previewB, 'BBB ');
    await expect(previewA).toHaveValue('BBB Önizleme AAA');

    // A's run may take more than one press to undo (on a busy machine its keys may be further apart
    // than one undo step); each press is answered before the next.
    for (let press = 0; press < 4 && (await previewA.inputValue()) !== 'BBB Önizleme'; press++) {
      const before = await previewA.inputValue();
      await previewA.press('Control+z');
      await expect(previewA, `Control+z in A's preview after B typed: it still reads ${JSON.stringify(before)}`).not.toHaveValue(before);
    }
    for (const page of [a, b]) await expect(field(page, 'Preview Text')).toHaveValue('BBB Önizleme');
    await expect.poll(async () => (await stored(request)).preview).toBe('BBB Önizleme');

    for (let press = 0; press < 4 && (await previewA.inputValue()) !== 'BBB Önizleme AAA'; press++) {
      const before = await previewA.inputValue();
      await previewA.press('Control+y');
      await expect(previewA, `Control+y in A's preview: it still reads ${JSON.stringify(before)}`).not.toHaveValue(before);
    }
    for (const page of [a, b]) await expect(field(page, 'Preview Text')).toHaveValue('BBB Önizleme AAA');
    await expect.poll(async () => (await stored(request)).preview).toBe('BBB Önizleme AAA');
  });

  test('the intro has one writer: the other waits, read-only, keeps typing, and gets it when the writer pauses', async ({ request }) => {
    // The intro holds a story card (the demo's ready issue's), below the paragraph A writes in.
    const card = await demoCard(request);
    await putIntro(request, `<p>Giriş.</p>${card}`);
    const { a, b } = await openBoth();
    const introA = intro(a);
    const introB = intro(b);
    const first = 'Emre  yazıyor: ş ğ ı 🎉. ';
    await introA.getByText('Giriş.').click();
    await a.keyboard.press('Home');
    await a.keyboard.type(first, { delay: keyDelay });

    // B sees it arrive, who writes it, and cannot type in it.
    await expect.poll(() => shownIntro(b)).toBe(`${first}Giriş.`);
    await expect(b.getByTestId('intro-writer')).toContainText(`${names.get('editor')} is writing the intro.`);
    await expect(introB).toHaveAttribute('contenteditable', 'false');

    // B was in the subject, and presses the lower half of the card: B asks for the intro, and the notice stands there.
    await field(b, 'Subject Line').click();
    const cardB = introB.locator('figure.mh-embed');
    await cardB.scrollIntoViewIfNeeded();
    const box = (await cardB.boundingBox())!;
    await cardB.click({ position: { x: box.width / 2, y: box.height * 0.75 } });
    const notice = b.getByTestId('intro-writer');
    await expect(notice).toContainText('It is yours when they pause.');
    const noticeBox = (await notice.boundingBox())!;
    expect(Math.abs(noticeBox.y - (box.y + box.height * 0.75)), 'the notice stands where B pressed').toBeLessThan(80);

    // A writes on meanwhile; what B types waits in the notice, every key of it.
    const waiting = b.getByRole('textbox', { name: 'What you type while you wait' });
    await expect(waiting).toBeFocused();
    const more = 'Devam  ediyor İ ç ö ü. ';
    const typedByB = 'Selin  bekliyor ş ğ ı 😀.';
    await Promise.all([a.keyboard.type(more, { delay: keyDelay }), b.keyboard.type(typedByB, { delay: keyDelay })]);
    await expect(waiting).toHaveValue(typedByB);
    await expect(introB).toHaveAttribute('contenteditable', 'false');

    // A pauses and does nothing else: past constants.issues.introPassMs, the intro is B's, with all
    // that A wrote, and what B typed is written where B pressed (after the card), the card kept.
    await expect(introB).toHaveAttribute('contenteditable', 'true', { timeout: constants.issues.introPassMs + 10_000 });
    await expect(b.getByTestId('intro-writer')).toHaveCount(0);
    await expect(a.getByTestId('intro-writer')).toContainText(`${names.get('director')} is writing the intro.`);
    await expect(introA).toHaveAttribute('contenteditable', 'false');
    const afterWait = `${first}${more}Giriş.\n${typedByB}`;
    await expect.poll(() => shownIntro(b)).toBe(afterWait);
    await expect(cardB).toHaveCount(1);

    // B writes on at the caret, after what waited.
    const added = ' Sonra  ekliyor.';
    await b.keyboard.type(added, { delay: keyDelay });
    const expected = `${afterWait}${added}`;
    await expect.poll(async () => typedTextOf((await stored(request)).intro.html)).toBe(expected);
    const html = (await stored(request)).intro.html;
    expect(html).toContain('class="mh-embed"');
    expect(strayNbsp(typedTextOf(html, true), expected), `non-breaking spaces not typed in ${JSON.stringify(html)}`).toEqual([]);
    await expect.poll(() => shownIntro(a)).toBe(expected);
  });

  test("keys never remove the intro's card: a click on it, Ctrl+End and typing write beside it; undo takes back only the typing", async ({ request }) => {
    const card = await demoCard(request);
    await putIntro(request, `<p>Giriş.</p>${card}<p>Orta.</p>${card}`);
    const a = await open('editor');
    const introA = intro(a);
    const cards = introA.locator('figure.mh-embed');
    await expect(cards).toHaveCount(2);

    // A click in the middle of the first card selects it; Ctrl+End takes the caret to the end, beside the last card.
    await cards.first().click();
    await expect(cards.first()).toHaveClass(/ck-widget_selected/);
    await a.keyboard.press('Control+End');
    await a.keyboard.type('Son söz.', { delay: keyDelay });
    // Typing with a card selected writes beside it; End moves off it as in text.
    await cards.first().click();
    await a.keyboard.type('Kartın altı.', { delay: keyDelay });
    await cards.last().click();
    await a.keyboard.press('Home');
    await a.keyboard.type('Kartın üstü.', { delay: keyDelay });
    const typed = 'Giriş.\nKartın altı.\nOrta.\nKartın üstü.\nSon söz.';
    await expect.poll(async () => typedTextOf((await stored(request)).intro.html)).toBe(typed);
    expect((await stored(request)).intro.html.match(/class="mh-embed"/g)).toHaveLength(2);

    // Undo takes back the typing with the line it made, and never a card.
    await a.keyboard.press('Control+z');
    await expect.poll(() => shownIntro(a)).toBe('Giriş.\nKartın altı.\nOrta.\nSon söz.');
    await expect(cards).toHaveCount(2);
    // Delete on a selected card removes it, and undo brings it back.
    await cards.first().click();
    await a.keyboard.press('Delete');
    await expect(cards).toHaveCount(1);
    await a.keyboard.press('Control+z');
    await expect(cards).toHaveCount(2);
    await expect.poll(async () => (await stored(request)).intro.html.match(/class="mh-embed"/g)?.length).toBe(2);
  });

  test('a browser closed right after the last keystroke loses nothing', async ({ browser, request }) => {
    // A browser of its own, signed in as the editor, closed right after the last key.
    const context = await browser.newContext({ storageState: await contexts.get('editor')!.storageState() });
    const a = await context.newPage();
    await a.goto(`/issues/edit/${issueId}`);
    const subject = field(a, 'Subject Line');
    await expect(subject).toBeEditable(editorLoad);
    await subject.click();
    await subject.press('End');
    const typed = ' – son  dakika ş ğ ı İ 🎉 bitti';
    await typeSlowly(subject, typed);
    await context.close();
    await expect.poll(async () => (await stored(request)).subject).toBe(`Ortak sayı${typed}`);
  });
});

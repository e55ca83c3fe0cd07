// @vitest-environment happy-dom
/**
 * The newsletter creation wizard (spec 002 sections 2.5, 4, 5 and 8): each stage refuses to go on
 * with its validation message (the toast 'Error!' on every stage, the welcome e-mail's too, which a
 * Turkish console says 'Hata!', and the line under the field), the welcome e-mail's three required
 * fields are starred alike, Back keeps what was typed and is not offered at -1 and 6. CREATE makes the
 * newsletter and each stage after saves its part (issue 31), so leaving keeps it and ?newsletter
 * goes on with it. PUBLISH saves, sets the e-mail design (banner = image, the brand's colours),
 * publishes and reloads the scopes in that order and goes on from the failed step after a failure,
 * the congratulations say the page is live now (no wait) and copy the public link, and FINISH saves
 * the design and goes to the newsletter, with ?redirect too.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ChangeEvent } from 'react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../../core/shared/config';
import type { Permission } from '../../core/shared/permissions';
import { defaultEmailDesign } from '../../core/shared/email-design';
import type { EmailDesign } from '../../schemas/generated/entities/email-design';
import type { Scope } from '../../schemas/generated/entities/scope';

// CKEditor does not run in happy-dom: the welcome text is a plain text area with the same contract,
// under its label as the real editor draws it (a group named by its first child).
vi.mock('../../core/client/rich-text', () => ({
  RichTextEditor: ({ label, value, onChange }: { label: string; value: string; onChange(html: string): void }) => (
    <div className="rich-text" role="group" aria-labelledby="rich-text-label">
      <span id="rich-text-label">{label}</span>
      <textarea aria-label={label} defaultValue={value} onChange={(event: ChangeEvent<HTMLTextAreaElement>) => onChange(`<p>${event.target.value}</p>`)} />
    </div>
  ),
}));

const origin = 'http://localhost';
const newsletterId = 'n-new';
const cover = '/uploads/images/2026-11/cover-medium.webp';

const interests = ['Haber', 'Ekonomi', 'Spor', 'Kültür', 'Teknoloji', 'Bilim'].map((value, index) => ({
  _id: `i${index + 1}`,
  key: value.toLowerCase(),
  titles: [{ lang: 'tr', value }],
}));

const emailDesign: EmailDesign = defaultEmailDesign;

const blank = () => ({
  body: {
    title: '',
    subtitle: '',
    key: '',
    description: '',
    image: '',
    lang: 'tr',
    color: '#ffce14',
    textColor: '#201f1e',
    interests: [],
    welcome: { subject: '', preview: '', intro: { html: '' } },
    channelTemplates: [{ title: 'Default Template', default: true, channels: [] }],
  },
  data: {
    interests,
    langs: ['tr', 'en'],
    design: { email: emailDesign, fonts: [{ name: 'Arial', stack: 'Arial, Helvetica, sans-serif' }] },
    examples: [
      { title: 'Günlük Haber Bülteni', channels: ['Gündem', 'Ekonomi', 'Spor'] },
      { title: 'Teknoloji', channels: ['Haberler', 'Yapay Zeka'] },
    ],
  },
});

const publisherScope: Scope = { _id: 'p1', type: 'publisher', title: 'Kuzey Medya', image: '', lang: 'tr' };
const newScope: Scope = { _id: newsletterId, type: 'newsletter', title: 'Kuzey Notları', image: cover, lang: 'tr', publisher: 'p1' };

/** Every call the wizard made, in order, with its body. */
const calls: { call: string; body?: unknown }[] = [];
const named = (call: string) => calls.filter((entry) => entry.call === call);
/** Answers to use once before the normal one (a failure to recover from). */
const failures: Partial<Record<'create' | 'publish', Response>> = {};
/** The newsletter's settings as the last save left them (what ?newsletter reads back). */
let saved: Record<string, unknown> = {};

const server = setupServer(
  http.get(`${origin}/api/newsletters/create`, () => HttpResponse.json({ data: blank() })),
  http.get(`${origin}/api/keys/check`, ({ request }) => {
    const key = new URL(request.url).searchParams.get('key');
    calls.push({ call: 'keys', body: key });
    return HttpResponse.json({ data: { key, available: key !== 'taken-name' }, msg: key === 'taken-name' ? 'EXISTS' : 'AVAILABLE' });
  }),
  http.get(`${origin}/api/images/list`, () =>
    HttpResponse.json({
      data: [
        {
          _id: 'img1',
          path: '/uploads/images/2026-11/cover.png',
          alt: 'Kuzey',
          source: '',
          caption: '',
          width: 1200,
          height: 500,
          sizes: { small: '/uploads/images/2026-11/cover-small.webp', medium: cover },
          uploader: { _id: 'u1', name: 'Selin Kaya', image: '' },
          publisher: 'p1',
          createdAt: '2026-11-20T10:00:00.000Z',
        },
      ],
      count: 1,
    }),
  ),
  http.post(`${origin}/api/newsletters/create`, async ({ request }) => {
    const body = await request.json();
    calls.push({ call: 'create', body });
    const failure = failures.create;
    if (failure) {
      delete failures.create;
      return failure;
    }
    return HttpResponse.json({ data: { _id: newsletterId, design: { email: emailDesign }, image: cover }, msg: 'Newsletter created.' });
  }),
  http.put(`${origin}/api/newsletters/update/:id`, async ({ request, params }) => {
    const body = (await request.json()) as Record<string, unknown>;
    calls.push({ call: `save ${String(params.id)}`, body });
    saved = { ...saved, ...body };
    return HttpResponse.json({ data: { _id: params.id, ...body } });
  }),
  http.get(`${origin}/api/newsletters/update/:id`, ({ params }) =>
    HttpResponse.json({ data: { body: { _id: params.id, lang: 'tr', channelTemplates: [], ...saved }, data: { interests, testers: [], voices: [] } } }),
  ),
  http.get(`${origin}/api/newsletters/update/:id/design/email/update`, () => HttpResponse.json({ data: { body: emailDesign, data: { fonts: [] } } })),
  http.put(`${origin}/api/newsletters/update/:id/design/email/update`, async ({ request, params }) => {
    const body = (await request.json()) as EmailDesign;
    calls.push({ call: `design ${String(params.id)}`, body });
    return HttpResponse.json({ data: body });
  }),
  http.put(`${origin}/api/newsletters/update/:id/design/email/preview`, () => HttpResponse.json({ data: '<html><body><p>Önizleme</p></body></html>' })),
  http.put(`${origin}/api/newsletters/publish/:id`, ({ params }) => {
    calls.push({ call: `publish ${String(params.id)}` });
    const failure = failures.publish;
    if (failure) {
      delete failures.publish;
      return failure;
    }
    return HttpResponse.json({ data: { _id: params.id }, msg: 'Newsletter published.' });
  }),
  http.get(`${origin}/api/auth/verify`, () => {
    calls.push({ call: 'verify' });
    return HttpResponse.json({
      data: {
        user: director,
        scopes: [publisherScope, newScope],
        permissions: [{ model: 'newsletters', actions: ['create', 'update'] }],
      },
      msg: 'OK',
    });
  }),
);

const director = {
  _id: 'u1',
  email: 'director@masthead.local',
  role: { key: 'director' },
  publisher: 'p1',
  profile: { name: 'Selin Kaya', biography: '', url: '', image: '' },
  status: { ready: true },
};

type Modules = {
  NewsletterWizardPage: typeof import('../../plugins/design/client/wizard/NewsletterWizardPage').default;
  Toaster: typeof import('../../core/client/toasts').Toaster;
  stores: typeof import('../../core/client/stores');
  format: typeof import('../../core/client/format');
  words: typeof import('../../core/client/words');
  rules: typeof import('../../plugins/design/rules');
};
let modules: Modules;
const writeText = vi.fn(async (_text: string) => undefined);

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/newsletters/create`);
  // happy-dom has no IntersectionObserver; the picker's gallery fetches its first page without it.
  (globalThis as unknown as { IntersectionObserver: unknown }).IntersectionObserver = class {
    observe() {}
    disconnect() {}
  };
  Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
  server.listen({ onUnhandledRequest: 'error' });
  modules = {
    NewsletterWizardPage: (await import('../../plugins/design/client/wizard/NewsletterWizardPage')).default,
    Toaster: (await import('../../core/client/toasts')).Toaster,
    stores: await import('../../core/client/stores'),
    format: await import('../../core/client/format'),
    words: await import('../../core/client/words'),
    rules: await import('../../plugins/design/rules'),
  };
});
beforeEach(() => {
  const { store, userAtom, scopesAtom, permissionsAtom, currentScopeAtom, tokenAtom } = modules.stores;
  store.set(tokenAtom, 'token');
  store.set(userAtom, director as never);
  store.set(scopesAtom, [publisherScope]);
  store.set(permissionsAtom, new Set<Permission>(['newsletters.create', 'newsletters.update'] as Permission[]));
  store.set(currentScopeAtom, publisherScope);
  // English unless a test says otherwise (the publisher's Turkish would be the default).
  store.set(modules.format.langSettingAtom, 'en');
});
afterEach(() => {
  // Toasts live in a global store: close them, so the next test sees only its own.
  for (const item of screen.queryAllByTestId('toast')) {
    const bar = item.closest<HTMLElement>('.ms-MessageBar');
    if (bar) fireEvent.click(within(bar).getByRole('button', { name: /^(Close|Kapat)$/, hidden: true }));
  }
  cleanup();
  vi.useRealTimers();
  calls.length = 0;
  writeText.mockClear();
  delete failures.create;
  delete failures.publish;
  saved = {};
});
afterAll(() => server.close());

function openWizard(path = '/newsletters/create') {
  const [pathname, search = ''] = path.split('?');
  const location = memoryLocation({ path: pathname, searchPath: search, record: true });
  render(
    <Router hook={location.hook} searchHook={location.searchHook}>
      <modules.NewsletterWizardPage />
      <modules.Toaster />
    </Router>,
  );
  return location;
}

/** The stage's title (the h2 the wizard shows), once it is there. */
const stageIs = (title: string) => screen.findByRole('heading', { level: 2, name: title });
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (name: string, value: string) => fireEvent.change(screen.getByRole('textbox', { name }), { target: { value } });
/** A toast with `text`, and its title. */
async function toastWith(text: string): Promise<HTMLElement> {
  return waitFor(() => {
    const found = screen.queryAllByTestId('toast').find((item) => item.textContent?.includes(text));
    if (!found) throw new Error(`no toast with '${text}'`);
    return found;
  });
}
/**
 * Whether a label is starred as required: a style sheet rule puts ' *' after it (Fluent's Label
 * does so for a required TextField; the wizard does the same after the rich-text editor's label).
 */
function starred(label: Element): boolean {
  const rules = [...document.styleSheets].flatMap((sheet) => [...sheet.cssRules]);
  return rules.some((rule) => {
    if (!(rule instanceof CSSStyleRule) || !rule.selectorText.endsWith('::after') || !rule.style.content.includes('*')) return false;
    return rule.selectorText
      .slice(0, -'::after'.length)
      .split(',')
      .some((selector) => label.matches(selector.trim()));
  });
}

/** The line under a field that says its problem (the toast says the first one too). */
const fieldSays = (text: string) => screen.getAllByText(text).some((element) => !element.closest('[data-testid="toast"]'));

async function acceptTerms() {
  await stageIs('Before you start');
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the Publisher Agreement.' }));
  fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the Publisher Policy.' }));
  press('CONTINUE');
  await stageIs('Your newsletter');
}

async function pickCover() {
  // The cover is required, and marked so.
  expect(screen.getByText('COVER IMAGE').textContent).toBe('COVER IMAGE * (required)');
  press('Select Image');
  fireEvent.click(await screen.findByRole('option', { name: 'Kuzey' }));
  press('SELECT');
  await screen.findByRole('img', { name: 'COVER IMAGE' });
}

async function fillIdentity() {
  await pickCover();
  type('TITLE', 'Kuzey Notları');
  type('SUBTITLE', 'Kuzeyden haftalık notlar');
  press('CREATE');
  await stageIs('What is it about?');
}

async function fillDescription() {
  type('DESCRIPTION', 'Kuzeyin gündemi, her hafta kısa ve öz notlarla.');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Haber' }));
  press('NEXT');
  await stageIs('Colours');
}

async function fillWelcome() {
  type('WELCOME TITLE', 'Kuzey Notlarına hoş geldiniz');
  type('WELCOME SUBTITLE', 'Her pazartesi gelen kutunuzda');
  type('WELCOME TEXT', 'Merhaba, aramıza hoş geldiniz!');
  press('NEXT');
  await stageIs('Channels');
}

/** From the start to stage 5, every stage filled as it must be. */
async function walkToPublish() {
  await acceptTerms();
  await fillIdentity();
  await fillDescription();
  press('NEXT');
  await stageIs('Welcome e-mail');
  await fillWelcome();
  fireEvent.click(screen.getByRole('button', { name: 'Add Gündem' }));
  press('NEXT');
  await stageIs('Ready to publish');
}

describe('the newsletter wizard', () => {
  it('asks for both terms before CONTINUE, and opens each', async () => {
    const { agreementMessage } = modules.rules;
    openWizard();
    await stageIs('Before you start');
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Step 1 of 9: Before you start');
    expect(screen.queryByRole('button', { name: 'BACK' })).toBeNull();
    press('CONTINUE');
    expect((await toastWith(agreementMessage)).textContent).toContain('Error!');
    fireEvent.click(screen.getByRole('checkbox', { name: 'I have read and accept the Publisher Agreement.' }));
    press('CONTINUE');
    // Still one toast: the same message again does not stack a copy (issue 31).
    await waitFor(() => expect(screen.getAllByText(agreementMessage)).toHaveLength(1));
    expect(screen.getByRole('heading', { level: 2, name: 'Before you start' })).toBeTruthy();

    fireEvent.click(screen.getByText('Read the Publisher Policy'));
    expect(await screen.findByText('Unsubscribes')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Unsubscribes')).toBeNull());
    fireEvent.click(screen.getByText('Read the Publisher Agreement'));
    expect(await screen.findByText('Your newsletter, your content')).toBeTruthy();
  });

  it('checks the cover, title, slug and subtitle, and that the slug is free, before CREATE goes on', async () => {
    const { coverMessage, titleMessage, slugMessage, subtitleMessage, keyTaken } = modules.rules;
    // The slug is checked after a pause, on fake timers: the test moves time on instead of waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pause = () => act(() => vi.advanceTimersByTimeAsync(constants.debounces.listSearchMs));
    openWizard();
    await acceptTerms();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Step 2 of 9: Your newsletter');
    // The first language offered is chosen (Fluent names the box with its choice).
    expect(screen.getByRole('combobox', { name: /^LANGUAGE/ }).textContent).toBe('Türkçe');

    press('CREATE');
    expect((await toastWith(coverMessage)).textContent).toContain('Error!');
    for (const message of [coverMessage, titleMessage, slugMessage, subtitleMessage]) expect(fieldSays(message)).toBe(true);
    expect(calls.filter((entry) => entry.call === 'keys')).toEqual([]);

    await pickCover();
    type('TITLE', 'Kuzey Notları');
    // The slug follows the title until it is typed by hand.
    expect((screen.getByRole('textbox', { name: 'SLUG /n/' }) as HTMLInputElement).value).toBe('kuzey-notlari');
    type('SLUG /n/', 'taken-name');
    type('SUBTITLE', 'Kuzeyden haftalık notlar');
    // The field says it as it is typed ...
    await pause();
    expect(await screen.findByText(keyTaken('taken-name'))).toBeTruthy();
    // ... and CREATE asks again.
    press('CREATE');
    expect((await toastWith(keyTaken('taken-name'))).textContent).toContain('Error!');
    expect(screen.getByRole('heading', { level: 2, name: 'Your newsletter' })).toBeTruthy();

    type('SLUG /n/', 'kuzey notlari');
    press('CREATE');
    expect((await toastWith('Newsletter slug may contain only lowercase letters, digits and hyphens.')).textContent).toContain('Error!');

    type('SLUG /n/', 'kuzey-notlari');
    await pause();
    expect(await screen.findByText('kuzey-notlari is available.')).toBeTruthy();
    press('CREATE');
    await stageIs('What is it about?');
  });

  it('asks for one to four interests and a description, disabling the rest at four', async () => {
    const { noInterestMessage, descriptionMessage } = modules.rules;
    openWizard();
    await acceptTerms();
    await fillIdentity();
    press('NEXT');
    expect((await toastWith(noInterestMessage)).textContent).toContain('Error!');
    expect(fieldSays(noInterestMessage)).toBe(true);
    expect(fieldSays(descriptionMessage)).toBe(true);

    for (const name of ['Haber', 'Ekonomi', 'Spor', 'Kültür']) fireEvent.click(screen.getByRole('checkbox', { name }));
    expect((screen.getByRole('checkbox', { name: 'Teknoloji' }) as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Bilim' }) as HTMLInputElement).disabled).toBe(true);
    type('DESCRIPTION', 'Kısa bir açıklama');
    press('NEXT');
    await toastWith(descriptionMessage);
    expect(fieldSays(noInterestMessage)).toBe(false);

    type('DESCRIPTION', 'Kuzeyin gündemi, her hafta kısa ve öz notlarla.');
    press('NEXT');
    await stageIs('Colours');

    // A colour that is no hex code is said on its stage.
    type('PRIMARY COLOUR', 'sarı');
    press('NEXT');
    await toastWith('Colour must be a hex code like #ffce14.');
    type('PRIMARY COLOUR', '#ffce14');
    press('NEXT');
    await stageIs('Welcome e-mail');
  });

  it("stars the welcome e-mail's three required fields alike, titles its toast 'Error!' like every stage's and names each short field", async () => {
    const { welcomeMessages } = modules.rules;
    openWizard();
    await acceptTerms();
    await fillIdentity();
    await fillDescription();
    press('NEXT');
    await stageIs('Welcome e-mail');
    // WELCOME TEXT is required (12 characters or more) and starred like WELCOME TITLE and SUBTITLE.
    for (const name of ['WELCOME TITLE', 'WELCOME SUBTITLE']) {
      expect((screen.getByRole('textbox', { name }) as HTMLInputElement).required).toBe(true);
      expect(starred(screen.getByText(name, { selector: 'label' }))).toBe(true);
    }
    const welcomeText = screen.getByRole('group', { name: 'WELCOME TEXT' });
    expect(starred(welcomeText.firstElementChild!)).toBe(true);
    // Not every label is starred: the check tells them apart.
    expect(starred(screen.getByText('New subscribers receive this e-mail first. Say hello and tell them what to expect.'))).toBe(false);

    press('NEXT');
    const shown = await toastWith(welcomeMessages.subject);
    expect(shown.textContent).toContain('Error!');
    expect(shown.textContent).not.toContain('Hata!');
    for (const message of Object.values(welcomeMessages)) expect(fieldSays(message)).toBe(true);

    type('WELCOME TITLE', 'Kuzey Notlarına hoş geldiniz');
    type('WELCOME SUBTITLE', 'Her pazartesi gelen kutunuzda');
    type('WELCOME TEXT', 'Kısa');
    press('NEXT');
    expect((await toastWith(welcomeMessages.intro)).textContent).toContain('Error!');
    expect(fieldSays(welcomeMessages.subject)).toBe(false);
    type('WELCOME TEXT', 'Merhaba, aramıza hoş geldiniz!');
    press('NEXT');
    await stageIs('Channels');
  });

  it('builds the channels from the examples, refuses a duplicate and may be skipped', async () => {
    const { channelNotUnique } = modules.rules;
    openWizard();
    await walkToPublish();
    press('BACK');
    await stageIs('Channels');
    const template = screen.getByTestId('channel-template');
    const names = () =>
      within(template)
        .queryAllByTestId('template-channel')
        .map((item) => item.querySelector('[data-duplicate], span')?.textContent);
    expect(names()).toEqual(['Gündem']);

    // USE adds the example's channels the template lacks; a click adds one, even twice.
    press('Use Günlük Haber Bülteni');
    expect(names()).toEqual(['Gündem', 'Ekonomi', 'Spor']);
    fireEvent.click(screen.getByRole('button', { name: 'Add Yapay Zeka' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add Spor' }));
    expect(names()).toEqual(['Gündem', 'Ekonomi', 'Spor', 'Yapay Zeka', 'Spor']);
    expect(within(template).getAllByText(channelNotUnique('Spor'))).toHaveLength(2);
    press('NEXT');
    expect((await toastWith(channelNotUnique('Spor'))).textContent).toContain('Error!');
    expect(screen.getByRole('heading', { level: 2, name: 'Channels' })).toBeTruthy();

    fireEvent.click(within(template).getAllByRole('button', { name: 'Delete Spor' })[1]!);
    // Dropped on a channel, an example's channel takes its place.
    const mime = 'application/x-masthead-example-channel';
    const dataTransfer = { types: [mime], getData: (type: string) => (type === mime ? 'Haberler' : ''), setData: () => undefined, dropEffect: 'none' };
    const zone = screen.getByTestId('template-drop-zone');
    fireEvent.dragOver(zone, { dataTransfer });
    fireEvent.drop(within(template).getAllByTestId('template-channel')[1]!.firstElementChild!, { dataTransfer });
    expect(names()).toEqual(['Gündem', 'Haberler', 'Ekonomi', 'Spor', 'Yapay Zeka']);
    press('NEXT');
    await stageIs('Ready to publish');
    expect(screen.getByText('Gündem, Haberler, Ekonomi, Spor, Yapay Zeka')).toBeTruthy();

    // SKIP leaves the blank's template; what was arranged is still there on coming back.
    press('BACK');
    await stageIs('Channels');
    press('SKIP');
    await stageIs('Ready to publish');
    expect(screen.getByText('None yet: you can add them later.')).toBeTruthy();
    press('BACK');
    await stageIs('Channels');
    expect(names()).toEqual(['Gündem', 'Haberler', 'Ekonomi', 'Spor', 'Yapay Zeka']);
  });

  it('goes back stage by stage without losing what was typed', async () => {
    openWizard();
    await walkToPublish();
    for (const title of ['Channels', 'Welcome e-mail', 'Colours', 'What is it about?', 'Your newsletter']) {
      press('BACK');
      await stageIs(title);
    }
    expect((screen.getByRole('textbox', { name: 'TITLE' }) as HTMLInputElement).value).toBe('Kuzey Notları');
    expect((screen.getByRole('textbox', { name: 'SLUG /n/' }) as HTMLInputElement).value).toBe('kuzey-notlari');
    expect(screen.getByRole('img', { name: 'COVER IMAGE' }).getAttribute('src')).toBe(cover);
    // Created: the agreement is behind, and the button saves instead of making a second newsletter.
    expect(screen.queryByRole('button', { name: 'BACK' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'CREATE' })).toBeNull();
    type('SUBTITLE', 'Kuzeyden her hafta notlar');
    press('NEXT');
    await stageIs('What is it about?');
    expect(named('create')).toHaveLength(1);
    expect(named(`save ${newsletterId}`).at(-1)!.body).toMatchObject({ subtitle: 'Kuzeyden her hafta notlar', key: 'kuzey-notlari' });
    expect((screen.getByRole('checkbox', { name: 'Haber' }) as HTMLInputElement).checked).toBe(true);
    press('NEXT');
    await stageIs('Colours');
    press('NEXT');
    await stageIs('Welcome e-mail');
    expect((screen.getByRole('textbox', { name: 'WELCOME TITLE' }) as HTMLInputElement).value).toBe('Kuzey Notlarına hoş geldiniz');
    expect((screen.getByRole('textbox', { name: 'WELCOME TEXT' }) as HTMLTextAreaElement).value).toBe('<p>Merhaba, aramıza hoş geldiniz!</p>');
  });

  it('publishes in order, says the page is live now with its link, and FINISH ends on the newsletter with ?redirect too', async () => {
    const { copiedMessage } = modules.rules;
    const location = openWizard('/newsletters/create?redirect=true');
    await walkToPublish();
    press('PUBLISH');
    await stageIs('Congrats!');

    const save = `save ${newsletterId}`;
    // CREATE made it, each stage saved its part, PUBLISH saved it whole, then design, publish, reload.
    expect(calls.filter((entry) => entry.call !== 'keys').map((entry) => entry.call)).toEqual([
      'create',
      'verify',
      save,
      save,
      save,
      save,
      save,
      `design ${newsletterId}`,
      `publish ${newsletterId}`,
      'verify',
    ]);
    expect(named('create')[0]!.body).toEqual({ title: 'Kuzey Notları', subtitle: 'Kuzeyden haftalık notlar', key: 'kuzey-notlari', image: cover, lang: 'tr' });
    const saves = named(save).map((entry) => entry.body as Record<string, unknown>);
    // Stage 1 saves the description and interests; the welcome e-mail waits for its own stage.
    expect(saves[0]).toMatchObject({ interests: ['i1'], description: 'Kuzeyin gündemi, her hafta kısa ve öz notlarla.' });
    expect(saves[0]).not.toHaveProperty('welcome');
    expect(saves.at(-1)).toMatchObject({
      title: 'Kuzey Notları',
      subtitle: 'Kuzeyden haftalık notlar',
      key: 'kuzey-notlari',
      image: cover,
      color: '#ffce14',
      textColor: '#201f1e',
      interests: ['i1'],
      description: 'Kuzeyin gündemi, her hafta kısa ve öz notlarla.',
      welcome: { subject: 'Kuzey Notlarına hoş geldiniz', preview: 'Her pazartesi gelen kutunuzda', intro: { html: '<p>Merhaba, aramıza hoş geldiniz!</p>' } },
      channelTemplates: [{ title: 'Default Template', default: true, channels: ['Gündem'] }],
    });
    // The e-mail design wears the brand: the footer in its colours.
    expect(named(`design ${newsletterId}`)[0]!.body).toEqual({
      ...emailDesign,
      banner: cover,
      footerBackgroundColor: '#ffce14',
      footerTextColor: '#201f1e',
      footerLinkColor: '#201f1e',
      linkStylingColor: '#ffce14',
      linkStylingColorDark: '#ffce14',
    });
    // The reload put the new newsletter in the switcher's scopes at once.
    const { store, scopesAtom, currentScopeAtom } = modules.stores;
    expect(store.get(scopesAtom).map((scope) => scope._id)).toEqual(['p1', newsletterId]);

    // No way back from here.
    expect(screen.queryByRole('button', { name: 'BACK' })).toBeNull();
    const address = `${origin}/n/kuzey-notlari`;
    expect(screen.getByRole('link', { name: address }).getAttribute('href')).toBe(address);
    // The page is live as soon as it is published: the wizard says so, and promises no wait.
    expect(screen.getByText('Kuzey Notları is published, and its page is live now. Share it with your readers:')).toBeTruthy();
    expect(screen.getByText('Readers can subscribe there from now on. Next: the look of its e-mails.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/within \d+ minutes|goes live/);
    press('COPY LINK');
    await toastWith(copiedMessage);
    expect(writeText).toHaveBeenCalledWith(address);

    press('CONTINUE');
    await stageIs('E-mail design preferences');
    expect(store.get(currentScopeAtom)).toEqual(newScope);
    expect(screen.getByRole('button', { name: 'BACK' })).toBeTruthy();
    press('FINISH');
    // Opened with ?redirect (a director's first newsletter), FINISH still ends on the newsletter just made.
    await waitFor(() => expect(location.history.at(-1)).toBe(`/newsletters/show/${newsletterId}`));
    expect(named(`design ${newsletterId}`)).toHaveLength(2);
  });

  it('FINISH saves the design and goes to the newsletter without ?redirect; a failed step is taken again alone', async () => {
    const { keyTaken } = modules.rules;
    const location = openWizard();
    await acceptTerms();
    // The server's refusal of CREATE (a slug taken meanwhile) keeps the stage and what was typed.
    failures.create = HttpResponse.json({ msg: 'Error!', details: [{ message: keyTaken('kuzey-notlari'), path: 'key' }] }, { status: 422 });
    await pickCover();
    type('TITLE', 'Kuzey Notları');
    type('SUBTITLE', 'Kuzeyden haftalık notlar');
    press('CREATE');
    await toastWith(keyTaken('kuzey-notlari'));
    expect(screen.getByRole('heading', { level: 2, name: 'Your newsletter' })).toBeTruthy();
    expect((screen.getByRole('textbox', { name: 'TITLE' }) as HTMLInputElement).value).toBe('Kuzey Notları');
    press('CREATE');
    await stageIs('What is it about?');
    await fillDescription();
    press('NEXT');
    await stageIs('Welcome e-mail');
    await fillWelcome();
    press('NEXT');
    await stageIs('Ready to publish');
    calls.length = 0;

    failures.publish = HttpResponse.json({ err: 'INTERNAL_ERROR', msg: 'The newsletter could not be published.' }, { status: 500 });
    press('PUBLISH');
    await toastWith('The newsletter could not be published.');
    expect(screen.getByRole('heading', { level: 2, name: 'Ready to publish' })).toBeTruthy();
    // Created already: going back could only change what is no longer sent.
    expect(screen.queryByRole('button', { name: 'BACK' })).toBeNull();
    press('PUBLISH');
    await stageIs('Congrats!');
    expect(calls.filter((entry) => entry.call !== 'keys').map((entry) => entry.call)).toEqual([
      `save ${newsletterId}`,
      `design ${newsletterId}`,
      `publish ${newsletterId}`,
      `publish ${newsletterId}`,
      'verify',
    ]);

    press('CONTINUE');
    await stageIs('E-mail design preferences');
    // A change in the form is what FINISH saves.
    fireEvent.click(screen.getByRole('switch', { name: /Show reading time/i }));
    await act(async () => {
      press('FINISH');
    });
    await waitFor(() => expect(location.history.at(-1)).toBe(`/newsletters/show/${newsletterId}`));
    expect(named(`design ${newsletterId}`).at(-1)!.body).toMatchObject({ banner: cover, footerBackgroundColor: '#ffce14', showReadingTime: false });
  });

  it('keeps the newsletter CREATE made when the wizard is left, and goes on with it from ?newsletter', async () => {
    const location = openWizard();
    await acceptTerms();
    await fillIdentity();
    await fillDescription();
    press('NEXT');
    await stageIs('Welcome e-mail');
    fireEvent.click(screen.getByRole('button', { name: 'Leave the wizard' }));
    const dialog = await screen.findByRole('dialog', { name: 'Leave the wizard?' });
    expect(dialog.textContent).toContain('Your newsletter is saved but not published.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'LEAVE' }));
    await waitFor(() => expect(location.history.at(-1)).toBe(`/newsletters/show/${newsletterId}`));
    cleanup();

    calls.length = 0;
    openWizard(`/newsletters/create?newsletter=${newsletterId}`);
    await stageIs('Your newsletter');
    expect((screen.getByRole('textbox', { name: 'TITLE' }) as HTMLInputElement).value).toBe('Kuzey Notları');
    expect(named('create')).toHaveLength(0);
    press('NEXT');
    await stageIs('What is it about?');
    expect((screen.getByRole('checkbox', { name: 'Haber' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('textbox', { name: 'DESCRIPTION' }) as HTMLInputElement).value).toBe('Kuzeyin gündemi, her hafta kısa ve öz notlarla.');
    expect(named('create')).toHaveLength(0);
  });

  it("speaks a Turkish console's words, its toasts titled 'Hata!' as 'Error!' is in Turkish", async () => {
    await modules.words.loadWords('tr');
    modules.stores.store.set(modules.format.langSettingAtom, 'tr');
    openWizard();
    await stageIs('Başlamadan önce');
    expect(screen.getByRole('checkbox', { name: "Yayıncı Sözleşmesi'ni okudum ve kabul ediyorum." })).toBeTruthy();
    press('DEVAM ET');
    const shown = await toastWith('Devam etmeden önce Yayıncı Sözleşmemizi ve Yayıncı Politikamızı kabul etmelisiniz');
    expect(shown.textContent).toContain('Hata!');
    expect(shown.textContent).not.toContain('Error!');
  });
});

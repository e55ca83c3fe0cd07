// @vitest-environment happy-dom
/**
 * The design pages (spec 002 sections 2.6 to 2.8, 4 and 5): the channel templates page adds,
 * reorders, renames and deletes with the rules' messages, refuses a duplicate channel (shown red,
 * not saved) and saves the templates with the newsletter's settings once quiet, keeping the edit
 * when a save fails; the e-mail design page renders the preview 500 ms after the last change (dark
 * at once from the switch), saves a valid design and neither saves nor previews an invalid colour;
 * the web design page saves the cover 2 s after it changes.
 */
import { setIconOptions } from '@fluentui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { Route, Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelTemplate } from '../../schemas/generated/entities/channel-template';
import type { EmailDesign } from '../../schemas/generated/entities/email-design';

// The image picker is another plugin's dialog: here a button picks a fixed image.
vi.mock('../../core/client/ImageField', () => ({
  ImageField: ({ label, value, onChange }: { label: string; value: string; onChange(path: string): void }) => (
    <button type="button" data-value={value} onClick={() => onChange('/uploads/images/2026-11/kapak-medium.webp')}>
      {`Pick ${label}`}
    </button>
  ),
}));

const origin = 'http://localhost';
const newsletterId = 'n1';
const updateUrl = `${origin}/api/newsletters/update/${newsletterId}`;
const designUrl = `${updateUrl}/design`;

const settings = { _id: newsletterId, title: 'Sabah Bülteni', subtitle: 'Güne hazır başlayın', key: 'sabah-bulteni', color: '#ffce14' };
const templatesOf = (...templates: Omit<ChannelTemplate, 'index'>[]): ChannelTemplate[] => templates.map((template, index) => ({ ...template, index }));

const design: EmailDesign = {
  banner: '',
  emailBackgroundColor: '#f3f2f1',
  emailBackgroundColorDark: '#111111',
  cardBackgroundColor: '#ffffff',
  cardBackgroundColorDark: '#1e1e1e',
  cardTextColor: '#201f1e',
  cardTextColorDark: '#f3f2f1',
  borderColor: '#e1dfdd',
  borderColorDark: '#3b3a39',
  fontFamily: 'Arial, Helvetica, sans-serif',
  showReadingTime: true,
  showChannelNames: true,
  channelTitleCentered: false,
  borderWidth: 1,
  roundedBorders: true,
  linkColor: '#0078d4',
  linkColorDark: '#6cb8f6',
  linkStyling: 'underline',
  linkStylingColor: '#ffce14',
  linkStylingColorDark: '#ffce14',
  showReferralCampaign: false,
  footerBackgroundColor: '#f3f2f1',
  footerBackgroundColorDark: '#111111',
  footerTextColor: '#605e5c',
  footerTextColorDark: '#c8c6c4',
  footerLinkColor: '#605e5c',
  footerLinkColorDark: '#c8c6c4',
};
const fonts = [
  { name: 'Arial', stack: 'Arial, Helvetica, sans-serif' },
  { name: 'Georgia', stack: "Georgia, 'Times New Roman', serif" },
];

/** What the fake server holds, answers and was sent. */
let storedTemplates: ChannelTemplate[] = [];
let templateAnswer: { status: number; body: unknown } | null = null;
const templateSaves: { body: Record<string, unknown>; at: number }[] = [];
const previews: { design: EmailDesign; dark: boolean; at: number }[] = [];
const designSaves: EmailDesign[] = [];
const coverSaves: { cover: string; at: number }[] = [];
let newIds = 0;

const server = setupServer(
  http.get(updateUrl, () => HttpResponse.json({ data: { body: { ...settings, channelTemplates: storedTemplates }, data: {} } })),
  http.put(updateUrl, async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown> & { channelTemplates: Omit<ChannelTemplate, 'index'>[] };
    templateSaves.push({ body, at: Date.now() });
    if (templateAnswer) return HttpResponse.json(templateAnswer.body as Record<string, unknown>, { status: templateAnswer.status });
    storedTemplates = body.channelTemplates.map((template, index) => ({
      _id: template._id ?? `new-${++newIds}`,
      title: template.title,
      default: template.default === true,
      index,
      channels: template.channels,
    }));
    return HttpResponse.json({ data: { ...settings, channelTemplates: storedTemplates } });
  }),
  http.get(`${designUrl}/email/update`, () => HttpResponse.json({ data: { body: design, data: { fonts } } })),
  http.put(`${designUrl}/email/update`, async ({ request }) => {
    const body = (await request.json()) as EmailDesign;
    designSaves.push(body);
    return HttpResponse.json({ data: body, msg: 'OK' });
  }),
  http.put(`${designUrl}/email/preview`, async ({ request }) => {
    const body = (await request.json()) as EmailDesign;
    const dark = new URL(request.url).searchParams.get('dark') === 'true';
    previews.push({ design: body, dark, at: Date.now() });
    const background = dark ? body.cardBackgroundColorDark : body.cardBackgroundColor;
    return HttpResponse.json({ data: `<!doctype html><html><body style="background:${background}"><p>${dark ? 'Koyu' : 'Açık'} önizleme</p></body></html>` });
  }),
  http.get(`${designUrl}/web/update`, () => HttpResponse.json({ data: { body: { cover: '', nameField: 'optional', cityField: 'hidden' } } })),
  http.put(`${designUrl}/web/update`, async ({ request }) => {
    const body = (await request.json()) as { cover: string; nameField: string; cityField: string };
    coverSaves.push({ ...body, at: Date.now() });
    return HttpResponse.json({ data: { body }, msg: 'OK' });
  }),
);

type Page = ComponentType;
let pages: { channels: Page; email: Page; web: Page };
let Toaster: typeof import('../../core/client/toasts').Toaster;
let constants: typeof import('../../core/shared/config').constants;
let rules: typeof import('../../plugins/design/rules');

beforeAll(async () => {
  setIconOptions({ disableWarnings: true });
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${origin}/`);
  server.listen({ onUnhandledRequest: 'error' });
  pages = {
    channels: (await import('../../plugins/design/client/ChannelTemplatesPage')).default,
    email: (await import('../../plugins/design/client/EmailDesignPage')).default,
    web: (await import('../../plugins/design/client/WebDesignPage')).default,
  };
  ({ Toaster } = await import('../../core/client/toasts'));
  ({ constants } = await import('../../core/shared/config'));
  rules = await import('../../plugins/design/rules');
});
beforeEach(() => {
  // Saves and previews wait for quiet on fake timers: a test moves time on instead of waiting for it.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  storedTemplates = templatesOf({ _id: 't1', title: 'Günlük', default: true, channels: ['Gündem', 'Spor', 'Dünya'] });
  templateAnswer = null;
  templateSaves.length = 0;
  previews.length = 0;
  designSaves.length = 0;
  coverSaves.length = 0;
});
afterEach(() => {
  // Toasts live in a shared atom: close them so the next test starts with none.
  for (const item of screen.queryAllByTestId('toast'))
    fireEvent.click(within(item.closest<HTMLElement>('.ms-MessageBar')!).getByRole('button', { name: 'Close' }));
  cleanup();
  vi.useRealTimers();
});
afterAll(() => server.close());

function open(path: string, pattern: string, page: Page) {
  const location = memoryLocation({ path });
  render(
    <Router hook={location.hook}>
      <Route path={pattern} component={page} />
      <Toaster />
    </Router>,
  );
}

const saveStatus = () => screen.getByTestId('save-status');
/** Moves the clock on by `ms`, running the timers that fall due and what they start. */
const pause = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** The quiet before a save, and before a new preview. */
const untilSaved = () => pause(constants.design.saveDebounceMs);
const toastTexts = () => screen.queryAllByTestId('toast').map((item) => item.textContent);

describe('Channel Templates', () => {
  const openChannels = async () => {
    open(`/newsletters/show/${newsletterId}/channels`, '/newsletters/show/:newsletterId/channels', pages.channels);
    return screen.findByRole('region', { name: 'Günlük' });
  };
  const channelNames = (card: HTMLElement) =>
    within(card)
      .queryAllByTestId('template-channel')
      .map((item) => within(item).getByTestId('channel-name').textContent);
  const addChannel = (card: HTMLElement, name: string) => {
    const field = within(card).getByRole('textbox', { name: /^New channel in / });
    fireEvent.change(field, { target: { value: name } });
    fireEvent.keyDown(field, { key: 'Enter' });
  };
  const lastSave = () => templateSaves.at(-1)!.body;

  it('adds and reorders channels and saves them with the settings once quiet', async () => {
    const card = await openChannels();
    expect(screen.getByRole('heading', { name: 'Channel Templates', level: 1 })).toBeTruthy();
    expect(within(card).getByText('Default')).toBeTruthy();
    expect(channelNames(card)).toEqual(['Gündem', 'Spor', 'Dünya']);

    const changedAt = Date.now();
    addChannel(card, '  Ekonomi ');
    // An empty name is not added, by Enter or by ADD.
    addChannel(card, '   ');
    expect(
      within(card).getByRole('button', { name: 'ADD' }).hasAttribute('disabled') ||
        within(card).getByRole('button', { name: 'ADD' }).getAttribute('aria-disabled') === 'true',
    ).toBe(true);
    fireEvent.click(within(card).getByRole('button', { name: 'Move Dünya up' }));
    expect(channelNames(card)).toEqual(['Gündem', 'Dünya', 'Spor', 'Ekonomi']);
    // The focus follows the moved channel, so the key can be pressed again.
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Dünya up');
    expect(saveStatus().textContent).toBe('Saving...');

    await untilSaved();
    await waitFor(() => expect(templateSaves).toHaveLength(1));
    expect(templateSaves[0]!.at - changedAt).toBeGreaterThanOrEqual(constants.design.saveDebounceMs - 50);
    // The settings as read, with the templates as edited.
    expect(lastSave()).toMatchObject({
      ...settings,
      channelTemplates: [{ _id: 't1', title: 'Günlük', default: true, channels: ['Gündem', 'Dünya', 'Spor', 'Ekonomi'] }],
    });
    await waitFor(() => expect(saveStatus().textContent).toBe('Saved'));

    // A channel deleted with its X.
    fireEvent.click(within(card).getByRole('button', { name: 'Delete Spor' }));
    await untilSaved();
    await waitFor(() => expect(templateSaves).toHaveLength(2));
    expect(lastSave()).toMatchObject({ channelTemplates: [{ _id: 't1', channels: ['Gündem', 'Dünya', 'Ekonomi'] }] });
  });

  it('shows a duplicate channel in red and saves nothing until it is gone', async () => {
    const card = await openChannels();
    addChannel(card, 'spor');
    expect(within(card).getByText(rules.channelNotUnique('spor'))).toBeTruthy();
    expect(within(card).getByText(rules.channelNotUnique('Spor'))).toBeTruthy();
    expect(within(card).getByText('spor').getAttribute('data-duplicate')).toBe('true');
    expect(saveStatus().textContent).toBe('Not Saved');
    await pause(constants.design.saveDebounceMs + 400);
    expect(templateSaves).toHaveLength(0);

    fireEvent.click(within(card).getByRole('button', { name: 'Delete spor' }));
    expect(within(card).queryByText(rules.channelNotUnique('Spor'))).toBeNull();
    // Back to what is stored: nothing to save.
    await pause(constants.design.saveDebounceMs + 400);
    expect(templateSaves).toHaveLength(0);
    addChannel(card, 'Kültür');
    await untilSaved();
    await waitFor(() => expect(templateSaves).toHaveLength(1));
    expect(lastSave()).toMatchObject({ channelTemplates: [{ channels: ['Gündem', 'Spor', 'Dünya', 'Kültür'] }] });
  });

  it('adds a template, refuses a title taken, renames it and makes it the default', async () => {
    await openChannels();
    fireEvent.click(screen.getByRole('button', { name: 'NEW TEMPLATE' }));
    const fresh = await screen.findByRole('region', { name: 'New Template' });
    addChannel(fresh, 'Haftanın Özeti');

    fireEvent.click(within(fresh).getByRole('button', { name: 'Actions for New Template' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Make Default Template', 'Rename', 'Delete']);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Rename' }));
    const title = await screen.findByRole('textbox', { name: 'Title' });
    fireEvent.change(title, { target: { value: 'günlük' } });
    fireEvent.click(screen.getByRole('button', { name: 'RENAME' }));
    expect(await screen.findByText(rules.templateTitleTaken('günlük'))).toBeTruthy();
    fireEvent.change(title, { target: { value: 'Haftalık' } });
    fireEvent.click(screen.getByRole('button', { name: 'RENAME' }));
    const renamed = await screen.findByRole('region', { name: 'Haftalık' });

    await untilSaved();
    await waitFor(() => expect(templateSaves.length).toBeGreaterThan(0));
    await waitFor(() => expect(saveStatus().textContent).toBe('Saved'));
    expect(lastSave()).toMatchObject({
      channelTemplates: [
        { _id: 't1', title: 'Günlük', default: true },
        { title: 'Haftalık', default: false, channels: ['Haftanın Özeti'] },
      ],
    });
    const saves = templateSaves.length;

    // The server's id for the new template is taken back: the next save updates it.
    fireEvent.click(within(renamed).getByRole('button', { name: 'Actions for Haftalık' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Make Default Template' }));
    expect(within(renamed).getByText('Default')).toBeTruthy();
    await untilSaved();
    await waitFor(() => expect(templateSaves).toHaveLength(saves + 1));
    expect(lastSave()).toMatchObject({
      channelTemplates: [
        { _id: 't1', default: false },
        { _id: 'new-1', title: 'Haftalık', default: true },
      ],
    });
  });

  it('deletes after confirmation, passes the default on, and keeps the only template', async () => {
    storedTemplates = templatesOf(
      { _id: 't1', title: 'Günlük', default: true, channels: ['Gündem'] },
      { _id: 't2', title: 'Haftalık', default: false, channels: ['Özet'] },
    );
    const card = await openChannels();
    fireEvent.click(within(card).getByRole('button', { name: 'Actions for Günlük' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'DELETE' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Günlük' })).toBeNull());
    const left = screen.getByRole('region', { name: 'Haftalık' });
    // The first remaining template is the default now.
    expect(within(left).getByText('Default')).toBeTruthy();
    await untilSaved();
    await waitFor(() => expect(templateSaves).toHaveLength(1));
    expect(lastSave()).toMatchObject({ channelTemplates: [{ _id: 't2', title: 'Haftalık', default: true }] });
    expect((lastSave().channelTemplates as unknown[]).length).toBe(1);

    // The only template: refused with the rule's message, no confirmation asked.
    fireEvent.click(within(left).getByRole('button', { name: 'Actions for Haftalık' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    await waitFor(() => expect(toastTexts()).toContain(`Error!${rules.onlyTemplateMessage}`));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('region', { name: 'Haftalık' })).toBeTruthy();
  });

  it('keeps the edit when a save fails, says so, and tries again with the next change', async () => {
    const card = await openChannels();
    templateAnswer = {
      status: 422,
      body: { msg: 'Error!', details: [{ message: 'A template holds at most 30 channels.', path: 'channelTemplates.0.channels' }] },
    };
    addChannel(card, 'Ekonomi');
    await untilSaved();
    await waitFor(() => expect(saveStatus().textContent).toBe('Not Saved'));
    await waitFor(() => expect(toastTexts()).toContain('Error!A template holds at most 30 channels.'));
    expect(channelNames(card)).toEqual(['Gündem', 'Spor', 'Dünya', 'Ekonomi']);

    templateAnswer = null;
    addChannel(card, 'Kültür');
    await untilSaved();
    await waitFor(() => expect(templateSaves).toHaveLength(2));
    expect(lastSave()).toMatchObject({ channelTemplates: [{ channels: ['Gündem', 'Spor', 'Dünya', 'Ekonomi', 'Kültür'] }] });
    await waitFor(() => expect(saveStatus().textContent).toBe('Saved'));
  });
});

describe('Email Design', () => {
  const openDesign = async () => {
    open(`/newsletters/show/${newsletterId}/email-design`, '/newsletters/show/:newsletterId/email-design', pages.email);
    await screen.findByRole('heading', { name: 'Email Design', level: 1 });
    await waitFor(() => expect(previews).toHaveLength(1));
  };
  const colorField = (label: string, dark = false) => within(screen.getByRole('group', { name: label })).getByRole('textbox', { name: dark ? 'Dark' : label });
  const frame = () => screen.getByTitle(/^E-mail preview/) as HTMLIFrameElement;

  it('shows every field with its Dark variant, the banner guidance and the border widths', async () => {
    await openDesign();
    for (const name of ['Banner', 'Page', 'Cards', 'Links', 'Footer']) expect(screen.getByRole('region', { name })).toBeTruthy();
    expect(screen.getByText('A 1200 x 500 px transparent png; the banner image ratio is 2:1.')).toBeTruthy();
    for (const label of [
      'Email background color',
      'Card background color',
      'Card text color',
      'Border color',
      'Link color',
      'Link styling color',
      'Footer background color',
      'Footer text color',
      'Footer link color',
    ])
      expect(colorField(label, true)).toBeTruthy();
    for (const name of ['Show reading time', 'Show channel names', 'Center channel titles', 'Rounded borders', 'Show referral campaign'])
      expect(screen.getByRole('switch', { name })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Underline' })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: 'Highlight' })).toBeTruthy();
    fireEvent.click(screen.getByRole('combobox', { name: /^Border width/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['1 Thin', '2 Thick', '3 Thicker']);
    fireEvent.click(screen.getByRole('option', { name: '3 Thicker' }));
    // The frame runs nothing, at the e-mail's width, and says how big the e-mail is.
    await waitFor(() => expect(frame().getAttribute('sandbox')).toBe(''));
    expect(frame().style.width).toBe(`${constants.issues.previewWidth}px`);
    expect(screen.getByTestId('email-size').textContent).toMatch(/^E-mail size: \d+ KB$/);
    // The width chosen is a number, as the schema has it.
    await untilSaved();
    await waitFor(() => expect(designSaves.at(-1)?.borderWidth).toBe(3));
  });

  it('renders the preview 500 ms after the last change, dark at once, and saves the design', async () => {
    await openDesign();
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('Açık önizleme'));

    const changedAt = Date.now();
    let lastChangeAt = 0;
    for (const value of ['#fff0b3', '#ffe16b', '#fffdf5']) {
      fireEvent.change(colorField('Card background color'), { target: { value } });
      lastChangeAt = Date.now();
      await pause(100);
    }
    await pause(constants.design.previewDebounceMs);
    await waitFor(() => expect(previews).toHaveLength(2));
    // One rendering for the burst, of the last value, once the page was quiet.
    expect(previews[1]!.design.cardBackgroundColor).toBe('#fffdf5');
    expect(previews[1]!.at - lastChangeAt).toBeGreaterThanOrEqual(constants.design.previewDebounceMs - 50);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('background:#fffdf5'));

    fireEvent.change(colorField('Card background color', true), { target: { value: '#202020' } });
    await untilSaved();
    await waitFor(() => expect(designSaves).toHaveLength(1));
    expect(designSaves[0]).toEqual({ ...design, cardBackgroundColor: '#fffdf5', cardBackgroundColorDark: '#202020' });
    expect(Date.now() - changedAt).toBeGreaterThanOrEqual(constants.design.saveDebounceMs);
    await waitFor(() => expect(saveStatus().textContent).toBe('Saved'));

    const previewsBefore = previews.length;
    const toggledAt = Date.now();
    fireEvent.click(screen.getByRole('switch', { name: 'Dark mode' }));
    await waitFor(() => expect(previews.at(-1)?.dark).toBe(true));
    expect(previews.length).toBe(previewsBefore + 1);
    expect(previews.at(-1)!.at - toggledAt).toBeLessThan(constants.design.previewDebounceMs);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('background:#202020'));
    expect(frame().title).toBe('E-mail preview (dark)');
  });

  it('neither saves nor previews a colour that is not #rrggbb', async () => {
    await openDesign();
    fireEvent.change(colorField('Footer text color'), { target: { value: '#12' } });
    expect(await screen.findByText('Choose a colour as #rrggbb.')).toBeTruthy();
    expect(saveStatus().textContent).toBe('Not Saved');
    await pause(constants.design.saveDebounceMs + 400);
    expect(designSaves).toHaveLength(0);
    expect(previews).toHaveLength(1);

    fireEvent.change(colorField('Footer text color'), { target: { value: '#123456' } });
    await untilSaved();
    await waitFor(() => expect(designSaves).toHaveLength(1));
    expect(designSaves[0]!.footerTextColor).toBe('#123456');
    await waitFor(() => expect(previews.at(-1)?.design.footerTextColor).toBe('#123456'));
  });
});

describe('Web Design', () => {
  it('saves the cover 2 seconds after it changes and links to the landing page', async () => {
    open(`/newsletters/show/${newsletterId}/web-design`, '/newsletters/show/:newsletterId/web-design', pages.web);
    await screen.findByRole('heading', { name: 'Web Design', level: 1 });
    expect(screen.getByText('Recommended size 1200x500 px')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'View landing page' });
    expect(link.getAttribute('href')).toBe('/n/sabah-bulteni');
    expect(link.getAttribute('target')).toBe('_blank');

    const changedAt = Date.now();
    fireEvent.click(screen.getByRole('button', { name: 'Pick Landing page cover' }));
    await pause(constants.debounces.coverAutosaveMs - 500);
    expect(coverSaves).toHaveLength(0);
    await pause(500);
    await waitFor(() => expect(coverSaves).toHaveLength(1));
    expect(coverSaves[0]!.cover).toBe('/uploads/images/2026-11/kapak-medium.webp');
    expect(coverSaves[0]!.at - changedAt).toBeGreaterThanOrEqual(constants.debounces.coverAutosaveMs - 50);
    await waitFor(() => expect(saveStatus().textContent).toBe('Saved'));
  });

  it("saves what the subscribe form asks (name required, city optional) with the cover's autosave", async () => {
    open(`/newsletters/show/${newsletterId}/web-design`, '/newsletters/show/:newsletterId/web-design', pages.web);
    const name = await screen.findByRole('radiogroup', { name: 'Name' });
    const city = screen.getByRole('radiogroup', { name: 'City' });
    expect((within(name).getByRole('radio', { name: 'Optional' }) as HTMLInputElement).checked).toBe(true);
    expect((within(city).getByRole('radio', { name: 'Not asked' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(name).getByRole('radio', { name: 'Required' }));
    fireEvent.click(within(city).getByRole('radio', { name: 'Optional' }));
    await waitFor(() => expect(coverSaves).toHaveLength(1), { timeout: constants.debounces.coverAutosaveMs + 2000 });
    expect(coverSaves[0]).toMatchObject({ cover: '', nameField: 'required', cityField: 'optional' });
    await waitFor(() => expect(saveStatus().textContent).toBe('Saved'));
  });
});

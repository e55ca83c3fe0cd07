/**
 * Every console screen at a phone's, a tablet's and a desktop's width (issue 31): nothing scrolls
 * sideways, no floating panel covers a control for good, on the touch screens of a phone and a
 * tablet every control is 44 px or more each way, and axe finds nothing at the two narrow widths
 * (the other journeys check the wide one). The screens are those the journeys keep in
 * tests/artifacts/screens, as the director of the demo publisher sees them on the demo data; the
 * admin's own screens after them. Each width is a test of its own, so that two workers share them.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { accounts, editorLoad, keepScreenshot, password, signIn } from './helpers';

interface Screen {
  name: string;
  path: string;
  /** What shows once the screen has its data: the page's heading unless told. */
  ready?: (page: Page) => ReturnType<Page['getByRole']>;
  /** Editors load CKEditor's chunk first. */
  slow?: boolean;
}

interface Listed {
  _id: string;
  key?: string;
  type?: string;
  status?: { emailed?: boolean; published?: boolean };
}

async function listOf(request: APIRequestContext, token: string, path: string): Promise<Listed[]> {
  const response = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return ((await response.json()) as { data: Listed[] }).data;
}

/** The director's screens, on the demo newsletter 'Sabah Bülteni' and its publisher. */
async function directorScreens(request: APIRequestContext): Promise<Screen[]> {
  const login = await request.post('/api/auth/login', { data: { email: accounts.director, password } });
  const token = ((await login.json()) as { data: string }).data;
  const newsletters = (await listOf(request, token, '/newsletters/list')) as (Listed & { publisher: string })[];
  const newsletter = newsletters.find((item) => item.key === 'sabah-bulteni')!;
  const issues = await listOf(request, token, `/issues/list?newsletter=${newsletter._id}`);
  const sent = issues.find((issue) => issue.status?.emailed)!;
  const draft = issues.find((issue) => !issue.status?.published)!;
  const [article] = await listOf(request, token, `/stories/list?newsletter=${newsletter._id}&type=article`);
  const collections = await listOf(request, token, '/collections/list');
  const home = `/newsletters/show/${newsletter._id}`;
  const publisher = `/publishers/show/${newsletter.publisher}`;
  const editorReady = (page: Page) => page.getByTestId('save-panel');
  return [
    { name: 'publisher home', path: '/' },
    { name: 'newsletter home', path: home },
    ...['issues', 'stories', 'analytics', 'subscribers', 'images', 'recordings', 'episodes', 'tts', 'collections', 'channels'].map((part) => ({
      name: `newsletter ${part}`,
      path: `${home}/${part}`,
    })),
    { name: 'newsletter settings', path: `${home}/settings` },
    { name: 'newsletter team', path: `${home}/settings/team` },
    { name: 'welcome issue', path: `${home}/settings/welcome`, slow: true },
    { name: 'e-mail design', path: `${home}/email-design` },
    { name: 'web design', path: `${home}/web-design` },
    { name: 'draft issue', path: `/issues/edit/${draft._id}`, ready: editorReady, slow: true },
    { name: 'sent issue', path: `/issues/edit/${sent._id}`, ready: editorReady, slow: true },
    { name: 'issue settings', path: `/issues/edit/${draft._id}/credentials`, ready: editorReady, slow: true },
    { name: 'issue publish', path: `/issues/edit/${draft._id}/publish`, ready: editorReady, slow: true },
    { name: 'issue analytics', path: `/issues/show/${sent._id}/analytics` },
    { name: 'new issue', path: `/issues/create/${newsletter._id}` },
    { name: 'article', path: `/stories/edit/${article!._id}`, ready: (page) => page.getByRole('textbox', { name: 'Slug' }), slow: true },
    { name: 'new story', path: '/stories/create/' },
    { name: 'publisher analytics', path: `${publisher}/analytics` },
    { name: 'publisher settings', path: `${publisher}/settings` },
    { name: 'publisher team', path: `${publisher}/settings/team` },
    { name: 'newsletters', path: '/newsletters/list' },
    { name: 'newsletter wizard', path: '/newsletters/create' },
    { name: 'collections', path: '/collections' },
    { name: 'collection wizard', path: '/collections/create' },
    { name: 'collection', path: `/collections/show/${collections[0]!._id}` },
    { name: 'resources', path: '/resources/list' },
    { name: 'issue audio', path: `/issues/audios/select/${newsletter._id}` },
  ];
}

const adminScreens: Screen[] = [
  { name: 'publishers', path: '/admin/publishers/' },
  { name: 'feedback', path: '/admin/feedback' },
  { name: 'outbox', path: '/outbox' },
  { name: 'new announcement', path: '/announcements/create' },
];

/**
 * What a person cannot reach: the page wider than the window, and the controls a fixed or
 * sticky panel lies over with the page scrolled to its end (where nothing more can move them out).
 */
async function layoutProblems(page: Page): Promise<{ width: number; covered: string[]; small: string[] }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    window.scrollTo(0, document.documentElement.scrollHeight);
    await frame();
    const view = { width: document.documentElement.clientWidth, height: window.innerHeight };
    const covered: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main a[href], main input:not([type=hidden]), main [role=button], main [role=tab], main textarea',
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const style = getComputedStyle(control);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
      // The lower half of the window, where a page scrolled to its end leaves its last controls.
      if (box.top < view.height / 2 || box.bottom > view.height || box.left < 0 || box.right > view.width) continue;
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      const top = document.elementFromPoint(x, y);
      if (!top || control.contains(top) || top.contains(control) || top.closest('label')?.contains(control)) continue;
      covered.push(
        `${control.tagName.toLowerCase()} '${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}' under ${top.tagName.toLowerCase()}.${String(top.className).split(' ')[0]}`,
      );
    }
    // Touch targets: what a finger presses, each way. A link inside a sentence is the sentence's size (WCAG 2.5.5's exception).
    const small: string[] = [];
    if (matchMedia('(pointer: coarse)').matches) {
      const targets = document.querySelectorAll<HTMLElement>(
        'main button, main [role=button], main [role=tab], main [role=switch], main select, main input:not([type=hidden]):not([type=checkbox]):not([type=radio]), main .ms-Checkbox-label, main .ms-ChoiceField-field, main a[href]',
      );
      for (const target of targets) {
        const box = target.getBoundingClientRect();
        const style = getComputedStyle(target);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        if (target.closest('.ck-toolbar, [aria-hidden=true]')) continue;
        if (target.tagName === 'A' && style.display === 'inline') continue;
        // A field's own box is the text field around it.
        const area =
          target.tagName === 'INPUT' || target.tagName === 'TEXTAREA'
            ? (target.closest('.ms-TextField-fieldGroup, .ms-SearchBox, .ms-ComboBox, .ms-BasePicker-text') ?? target)
            : target;
        let { width, height } = area.getBoundingClientRect();
        // A hit area drawn beyond the box (a switch's ::after) counts.
        const reach = getComputedStyle(target, '::after');
        if (reach.content !== 'none' && reach.position === 'absolute') {
          const out = (side: string) => Math.max(0, -parseFloat(side) || 0);
          width += out(reach.left) + out(reach.right);
          height += out(reach.top) + out(reach.bottom);
        }
        if (Math.round(width) < 44 || Math.round(height) < 44)
          small.push(
            `${target.tagName.toLowerCase()}.${String(target.className).split(' ')[0]} '${(target.getAttribute('aria-label') ?? target.textContent ?? '').trim().slice(0, 30)}' ${Math.round(width)}x${Math.round(height)}`,
          );
      }
    }
    window.scrollTo(0, 0);
    return { width: document.documentElement.scrollWidth - view.width, covered, small };
  });
}

async function visit(page: Page, screen: Screen, width: number): Promise<void> {
  await test.step(`${screen.name} at ${width} px`, async () => {
    await page.goto(screen.path);
    const ready = screen.ready?.(page) ?? page.getByRole('heading', { level: 1 }).first();
    await expect(ready).toBeVisible(screen.slow ? editorLoad : undefined);
    // Still there: a screen that sent its visitor elsewhere would be checked in the other's place.
    if (screen.path !== '/') expect(new URL(page.url()).pathname).toBe(screen.path);
    await expect(page.locator('.ms-Spinner')).toHaveCount(0);
    const problems = await layoutProblems(page);
    expect.soft(problems, `${screen.name} at ${width} px: how much wider than the window, what is covered, and which targets are too small`).toEqual({
      width: 0,
      covered: [],
      small: [],
    });
    // (keepScreenshot checks with axe first.)
    if (width === 375) await keepScreenshot(page, `narrow-${screen.name.replaceAll(' ', '-')}`);
    else if (width === 768) await expectAccessible(page);
  });
}

test.describe.configure({ mode: 'parallel' });

for (const width of [375, 768, 1440]) {
  test.describe(`${width} px`, () => {
    // A phone and a tablet have touch screens: a coarse pointer, and the console's touch sizes.
    test.use({ hasTouch: width < 1024 });
    test(`every screen fits ${width} px`, async ({ page, request }) => {
      // About forty screens, several of them editors: minutes on a busy machine.
      test.setTimeout(600_000);
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      const screens = await directorScreens(request);
      await signIn(page, accounts.director);
      await expect(page.getByRole('button', { name: 'Profile menu' })).toBeVisible();
      for (const screen of screens) await visit(page, screen, width);
      await page.context().clearCookies();
      await page.evaluate(() => localStorage.clear());
      // signInAsAdmin waits for the scope switcher, which a phone keeps in the drawer.
      await signIn(page, accounts.admin);
      await page.getByRole('combobox', { name: 'Publisher' }).click();
      await page.getByRole('option', { name: 'Kuzey Medya' }).click();
      await page.getByRole('button', { name: 'SELECT' }).click();
      await expect(page.getByRole('button', { name: 'Change Publisher' })).toBeVisible();
      for (const screen of adminScreens) await visit(page, screen, width);
    });
  });
}

/**
 * Every console screen at a phone's, a tablet's and a desktop's width (issue 31): nothing scrolls
 * sideways, no floating panel covers a control for good, on the touch screens of a phone and a
 * tablet every control is 44 px or more each way, and axe finds nothing at the phone's width (the
 * other journeys check the wide one). The screens are those the journeys keep in
 * tests/artifacts/screens, as the director of the demo publisher sees them on the demo data; the
 * admin's own screens after them. A test is a group of screens at one width, so that two workers
 * share them evenly; it loads the console once and goes from screen to screen by the console's
 * router, as a person following links does.
 *
 * Each screen is also read in the console's language (issue 55, point 1): at each width half the
 * groups run in an English browser and half in a Turkish one, turning from width to width, so that
 * every screen is seen in both languages and every width in both; the console follows the
 * browser's language, and no screen may show a word, a month or a number format of the other
 * (tests/e2e/languages.ts).
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { expect, test } from './fixtures';
import { accounts, choosePublisher, editorLoad, follow, password, signIn } from './helpers';
import { foreignTexts, say, type Lang } from './languages';

/** The groups a test visits together: the editors' group loads CKEditor's chunk once for all. */
const groups = ['newsletter', 'content', 'settings', 'editors', 'publisher', 'admin'] as const;
type Group = (typeof groups)[number];

interface Screen {
  name: string;
  path: string;
  group: Group;
  /** What shows once the screen has its data: the page's heading unless told. */
  ready?: (page: Page, lang: Lang) => ReturnType<Page['getByRole']>;
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
  const screen = (group: Group, name: string, path: string, more: Partial<Screen> = {}): Screen => ({ group, name, path, ...more });
  return [
    screen('newsletter', 'publisher home', '/'),
    screen('newsletter', 'newsletter home', home),
    ...['issues', 'stories', 'analytics', 'subscribers'].map((part) => screen('newsletter', `newsletter ${part}`, `${home}/${part}`)),
    ...['images', 'recordings', 'episodes', 'tts', 'collections', 'channels'].map((part) => screen('content', `newsletter ${part}`, `${home}/${part}`)),
    screen('settings', 'newsletter settings', `${home}/settings`),
    screen('settings', 'newsletter team', `${home}/settings/team`),
    screen('settings', 'e-mail design', `${home}/email-design`),
    screen('settings', 'web design', `${home}/web-design`),
    screen('settings', 'issue analytics', `/issues/show/${sent._id}/analytics`),
    screen('settings', 'new issue', `/issues/create/${newsletter._id}`),
    screen('settings', 'publisher analytics', `${publisher}/analytics`),
    screen('editors', 'welcome issue', `${home}/settings/welcome`, { slow: true }),
    screen('editors', 'draft issue', `/issues/edit/${draft._id}`, { ready: editorReady, slow: true }),
    screen('editors', 'sent issue', `/issues/edit/${sent._id}`, { ready: editorReady, slow: true }),
    screen('editors', 'issue settings', `/issues/edit/${draft._id}/credentials`, { ready: editorReady, slow: true }),
    screen('editors', 'issue publish', `/issues/edit/${draft._id}/publish`, { ready: editorReady, slow: true }),
    screen('editors', 'article', `/stories/edit/${article!._id}`, {
      ready: (page, lang) => page.getByRole('textbox', { name: say(lang, 'Slug') }),
      slow: true,
    }),
    screen('publisher', 'new story', '/stories/create/'),
    screen('publisher', 'publisher settings', `${publisher}/settings`),
    screen('publisher', 'publisher team', `${publisher}/settings/team`),
    screen('publisher', 'imports', `${publisher}/imports`),
    screen('publisher', 'newsletters', '/newsletters/list'),
    screen('publisher', 'newsletter wizard', '/newsletters/create'),
    screen('publisher', 'collections', '/collections'),
    screen('publisher', 'collection wizard', '/collections/create'),
    screen('publisher', 'collection', `/collections/show/${collections[0]!._id}`),
    screen('publisher', 'resources', '/resources/list'),
    screen('publisher', 'issue audio', `/issues/audios/select/${newsletter._id}`),
  ];
}

const adminScreens: Screen[] = [
  { group: 'admin', name: 'publishers', path: '/admin/publishers/' },
  { group: 'admin', name: 'feedback', path: '/admin/feedback' },
  { group: 'admin', name: 'outbox', path: '/outbox' },
  { group: 'admin', name: 'new announcement', path: '/announcements/create' },
];

/**
 * What a person cannot reach: the page wider than the window, and the controls a fixed or
 * sticky panel lies over: with the page scrolled to its end (where nothing more can move them out),
 * and at its top, where a person starts (a floating panel over the first fields covers what they write).
 */
async function layoutProblems(page: Page): Promise<{ width: number; covered: string[]; small: string[] }> {
  return page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const view = { width: document.documentElement.clientWidth, height: window.innerHeight };
    const covered = new Set<string>();
    const controls = document.querySelectorAll<HTMLElement>(
      'main button, main a[href], main input:not([type=hidden]), main [role=button], main [role=tab], main textarea',
    );
    // At the end, the lower half of the window, where a page scrolled to its end leaves its last controls; at the top, the whole window.
    for (const [scrollTop, from] of [
      [document.documentElement.scrollHeight, view.height / 2],
      [0, 0],
    ] as const) {
      window.scrollTo(0, scrollTop);
      await frame();
      for (const control of controls) {
        const box = control.getBoundingClientRect();
        const style = getComputedStyle(control);
        if (box.width === 0 || box.height === 0 || style.visibility === 'hidden' || Number(style.opacity) === 0) continue;
        if (box.top < from || box.bottom > view.height || box.left < 0 || box.right > view.width) continue;
        const x = box.left + box.width / 2;
        const y = box.top + box.height / 2;
        const top = document.elementFromPoint(x, y);
        if (!top || control.contains(top) || top.contains(control) || top.closest('label')?.contains(control)) continue;
        covered.add(
          `${control.tagName.toLowerCase()} '${(control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40)}' under ${top.tagName.toLowerCase()}.${String(top.className).split(' ')[0]}`,
        );
      }
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
    return { width: document.documentElement.scrollWidth - view.width, covered: [...covered], small };
  });
}

async function visit(page: Page, screen: Screen, width: number, lang: Lang): Promise<void> {
  await test.step(`${screen.name} at ${width} px in ${lang}`, async () => {
    await follow(page, screen.path);
    const ready = screen.ready?.(page, lang) ?? page.getByRole('heading', { level: 1 }).first();
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
    expect.soft(await foreignTexts(page, lang), `${screen.name} at ${width} px: texts of the other language in the ${lang} console`).toEqual([]);
    if (width === 375) await expectAccessible(page);
    // The editors' screens as they look at this width, kept in the test's output.
    if (screen.group === 'editors') await test.info().attach(`${screen.name} at ${width} px`, { body: await page.screenshot(), contentType: 'image/png' });
  });
}

/** The director's screens, asked of the worker's server once. */
let directorScreensOnce: Promise<Screen[]> | undefined;

test.describe.configure({ mode: 'parallel' });

const widths = [375, 768, 1440];
for (const width of widths) {
  test.describe(`${width} px`, () => {
    // A phone and a tablet have touch screens: a coarse pointer, and the console's touch sizes.
    test.use({ hasTouch: width < 1024, viewport: { width, height: width === 375 ? 812 : 900 } });
    groups.forEach((group, index) => {
      const lang: Lang = (index + widths.indexOf(width)) % 2 === 0 ? 'en' : 'tr';
      test.describe(lang, () => {
        test.use({ locale: lang === 'tr' ? 'tr-TR' : 'en-US' });
        test(`the ${group} screens fit ${width} px in ${lang}`, async ({ page, request }) => {
          if (group === 'admin') {
            await signIn(page, accounts.admin);
            await choosePublisher(page, 'Kuzey Medya', { shown: say(lang, 'Change Publisher'), lang });
            for (const screen of adminScreens) await visit(page, screen, width, lang);
            return;
          }
          directorScreensOnce ??= directorScreens(request);
          const screens = (await directorScreensOnce).filter((screen) => screen.group === group);
          await signIn(page, accounts.director);
          await expect(page.getByRole('button', { name: say(lang, 'Profile menu') })).toBeVisible();
          for (const screen of screens) await visit(page, screen, width, lang);
        });
      });
    });
  });
}

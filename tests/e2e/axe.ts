/**
 * The accessibility check of every screen the journeys visit: axe-core's WCAG 2.0 and 2.1 rules at
 * levels A and AA, on the page as it is (dialogs and menus open included). A violation fails the
 * journey with the rule, the elements and what is wrong with each.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { expect, type Page } from '@playwright/test';
import type { AxeResults, RunOptions } from 'axe-core';

/** axe-core's script, put into a page once (a screen reached by the console's router keeps it). */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const wcagAandAA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * Parts left out, each with its reason:
 * - CKEditor's 'Powered by' badge (light grey on white, 7.5 px): the editor's GPL licence shows it
 *   and we do not restyle the editor's own chrome.
 * - Frames sandboxed without scripts (the e-mail previews): axe cannot run inside them and would
 *   wait for them forever. The frame itself is checked (its title); the e-mail in it is in the
 *   newsletter's own colours, the publisher's choice.
 */
const leftOut = ['.ck-powered-by', 'iframe[sandbox]'];

/** Waits for the page's animations that end: colours are judged as they end, not mid-fade. */
async function settled(page: Page): Promise<void> {
  // (A spinner's endless animation is not waited for.)
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe in the page itself, keeping the details of violations only: @axe-core/playwright's
 * builder put axe's 500 KB script into the page again at every check, kept each rule's passing
 * elements too, and finished every run in a new page of its own (a third of the phone-width
 * journey's time). The console's frames are all sandboxed previews, left out above, and a reader
 * page's players (YouTube, Spotify) are other sites' pages, whose frame axe checks (its title) but
 * not what another site draws in it; a frame of our own that is not sandboxed would go unchecked,
 * so it fails the check instead.
 */
async function violationsOf(page: Page) {
  await settled(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const options: RunOptions = { runOnly: { type: 'tag', values: wcagAandAA }, resultTypes: ['violations'], iframes: false };
  const { violations, unchecked } = await page.evaluate(
    async ({ exclude, options }) => {
      const axe = (window as unknown as { axe: { run(context: unknown, options: RunOptions): Promise<AxeResults> } }).axe;
      const frames = [...document.querySelectorAll<HTMLIFrameElement>('iframe:not([sandbox])')]
        .filter((frame) => !frame.src || new URL(frame.src, location.href).origin === location.origin)
        .map((frame) => frame.outerHTML.slice(0, 120));
      return { violations: (await axe.run({ exclude: exclude.map((selector) => [selector]) }, options)).violations, unchecked: frames };
    },
    { exclude: leftOut, options },
  );
  expect(unchecked, 'frames axe does not look into').toEqual([]);
  return violations.map((violation) => ({
    rule: violation.id,
    help: violation.help,
    elements: violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ')}`),
  }));
}

export async function expectAccessible(page: Page): Promise<void> {
  // Rows fading in (Fluent's lists) read as low contrast: a list that data re-rendered while axe
  // read the page is judged again once its fade has ended. A real violation is there both times.
  let found = await violationsOf(page);
  if (found.length > 0) found = await violationsOf(page);
  expect(found, `axe (WCAG 2 A and AA) on ${page.url()}`).toEqual([]);
}

/**
 * The accessibility check of every screen the journeys visit: axe-core's WCAG 2.0 and 2.1 rules at
 * levels A and AA, on the page as it is (dialogs and menus open included). A violation fails the
 * journey with the rule, the elements and what is wrong with each.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

async function violationsOf(page: Page) {
  await settled(page);
  const axe = new AxeBuilder({ page }).withTags(wcagAandAA);
  for (const selector of leftOut) axe.exclude(selector);
  const { violations } = await axe.analyze();
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

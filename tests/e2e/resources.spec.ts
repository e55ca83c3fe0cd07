import { expect, test } from './fixtures';
import { accounts, keepScreenshot, signIn } from './helpers';

const guideTitle = 'Bülteninizin etrafında bir topluluk yaratmak';

test.describe('resources', () => {
  test('Tips & Tricks from the sidebar lists every guide, and READ MORE opens one', async ({ page }) => {
    await signIn(page, accounts.editor);
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await expect(menu.getByRole('link', { name: 'Home' })).toBeVisible();
    // The two external resources open in a new window.
    for (const name of ['Sender Guidelines', 'Writing Guide']) {
      await expect(menu.getByRole('link', { name })).toHaveAttribute('target', '_blank');
      await expect(menu.getByRole('link', { name })).toHaveAttribute('href', /^https:\/\//);
    }

    await menu.getByRole('link', { name: 'Tips & Tricks' }).click();
    await expect(page).toHaveURL(/\/resources\/list$/);
    await expect(page.getByRole('heading', { name: 'Tips & Tricks', level: 1 })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(13);
    await expect(page.getByRole('button', { name: 'READ MORE' })).toHaveCount(13);
    await keepScreenshot(page, 'tips-and-tricks');

    await page.getByRole('article', { name: guideTitle }).getByRole('button', { name: 'READ MORE' }).click();
    await expect(page).toHaveURL(/\/resources\/show\/topluluk-yaratma$/);
    await expect(page.getByRole('heading', { name: guideTitle, level: 1 })).toBeVisible();
    await keepScreenshot(page, 'guide');

    await page.getByRole('link', { name: '← Tips & Tricks' }).click();
    await expect(page.getByRole('heading', { name: 'Tips & Tricks', level: 1 })).toBeVisible();
    await menu.getByRole('link', { name: 'Home' }).click();
    await expect(page.getByRole('heading', { name: 'Sabah Bülteni', level: 1 })).toBeVisible();
  });

  test("a guide's address shows the guide", async ({ page }) => {
    await signIn(page, accounts.editor, { at: '/resources/show/topluluk-yaratma' });
    await expect(page.getByRole('button', { name: 'Switch scope' })).toBeVisible();
    await expect(page.getByRole('heading', { name: guideTitle, level: 1 })).toBeVisible();
  });

  test("the dashboard's Tips and Tricks panel shows three guides and See all", async ({ page }) => {
    await signIn(page, accounts.director);
    await expect(page.getByRole('heading', { name: 'Kuzey Medya', level: 1 })).toBeVisible();
    const panel = page.getByRole('region', { name: 'Tips and Tricks' });
    await expect(panel.getByRole('heading', { name: 'Tips and Tricks' })).toBeVisible();
    await expect(panel.getByRole('article')).toHaveCount(3);
    await expect(panel.getByRole('button', { name: 'READ MORE' })).toHaveCount(3);
    await panel.getByRole('link', { name: 'See all' }).click();
    await expect(page).toHaveURL(/\/resources\/list$/);
    await expect(page.getByRole('heading', { name: 'Tips & Tricks', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'READ MORE' })).toHaveCount(13);
  });
});

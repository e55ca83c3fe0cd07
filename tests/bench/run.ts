/** `npm run bench`: measures the budgets of design.md section 6 and prints the figures. */
import { budgetBytes, measureBundles } from './bundle';
import { measureServerMemory, printServerMemory } from './server-memory';
import { measureStoryList, printStoryList } from './story-list';
import { measureSubscriberList, printSubscriberList } from './subscriber-list';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let failed = false;

const bundles = await measureBundles();
console.log('JavaScript loaded (gzip), budget', kb(budgetBytes));
console.log(`  login screen          ${kb(bundles.login).padStart(10)}  (${bundles.files.login.length} files)`);
console.log(`  shell after sign-in   ${kb(bundles.shell).padStart(10)}  (${bundles.files.shell.length} files)`);
for (const [name, bytes] of Object.entries({ login: bundles.login, shell: bundles.shell })) {
  if (bytes > budgetBytes) {
    console.log(`  OVER BUDGET: ${name}`);
    failed = true;
  }
}
const heavy = bundles.files.shell.filter((file) => /ckeditor|plotly/i.test(file));
if (heavy.length > 0) {
  console.log(`  heavy libraries loaded by the first screen: ${heavy.join(', ')}`);
  failed = true;
}
if (printServerMemory(await measureServerMemory())) failed = true;
if (printSubscriberList(await measureSubscriberList())) failed = true;
if (printStoryList(await measureStoryList())) failed = true;

process.exit(failed ? 1 : 0);

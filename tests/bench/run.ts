/** `npm run bench`: measures the budgets of design.md section 6 and prints the figures. */
import { measureAnalytics, printAnalytics } from './analytics';
import { measureAnalyticsScreen, printAnalyticsScreen } from './analytics-screen';
import { measureBundles, printBundles } from './bundle';
import { measureCollectionList, printCollectionList } from './collection-list';
import { measureEmailSend, printEmailSend, printSubjectTestSend } from './email-send';
import { measureEmbedRender, printEmbedRender } from './embed-render';
import { measureImports, printImports } from './imports';
import { measureIssueList, printIssueList } from './issue-list';
import { measureLiveIssue, printLiveIssue } from './live-issue';
import { measureServerMemory, printServerMemory } from './server-memory';
import { measureSpeech, measureSpeechThroughApi, printSpeech, printSpeechThroughApi } from './speech';
import { measureStoryList, printStoryList } from './story-list';
import { measureSubscriberList, printSubscriberList } from './subscriber-list';

let failed = false;

if (printBundles(await measureBundles())) failed = true;
if (printServerMemory(await measureServerMemory())) failed = true;
if (printSubscriberList(await measureSubscriberList())) failed = true;
if (printStoryList(await measureStoryList())) failed = true;
if (printCollectionList(await measureCollectionList())) failed = true;
if (printIssueList(await measureIssueList())) failed = true;
if (printAnalytics(await measureAnalytics())) failed = true;
if (printAnalyticsScreen(await measureAnalyticsScreen())) failed = true;
if (printLiveIssue(await measureLiveIssue())) failed = true;
const plainSend = await measureEmailSend('postgres');
if (printEmailSend(plainSend)) failed = true;
if (printSubjectTestSend(await measureEmailSend('postgres', { subjectTest: true }), plainSend)) failed = true;
if (printEmailSend(await measureEmailSend('embedded'))) failed = true;
const speech = await measureSpeech();
if (printSpeech(speech)) failed = true;
if (printSpeechThroughApi(await measureSpeechThroughApi(), speech)) failed = true;
if (printEmbedRender(await measureEmbedRender())) failed = true;
if (printImports(await measureImports())) failed = true;

process.exit(failed ? 1 : 0);

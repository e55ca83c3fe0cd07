import { measureAnalytics, printAnalytics } from './analytics';
printAnalytics(await measureAnalytics());
process.exit(0);

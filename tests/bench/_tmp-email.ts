import { measureEmailSend, printEmailSend } from './email-send';
for (const on of (process.env.ON ?? 'postgres,embedded').split(',')) printEmailSend(await measureEmailSend(on as 'postgres' | 'embedded'));
process.exit(0);

/**
 * The bench's SMTP sink in a process of its own (so its work is not counted as the sender's):
 * prints its port, then the number of messages and bytes received every 200 ms, until it is killed.
 */
import { startSmtpSink } from '../api/smtp-sink';

const sink = await startSmtpSink({ keep: false });
console.log(`port ${sink.port}`);
setInterval(() => console.log(`count ${sink.count} ${sink.bytes}`), 200);

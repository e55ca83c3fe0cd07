/**
 * The renderers' memory watch, on a thread of its own. A page fills memory at a gigabyte a second
 * or more, so a renderer past the limit must be killed within tens of milliseconds; the server's
 * event loop, busy with a request or a query, let a reading wait three times that (a renderer
 * reached 421 MB against a 256 MB limit in a full test run). The thread reads each renderer's
 * resident memory from /proc every `everyMs` while renders run, kills one past `limitMb` itself,
 * and only then tells the server (for the log, and for the page's crash to say why). Which
 * processes are renderers the server tells it (the browser lists them). Without /proc (not
 * Linux) a reading is 0 and nothing is killed: V8's heap flag is then the only bound.
 */
import { Worker } from 'node:worker_threads';

export interface MemoryWatch {
  /** The renderers to watch, and whether renders are running (the thread reads nothing otherwise). */
  watch(pids: Iterable<number>, running: boolean): void;
  close(): Promise<void>;
}

/** The thread's code: plain JavaScript, so that it runs alike from the sources (tsx) and from the build. */
const threadCode = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { limitMb, everyMs, pageBytes } = workerData;
let pids = [];
let timer = null;
function residentMb(pid) {
  try {
    return (Number(readFileSync('/proc/' + pid + '/statm', 'latin1').split(' ')[1]) * pageBytes) / 1048576;
  } catch {
    return 0;
  }
}
function tick() {
  for (const pid of pids) {
    const mb = residentMb(pid);
    if (mb <= limitMb) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {}
    pids = pids.filter((other) => other !== pid);
    parentPort.postMessage({ pid, mb: Math.round(mb) });
  }
}
parentPort.on('message', (message) => {
  pids = message.pids;
  if (message.running && !timer) timer = setInterval(tick, everyMs);
  if (!message.running && timer) {
    clearInterval(timer);
    timer = null;
  }
});
`;

export function startMemoryWatch(options: { limitMb: number; everyMs: number; killed: (pid: number, mb: number) => void }): MemoryWatch {
  const thread = new Worker(threadCode, { eval: true, workerData: { limitMb: options.limitMb, everyMs: options.everyMs, pageBytes: 4096 } });
  // The thread never keeps the server from exiting.
  thread.unref();
  thread.on('message', ({ pid, mb }: { pid: number; mb: number }) => options.killed(pid, mb));
  return {
    watch: (pids, running) => thread.postMessage({ pids: [...pids], running }),
    close: async () => {
      await thread.terminate();
    },
  };
}

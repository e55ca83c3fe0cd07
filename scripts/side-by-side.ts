/**
 * Runs npm scripts side by side and fails when any of them fails, after all have ended: `npm test`
 * runs its checks this way (decision 0046). Each script's output is printed whole as it ends, with
 * its time, so that the outputs do not interleave.
 *
 *   tsx scripts/side-by-side.ts typecheck lint:code lint:format test:prepare
 */
import { spawn } from 'node:child_process';

const scripts = process.argv.slice(2);
if (scripts.length === 0) throw new Error('usage: tsx scripts/side-by-side.ts <npm script>...');

const run = (script: string) =>
  new Promise<boolean>((done) => {
    const started = Date.now();
    const child = spawn('npm', ['run', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const outcome = code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`=== npm run ${script}: ${outcome} in ${seconds} s\n${Buffer.concat(output).toString()}\n`);
      done(code === 0);
    });
  });

const passed = await Promise.all(scripts.map(run));
if (passed.includes(false)) {
  console.error(`Failed: ${scripts.filter((_, index) => !passed[index]).join(', ')}.`);
  process.exitCode = 1;
}

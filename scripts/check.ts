/**
 * `npm run check`: the type check, ESLint, Prettier's check and the build, side by side. Each uses
 * one core for most of its time; one after the other they took 75 s on two cores, side by side 55 s.
 * Each command's output is printed whole when it ends, with its time; the script fails when any of
 * them fails, after all have ended.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The commands are package.json's, so each stays defined once: the lint's two run side by side too.
const { scripts } = JSON.parse(readFileSync(join(import.meta.dirname, '..', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
const commands: [name: string, command: string][] = [
  ['typecheck', scripts.typecheck!],
  ...scripts.lint!.split('&&').map((command): [string, string] => [command.trim().split(' ')[0]!.split('/').pop()!, command.trim()]),
  ['build', scripts.build!],
];

function run(name: string, command: string): Promise<boolean> {
  const started = Date.now();
  const output: Buffer[] = [];
  const child = spawn(command, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' } });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  return new Promise((done) => {
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const text = Buffer.concat(output).toString().trimEnd();
      console.log(`=== ${name} (${command}): ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds} s${text ? `\n${text}` : ''}`);
      done(code === 0);
    });
  });
}

const results = await Promise.all(commands.map(([name, command]) => run(name, command)));
if (results.includes(false)) process.exit(1);

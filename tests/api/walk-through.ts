/**
 * The plugin walk-through of docs/ARCHITECTURE.md as the files it makes (decision 0047). It starts
 * at the heading '### Add a plugin: a walk-through' and runs to the next '## ' heading; each '### '
 * heading in it is a step. Every fenced block is code: the line above it ends with its path in
 * backticks and a colon. A block for a file of config/ is JSON that names lists of that file and
 * what they gain. A step's files are the steps before it with its own blocks written over them.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

export interface WalkThroughStep {
  title: string;
  /** Each file by its path in the project ('plugins/hello/plugin.ts'). */
  files: Record<string, string>;
  /** By config file ('config/roles.json'): what its lists gain, by the list's key ('editor'). */
  config: Record<string, Record<string, string[]>>;
}

export const architecture = resolve(import.meta.dirname, '..', '..', 'docs', 'ARCHITECTURE.md');
const start = '### Add a plugin: a walk-through';

/** The walk-through's steps in order, each with every file and config addition up to it. */
export function walkThrough(text = readFileSync(architecture, 'utf8')): WalkThroughStep[] {
  const lines = text.split('\n');
  const first = lines.indexOf(start);
  if (first < 0) throw new Error(`docs/ARCHITECTURE.md has no heading '${start}'`);
  const end = lines.findIndex((line, index) => index > first && line.startsWith('## '));
  const steps: WalkThroughStep[] = [];
  let step: WalkThroughStep | undefined;
  for (let index = first; index < (end < 0 ? lines.length : end); index++) {
    const line = lines[index]!;
    if (line.startsWith('### ')) {
      step = { title: line.slice(4), files: { ...step?.files }, config: structuredClone(step?.config ?? {}) };
      steps.push(step);
      continue;
    }
    const fence = /^( *)```\w*$/.exec(line);
    if (!fence) continue;
    const indent = fence[1]!.length;
    const path = pathAbove(lines, index);
    const body: string[] = [];
    for (index++; index < lines.length && lines[index]!.trim() !== '```'; index++) body.push(lines[index]!.slice(indent));
    const content = `${body.join('\n')}\n`;
    if (path.startsWith('config/')) {
      const lists = (step!.config[path] ??= {});
      for (const [key, values] of Object.entries(JSON.parse(content) as Record<string, string[]>)) lists[key] = [...(lists[key] ?? []), ...values];
    } else step!.files[path] = content;
  }
  return steps;
}

/** The path a block belongs to: the line above it ends with it in backticks and a colon. */
function pathAbove(lines: string[], fence: number): string {
  let above = fence - 1;
  while (above >= 0 && lines[above]!.trim() === '') above--;
  const match = /`([\w./-]+\/[\w.-]+)`:$/.exec(lines[above]!.trim());
  if (!match) throw new Error(`docs/ARCHITECTURE.md:${fence + 1}: the line above a block of the walk-through must end with its path in backticks and a colon`);
  return match[1]!;
}

/**
 * Compiles the server to plain JavaScript in dist-server/, one file per source file in the same
 * folders, so that `npm start` runs `node` without compiling TypeScript at run time. Keeping the
 * layout keeps what the server finds next to its code where it expects it: plugins by folder
 * (dist-server/plugins/<id>/plugin.js), migrations beside their code, schemas/ for the validators.
 * Packages stay imports of node_modules; JSON imports (config, schemas) are inlined.
 */
import { build, type Plugin } from 'esbuild';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { sourceFiles } from './sources';

/** The sources the compiled server is made of: `npm start` rebuilds it when their hash changes. */
export const serverSources = [
  'core/server',
  'core/shared',
  'plugins/*/server',
  'plugins/*/*.ts',
  'config',
  'schemas',
  'package-lock.json',
  'tsconfig.json',
  'scripts/build',
];

const common = { bundle: true, packages: 'external', platform: 'node', format: 'esm', target: 'node20', charset: 'utf8', logLevel: 'warning' } as const;

export async function buildServer(root: string, outDir: string): Promise<void> {
  const plugins = readdirSync(join(root, 'plugins')).filter((id) => existsSync(join(root, 'plugins', id, 'plugin.ts')));
  const entries = [
    'core/server/main.ts',
    // Run by main.ts in a child process on the first start.
    'core/server/setup.ts',
    // Started as a worker thread by the speech plugin's engine pool (new URL('./worker.js')), imported by nobody.
    'plugins/speech/server/engine/worker.ts',
    // Started as a worker thread by the DKIM signer (dkim.ts, new URL('./dkim-worker.js')), imported by nobody.
    'core/server/services/dkim-worker.ts',
    ...plugins.map((id) => `plugins/${id}/plugin.ts`),
    ...plugins.map((id) => `plugins/${id}/server/index.ts`).filter((entry) => existsSync(join(root, entry))),
  ];
  const modules = await modulesReachedFrom(root, entries);

  rmSync(outDir, { recursive: true, force: true });
  await build({ ...common, absWorkingDir: root, entryPoints: modules, outdir: outDir, outbase: '.', plugins: [eachFileItsOwnModule(root)] });
  // Read from disk next to the code at run time.
  for (const file of sourceFiles(root, ['core/server/migrations', 'plugins/*/server/migrations', 'schemas'])) {
    if (/\.(sql|json)$/.test(file) && !file.startsWith(`schemas${sep}generated`)) cpSync(join(root, file), join(outDir, file));
  }
  await makeDemoTemplate(outDir);
}

/**
 * The demo template a first start copies (core/server/demo-template.ts): the compiled server's
 * setup prepares a data folder with the settings of a plain `npm start` (the embedded database,
 * files on disk, the demo data), whatever this shell's environment says.
 */
async function makeDemoTemplate(outDir: string): Promise<void> {
  const templateDir = join(outDir, 'demo-template');
  mkdirSync(templateDir, { recursive: true });
  const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: join(templateDir, 'prepared'), LOG_LEVEL: 'warn' };
  const child = spawn(process.execPath, [join(outDir, 'core', 'server', 'setup.js'), '--template', templateDir], { env, stdio: 'inherit' });
  const code = await new Promise<number | null>((done, fail) => child.on('error', fail).on('exit', done));
  if (code !== 0) throw new Error(`making the demo template failed (exit ${code})`);
}

/** Every TypeScript module the entries import, directly or not. */
async function modulesReachedFrom(root: string, entries: string[]): Promise<string[]> {
  const result = await build({ ...common, absWorkingDir: root, entryPoints: entries, outdir: 'unused', write: false, metafile: true });
  return Object.keys(result.metafile.inputs).filter((input) => /\.tsx?$/.test(input));
}

/**
 * Leaves each import of another of our modules as an import of its compiled file ('./app' becomes
 * './app.js'), so every module is compiled once and shared, as under tsx.
 */
function eachFileItsOwnModule(root: string): Plugin {
  return {
    name: 'each-file-its-own-module',
    setup(builder) {
      builder.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        if (target.endsWith('.json')) return undefined;
        const file = ['.ts', '.tsx', `${sep}index.ts`].map((suffix) => target + suffix).find((candidate) => existsSync(candidate));
        if (!file) throw new Error(`${relative(root, args.importer)}: cannot find '${args.path}'`);
        let specifier = relative(dirname(args.importer), file)
          .split(sep)
          .join('/')
          .replace(/\.tsx?$/, '.js');
        if (!specifier.startsWith('.')) specifier = `./${specifier}`;
        return { path: specifier, external: true };
      });
    },
  };
}

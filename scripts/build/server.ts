/**
 * Compiles the server to plain JavaScript in dist-server/, one file per source file in the same
 * folders, so that `npm start` runs `node` without compiling TypeScript at run time. Keeping the
 * layout keeps what the server finds next to its code where it expects it: plugins by folder
 * (dist-server/plugins/<id>/plugin.js), migrations beside their code, schemas/ for the validators.
 * Packages stay imports of node_modules, but for the few `vendored` ones; JSON imports (config,
 * schemas) are inlined.
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

/**
 * Pure ES module packages the server imports, each bundled once into dist-server/vendor/ without
 * comments and whitespace (names kept, so stack traces still read). V8 keeps the source text of
 * every module it loaded and a record per file, and kysely alone is 262 files: bundled, the two
 * hold about 2.3 MB less of the server's heap at rest (docs/decisions/0057).
 */
const vendored = ['kysely', 'jose'];

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
  const { packages: _external, ...bundling } = common;
  for (const name of vendored) {
    const stdin = { contents: `export * from '${name}';`, resolveDir: root, sourcefile: `${name}.js` };
    await build({ ...bundling, absWorkingDir: root, stdin, outfile: join(outDir, 'vendor', `${name}.js`), minifyWhitespace: true, minifySyntax: true });
  }
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
 * './app.js'), so every module is compiled once and shared, as under tsx; an import of a vendored
 * package becomes one of its bundle ('kysely' becomes '../../vendor/kysely.js').
 */
function eachFileItsOwnModule(root: string): Plugin {
  return {
    name: 'each-file-its-own-module',
    setup(builder) {
      const specifierOf = (importer: string, file: string) => {
        const specifier = relative(dirname(importer), file)
          .split(sep)
          .join('/')
          .replace(/\.tsx?$/, '.js');
        return specifier.startsWith('.') ? specifier : `./${specifier}`;
      };
      builder.onResolve({ filter: new RegExp(`^(${vendored.join('|')})$`) }, (args) => ({
        path: specifierOf(args.importer, join(root, 'vendor', `${args.path}.js`)),
        external: true,
      }));
      builder.onResolve({ filter: /^\.\.?\// }, (args) => {
        if (args.kind === 'entry-point') return undefined;
        const target = resolve(args.resolveDir, args.path);
        if (target.endsWith('.json')) return undefined;
        const file = ['.ts', '.tsx', `${sep}index.ts`].map((suffix) => target + suffix).find((candidate) => existsSync(candidate));
        if (!file) throw new Error(`${relative(root, args.importer)}: cannot find '${args.path}'`);
        return { path: specifierOf(args.importer, file), external: true };
      });
    },
  };
}

import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { checkConfig, ConfigError } from './core/shared/config-check';
import { configFiles, pluginsConfig, type ConfigName } from './core/shared/config';
import { pluginConfigProblems, readManifests } from './core/server/plugins/registry';
import { schemaValidators } from './scripts/build/validator-codegen';
import { iconSubset } from './scripts/build/icon-subset';
import { lazyButtonMenu } from './scripts/build/lazy-button-menu';
import { leanDeclarations } from './scripts/build/lean-declarations';

/**
 * The build refuses a config file its schema refuses, naming the file and the field, and a
 * config/plugins.json that enables a plugin without one it requires (as the server does at start).
 */
function checkConfigAtBuild(): Plugin {
  return {
    name: 'masthead-config-check',
    apply: 'build',
    async buildStart() {
      for (const name of Object.keys(configFiles) as ConfigName[]) {
        const schema = JSON.parse(readFileSync(new URL(`./schemas/config/${name}.schema.json`, import.meta.url), 'utf8')) as object;
        checkConfig(name, configFiles[name], schema);
      }
      const problems = pluginConfigProblems(await readManifests(join(import.meta.dirname, 'plugins')), pluginsConfig.enabled);
      if (problems.length > 0) throw new ConfigError(problems.join('\n'));
    },
  };
}

/** Writes .br and .gz beside each built asset: the server sends them as they are (@fastify/static preCompressed). */
function precompressAssets(): Plugin {
  return {
    name: 'masthead-precompress',
    apply: 'build',
    closeBundle() {
      const dir = join(import.meta.dirname, 'dist', 'assets');
      for (const name of readdirSync(dir).filter((file) => /\.(js|css|svg|json)$/.test(file))) {
        const content = readFileSync(join(dir, name));
        writeFileSync(join(dir, `${name}.gz`), gzipSync(content, { level: 9 }));
        writeFileSync(join(dir, `${name}.br`), brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

const serverPort = Number(process.env.SERVER_PORT ?? 8081);
const toServer = { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), schemaValidators(), iconSubset(import.meta.dirname), lazyButtonMenu(), leanDeclarations(), checkConfigAtBuild(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
    // Images stay images (guide covers, logos): inlined as data they would weigh on the scripts that name them.
    assetsInlineLimit: (file) => (/\.(svg|png|jpe?g|webp)$/.test(file) ? false : undefined),
    rolldownOptions: {
      // A plugin's client modules only declare (components, helpers, styles they use): one imported
      // for a single export (a reference from a public entry) must not bring the rest of that entry
      // along. Entries (index.tsx) and stylesheets keep their side effects.
      treeshake: { moduleSideEffects: [{ test: /\/plugins\/[^/]+\/client\/(?!index\.tsx$)[^?]+\.tsx?$/, sideEffects: false }] },
      output: {
        // What the login screen needs is one file: a dozen small shared chunks compress worse than one.
        codeSplitting: { groups: [{ name: 'main', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 8080),
    strictPort: true,
    proxy: {
      '/api': toServer,
      '/fonts': toServer,
      '/uploads': toServer,
      '/socket.io': { ...toServer, ws: true },
    },
  },
});

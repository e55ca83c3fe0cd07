import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import { checkConfig } from './core/shared/config-check';
import { configFiles, type ConfigName } from './core/shared/config';
import { schemaValidators } from './core/shared/validator-codegen';

/** The build refuses a config file its schema refuses, naming the file and the field. */
function checkConfigAtBuild(): Plugin {
  return {
    name: 'masthead-config-check',
    buildStart() {
      for (const name of Object.keys(configFiles) as ConfigName[]) {
        const schema = JSON.parse(readFileSync(new URL(`./schemas/config/${name}.schema.json`, import.meta.url), 'utf8')) as object;
        checkConfig(name, configFiles[name], schema);
      }
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
  plugins: [react(), schemaValidators(), checkConfigAtBuild(), precompressAssets()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1200,
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

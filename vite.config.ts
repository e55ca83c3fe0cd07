import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
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

const serverPort = Number(process.env.SERVER_PORT ?? 8081);
const toServer = { target: `http://127.0.0.1:${serverPort}`, changeOrigin: false };

export default defineConfig({
  plugins: [react(), schemaValidators(), checkConfigAtBuild()],
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

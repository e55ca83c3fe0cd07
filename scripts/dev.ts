/**
 * `npm run dev`: the server with reload on SERVER_PORT (default 8081) and Vite with hot reload on
 * PORT (default 8080), which forwards /api, /socket.io, /fonts and /uploads to the server.
 */
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const serverPort = process.env.SERVER_PORT ?? '8081';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'core/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: serverPort, PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${port}` },
  }),
  spawn('npx', ['vite'], { stdio: 'inherit', env: { ...process.env, PORT: port, SERVER_PORT: serverPort } }),
];
const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });

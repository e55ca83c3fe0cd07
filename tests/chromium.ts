/**
 * Debian's Chromium as the journeys and the bench launch it (Playwright downloads no browser
 * here): its headless shell (`chromium-headless-shell`, the browser without the parts that draw
 * windows) when installed, else the whole browser. The shell ran the journeys with a fifth less
 * time and CPU. CHROMIUM_PATH chooses another. Without the background-networking flags it keeps
 * trying hosts this closed network refuses.
 */
import { existsSync } from 'node:fs';

const headlessShell = '/usr/bin/chromium-headless-shell';

export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium'),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

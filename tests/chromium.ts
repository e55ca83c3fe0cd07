/**
 * Debian's Chromium as the journeys and the bench launch it (Playwright downloads no browser
 * here). Without the background-networking flags it keeps trying hosts this closed network refuses.
 */
export const chromiumLaunch = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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

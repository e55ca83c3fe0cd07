import { join, resolve } from 'node:path';

export const e2eRoot = resolve(import.meta.dirname, '..', '..', '.e2e');
export const e2eDataDir = join(e2eRoot, 'data');
export const e2eConfigDir = join(e2eRoot, 'config');
export const screensDir = resolve(import.meta.dirname, '..', 'artifacts', 'screens');

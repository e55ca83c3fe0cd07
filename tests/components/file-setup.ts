/**
 * Run before each file of the console's tests, which share their worker's modules
 * (vitest.config.ts): the packages (React, Fluent UI) stay loaded, and the console's own modules are
 * evaluated anew for each file, so that their state (the token read from storage, the toasts) is
 * the file's own.
 */
import { afterAll, vi } from 'vitest';

afterAll(() => {
  vi.resetModules();
});

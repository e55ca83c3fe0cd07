/**
 * Run before each test file of the server's tests, which share their worker's modules
 * (vitest.config.ts): whatever a file did to the clock ends with the file.
 */
import { afterAll } from 'vitest';
import { clockControl } from '../../core/server/clock';

afterAll(() => clockControl.reset());

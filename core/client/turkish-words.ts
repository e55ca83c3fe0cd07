/**
 * Every part's Turkish words as one module (core/client/words.ts), so that a Turkish console
 * loads them in one chunk, one request, before it draws; an English console never loads it.
 */
import type { Words } from './words';

const parts = import.meta.glob<Words>(['/core/client/words.tr.ts', '/plugins/*/client/words.tr.ts'], { eager: true, import: 'default' });

const turkish: Words = Object.assign({}, ...Object.values(parts)) as Words;
export default turkish;

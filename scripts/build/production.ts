/**
 * How production runs the server: plain `node` on the compiled JavaScript, with the settings that
 * keep its memory small (docs/operations.md, Memory). package.json's start script says the same
 * (tests/unit/build.test.ts holds them together); the bench and the upload memory test
 * start the server this way.
 */

export const serverEntry = 'dist-server/core/server/main.js';

/**
 * glibc's malloc keeps what a process frees for later instead of giving it back: each thread that
 * allocates gets its own arena (the threads that resize images and compile the database's
 * WebAssembly would hold on to about 100 MB), and after a large block is freed, blocks up to its
 * size come from the arenas too (eight large images leave about 130 MB behind). Two arenas, and
 * blocks from 128 KB always mapped on their own and returned when freed, keep the server small.
 */
export const productionEnv = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '131072' };

/**
 * V8's young generation grows to 3 x 16 MB after a burst of allocation (the first start's
 * migrations and demo data) and stays there; 2 MB halves are plenty for a server's requests.
 * WebAssembly (the embedded database, espeak-ng, LAME) runs on V8's baseline compiler only: the
 * optimizing tier's code and the memory its compiler threads leave with malloc cost about 30 MB
 * at rest, for some 20 % of speed in WebAssembly (docs/operations.md, Memory). The old generation
 * is held to 1 GB: V8 lets it grow to about four times what is live before a full collection when
 * its limit is large (4 GB on this kind of machine), so a send of 100,000 copies, whose short-lived
 * copies outlive the small young generation, peaked anywhere from 170 to 356 MB; with a 1 GB limit
 * the factor is about 1.6 and the peak 163-172 MB, at rest 3-5 MB less. gc is exposed for main.ts'
 * one collection after the start, which sets V8's memory reducer going.
 */
export const nodeFlags = ['--max-semi-space-size=2', '--max-old-space-size=1024', '--liftoff-only', '--expose-gc'];

/** The command after the build in package.json's start script. */
export const startCommand = `${Object.entries(productionEnv)
  .map(([name, value]) => `${name}=${value}`)
  .join(' ')} node ${nodeFlags.join(' ')} ${serverEntry}`;

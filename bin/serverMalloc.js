// glibc's malloc settings a server process runs with (bin/ladle.js runs `ladle serve` again with
// them: glibc reads them only when a process starts). Kept apart so that a test can read them.

/**
 * Blocks from this size up are mapped on their own and given back when freed. 1 MiB: a fetched
 * page's body (corpus median 313 KB, 98% under 1 MiB) and its copy in an extraction thread come
 * from the arenas, whose memory is reused; at 128 KiB every page's body was a fresh mapping, its
 * pages faulted in one by one and unmapped after (~90 of a worker's ~230 page faults per import,
 * `npm run bench -- queue`), for 3-4 MiB less at rest. Fixed rather than glibc's own moving
 * threshold, which rises to the largest block freed so far (up to 32 MiB): the big blocks freed
 * while starting would then stay resident.
 */
export const MMAP_THRESHOLD = 1024 * 1024;

/**
 * The environment a server process runs with: malloc held to two arenas (by default each thread
 * that allocates, V8's compiler and GC helpers, libuv's pool, the extraction threads, gets its
 * own, and the memory freed in each stays resident) and the mmap threshold above; a value the
 * person set is kept. Null when the person chose the arenas themselves (nothing to run again for).
 */
export function serverMallocEnv(env) {
  if (env.MALLOC_ARENA_MAX !== undefined) return null;
  return { MALLOC_MMAP_THRESHOLD_: String(MMAP_THRESHOLD), ...env, MALLOC_ARENA_MAX: "2" };
}

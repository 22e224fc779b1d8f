/** Blocks from this size up are mapped on their own (MALLOC_MMAP_THRESHOLD_ of a server process). */
export declare const MMAP_THRESHOLD: number;
/** The environment a server process runs with (glibc's malloc settings), or null when the person set the arenas. */
export declare function serverMallocEnv(
  env: Record<string, string | undefined>,
): Record<string, string | undefined> | null;

/**
 * Polls `fn` until it gives a value (tests wait for a condition, never for a set time); fails
 * naming `what` once `ms` have passed, a bound only for a test that would otherwise hang. `everyMs`
 * spaces the polls (a browser test's or a bench's polls would otherwise load the server they wait on).
 */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | null | undefined | false>,
  ms = 180_000,
  everyMs = 25,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * A page's HTML as it was decoded: one string, or pieces of at most a few tens of KB each. V8 puts
 * any string over 128 KB in its own freshly mapped memory, and on a machine where each fresh page
 * of memory costs ~15 µs that one allocation was a third of a page's extraction; pieces live in
 * the regular heap. The parser reads the pieces in turn (htmlparser2 streams), and the few readers
 * that search the page's source search it here, across the pieces' boundaries, never joining them.
 */
export class PageText {
  /** The pieces, in order, none empty (one for a page given as one string). */
  readonly chunks: readonly string[];
  /** Characters in all. */
  readonly length: number;
  // Offset of each piece's first character.
  private readonly starts: number[];

  constructor(chunks: readonly string[]) {
    this.chunks = chunks.filter((c) => c.length > 0);
    this.starts = [];
    let n = 0;
    for (const c of this.chunks) {
      this.starts.push(n);
      n += c.length;
    }
    this.length = n;
  }

  /** The page given as one string (read as it is: one piece). */
  static of(html: string): PageText {
    return new PageText([html]);
  }

  /** Index of the piece holding character `i` (the last piece when `i` is past the end). */
  private chunkAt(i: number): number {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= i) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Characters `start` to `end` (as String#slice with non-negative bounds). */
  slice(start: number, end = this.length): string {
    start = Math.max(0, Math.min(start, this.length));
    end = Math.max(start, Math.min(end, this.length));
    if (start === end) return "";
    let k = this.chunkAt(start);
    let out = "";
    while (k < this.chunks.length && this.starts[k]! < end) {
      const base = this.starts[k]!;
      out += this.chunks[k]!.slice(Math.max(0, start - base), end - base);
      k++;
    }
    return out;
  }

  /** The character at `i`, "" outside the page (as String#charAt). */
  charAt(i: number): string {
    if (i < 0 || i >= this.length) return "";
    const k = this.chunkAt(i);
    return this.chunks[k]!.charAt(i - this.starts[k]!);
  }

  /** As String#indexOf: the first occurrence of `s` at or after `from`, matches across pieces included. */
  indexOf(s: string, from = 0): number {
    from = Math.max(0, from);
    const m = s.length;
    if (m === 0) return Math.min(from, this.length);
    for (let k = from >= this.length ? this.chunks.length : this.chunkAt(from); k < this.chunks.length; k++) {
      const base = this.starts[k]!;
      const chunk = this.chunks[k]!;
      const inside = chunk.indexOf(s, Math.max(0, from - base));
      // A match that starts before the piece's end and runs into the next ones comes before any
      // later match inside the piece only if it starts earlier: look at the window around the end.
      const end = base + chunk.length;
      if (k + 1 < this.chunks.length) {
        const lo = Math.max(from, end - m + 1);
        if (lo < end && (inside < 0 || base + inside > lo)) {
          const at = this.slice(lo, end + m - 1).indexOf(s);
          if (at >= 0 && lo + at < end && (inside < 0 || lo + at < base + inside)) return lo + at;
        }
      }
      if (inside >= 0) return base + inside;
    }
    return -1;
  }

  /** As String#includes. */
  includes(s: string): boolean {
    return this.indexOf(s) >= 0;
  }

  /**
   * Whether `needle` (lower-case ASCII with a character that is no letter, "ld+json") occurs with
   * its letters in any case: what `/needle/i` tests (without the u flag only ASCII letters fold to
   * ASCII ones). Each occurrence of that character is found by the engine's indexOf and the rest
   * compared around it: the case-insensitive pattern was tried at every character of every page
   * that lacks the needle (a whole page without structured data scanned, 0.1-0.3 ms).
   */
  includesFolded(needle: string): boolean {
    let a = 0;
    while (a < needle.length && needle.charCodeAt(a) >= 0x61 && needle.charCodeAt(a) <= 0x7a) a++;
    const anchor = needle.charAt(a);
    for (let k = 0; k < this.chunks.length; k++) {
      const chunk = this.chunks[k]!;
      const base = this.starts[k]!;
      for (let i = chunk.indexOf(anchor); i >= 0; i = chunk.indexOf(anchor, i + 1)) {
        const start = base + i - a;
        if (start >= 0 && start + needle.length <= this.length && this.foldedAt(needle, start)) return true;
      }
    }
    return false;
  }

  /** Whether `needle` (as in includesFolded) is at `start`, ASCII letters in either case. */
  private foldedAt(needle: string, start: number): boolean {
    let k = this.chunkAt(start);
    let at = start - this.starts[k]!;
    for (let j = 0; j < needle.length; j++, at++) {
      if (at >= this.chunks[k]!.length) {
        k++;
        at = 0;
      }
      const c = this.chunks[k]!.charCodeAt(at);
      const n = needle.charCodeAt(j);
      // A lower-case letter matches itself and its capital (0x20 below it); nothing else gives it.
      if (c !== n && !(n >= 0x61 && n <= 0x7a && c === n - 0x20)) return false;
    }
    return true;
  }

  /**
   * Whether `re` (neither global nor sticky) matches somewhere, for a pattern whose matches are at
   * most `longest` characters: each piece is tested, and each boundary with that many on either side.
   */
  test(re: RegExp, longest: number): boolean {
    const { chunks, starts } = this;
    for (let k = 0; k < chunks.length; k++) {
      if (re.test(chunks[k]!)) return true;
      if (k > 0 && re.test(this.slice(starts[k]! - longest + 1, starts[k]! + longest - 1))) return true;
    }
    return false;
  }
}

/** The largest buffer kept (see SpareBuffers). */
const MAX_KEPT_BYTES = 1 << 20;

/**
 * Buffers that went to an extraction thread and came back with its answer, kept for the next
 * requests' bytes. A page's bytes copied into fresh memory each time were fresh 4 KB pages faulted
 * in one by one (glibc gives a freed block of a few hundred KB back to the system at once): a
 * buffer that came back is memory already mapped. Sizes are rounded up to a power of two (from
 * 64 KiB) so that pages of other sizes fit the same buffers; at most `max` are kept, none over
 * 1 MiB (larger blocks are mapped on their own anyway: bin/serverMalloc.js), so a busy pool holds
 * a few MiB at most and a pool at rest none.
 */
export class SpareBuffers {
  private readonly spares: ArrayBuffer[] = [];
  private readonly max: number;

  constructor(max: number) {
    this.max = Math.max(0, max);
  }

  /** Buffers kept now (tests). */
  get size(): number {
    return this.spares.length;
  }

  /** `bytes` copied into a kept buffer that fits (the smallest), else into a new one. */
  copy(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
    let best = -1;
    for (let i = 0; i < this.spares.length; i++) {
      const len = this.spares[i]!.byteLength;
      if (len >= bytes.length && (best < 0 || len < this.spares[best]!.byteLength)) best = i;
    }
    const buffer =
      best >= 0
        ? this.spares.splice(best, 1)[0]!
        : // Not zero-filled: the bytes are written over it next, and what lies past them is never read.
          Buffer.allocUnsafeSlow(Math.max(65536, 2 ** Math.ceil(Math.log2(Math.max(1, bytes.length)))))
            .buffer;
    const view = new Uint8Array(buffer, 0, bytes.length);
    view.set(bytes);
    return view;
  }

  /** A buffer given back (an empty or detached one, or one over 1 MiB, is dropped); the smallest go when over `max`. */
  keep(buffer: ArrayBuffer): void {
    if (buffer.byteLength === 0 || buffer.byteLength > MAX_KEPT_BYTES || this.max === 0) return;
    this.spares.push(buffer);
    if (this.spares.length > this.max) {
      this.spares.sort((a, b) => b.byteLength - a.byteLength);
      this.spares.length = this.max;
    }
  }

  /** Drops every kept buffer (a pool at rest gives its memory back). */
  clear(): void {
    this.spares.length = 0;
  }
}

import { Tokenizer } from "htmlparser2";

const LT = 0x3c;

/**
 * htmlparser2's tokenizer with its skip-ahead done by the engine's `indexOf`: the library looks
 * for the next `<` (text, scripts, styles) or closing quote (attribute values) one character at a
 * time in JavaScript, which was a tenth of a page's extraction. Same positions, same events.
 * Pass it as the Parser's `Tokenizer` option.
 */
class IndexOfTokenizer extends Tokenizer {}

// The library declares the method private, so it is replaced on the subclass's prototype.
Object.defineProperty(IndexOfTokenizer.prototype, "fastForwardTo", {
  value: function fastForwardTo(this: { buffer: string; index: number; offset: number }, c: number): boolean {
    const at = this.buffer.indexOf(c === LT ? "<" : String.fromCharCode(c), this.index + 1 - this.offset);
    if (at >= 0) {
      this.index = at + this.offset;
      return true;
    }
    // As the original: the parse loop increments the index past the end.
    this.index = this.buffer.length + this.offset - 1;
    return false;
  },
});

export const FastTokenizer: typeof Tokenizer = IndexOfTokenizer;

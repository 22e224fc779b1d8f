import { Tokenizer } from "htmlparser2";

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const EQ = 0x3d;

// htmlparser2's tokenizer states this file's methods move between (its private `State` enum).
const BEFORE_ATTRIBUTE_NAME = 8;
const AFTER_ATTRIBUTE_NAME = 10;
const AFTER_CLOSING_TAG_NAME = 7;
const TEXT = 1;
const IN_SPECIAL_TAG = 24;
const IN_PLAIN_TEXT = 25;

const isWhitespace = (c: number) => c === 0x20 || c === 0x0a || c === 0x09 || c === 0x0c || c === 0x0d;
const isEndOfTagSection = (c: number) => c === SLASH || c === GT || isWhitespace(c);

/**
 * htmlparser2's tokenizer with its skip-ahead done by the engine's `indexOf`: the library looks
 * for the next `<` (text, scripts, styles) or closing quote (attribute values) one character at a
 * time in JavaScript, which was a tenth of a page's extraction. Tag and attribute names are read
 * to their end in one loop, where the library goes back through its state switch for each
 * character. Same positions, same events. Pass it as the Parser's `Tokenizer` option.
 *
 * A page written in pieces (`Parser#write` per piece) gives the events the page in one string
 * gives: the library emits the text read so far at the end of each piece (one text in two
 * events, which readers that decode or trim each event would read differently); this one emits
 * it whole where it ends, sliced by the Parser across its pieces.
 */
class IndexOfTokenizer extends Tokenizer {}

/** The tokenizer's fields and callbacks these methods use (private in the library's typings). */
interface TokenizerState {
  buffer: string;
  index: number;
  offset: number;
  sectionStart: number;
  state: number;
  cbs: {
    onopentagname(start: number, end: number): void;
    onattribname(start: number, end: number): void;
    onclosetag(start: number, end: number): void;
  };
  stateBeforeAttributeName(c: number): void;
  stateAfterAttributeName(c: number): void;
  stateAfterClosingTagName(c: number): void;
  sequenceIndex: number;
}

/**
 * Moves the index to the first character from the current one that `end` accepts and returns it,
 * or -1 at the end of the buffer (the index then on its last character, as the library's loop
 * would leave it after reading every character in the same state).
 */
function skipTo(t: TokenizerState, c: number, end: (c: number) => boolean): number {
  const buf = t.buffer;
  let i = t.index - t.offset;
  while (!end(c)) {
    if (++i >= buf.length) {
      t.index = buf.length + t.offset - 1;
      return -1;
    }
    c = buf.charCodeAt(i);
  }
  t.index = i + t.offset;
  return c;
}

const isEndOfAttributeName = (c: number) => c === EQ || isEndOfTagSection(c);

// The library declares these methods private, so they are replaced on the subclass's prototype.
// Each is the library's own with the per-character loop folded in.
const cleanup = (Tokenizer.prototype as unknown as { cleanup(this: TokenizerState): void }).cleanup;

const methods: Record<string, (this: TokenizerState, c: number) => unknown> = {
  // Called at the end of each piece. A text section still open goes on in the next piece; what is
  // left of it at the very end is emitted by the library's end of parse (handleTrailingData), as
  // one string's last text is. Attribute values may come in parts (the Parser joins them).
  cleanup() {
    const s = this.state;
    if (s === TEXT || s === IN_PLAIN_TEXT || (s === IN_SPECIAL_TAG && this.sequenceIndex === 0)) return;
    cleanup.call(this);
  },
  fastForwardTo(c) {
    const at = this.buffer.indexOf(c === LT ? "<" : String.fromCharCode(c), this.index + 1 - this.offset);
    if (at >= 0) {
      this.index = at + this.offset;
      return true;
    }
    // As the original: the parse loop increments the index past the end.
    this.index = this.buffer.length + this.offset - 1;
    return false;
  },
  stateInTagName(c) {
    c = skipTo(this, c, isEndOfTagSection);
    if (c < 0) return;
    this.cbs.onopentagname(this.sectionStart, this.index);
    this.sectionStart = -1;
    this.state = BEFORE_ATTRIBUTE_NAME;
    this.stateBeforeAttributeName(c);
  },
  stateInAttributeName(c) {
    c = skipTo(this, c, isEndOfAttributeName);
    if (c < 0) return;
    this.cbs.onattribname(this.sectionStart, this.index);
    this.sectionStart = this.index;
    this.state = AFTER_ATTRIBUTE_NAME;
    this.stateAfterAttributeName(c);
  },
  stateInClosingTagName(c) {
    c = skipTo(this, c, isEndOfTagSection);
    if (c < 0) return;
    this.cbs.onclosetag(this.sectionStart, this.index);
    this.sectionStart = -1;
    this.state = AFTER_CLOSING_TAG_NAME;
    this.stateAfterClosingTagName(c);
  },
};
for (const [name, value] of Object.entries(methods))
  Object.defineProperty(IndexOfTokenizer.prototype, name, { value });

export const FastTokenizer: typeof Tokenizer = IndexOfTokenizer;

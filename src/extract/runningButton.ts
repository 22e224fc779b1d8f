// A button inside a sentence (a glossary or tooltip popover: "heat to [boil].") is a word of the
// sentence; a button that is a control ("Print", "1x", "Jump to recipe") is not. The page-text
// reader (pageBlocks) skips buttons; this says which ones keep their words. (The text snapshot,
// which structured data's steps are matched against, still skips them all: see bench/README.md.)

// One to four words of letters: a glossary term, not an icon, a count or a label with digits.
const WORDS = /^\s*\p{L}[\p{L}'’-]*(?:\s+\p{L}[\p{L}'’-]*){0,3}\s*$/u;
// What follows a word inside a sentence: its punctuation, or a space and a lower-case word.
const AFTER = /^(?:[.,;:!?)]|\s+\p{Ll})/u;
const LETTER_OR_COMMA = /[\p{L},]/u;
const SPACE = /\s/;

/**
 * Whether the text before a button leaves a sentence open ("Set a pot of water to "): a letter or a
 * comma, then a space. Only the end is read (a regex anchored at the end would try every position
 * of a long line).
 */
export function sentenceOpen(before: string): boolean {
  let i = before.length - 1;
  if (i < 0 || !SPACE.test(before.charAt(i))) return false;
  while (i >= 0 && SPACE.test(before.charAt(i))) i--;
  return i >= 0 && LETTER_OR_COMMA.test(before.charAt(i));
}

/**
 * Whether a button's text is a word of the sentence around it: the sentence open before it, one to
 * four words inside it, and the sentence going on after it (its punctuation or a lower-case word).
 */
export function runningButton(before: string, inside: string, after: string): boolean {
  return sentenceOpen(before) && WORDS.test(inside) && AFTER.test(after);
}

// V8 compiles a pattern's last part again for every way the part before it can end: after a long
// alternation of durations ("15 min", "1 hr 15 mins", "about 2 hours"…) a following alternation of
// labels was compiled into native code dozens of times (scanTimes' "value over its label" patterns:
// 16-20 ms each to compile, against 3.5 ms with the label read in a look-ahead). A look-ahead is
// compiled once, as its own piece; its capture, consumed by a back-reference, is the text the part
// would have matched.
//
// Same matches: at the very end of a pattern, the first way the last part matches is the one the
// pattern keeps (nothing after it can fail and send the engine back into it), and that is what the
// look-ahead, which never backtracks once it has matched, captures. If the part cannot match, the
// look-ahead fails and the engine goes back into the earlier parts just as before. A back-reference
// to a text matches that same text, under `i` and `u` too. Only for a part that ends the pattern,
// outside any alternation or quantifier.

/**
 * `(?=(tail))\N`: a pattern's final part read in a look-ahead and consumed by a back-reference. `group`
 * is the number of the capture this makes: the count of capturing groups before it, plus one.
 */
export function finalAhead(tail: string, group: number): string {
  return `(?=(${tail}))\\${group}`;
}

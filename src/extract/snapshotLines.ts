// The lines of a page's clean text snapshot, shared by the readers that compare structured lists
// with the lists the page shows (visibleList, splitSteps, gluedList): each of them split the
// whole snapshot again, and three of them took a page's list items out of it once more.

/**
 * The snapshot's lines by number, each sliced out only when asked: `split("\n")` made a string of
 * every line of the page where the readers look at a few. Its list items ("- " lines) are made
 * once, on first use.
 */
export class SnapshotLines {
  readonly text: string;
  private readonly starts: number[] = [];
  private itemTexts: string[] | null = null;

  constructor(text: string) {
    this.text = text;
    for (let s = 0; ;) {
      this.starts.push(s);
      const e = text.indexOf("\n", s);
      if (e < 0) break;
      s = e + 1;
    }
  }

  get length(): number {
    return this.starts.length;
  }

  start(i: number): number {
    return this.starts[i]!;
  }

  /** Where line `i` ends (its newline, or the end of the text). */
  end(i: number): number {
    return i + 1 < this.starts.length ? this.starts[i + 1]! - 1 : this.text.length;
  }

  line(i: number): string {
    return this.text.slice(this.start(i), this.end(i));
  }

  /** Whether line `i` is a list item ("- " first). */
  isItem(i: number): boolean {
    return this.text.startsWith("- ", this.starts[i]!);
  }

  /** The list items' text ("- " and the spaces around it cut), in page order. */
  items(): string[] {
    if (!this.itemTexts) {
      const out: string[] = [];
      for (let i = 0; i < this.starts.length; i++) if (this.isItem(i)) out.push(this.line(i).slice(2).trim());
      this.itemTexts = out;
    }
    return this.itemTexts;
  }
}

// The last snapshot's lines: an extraction reads one page at a time, and its readers ask in turn.
let last: SnapshotLines | null = null;

/** The lines of `snapshot`, made once for the page being read. */
export function snapshotLines(snapshot: string): SnapshotLines {
  if (last?.text !== snapshot) last = new SnapshotLines(snapshot);
  return last;
}

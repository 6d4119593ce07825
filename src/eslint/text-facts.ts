/**
 * What the prefilter reads from a text (its hints and the relative modules it names), kept by the
 * text itself. A lint run meets most files twice: as the file linted (ESLint's text) and as a
 * module another file imports (read from disk). The prefilter's patterns cost far more than
 * finding an equal text in a map: V8 keeps each string's hash, and compares equal lengths byte
 * for byte. A digest (SHA-1) cost 0.2-0.3 s on the bench corpus, most of it OpenSSL's per-call
 * start in a process as large as ESLint's.
 */
import type { Hints } from "../core/hints.js";
import { relativeImports } from "../core/import-graph.js";
import type { Prefilter } from "../core/prefilter.js";

export interface TextFacts {
  readonly hints: Hints;
  /** The relative module specifiers the text imports, unresolved (resolving depends on where the file is). */
  readonly specifiers: readonly string[];
}

/**
 * The texts kept, in characters: enough for the files linted between an importer and the modules
 * it imports (ESLint lints a folder's files together, and imports are mostly near), and a bound so
 * that an editor's long-running process stays flat. On the bench corpus (6,103 distinct texts,
 * 37 million characters) the prefilter read 6,466 texts with 2 Mi characters kept and 6,105 with
 * 16 Mi, but 16 Mi cost ESLint's process 125 MiB more peak memory, and time in the collector.
 */
const MAX_CHARACTERS = 2 * 1024 * 1024;
export class TextFactsCache {
  /** By text, the least recently used first; with the file it was last linted as, if any. */
  private readonly facts = new Map<string, { facts: TextFacts; linted: string | undefined }>();
  private characters = 0;
  /** The text each file was last linted with, while it is kept in `facts` (no more of them than it holds). */
  private readonly lintedText = new Map<string, string>();

  constructor(
    private readonly prefilter: () => Prefilter,
    private readonly maxCharacters = MAX_CHARACTERS,
  ) {}

  /**
   * The facts of `text`. `linted`: the file it is the text of, as ESLint gives it. An editor lints
   * a file on every keystroke, each time a new text: only the latest one of each file is kept, so
   * that the versions of one file do not push the modules it imports out, nor hold up the search
   * for a text of the same length (V8 keys a long string by its length: equal lengths are compared
   * character by character).
   */
  of(text: string, linted?: string): TextFacts {
    if (linted !== undefined) {
      const before = this.lintedText.get(linted);
      if (before !== undefined && before !== text) this.drop(before);
    }
    let entry = this.facts.get(text);
    if (entry) {
      this.facts.delete(text);
    } else {
      entry = { facts: { hints: this.prefilter().hints(text), specifiers: relativeImports(text) }, linted: undefined };
      this.characters += text.length;
    }
    if (linted !== undefined && entry.linted !== linted) {
      // One file per text: the file linted with it before now has none kept.
      if (entry.linted !== undefined && this.lintedText.get(entry.linted) === text) this.lintedText.delete(entry.linted);
      entry.linted = linted;
      this.lintedText.set(linted, text);
    }
    this.facts.set(text, entry);
    for (const [oldest] of this.facts) {
      if (this.characters <= this.maxCharacters) break;
      this.drop(oldest);
    }
    return entry.facts;
  }

  private drop(text: string): void {
    const entry = this.facts.get(text);
    if (!entry) return;
    this.facts.delete(text);
    this.characters -= text.length;
    if (entry.linted !== undefined && this.lintedText.get(entry.linted) === text) this.lintedText.delete(entry.linted);
  }
}

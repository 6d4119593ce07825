/**
 * What the prefilter reads from a text, as a scan keeps it for every file: signal bits and path
 * words, shared where they can be (see `Prefilter.hints`).
 */
import { StringPool } from "./string-pool.js";

/** What a file's text hints at, as bits, so that a file and the modules it imports can be judged together. */
export const Signal = {
  Distinctive: 1,
  /** Some path word of a deprecated endpoint or SDK resource (a constant worth reading from an importer). */
  PathWord: 2,
  ApiHint: 4,
  Weak: 8,
  DnsHint: 16,
  RequestLibrary: 32,
  RelativeImport: 64,
  /** `filter` or `output_options` as a key: with `dataset` or the jobs path, a Logpush job body may be built. */
  FilterKey: 128,
  Dataset: 256,
  ErrorCode: 512,
  ApiErrors: 1024,
  Srv: 2048,
  JobsPath: 4096,
  /** It re-exports names of a relative module (`export * from "./paths"`): a barrel, followed by the names its importers take. */
  ReExports: 8192,
  /** A Logpush filter written out (`where:` beside `operator`), which an imported function may send as a job's. */
  FilterWhere: 16384,
  /** Each bit from here on: one of the fields that matter only together (the framing headers). */
  FieldsTogether: 32768,
} as const;

/** A text's hints: signal bits and the path words it writes (canonical, each once). */
export interface Hints {
  readonly signals: number;
  readonly words: readonly string[];
}

export const NO_HINTS: Hints = Object.freeze({ signals: 0, words: Object.freeze([]) as readonly string[] });

/**
 * Most files write no path word: their hints are one of a few hundred sets of bits, shared
 * (a scan keeps the hints of every file it reads until it has judged the files with imports).
 */
const WORDLESS = new Map<number, Hints>([[0, NO_HINTS]]);
export function wordlessHints(signals: number): Hints {
  let hints = WORDLESS.get(signals);
  if (!hints) WORDLESS.set(signals, (hints = Object.freeze({ signals, words: NO_HINTS.words })));
  return hints;
}

/** Hints of several texts together. */
export function unionOfHints(list: Iterable<Hints>): Hints {
  let signals = 0;
  const words = new Set<string>();
  for (const hints of list) {
    signals |= hints.signals;
    for (const word of hints.words) words.add(word);
  }
  const sorted = [...words].sort();
  WORD_SETS.set(sorted, words);
  return { signals, words: sorted };
}

/**
 * Hints' words as a set: for words joined by `unionOfHints`, the set it made them with (the
 * prefilter looks words up in a file's words joined with its imports' more than once, thousands
 * of words where a barrel is imported); other words (a file's own, kept for the whole scan) get
 * a set of their own, not kept.
 */
const WORD_SETS = new WeakMap<readonly string[], ReadonlySet<string>>();
const wordSetOf = (words: readonly string[]): ReadonlySet<string> => WORD_SETS.get(words) ?? new Set(words);

/**
 * The words of a file's own hints and of the same joined with others', as sets to look words up
 * in: one set when the joined words hold the file's own (as `hintsWithImports` makes them).
 */
export function wordSetsOf(own: Hints, joined: Hints): readonly ReadonlySet<string>[] {
  if (own.words.length === 0 && joined.words.length === 0) return [];
  const all = wordSetOf(joined.words);
  return own === joined || own.words.every((word) => all.has(word)) ? [all] : [new Set(own.words), all];
}

/**
 * The words and imports a scan keeps for every file, one copy of each, none of them a view of the
 * file's text (that would keep every file's text alive: at 8 copies of the benchmark corpus, 330
 * MiB of peak memory). Sharing them saved 4.5 MB of 45 MB at the end of reading there.
 */
export const KEPT_STRINGS = new StringPool();

/**
 * What the thread that reads a project's files ahead (`read-ahead-worker.ts`) tells the rules'
 * thread (`read-ahead.ts`), and how both know a text again.
 */
import type { MessagePort } from "node:worker_threads";

export interface ReadAheadSetup {
  /** The folder whose source files are read (ESLint's working directory). */
  root: string;
  /** The most files read (walked, or imported by those): a bound on the memory the facts take in both threads. */
  maxFiles: number;
  /** Where the facts are sent, in batches. */
  port: MessagePort;
}

/** The prefilter's facts of one file as read from disk, with what tells whether they still hold. */
export interface FileAhead {
  path: string;
  /** The file's stamp when it was read (`stampOf`): the facts hold for the file while it has this stamp. */
  stamp: string;
  /** When the stamp was taken (`Date.now()`). */
  read: number;
  /** The text's length and `textDigest`: the facts hold for a text ESLint lints if both are equal. */
  length: number;
  digest: number;
  signals: number;
  words: string[];
  specifiers: string[];
  /** The specifiers resolved (`resolveProjectImport`), those that resolve. */
  imports: string[];
}

/**
 * What a folder the worker walked holds of the names the plugin's config lookup asks about
 * (`project-config.ts`), as `FolderMark` bits. A folder where one of them is a symbolic link is
 * not sent: the rules' thread asks the file system, which follows it.
 */
export interface FolderAhead {
  path: string;
  marks: number;
  /** When it was listed (`Date.now()`). */
  read: number;
}

export const FolderMark = {
  /** A `sunset-lint.config.json`. */
  ConfigFile: 1,
  /** A `package.json` whose text names `"sunset-lint"`, or one that could not be read (the rules' thread reads it, and reports what is wrong). */
  PackageKey: 2,
  /** A `.git`: the repository's root, where the lookup stops. */
  Repository: 4,
} as const;

/**
 * The prefilter's verdict on a file the worker walked (`Prefilter.narrowingOf`), from its text as
 * read (`FileAhead`'s length and digest tell it) and the files around it as read since `since`.
 */
export interface VerdictAhead {
  path: string;
  rules: string[] | "all";
  logpushJobRequests: boolean;
  /** When the worker began reading (`Date.now()`): every fact the verdict rests on was read since. */
  since: number;
}

export interface ReadAheadBatch {
  /** The files read since the last batch: those walked, and those their verdicts import. */
  files: FileAhead[];
  /** The verdicts worked out since the last batch (each file's facts are in this batch or an earlier one). */
  verdicts: VerdictAhead[];
  /** The folders walked since the last batch. */
  folders: FolderAhead[];
  /** The last batch: every file was read (or `maxFiles` were). */
  done: boolean;
}

/**
 * A 53-bit digest of a text (cyrb53: two 32-bit multiplicative hashes over its UTF-16 code units),
 * to tell that the text ESLint lints is the one read from disk: the same length and digest.
 * Plain JavaScript: 67 ms for the bench corpus's 40 million characters, where a cryptographic
 * digest would answer a question of collisions no one asks here (a file edited to a text of the
 * same length whose digest is equal: one chance in 2^53).
 */
export function textDigest(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

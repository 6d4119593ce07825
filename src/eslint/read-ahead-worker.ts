/**
 * Reads a project's source files ahead of ESLint, on its own thread: each file's prefilter facts
 * (hints, imports, resolved imports) and the prefilter's verdict on it (`Prefilter.narrowingOf`,
 * joined with the files it imports, read here too), sent in batches to the rules' thread (see
 * `read-ahead.ts`).
 * Walks the folder it is given depth first, in name order, leaving out `node_modules` and folders
 * whose name starts with a dot (`.git`, `.next`: ESLint leaves out the first two by default, and
 * build output in the others is seldom linted); a file it left out is read on the rules' thread
 * if it is needed. With the files, what each folder walked holds of the names the config lookup
 * asks about (`FolderAhead`), read from the same listings.
 */
import { readdirSync, readFileSync, readlinkSync, statSync, type Dirent } from "node:fs";
import { setPriority } from "node:os";
import { join } from "node:path";
import { workerData } from "node:worker_threads";
import { loadBundledCatalogue } from "../catalogue/load.js";
import { NO_HINTS, type Hints } from "../core/hints.js";
import { NO_IMPORTS, relativeImports, type ImportGraph } from "../core/import-graph.js";
import { Prefilter } from "../core/prefilter.js";
import { readSource } from "../files/read-source.js";
import { isSourceName } from "../files/resolve-import.js";
import { stampOf } from "../files/stamped-cache.js";
import { resolveProjectImport } from "./project-imports.js";
import { FolderMark, textDigest, type FileAhead, type FolderAhead, type ReadAheadBatch, type ReadAheadSetup, type VerdictAhead } from "./read-ahead-protocol.js";

/** Files per message: the rules' thread takes them in a few microseconds, and is never far behind. */
const BATCH = 64;
/** The most folders walked: a working directory above every project (a home folder) is not walked whole. */
const MAX_FOLDERS = 20_000;
let folders = 0;

// On Linux this thread alone takes the lowest priority (`/proc/thread-self` names its task): it
// uses a core only when ESLint's thread and V8's collector leave it idle, never theirs.
try {
  const task = Number(readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isInteger(task) && task > 0) setPriority(task, 19);
} catch {
  // another system: the worker keeps the process's priority
}

const { root, maxFiles, port } = workerData as ReadAheadSetup;
const prefilter = new Prefilter(loadBundledCatalogue());
let batch: FileAhead[] = [];
/** The verdicts worked out since the last batch was sent. */
let verdicts: VerdictAhead[] = [];
/** The folders walked since the last batch was sent. */
let walked: FolderAhead[] = [];
/**
 * Every file read here, walked or imported (null: it could not be read), for the verdicts. Each
 * is read once, and sent once; at most `maxFiles`.
 */
const known = new Map<string, Known | null>();
/** When the walk began: no fact a verdict rests on was read before (see `VerdictAhead.since`). */
const since = Date.now();
/** The last text read for a verdict's barrels (the file judged, mostly: it was just read). */
let lastText: { path: string; text: string | null } = { path: "", text: null };
/** The import graph of every verdict, as the rules' thread makes it of the same files (see `analysis.ts`). */
const graph: ImportGraph = {
  hintsOf: (path) => factsFor(path)?.hints ?? NO_HINTS,
  importsOf: (path) => factsFor(path)?.sent.imports ?? NO_IMPORTS,
  textOf: (path) => {
    if (lastText.path !== path) {
      const source = readSource(path);
      lastText = { path, text: source.ok ? source.text : null };
    }
    return lastText.text;
  },
  resolve: (from, specifier) => resolveProjectImport(from, specifier),
};

/** Set when a file was not read because `maxFiles` were: a verdict that asked for it is not sent. */
let full = false;
for (const path of sourceFiles(root)) {
  if (!factsFor(path)) {
    if (full) break;
    continue;
  }
  const narrowing = prefilter.narrowingOf(path, graph);
  if (full) break;
  verdicts.push({ path, rules: narrowing.rules === "all" ? "all" : [...narrowing.rules], logpushJobRequests: narrowing.logpushJobRequests, since });
  if (batch.length + verdicts.length >= BATCH) send(false);
}
send(true);
port.close();

function send(done: boolean): void {
  port.postMessage({ files: batch, verdicts, folders: walked, done } satisfies ReadAheadBatch);
  batch = [];
  verdicts = [];
  walked = [];
}

/** A file's facts as sent, with its hints as the prefilter gave them (a set of words, for the verdicts). */
interface Known {
  sent: FileAhead;
  hints: Hints;
}

/** A file's facts, read now if they were not (and sent with the next batch); null if it cannot be read, or `maxFiles` were. */
function factsFor(path: string): Known | null {
  let facts = known.get(path);
  if (facts === undefined) {
    if (known.size >= maxFiles) {
      full = true;
      return null;
    }
    facts = factsOf(path);
    known.set(path, facts);
    if (facts) batch.push(facts.sent);
  }
  return facts;
}

function factsOf(path: string): Known | null {
  let stamp: string;
  const read = Date.now();
  try {
    // Before the text is read: a file changed in between has a newer stamp than these facts.
    stamp = stampOf(statSync(path));
  } catch {
    return null;
  }
  const source = readSource(path);
  if (!source.ok) return null;
  const text = source.text;
  const hints = prefilter.hints(text);
  const specifiers = relativeImports(text);
  lastText = { path, text };
  const sent: FileAhead = {
    path,
    stamp,
    read,
    length: text.length,
    digest: textDigest(text),
    signals: hints.signals,
    words: [...hints.words],
    specifiers: [...specifiers],
    imports: specifiers.flatMap((specifier) => resolveProjectImport(path, specifier) ?? []),
  };
  return { sent, hints };
}

/** The JavaScript and TypeScript files under a folder (not declaration files), depth first. */
function* sourceFiles(folder: string): Generator<string> {
  if (++folders > MAX_FOLDERS) return;
  let entries;
  // The time before the listing: a name added while it is read is looked for again sooner, not later.
  const listed = Date.now();
  try {
    entries = readdirSync(folder, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  } catch {
    return;
  }
  const marks = folderMarks(folder, entries);
  if (marks !== null) walked.push({ path: folder, marks, read: listed });
  for (const entry of entries) {
    if (entry.isFile() && isSourceName(entry.name) && !/\.d\.[cm]?ts$/.test(entry.name)) yield join(folder, entry.name);
  }
  for (const entry of entries) {
    if (entry.isDirectory() && entry.name !== "node_modules" && !entry.name.startsWith(".")) yield* sourceFiles(join(folder, entry.name));
  }
}

/** The config lookup's names in a folder's listing (see `FolderAhead`): null if one is a symbolic link. */
function folderMarks(folder: string, entries: readonly Dirent[]): number | null {
  let marks = 0;
  for (const entry of entries) {
    const mark = entry.name === "sunset-lint.config.json" ? FolderMark.ConfigFile : entry.name === "package.json" ? FolderMark.PackageKey : entry.name === ".git" ? FolderMark.Repository : 0;
    if (mark === 0) continue;
    if (entry.isSymbolicLink()) return null;
    if (mark !== FolderMark.PackageKey || !entry.isFile() || !packageWithoutKey(join(folder, entry.name))) marks |= mark;
  }
  return marks;
}

/**
 * Whether a package.json has no "sunset-lint" key, by the test `loadConfigFile` makes first (the
 * words are not in its text): the rules' thread would find nothing in it. One that cannot be read
 * is left to the rules' thread, which reports it.
 */
function packageWithoutKey(path: string): boolean {
  try {
    return !readFileSync(path, "utf8").includes('"sunset-lint"');
  } catch {
    return false;
  }
}

/**
 * A project's files read ahead on another thread, in a run over many files (ESLint's command
 * line, a lint of the whole project): the prefilter's facts of each source file under ESLint's
 * working directory (hints, imports, resolved imports) are worked out by a worker while ESLint
 * parses, instead of on ESLint's thread when a file is linted or imported. On the bench corpus
 * that work was a third of the plugin's own time on ESLint's thread.
 *
 * The worker also works out the prefilter's verdict on each file it walks, from the facts of the
 * files it imports (which it reads then, if it has not yet): on the bench corpus, joining them was
 * a third of the plugin's time left on ESLint's thread. A verdict is given for a text of the
 * same length and digest, to a caller that trusts what was read since the worker began (in a run
 * over many files: its whole burst, by the plugin's clock).
 *
 * The facts hold only for the text they were read from: an imported file's while its stamp is
 * the same, the linted file's if ESLint's text has the same length and digest (not after a fix,
 * nor an editor's unsaved buffer). The linted file's resolved imports are taken from the worker
 * only for `FRESH_MS` after it read the file (an editor resolves them afresh each second; a file
 * created since may change them). A file not read yet is read here, as without the worker: the
 * answers are the same, only sooner.
 *
 * Not in an editor: the worker starts once `after` distinct files are linted within `BURST_MS`
 * (an editor lints the file being edited, again and again, and opens files one by one); never on
 * a worker thread (ESLint's `--concurrency` spreads files over threads already), nor with one
 * processor. On the bench's two cores ESLint's wall time was about the same with it as without
 * (1.01x, paired, n=5; 0.99x once the worker's thread ran at the lowest priority): the worker
 * competes with the garbage collector's helpers for the second core. With more cores its work is
 * done beside ESLint's.
 */
import { existsSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { isMainThread, MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from "node:worker_threads";
import type { RuleName } from "../catalogue/types.js";
import { KEPT_STRINGS, wordlessHints, type Hints } from "../core/hints.js";
import { NO_IMPORTS } from "../core/import-graph.js";
import { NO_NARROWING, type Narrowing } from "../core/options.js";
import { BURST_FILES, BURST_MS } from "./lint-clock.js";
import { textDigest, type ReadAheadBatch, type ReadAheadSetup } from "./read-ahead-protocol.js";
import type { TextFacts } from "./text-facts.js";

/** How long after the worker read a file its resolved imports are given for the file linted. */
const FRESH_MS = 60_000;

/** What a file imported gives the prefilter: its hints and resolved imports. */
export interface ImportedFacts {
  hints: Hints;
  imports: readonly string[];
}

/** What the rules' thread keeps of a file read ahead. */
interface Ahead {
  /** When the worker took its stamp, before reading it (`Date.now()`). */
  read: number;
  stamp: string;
  length: number;
  digest: number;
  facts: TextFacts;
  imports: readonly string[];
  /** The two together, as `importedSince` gives them. */
  imported: ImportedFacts;
  /** The prefilter's verdict on the text read, once the worker has worked it out. */
  verdict?: { narrowing: Narrowing; since: number };
}

export interface ReadAheadOptions {
  /** Distinct files linted before the worker starts (0: never). */
  after: number;
  /** The most files the worker reads. */
  maxFiles: number;
  /** The worker's script (compiled: from TypeScript sources, as in tests run from them, there is none and nothing is read ahead). */
  script: URL;
}

export class ReadAhead {
  /** The distinct files linted since `burstStart`. */
  private readonly linted = new Set<string>();
  private burstStart = 0;
  private started = false;
  private port: MessagePort | null = null;
  private readonly files = new Map<string, Ahead>();
  /** What each folder walked holds of the config lookup's names (`FolderMark` bits), and when it was read. */
  private readonly folders = new Map<string, { marks: number; read: number }>();
  /**
   * Resolved imports, one copy of each path (thousands of files import the same few modules).
   * A plain map, not a `StringPool`: what the worker sends arrives as new strings, views of nothing.
   */
  private readonly paths = new Map<string, string>();
  /** How many times facts read ahead were given (for tests and measurements). */
  private served = 0;
  /** How many times a folder's facts were given. */
  private foldersServed = 0;
  /** How many times a verdict was given. */
  private verdictsServed = 0;
  /** One object for each distinct verdict (there are a few dozen). */
  private readonly narrowings = new Map<string, Narrowing>();

  constructor(
    private readonly options: ReadAheadOptions,
    private readonly now: () => number = Date.now,
  ) {}

  /** Tells of a file being linted, with ESLint's working directory: the worker reads that folder once enough files have been linted. */
  noteLinted(file: string, cwd: string): void {
    if (this.started || this.options.after <= 0 || !file.startsWith(cwd.endsWith(sep) ? cwd : cwd + sep)) return;
    const now = this.now();
    if (now - this.burstStart > BURST_MS) {
      this.linted.clear();
      this.burstStart = now;
    }
    this.linted.add(file);
    if (this.linted.size < this.options.after) return;
    this.started = true;
    this.linted.clear();
    this.start(cwd);
  }

  /**
   * The facts of a text ESLint lints, if the worker read the same text at this path, with its
   * resolved imports if it read it less than `FRESH_MS` ago (else null: to be resolved now), and
   * the prefilter's verdict on it if the worker has worked it out from files it read at
   * `verdictSince` or later (else null: to be worked out now).
   */
  factsOfText(path: string, text: string, verdictSince = Number.POSITIVE_INFINITY): { facts: TextFacts; imports: readonly string[] | null; narrowing: Narrowing | null } | null {
    const ahead = this.ahead(path);
    if (!ahead || ahead.length !== text.length || ahead.digest !== textDigest(text)) return null;
    this.served++;
    const narrowing = ahead.verdict && ahead.verdict.since >= verdictSince ? ahead.verdict.narrowing : null;
    if (narrowing) this.verdictsServed++;
    return { facts: ahead.facts, imports: this.now() - ahead.read <= FRESH_MS ? ahead.imports : null, narrowing };
  }

  /**
   * The hints and resolved imports of a file on disk, if the worker read it at `since` or later:
   * for a caller that trusts what it learnt of a file since then without a `stat` (the plugin's
   * caches, by its clock: in a run over many files, its start). The worker took the file's stamp
   * when it read it, as the caller would have.
   */
  importedSince(path: string, since: number): ImportedFacts | null {
    const ahead = this.ahead(path);
    if (!ahead || ahead.read < since) return null;
    this.served++;
    return ahead.imported;
  }

  /** The facts and resolved imports of a file on disk, if the worker read it as it is now (`stamp`: see `stampOf`). */
  factsOfFile(path: string, stamp: string): { facts: TextFacts; imports: readonly string[] } | null {
    const ahead = this.ahead(path);
    if (!ahead || ahead.stamp !== stamp) return null;
    this.served++;
    return ahead;
  }

  /** What a folder holds of the config lookup's names (`FolderMark` bits) and when the worker read it, if it walked it. */
  folder(path: string): { marks: number; read: number } | undefined {
    if (this.port) this.receive(this.port);
    const folder = this.folders.get(path);
    if (folder) this.foldersServed++;
    return folder;
  }

  /** Whether the worker was started, whether it has sent everything, how many files it sent, how many times their facts were given, folders' and verdicts. */
  state(): { started: boolean; done: boolean; files: number; served: number; foldersServed: number; verdictsServed: number } {
    if (this.port) this.receive(this.port);
    return { started: this.started, done: this.started && this.port === null, files: this.files.size, served: this.served, foldersServed: this.foldersServed, verdictsServed: this.verdictsServed };
  }

  private ahead(path: string): Ahead | undefined {
    if (this.port) this.receive(this.port);
    return this.files.get(path);
  }

  private start(root: string): void {
    const script = this.options.script;
    // With one processor the worker could only take turns with ESLint: the same work, and more.
    // Nor from the file system's root (ESLint run from `/`): that is not a project.
    if (!isMainThread || availableParallelism() < 2 || dirname(root) === root || !existsSync(fileURLToPath(script))) return;
    try {
      const { port1, port2 } = new MessageChannel();
      const worker = new Worker(script, { workerData: { root, maxFiles: this.options.maxFiles, port: port2 } satisfies ReadAheadSetup, transferList: [port2] });
      // Neither keeps ESLint's process alive; a worker that fails leaves the files to be read here.
      worker.unref();
      worker.on("error", () => {});
      port1.unref();
      this.port = port1;
    } catch {
      this.port = null;
    }
  }

  private onePath(path: string): string {
    const known = this.paths.get(path);
    if (known !== undefined) return known;
    this.paths.set(path, path);
    return path;
  }

  private oneNarrowing(rules: string[] | "all", logpushJobRequests: boolean): Narrowing {
    if (rules === "all" && logpushJobRequests) return NO_NARROWING;
    const key = `${rules === "all" ? "*" : rules.join(",")}|${logpushJobRequests}`;
    let narrowing = this.narrowings.get(key);
    if (!narrowing) this.narrowings.set(key, (narrowing = Object.freeze({ rules: rules === "all" ? rules : (Object.freeze(rules) as readonly RuleName[]), logpushJobRequests })));
    return narrowing;
  }

  /** Takes what the worker has sent so far, without waiting. */
  private receive(port: MessagePort): void {
    for (let received = receiveMessageOnPort(port); received !== undefined; received = receiveMessageOnPort(port)) {
      const batch = received.message as ReadAheadBatch;
      for (const file of batch.files) {
        const hints = file.words.length === 0 ? wordlessHints(file.signals) : { signals: file.signals, words: file.words.map((word) => KEPT_STRINGS.intern(word)) };
        const specifiers = file.specifiers.length === 0 ? NO_IMPORTS : file.specifiers.map((specifier) => KEPT_STRINGS.intern(specifier));
        const imports = file.imports.length === 0 ? NO_IMPORTS : file.imports.map((path) => this.onePath(path));
        this.files.set(file.path, { read: file.read, stamp: file.stamp, length: file.length, digest: file.digest, facts: { hints, specifiers }, imports, imported: { hints, imports } });
      }
      for (const verdict of batch.verdicts) {
        const ahead = this.files.get(verdict.path);
        if (ahead) ahead.verdict = { narrowing: this.oneNarrowing(verdict.rules, verdict.logpushJobRequests), since: verdict.since };
      }
      for (const folder of batch.folders) this.folders.set(folder.path, { marks: folder.marks, read: folder.read });
      if (batch.done) {
        port.close();
        this.port = null;
        return;
      }
    }
  }
}

/**
 * `SUNSET_LINT_READ_AHEAD`: the distinct files linted before the worker starts (unless set, as
 * many as make a burst for the plugin's clock: `BURST_FILES`, 16),
 * `0` or `off` never to start it.
 */
export function readAheadAfter(setting = process.env.SUNSET_LINT_READ_AHEAD): number {
  if (setting === undefined || setting === "") return BURST_FILES;
  if (setting === "off") return 0;
  const after = Number(setting);
  return Number.isInteger(after) && after >= 0 ? after : BURST_FILES;
}

/**
 * The plugin's reading ahead, one per thread that lints: the analysis asks it for files' facts, the
 * config lookup for folders'. As many files as the analysis keeps of imported files (50,000).
 */
export const projectReadAhead = new ReadAhead({ after: readAheadAfter(), maxFiles: 50_000, script: new URL("./read-ahead-worker.js", import.meta.url) });

/**
 * Finds the files to scan: the given files, and below the given directories every file of an
 * enabled language (by extension, or by shebang for a file without one) that is not ignored by a `.gitignore` (from the
 * file's directory up to the repository root, and `.git/info/exclude`), by the default ignores
 * or by `--ignore` patterns. A path that does not exist but holds glob characters is expanded as
 * a glob. Problems (a broken symbolic link) are returned; a named path that is not there is a
 * `ScanUsageError`.
 *
 * The walk is one `readdir` per directory, ignored directories pruned before they are entered,
 * so its cost grows linearly with the tree (200,000 files in one directory included).
 */
import { closeSync, constants, existsSync, lstatSync, openSync, readdirSync, readSync, realpathSync, statSync, type Dirent } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { createRequire } from "node:module";
import type { Ignore } from "ignore";
import { bundleDescription, bundlerOf } from "../files/generated-bundle.js";
import { readSource } from "../files/read-source.js";
import { directoryFilesOf, directoryFilesOfNames, isImportableName, type DirectoryFiles, type Listings } from "../files/resolve-import.js";
import { DEFAULT_LANGUAGES, LANGUAGE_LABELS, languageOfPath, languageOfShebang, type LanguageId } from "../languages/index.js";
import { ScanUsageError } from "./errors.js";
import { GitignoreIndex, ignore, isInside } from "./gitignore-index.js";
import { KEPT_DIRECTORY, KEPT_LINK, KEPT_MINIFIED, KEPT_SCRIPT, LISTED_FILE, LISTED_LINK, WalkRulesChanged, type DirectoryRecord, type DiscoveryMemo, type KeptEntry } from "./discovery-memo.js";

/** Directories never entered, and those left out unless `--no-default-ignores`. */
const ALWAYS_PRUNED = new Set([".git", "node_modules", ".sunset-lint-cache"]);
/**
 * Build output (also the frameworks' own: Next's `.next`, Nuxt's `.nuxt`, Nitro's `.output`,
 * SvelteKit's `.svelte-kit`; and Wrangler's `.wrangler`, its bundles and local state, committed in
 * public Workers repositories, where its bundled copy of the worker repeated every finding), and
 * the third-party code other ecosystems keep in the tree (Go and PHP `vendor`, Python
 * environments, Terraform's module cache).
 */
const DEFAULT_PRUNED = new Set(["dist", "build", "coverage", ".next", ".nuxt", ".output", ".svelte-kit", ".wrangler", "vendor", ".terraform", "__pycache__", ".venv", "venv", "site-packages", ".tox"]);
/** Lock files and other generated JSON that is large and never code. */
const GENERATED_FILES = new Set(["package-lock.json", "npm-shrinkwrap.json", "composer.lock", "yarn.lock", "pnpm-lock.yaml", "Pipfile.lock", "poetry.lock"]);
/** As globs, for the documentation and `--help`. */
export const DEFAULT_IGNORES = [
  ...["**/node_modules/**", "**/dist/**", "**/build/**", "**/coverage/**", "**/.git/**", "**/*.d.ts", "**/*.d.mts", "**/*.d.cts", "**/*.min.js"],
  ...["**/.next/**", "**/.nuxt/**", "**/.output/**", "**/.svelte-kit/**", "**/.wrangler/**"],
  ...["**/vendor/**", "**/.terraform/**", "**/__pycache__/**", "**/.venv/**", "**/venv/**", "**/site-packages/**", "**/.tox/**"],
  ...[...GENERATED_FILES].map((name) => `**/${name}`),
];

export interface FileProblem {
  /** Path relative to the working directory, `/` separators. */
  file: string;
  message: string;
  /**
   * `unscannable`: the file should have been analysed and could not be (syntax error, analyser
   * failure, unreadable, broken link), which fails the run; `skipped`: left out by policy (size
   * limit, binary, not a source file), named in a notice. Absent in results of older versions:
   * read as `unscannable`.
   */
  kind?: "unscannable" | "skipped";
}

export interface DiscoverOptions {
  cwd: string;
  paths: readonly string[];
  ignore?: readonly string[];
  /** Scan files the default ignores skip (dist, build, minified files…). */
  noDefaultIgnores?: boolean;
  respectGitignore?: boolean;
  /** The languages read (default: all but Markdown). */
  languages?: readonly LanguageId[];
  /** The last walk's decisions, replayed where the tree is unchanged, and this walk's recorded (`--cache`). */
  memo?: DiscoveryMemo;
  /** Called once, as soon as the walk has found this many files (a large scan starts its worker meanwhile). */
  whenFound?: { files: number; then: (languages: ReadonlyMap<string, LanguageId>) => void };
}

export interface Discovery {
  /** Absolute paths, sorted. */
  files: string[];
  problems: FileProblem[];
  /** The language of each file. */
  languages: Map<string, LanguageId>;
  /** The directory listings the walk read or replayed (by real path), for resolving imports without reading them again. */
  listings: Listings;
}

/** What the scan reads: files of the enabled languages by extension, and extensionless scripts by shebang. */
class LanguageFilter {
  constructor(readonly enabled: ReadonlySet<LanguageId>) {}

  /** The file's language when the scan reads it (by extension or name), `undefined` when a shebang may tell. */
  byName(path: string): LanguageId | null | undefined {
    const name = basename(path);
    if (GENERATED_FILES.has(name)) return null;
    const language = languageOfPath(name);
    if (language) return this.enabled.has(language) ? language : null;
    return name.includes(".") ? null : undefined;
  }

  /** An extensionless file's language, from its first line. */
  byShebang(path: string): LanguageId | null {
    const language = languageOfShebang(firstLine(path));
    return language && this.enabled.has(language) ? language : null;
  }

  describe(): string {
    return [...this.enabled].map((id) => LANGUAGE_LABELS[id]).join(", ");
  }
}

function firstLine(path: string): string {
  let fd: number | null = null;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const buffer = Buffer.alloc(128);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, read).toString("latin1");
    return text.startsWith("#!") ? text.split("\n")[0]! : "";
  } catch {
    return "";
  } finally {
    if (fd !== null) closeSync(fd);
  }
}

const notScanned = (filter: LanguageFilter) => `not a file in a language this scan reads (${filter.describe()}; see --languages)`;

/**
 * A directory entry's path: `join` without its normalizing, which the walk does not need (the
 * directory is a real path already, an entry's name holds no separator) and which cost a warm
 * scan of the corpus about 8 ms over its 9,600 entries.
 */
const child = (directory: string, name: string) => (directory.endsWith(sep) ? directory + name : directory + sep + name);

export const toPosixRelative = (cwd: string, path: string) => relative(cwd, path).split(sep).join("/") || ".";

/** The ignore rules of a scan: pruned directory names, the user's patterns, `.gitignore` files. */
class IgnoreRules {
  private readonly userIgnore: Ignore | null;
  readonly gitignores: GitignoreIndex | null;

  constructor(private readonly options: DiscoverOptions) {
    this.userIgnore = options.ignore?.length ? ignore().add(options.ignore.map((pattern) => pattern.replace(/^\.\//, ""))) : null;
    this.gitignores = options.respectGitignore === false ? null : new GitignoreIndex(options.cwd, options.memo ?? null);
  }

  pruned(name: string): boolean {
    return ALWAYS_PRUNED.has(name) || (!this.options.noDefaultIgnores && DEFAULT_PRUNED.has(name));
  }

  /** Ignored by the user's patterns, matched against the path from the working directory and from the walked root. */
  ignoredByUser(path: string, root: string, directory: boolean): boolean {
    if (!this.userIgnore) return false;
    const suffix = directory ? "/" : "";
    const fromCwd = toPosixRelative(this.options.cwd, path);
    if (!fromCwd.startsWith("../") && fromCwd !== "." && this.userIgnore.ignores(fromCwd + suffix)) return true;
    const fromRoot = toPosixRelative(root, path);
    return fromRoot !== "." && !fromRoot.startsWith("../") && this.userIgnore.ignores(fromRoot + suffix);
  }
}

/**
 * Why a directory walk of these paths would not scan this file, or null when it would
 * (`--print-config`). Follows the walk's rules: pruned directories, `.min.js`, the user's
 * patterns, `.gitignore` files; and the read's: generated bundles.
 */
export function ignoredBecause(file: string, options: DiscoverOptions): string | null {
  const filter = new LanguageFilter(new Set(options.languages ?? DEFAULT_LANGUAGES));
  const language = filter.byName(file);
  if (language === null || (language === undefined && filter.byShebang(file) === null)) return notScanned(filter);
  const rules = new IgnoreRules(options);
  const roots = (options.paths.length > 0 ? options.paths : ["."]).map((path) => resolve(options.cwd, path));
  const root = roots.find((candidate) => candidate === file || isInside(file, candidate));
  if (!root) return `outside the paths scanned (${roots.map((r) => toPosixRelative(options.cwd, r)).join(", ")})`;
  if (root === file) return null; // named explicitly: scanned whatever the ignores say
  for (let directory = dirname(file); directory !== root && isInside(directory, root); directory = dirname(directory)) {
    const name = directory.slice(dirname(directory).length + 1);
    if (rules.pruned(name)) return `inside ${name}/, which is left out by default${ALWAYS_PRUNED.has(name) ? "" : " (--no-default-ignores scans it)"}`;
    if (rules.ignoredByUser(directory, root, true)) return `inside ${toPosixRelative(options.cwd, directory)}/, which matches an ignore pattern`;
    if (rules.gitignores?.ignores(directory, true)) return `inside ${toPosixRelative(options.cwd, directory)}/, which a .gitignore ignores`;
  }
  if (!options.noDefaultIgnores && file.endsWith(".min.js")) return "a minified bundle (*.min.js), left out by default";
  if (rules.ignoredByUser(file, root, false)) return "it matches an ignore pattern";
  if (rules.gitignores?.ignores(file, false)) return "a .gitignore ignores it";
  // Told by its text, as the scan tells it when it reads the file.
  const read = options.noDefaultIgnores ? null : readSource(file);
  const bundler = read?.ok ? bundlerOf(file, read.text) : null;
  if (bundler !== null) return `${bundleDescription(bundler)}, left out by default (--no-default-ignores scans it)`;
  return null;
}

export function discoverFiles(options: DiscoverOptions): Discovery {
  try {
    return walk(options);
  } catch (error) {
    if (!(error instanceof WalkRulesChanged) || !options.memo) throw error;
    // A directory gained or lost ignore rules: nothing recorded below it can be trusted.
    options.memo.forget();
    return walk(options);
  }
}

/** What discovery depends on besides the file system: a walk record made with other options is not replayed. */
export function discoveryKey(options: DiscoverOptions): string {
  return JSON.stringify([options.cwd, options.paths, options.ignore ?? [], options.noDefaultIgnores ?? false, options.respectGitignore ?? true, options.languages ?? DEFAULT_LANGUAGES]);
}

function walk(options: DiscoverOptions): Discovery {
  const { cwd, memo } = options;
  const problems: FileProblem[] = [];
  const files = new Set<string>();
  const languages = new Map<string, LanguageId>();
  const listings = new Map<string, DirectoryFiles>();
  const rules = new IgnoreRules(options);
  const gitignores = rules.gitignores;
  const filter = new LanguageFilter(new Set(options.languages ?? DEFAULT_LANGUAGES));
  /** Directories whose record was replayed: their listing is built from it if an import needs it. */
  const replayed = new Map<string, DirectoryRecord>();
  /** The directory being walked, as given and as its real path. */
  let root = "";
  let real = "";

  for (const given of expandGlobs(options.paths.length > 0 ? options.paths : ["."], cwd)) {
    const path = isAbsolute(given) ? given : resolve(cwd, given);
    if (given === "-") throw new ScanUsageError("-: give --stdin (and --stdin-filename) to scan code from standard input");
    let stats;
    try {
      stats = statSync(path);
    } catch {
      let dangling = false;
      try {
        dangling = lstatSync(path).isSymbolicLink();
      } catch {
        // not there at all
      }
      // A path the user named that is not there: the run cannot look at what it was asked to.
      throw new ScanUsageError(`${toPosixRelative(cwd, path)}: ${dangling ? "broken symbolic link: its target does not exist" : "no such file or directory"}`);
    }
    if (stats.isFile()) {
      // A file named explicitly is scanned even if an ignore would skip it in a directory walk.
      const language = filter.byName(path) ?? (filter.byName(path) === undefined ? filter.byShebang(path) : null);
      if (language) include(path, language);
      else problems.push({ file: toPosixRelative(cwd, path), kind: "skipped", message: notScanned(filter) });
      continue;
    }
    if (!stats.isDirectory()) {
      throw new ScanUsageError(`${given}: not a file or a directory (a device, FIFO or socket cannot be scanned; name the files or directories to scan)`);
    }
    // A directory given through a symbolic link is followed: walk its target, report paths under the name given.
    root = path;
    real = realpathSync(path);
    const stack = [real];
    while (stack.length > 0) {
      const directory = stack.pop()!;
      const known = memo?.lookup(path, directory);
      if (known && "replay" in known) {
        // Unchanged since the last walk (see DiscoveryMemo): its decisions, not its listing.
        gitignores?.noteListing(directory, known.replay.ignoreFile || known.replay.git, known.replay.git);
        replayed.set(directory, known.replay);
        for (const [name, what] of known.replay.kept) {
          if (what === LISTED_FILE || what === LISTED_LINK) continue;
          const walked = child(directory, name);
          if (what === KEPT_DIRECTORY) stack.push(walked);
          else if (what === KEPT_MINIFIED) skipMinified(shown(walked));
          else if (what === KEPT_LINK || what === KEPT_SCRIPT) settle(walked, shown(walked), what === KEPT_LINK);
          else include(shown(walked), what as LanguageId);
        }
        continue;
      }
      let entries: Dirent[];
      try {
        entries = readdirSync(directory, { withFileTypes: true });
        listings.set(directory, directoryFilesOf(entries));
      } catch (error) {
        problems.push({ file: toPosixRelative(cwd, shown(directory)), kind: "unscannable", message: `cannot read this directory (${(error as NodeJS.ErrnoException).code ?? String(error)})` });
        continue;
      }
      const ignoreFile = entries.some((entry) => entry.name === ".gitignore");
      const git = entries.some((entry) => entry.name === ".git");
      // The listing says whether this directory has ignore files: no need to try to open them.
      gitignores?.noteListing(directory, ignoreFile || git, git);
      /** What the memo records of this directory (nothing without one). */
      const kept: KeptEntry[] | null = known ? [] : null;
      for (const entry of entries) {
        const walked = child(directory, entry.name);
        if (entry.isDirectory()) {
          if (rules.pruned(entry.name) || rules.ignoredByUser(shown(walked), path, true) || gitignores?.ignores(walked, true)) continue;
          stack.push(walked);
          kept?.push([entry.name, KEPT_DIRECTORY]);
          continue;
        }
        // Symbolic links to files are scanned; links to directories are not followed (no loops).
        if (!(entry.isFile() || entry.isSymbolicLink())) continue;
        const what = admit(entry, walked);
        if (!kept) continue;
        if (what !== null) kept.push([entry.name, what]);
        // An import may resolve to a file the scan leaves out: a replayed listing must still name it.
        if ((what === null || what === KEPT_MINIFIED) && isImportableName(entry.name)) kept.push([entry.name, entry.isSymbolicLink() ? LISTED_LINK : LISTED_FILE]);
      }
      if (known && kept) memo!.noteListing(path, directory, known.stamp, known.previous, { ignoreFile, git, kept });
    }
  }
  // Not a closure over this walk: that would keep its ignore rules and their caches alive for the whole scan.
  return { files: [...files].sort(), problems, languages, listings: new WalkListings(listings, replayed) };

  /** What the walk keeps of a file or link it listed (null: nothing, it is not scanned). */
  function admit(entry: Dirent, walked: string): string | null {
    const language = filter.byName(entry.name);
    if (language === null) return null;
    const file = shown(walked);
    if (rules.ignoredByUser(file, root, false) || gitignores?.ignores(walked, false)) return null;
    if (!options.noDefaultIgnores && entry.name.endsWith(".min.js")) {
      skipMinified(file);
      return KEPT_MINIFIED;
    }
    if (entry.isSymbolicLink() || language === undefined) {
      settle(walked, file, entry.isSymbolicLink());
      return entry.isSymbolicLink() ? KEPT_LINK : KEPT_SCRIPT;
    }
    include(file, language);
    return language;
  }

  /** A walked path as the user named it (under the name of a linked directory given, not its target). */
  function shown(walked: string): string {
    return real === root ? walked : join(root, relative(real, walked));
  }

  function include(file: string, language: LanguageId): void {
    files.add(file);
    languages.set(file, language);
    if (files.size === options.whenFound?.files) options.whenFound.then(languages);
  }

  function skipMinified(file: string): void {
    problems.push({ file: toPosixRelative(cwd, file), kind: "skipped", message: "skipped: a minified bundle (*.min.js); --no-default-ignores scans it" });
  }

  /** A link (its target) or an extensionless file (its first line): decided on every walk, never replayed. */
  function settle(walked: string, file: string, link: boolean): void {
    if (link) {
      let target;
      try {
        target = statSync(walked);
      } catch (error) {
        const loop = (error as NodeJS.ErrnoException).code === "ELOOP";
        problems.push({ file: toPosixRelative(cwd, file), kind: "unscannable", message: loop ? "symbolic link loop: it never reaches a file" : "broken symbolic link: its target does not exist" });
        return;
      }
      if (!target.isFile()) return;
    }
    // A file without an extension is read if its shebang names a language (`#!/usr/bin/env python3`).
    const language = filter.byName(walked) ?? filter.byShebang(walked);
    if (language) include(file, language);
  }
}

/** The listings a walk read, and those of the directories it replayed, built from their record when an import needs one. */
class WalkListings implements Listings {
  constructor(
    private readonly listed: Map<string, DirectoryFiles>,
    private readonly replayed: ReadonlyMap<string, DirectoryRecord>,
  ) {}

  get(directory: string): DirectoryFiles | undefined {
    return this.listed.get(directory) ?? this.fromRecord(directory);
  }

  /** The names in a replayed directory that an import can resolve to. */
  private fromRecord(directory: string): DirectoryFiles | undefined {
    const record = this.replayed.get(directory);
    if (!record) return undefined;
    const fileNames: string[] = [];
    const linkNames: string[] = [];
    for (const [name, what] of record.kept) {
      if (what === KEPT_LINK || what === LISTED_LINK) linkNames.push(name);
      else if (what !== KEPT_DIRECTORY && what !== KEPT_MINIFIED) fileNames.push(name);
    }
    const listing = directoryFilesOfNames(fileNames, linkNames);
    this.listed.set(directory, listing);
    return listing;
  }
}

/** glob, loaded only when a path given is not there (most runs name folders that exist). */
const loadGlob = () => requireHere("glob") as typeof import("glob");
const requireHere = createRequire(import.meta.url);

/** Paths that do not exist but hold glob characters (`"src/**\/*.ts"` quoted past the shell) are expanded. */
function expandGlobs(paths: readonly string[], cwd: string): string[] {
  const expanded: string[] = [];
  for (const given of paths) {
    if (given === "-" || existsSync(resolve(cwd, given))) {
      expanded.push(given);
      continue;
    }
    const { globSync, hasMagic } = loadGlob();
    if (!hasMagic(given, { windowsPathsNoEscape: sep === "\\" })) {
      expanded.push(given);
      continue;
    }
    const matches = globSync(given, { cwd, dot: true, absolute: true, ignore: ["**/node_modules/**", "**/.git/**"] });
    if (matches.length === 0) throw new ScanUsageError(`${given}: no files match this pattern`);
    for (const match of matches.sort()) expanded.push(match);
  }
  return expanded;
}

/**
 * Resolves a relative import specifier to a source file on disk, the way TypeScript and
 * bundlers do for project files: exact path, added extensions, `.js` written for a `.ts` file,
 * `index` files, and JSON files named with their extension. Packages (bare specifiers) are not
 * followed: scanning an untrusted repo reads only its own files.
 */
import { readdirSync, type Dirent } from "node:fs";
import { dirname, resolve } from "node:path";
import { isDataModule } from "../core/barrels.js";
import { StringPool } from "../core/string-pool.js";
import { isFileOnDisk } from "./disk.js";

export const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"] as const;

/** Whether an import can resolve to a file of this name (a JS/TS extension). */
export const isSourceName = (name: string): boolean => SOURCE_EXTENSIONS.some((extension) => name.endsWith(extension));

export { isDataModule };

/** Whether an import can name a file of this name: a source file or a JSON file. */
export const isImportableName = (name: string): boolean => isSourceName(name) || isDataModule(name);

const JS_TO_TS: Record<string, string[]> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

export function resolveImport(fromFile: string, specifier: string, exists: (path: string) => boolean = isFileOnDisk): string | null {
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return null;
  const base = resolve(dirname(fromFile), specifier);
  // A JSON module is named whole (`./routes.json`): its value is the document.
  if (isDataModule(base)) return exists(base) ? base : null;
  // In order, stopping at the first that exists: the path as written, `.ts` for a `.js` written,
  // each extension added, then an index file of that name.
  const found = (candidate: string) => !candidate.endsWith(".d.ts") && SOURCE_EXTENSIONS.some((e) => candidate.endsWith(e)) && exists(candidate);
  if (found(base)) return base;
  const extension = /\.[cm]?[jt]sx?$/.exec(base)?.[0];
  if (extension && JS_TO_TS[extension]) {
    for (const replacement of JS_TO_TS[extension]!) {
      const candidate = base.slice(0, -extension.length) + replacement;
      if (found(candidate)) return candidate;
    }
  }
  for (const added of SOURCE_EXTENSIONS) if (found(base + added)) return base + added;
  for (const added of SOURCE_EXTENSIONS) if (found(`${base}/index${added}`)) return `${base}/index${added}`;
  return null;
}

/** Most (directory, specifier) pairs the long-lived resolver remembers before it starts over. */
const MAX_REMEMBERED = 100_000;
/**
 * Most pairs a scan's resolver remembers: a bound on memory whatever the size of the repository
 * (the benchmark corpus has 4,986 pairs; at eight copies of it the scan re-resolves a few).
 */
const MAX_REMEMBERED_PER_SCAN = 20_000;

export type ImportResolver = (fromFile: string, specifier: string) => string | null;

/** What a remembering resolver keys an answer by: the importing directory and the specifier (null: not a relative import). */
const memoKey = (fromFile: string, specifier: string) => (specifier.startsWith(".") || specifier.startsWith("/") ? `${dirname(fromFile)}\0${specifier}` : null);

/** Most directory entries a listing oracle keeps (of directories it read itself) before it starts over. */
const MAX_LISTED = 50_000;

/**
 * The names in a directory that an import can resolve to: files, and links (to be followed with
 * a `stat`). `folded`: the names that have capitals, in lower case (for case-insensitive volumes).
 * Names only, not `Dirent`s: a scan keeps the listing of every directory it walked.
 */
export interface DirectoryFiles {
  readonly files: ReadonlySet<string>;
  readonly links: ReadonlySet<string> | null;
  readonly folded: ReadonlySet<string> | null;
}

/** File names, one copy of each: a scan keeps the listing of every directory it walked, and most hold an `index.ts`, a `package.json`… */
const NAMES = new StringPool();

export function directoryFilesOf(entries: readonly Dirent[]): DirectoryFiles {
  const files = new Set<string>();
  let links: Set<string> | null = null;
  let folded: Set<string> | null = null;
  for (const entry of entries) {
    if (entry.isFile()) files.add(NAMES.intern(entry.name));
    else if (entry.isSymbolicLink()) (links ??= new Set()).add(NAMES.intern(entry.name));
    else continue;
    const lower = entry.name.toLowerCase();
    if (lower !== entry.name) (folded ??= new Set()).add(NAMES.intern(lower));
  }
  return { files, links, folded };
}

/** The same, from the names of a directory's files and links (as a walk recorded them). */
export function directoryFilesOfNames(fileNames: readonly string[], linkNames: readonly string[]): DirectoryFiles {
  const files = new Set(fileNames);
  const links = linkNames.length > 0 ? new Set(linkNames) : null;
  let folded: Set<string> | null = null;
  for (const names of [fileNames, linkNames]) {
    for (const name of names) {
      const lower = name.toLowerCase();
      if (lower !== name) (folded ??= new Set()).add(lower);
    }
  }
  return { files, links, folded };
}

/** Listings by directory (a scan's walk, or what it replayed): `undefined` when the directory is to be read. */
export interface Listings {
  get(directory: string): DirectoryFiles | undefined;
}

/**
 * Whether a file exists, answered from one listing per directory instead of a `stat` per
 * candidate path (an import tries up to 17). Links are followed with a `stat`; a name the listing
 * holds only in another case is asked of the file system too (case-insensitive volumes find it).
 * `onFileSystem` is told of each path answered from a directory the known listings do not hold:
 * the answer rests on that path, not on the whole directory (a parent folder such as the home
 * directory or /tmp changes all the time, and a cache that rested on it could never trust it);
 * or on the directory, if it cannot be read (it is not there).
 */
export function listingOracle(known: Listings, onFileSystem: (path: string) => void = () => {}): (path: string) => boolean {
  const listings = new Map<string, DirectoryFiles | null>();
  let listed = 0;
  const listingOf = (directory: string): DirectoryFiles | null => {
    const given = known.get(directory);
    if (given) return given;
    let listing = listings.get(directory);
    if (listing === undefined) {
      try {
        listing = directoryFilesOf(readdirSync(directory, { withFileTypes: true }));
        listed += listing.files.size + (listing.links?.size ?? 0);
      } catch {
        listing = null;
      }
      if (listed > MAX_LISTED) {
        listings.clear();
        listed = 0;
      }
      listings.set(directory, listing);
    }
    return listing;
  };
  return (path) => {
    const directory = dirname(path);
    const listing = listingOf(directory);
    // Read here, not known: the answer rests on the path, or on the directory if there is none
    // (a directory that does not exist holds no file, whatever name is asked).
    if (known.get(directory) === undefined) onFileSystem(listing ? path : directory);
    if (!listing) return false;
    const name = path.slice(directory.length + 1);
    if (listing.files.has(name)) return true;
    if (listing.links?.has(name)) {
      onFileSystem(path);
      return isFileOnDisk(path);
    }
    const lower = name.toLowerCase();
    const inOtherCase = (lower !== name && (listing.files.has(lower) || listing.links?.has(lower))) || listing.folded?.has(lower);
    if (inOtherCase !== true) return false;
    onFileSystem(path);
    return isFileOnDisk(path);
  };
}

/**
 * A resolver for one scan: the same (directory, specifier) pair is resolved once, and files are
 * looked up in directory listings (`listings`: those the scan's walk read already). Files do not
 * come and go during a scan; a long-lived editor process uses `resolveImport` itself.
 * `onFileSystem`: told of each path asked of the file system because the listings given do not
 * answer (a directory they do not hold, a link, a name in another case), so that the caller
 * knows what its answers rest on.
 */
export function memoizedImportResolver(listings: Listings = new Map<string, DirectoryFiles>(), maxRemembered = MAX_REMEMBERED_PER_SCAN, onFileSystem: (path: string) => void = () => {}): ImportResolver {
  // By directory, then specifier: the keys are strings the caller holds already (no joined key
  // per pair), and the directories answered first are forgotten first (a scan goes directory by directory).
  const remembered = new Map<string, Map<string, string | null>>();
  let count = 0;
  const exists = listingOracle(listings, onFileSystem);
  return (fromFile, specifier) => {
    if (!specifier.startsWith(".") && !specifier.startsWith("/")) return null;
    const directory = dirname(fromFile);
    let answers = remembered.get(directory);
    const known = answers?.get(specifier);
    if (known !== undefined) return known;
    const resolved = resolveImport(fromFile, specifier, exists);
    if (!answers) remembered.set(directory, (answers = new Map()));
    answers.set(specifier, resolved);
    count++;
    for (const [oldest, forgotten] of remembered) {
      if (count <= maxRemembered || forgotten === answers) break;
      count -= forgotten.size;
      remembered.delete(oldest);
    }
    return resolved;
  };
}

/**
 * A resolver for a long-lived process (an editor, an ESLint run over a whole project): a
 * (directory, specifier) pair is resolved again once its answer is older than `maxAgeMs`, so a
 * file created or deleted is noticed within that time, and a run over thousands of files does not
 * stat the same candidates for every file that imports them. Candidates are looked up in
 * directory listings (as the scan's resolver does), read again once they are older than
 * `maxAgeMs` too (`listings`, which may keep them longer: see `RecentListings`): an ESLint run
 * over the bench corpus made 100,000 `stat`s, most of them for candidates that do not exist.
 */
export function recentImportResolver(maxAgeMs = 1000, now: () => number = Date.now, listings: Listings = { get: () => undefined }): ImportResolver {
  let remembered = new Map<string, { path: string | null; at: number }>();
  let oracle: { exists: (path: string) => boolean; made: number } | null = null;
  return (fromFile, specifier) => {
    const key = memoKey(fromFile, specifier);
    if (key === null) return null;
    const time = now();
    const known = remembered.get(key);
    if (known && time - known.at <= maxAgeMs) return known.path;
    // What `listings` does not answer (a directory that cannot be read) is asked again after `maxAgeMs`.
    if (oracle === null || time - oracle.made > maxAgeMs) oracle = { exists: listingOracle(listings), made: time };
    const path = resolveImport(fromFile, specifier, oracle.exists);
    if (remembered.size >= MAX_REMEMBERED) remembered = new Map();
    remembered.set(key, { path, at: time });
    return path;
  };
}

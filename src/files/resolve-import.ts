/**
 * Resolves a relative import specifier to a source file on disk, the way TypeScript and
 * bundlers do for project files: exact path, added extensions, `.js` written for a `.ts` file,
 * and `index` files. Packages (bare specifiers) are not followed: scanning an untrusted repo
 * reads only its own files.
 */
import { readdirSync, statSync, type Dirent } from "node:fs";
import { dirname, resolve } from "node:path";

export const SOURCE_EXTENSIONS = [".ts", ".tsx", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs"] as const;

const JS_TO_TS: Record<string, string[]> = {
  ".js": [".ts", ".tsx"],
  ".jsx": [".tsx"],
  ".mjs": [".mts"],
  ".cjs": [".cts"],
};

function isFile(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
  } catch {
    return false;
  }
}

export function resolveImport(fromFile: string, specifier: string, exists: (path: string) => boolean = isFile): string | null {
  if (!specifier.startsWith(".") && !specifier.startsWith("/")) return null;
  const base = resolve(dirname(fromFile), specifier);
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

/** Most (directory, specifier) pairs a memoizing resolver remembers before it starts over. */
const MAX_REMEMBERED = 100_000;

export type ImportResolver = (fromFile: string, specifier: string) => string | null;

/** What a remembering resolver keys an answer by: the importing directory and the specifier (null: not a relative import). */
const memoKey = (fromFile: string, specifier: string) => (specifier.startsWith(".") || specifier.startsWith("/") ? `${dirname(fromFile)}\0${specifier}` : null);

/** Most directory entries a listing oracle keeps before it starts over. */
const MAX_LISTED = 200_000;

/**
 * Whether a file exists, answered from one listing per directory instead of a `stat` per
 * candidate path (an import tries up to 17). Links are followed with a `stat`; a name the listing
 * holds only in another case is asked of the file system too (case-insensitive volumes find it).
 */
function listingOracle(known: ReadonlyMap<string, readonly Dirent[]>): (path: string) => boolean {
  const listings = new Map<string, { entries: Map<string, Dirent>; folded: Set<string> | null } | null>();
  let listed = 0;
  return (path) => {
    const directory = dirname(path);
    let listing = listings.get(directory);
    if (listing === undefined) {
      try {
        const entries = new Map((known.get(directory) ?? readdirSync(directory, { withFileTypes: true })).map((entry) => [entry.name, entry] as const));
        listing = { entries, folded: null };
        listed += entries.size;
      } catch {
        listing = null;
      }
      if (listed > MAX_LISTED) {
        listings.clear();
        listed = 0;
      }
      listings.set(directory, listing);
    }
    if (!listing) return false;
    const name = path.slice(directory.length + 1);
    const entry = listing.entries.get(name);
    if (entry) return entry.isFile() || (entry.isSymbolicLink() && isFile(path));
    listing.folded ??= new Set([...listing.entries.keys()].map((key) => key.toLowerCase()));
    return listing.folded.has(name.toLowerCase()) && isFile(path);
  };
}

/**
 * A resolver for one scan: the same (directory, specifier) pair is resolved once, and files are
 * looked up in directory listings (`listings`: those the scan's walk read already). Files do not
 * come and go during a scan; a long-lived editor process uses `resolveImport` itself.
 */
export function memoizedImportResolver(listings: ReadonlyMap<string, readonly Dirent[]> = new Map()): ImportResolver {
  const remembered = new Map<string, string | null>();
  const exists = listingOracle(listings);
  return (fromFile, specifier) => {
    const key = memoKey(fromFile, specifier);
    if (key === null) return null;
    const known = remembered.get(key);
    if (known !== undefined) return known;
    const resolved = resolveImport(fromFile, specifier, exists);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(key, resolved);
    return resolved;
  };
}

/**
 * A resolver for a long-lived process (an editor, an ESLint run over a whole project): a
 * (directory, specifier) pair is resolved again once its answer is older than `maxAgeMs`, so a
 * file created or deleted is noticed within that time, and a run over thousands of files does not
 * stat the same candidates for every file that imports them.
 */
export function recentImportResolver(maxAgeMs = 1000, now: () => number = Date.now): ImportResolver {
  let remembered = new Map<string, { path: string | null; at: number }>();
  return (fromFile, specifier) => {
    const key = memoKey(fromFile, specifier);
    if (key === null) return null;
    const time = now();
    const known = remembered.get(key);
    if (known && time - known.at <= maxAgeMs) return known.path;
    const path = resolveImport(fromFile, specifier);
    if (remembered.size >= MAX_REMEMBERED) remembered = new Map();
    remembered.set(key, { path, at: time });
    return path;
  };
}

/**
 * Finds the files to scan: the given files, and below the given directories every
 * `.ts .tsx .mts .cts .js .jsx .mjs .cjs` file that is not ignored by a `.gitignore`, by the
 * default ignores or by `--ignore` globs. Problems (a path that does not exist, a broken
 * symbolic link) are returned, never thrown.
 */
import { lstatSync, readFileSync, realpathSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { globSync } from "glob";
import ignore, { type Ignore } from "ignore";
import { SOURCE_EXTENSIONS } from "../files/resolve-import.js";
import { ScanUsageError } from "./errors.js";

export const DEFAULT_IGNORES = ["**/node_modules/**", "**/dist/**", "**/build/**", "**/coverage/**", "**/.git/**", "**/*.d.ts", "**/*.d.mts", "**/*.d.cts", "**/*.min.js"];

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
}

export interface Discovery {
  /** Absolute paths, sorted. */
  files: string[];
  problems: FileProblem[];
}

const hasSourceExtension = (path: string) => SOURCE_EXTENSIONS.some((extension) => path.endsWith(extension)) && !/\.d\.[cm]?ts$/.test(path);

export const toPosixRelative = (cwd: string, path: string) => relative(cwd, path).split(sep).join("/") || ".";

export function discoverFiles(options: DiscoverOptions): Discovery {
  const { cwd } = options;
  const problems: FileProblem[] = [];
  const files = new Set<string>();
  const ignorePatterns = [...(options.noDefaultIgnores ? ["**/.git/**", "**/node_modules/**"] : DEFAULT_IGNORES), ...(options.ignore ?? [])];
  const userIgnore = ignore().add((options.ignore ?? []).map((pattern) => pattern.replace(/^\.\//, "")));
  const gitignores = new GitignoreIndex(cwd);

  for (const given of options.paths.length > 0 ? options.paths : ["."]) {
    const path = isAbsolute(given) ? given : resolve(cwd, given);
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
      if (hasSourceExtension(path)) files.add(path);
      else problems.push({ file: toPosixRelative(cwd, path), kind: "skipped", message: `not a JavaScript or TypeScript file (expected one of ${SOURCE_EXTENSIONS.join(" ")})` });
      continue;
    }
    // A directory given through a symbolic link is followed: walk its target, report paths under the name given.
    const real = realpathSync(path);
    const found = globSync(`**/*.{${SOURCE_EXTENSIONS.map((e) => e.slice(1)).join(",")}}`, {
      cwd: real,
      absolute: true,
      dot: true,
      nodir: true,
      follow: false,
      ignore: ignorePatterns,
      withFileTypes: false,
    });
    for (const walked of found) {
      const file = real === path ? walked : join(path, relative(real, walked));
      if (!hasSourceExtension(file)) continue;
      const fromCwd = toPosixRelative(cwd, file);
      if (options.ignore?.length && !fromCwd.startsWith("../") && userIgnore.ignores(fromCwd)) continue;
      if (options.respectGitignore !== false && gitignores.ignores(file)) continue;
      try {
        if (!statSync(file).isFile()) continue;
      } catch {
        problems.push({ file: fromCwd, kind: "unscannable", message: "broken symbolic link: its target does not exist" });
        continue;
      }
      files.add(file);
    }
  }
  return { files: [...files].sort(), problems };
}

/** `.gitignore` files apply to their own directory and below, as git reads them. */
class GitignoreIndex {
  private readonly byDirectory = new Map<string, Ignore | null>();
  constructor(private readonly root: string) {}

  ignores(file: string): boolean {
    let directory = dirname(file);
    for (;;) {
      const matcher = this.matcher(directory);
      if (matcher) {
        const path = relative(directory, file).split(sep).join("/");
        if (path && !path.startsWith("..") && matcher.ignores(path)) return true;
      }
      if (directory === this.root || !directory.startsWith(this.root) || directory === dirname(directory)) break;
      directory = dirname(directory);
    }
    return false;
  }

  private matcher(directory: string): Ignore | null {
    if (this.byDirectory.has(directory)) return this.byDirectory.get(directory)!;
    let matcher: Ignore | null = null;
    try {
      matcher = ignore().add(readFileSync(`${directory}/.gitignore`, "utf8"));
    } catch {
      matcher = null;
    }
    this.byDirectory.set(directory, matcher);
    return matcher;
  }
}

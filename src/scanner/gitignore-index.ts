/**
 * Which paths the repository's `.gitignore` files ignore, as git reads them (see `GitignoreIndex`).
 */
import { existsSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { createRequire } from "node:module";
import type { Ignore } from "ignore";
import { BoundedReadError, readBounded } from "../files/read-bounded.js";
import { indexPathOf, readTrackedPaths, type TrackedPaths } from "../files/git-tracked.js";
import { literalPrecheck } from "../files/gitignore-literals.js";
import type { DiscoveryMemo } from "./discovery-memo.js";

/** The `ignore` package (`.gitignore` files, `--ignore` patterns), loaded when there are rules to match (a replayed walk matches none). */
export const ignore = (): Ignore => (requireHere("ignore") as () => Ignore)();
const requireHere = createRequire(import.meta.url);

export const isInside = (directory: string, parent: string) => directory.startsWith(parent.endsWith(sep) ? parent : parent + sep);

/**
 * `.gitignore` files apply to their own directory and below, as git reads them: every one from a
 * file's directory up to the repository root (the nearest directory holding `.git`), and the
 * repository's `.git/info/exclude`. Outside a repository, those up to the working directory.
 * As in git, they apply to untracked files only: a path the repository's index holds (or a
 * directory holding one) is not ignored. The index is read the first time a rule matches.
 */
export class GitignoreIndex {
  private readonly byDirectory = new Map<string, DirectoryRules | null>();
  private readonly rootOf = new Map<string, string | null>();
  /** Per directory, the `.gitignore` files that apply to its entries, nearest first (worked out once per directory). */
  private readonly chains = new Map<string, { directory: string; rules: DirectoryRules }[]>();
  /** Whether a walked directory holds `.git`, from its listing. */
  private readonly listedGit = new Map<string, boolean>();
  /** By repository root, what its index tracks (null: not known). */
  private readonly trackedBy = new Map<string, TrackedPaths | null>();
  constructor(
    private readonly cwd: string,
    /** Told which ignore files and repositories the walk looked at, so that a replay can check them. */
    private readonly memo: DiscoveryMemo | null,
  ) {}

  ignores(path: string, directory: boolean): boolean {
    for (const { directory: base, rules } of this.chainOf(dirname(path))) {
      // `path` is below `base`: the relative path is a slice, not a path.relative() per level.
      const relativePath = sep === "/" ? path.slice(base.length + 1) : path.slice(base.length + 1).split(sep).join("/");
      if (relativePath && rules.ignores(relativePath, directory)) return !this.tracked(path, directory);
    }
    return false;
  }

  /** Whether git tracks this file, or a file below this directory (a submodule: its gitlink). */
  private tracked(path: string, directory: boolean): boolean {
    const root = this.enclosingRepository(dirname(path));
    if (root === null) return false;
    let paths = this.trackedBy.get(root);
    if (paths === undefined) {
      const index = indexPathOf(root);
      // Stamped before it is read, like an ignore file: a replayed walk holds only while the index is unchanged.
      if (index !== null) this.memo?.noteIgnoreFile(index);
      paths = readTrackedPaths(root);
      this.trackedBy.set(root, paths);
    }
    if (!paths) return false;
    const fromRoot = path.slice(root.length + (root.endsWith(sep) ? 0 : 1));
    const key = sep === "/" ? fromRoot : fromRoot.split(sep).join("/");
    return paths.files.has(key) || (directory && paths.directories.has(key));
  }

  /** A directory whose listing holds neither `.gitignore` nor `.git` has no ignore file of its own; one without `.git` is no repository's root. */
  noteListing(directory: string, hasIgnoreFiles: boolean, hasGit: boolean): void {
    if (!hasIgnoreFiles && !this.byDirectory.has(directory)) this.byDirectory.set(directory, null);
    this.listedGit.set(directory, hasGit);
  }

  private chainOf(start: string): { directory: string; rules: DirectoryRules }[] {
    const known = this.chains.get(start);
    if (known) return known;
    const root = this.repositoryRoot(start);
    const chain: { directory: string; rules: DirectoryRules }[] = [];
    for (let current = start; ; current = dirname(current)) {
      const rules = this.rulesOf(current, current === root);
      if (rules) chain.push({ directory: current.endsWith(sep) ? current.slice(0, -1) : current, rules });
      if (current === root || current === dirname(current)) break;
    }
    this.chains.set(start, chain);
    return chain;
  }

  /** Where `.gitignore` files stop applying: the repository root, or the working directory (or the directory itself) outside a repository. */
  private repositoryRoot(directory: string): string {
    const repository = this.enclosingRepository(directory);
    if (repository !== null) return repository;
    return directory === this.cwd || isInside(directory, this.cwd) ? this.cwd : directory;
  }

  /** The nearest directory at or above this one that holds `.git`, or null. */
  private enclosingRepository(directory: string): string | null {
    const known = this.rootOf.get(directory);
    if (known !== undefined) return known;
    const parent = dirname(directory);
    let here = this.listedGit.get(directory);
    if (here === undefined) {
      const git = join(directory, ".git");
      here = existsSync(git);
      this.memo?.noteRepository(git, here);
    }
    const found = here ? directory : parent === directory ? null : this.enclosingRepository(parent);
    this.rootOf.set(directory, found);
    return found;
  }

  private rulesOf(directory: string, isRoot: boolean): DirectoryRules | null {
    const cached = this.byDirectory.get(directory);
    if (cached !== undefined) return cached;
    const sources = [join(directory, ".gitignore"), ...(isRoot ? [join(directory, ".git", "info", "exclude")] : [])];
    const texts: string[] = [];
    for (const source of sources) {
      let text: string;
      // Stamped before it is read: a change while it is read is seen by the next walk.
      this.memo?.noteIgnoreFile(source);
      try {
        text = readBounded(source, "gitignore");
      } catch (error) {
        if (error instanceof BoundedReadError) continue;
        throw error;
      }
      texts.push(text);
    }
    const rules = texts.length > 0 ? new DirectoryRules(texts) : null;
    this.byDirectory.set(directory, rules);
    return rules;
  }
}

/**
 * The rules of one directory's ignore files (its `.gitignore`, and at a repository's root
 * `.git/info/exclude`). A path is matched against them by the `ignore` package, compiled the first
 * time it is needed, once it has passed a test of the rules' literal text (see `literalPrecheck`),
 * which most paths of a walk do not: they are not ignored, and no rule is tried on them.
 */
class DirectoryRules {
  private readonly precheck: RegExp | null;
  private matcher: Ignore | null = null;

  constructor(private readonly texts: readonly string[]) {
    this.precheck = literalPrecheck(texts);
  }

  /** Whether the rules ignore this path (relative to their directory, `/` separators). */
  ignores(relativePath: string, directory: boolean): boolean {
    if (this.precheck !== null && !this.precheck.test(relativePath)) return false;
    if (this.matcher === null) {
      this.matcher = ignore();
      for (const text of this.texts) this.matcher.add(text);
    }
    return this.matcher.ignores(directory ? `${relativePath}/` : relativePath);
  }
}

import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseIndex, readTrackedPaths } from "../../src/files/git-tracked.js";

const repositories: string[] = [];
afterEach(() => {
  for (const repository of repositories.splice(0)) rmSync(repository, { recursive: true, force: true });
});

const git = (cwd: string, ...args: string[]) => execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd, encoding: "utf8" });

/** A repository with these files added to its index, and `LONG_NAME` unless told not to (with `init` arguments, e.g. the object format). */
function repository(files: Record<string, string>, { init = [] as string[], longName = true } = {}): string {
  const root = mkdtempSync(join(tmpdir(), "sunset-git-"));
  repositories.push(root);
  git(root, "init", "-q", ...init);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  git(root, "add", "-A");
  if (longName) {
    const blob = git(root, "hash-object", "-w", "README.md").trim();
    git(root, "update-index", "--add", "--cacheinfo", `100644,${blob},${LONG_NAME}`);
  }
  return root;
}

const FILES = {
  "README.md": "x\n",
  "src/app.ts": "export {};\n",
  "src/lib/client.ts": "export {};\n",
  "src/lib/clíent-ü.ts": "export {};\n", // a name whose bytes are not its characters
  "z.ts": "export {};\n",
};
/** Longer than the flags' 12 bits of name length (and than a path may be on disk: added to the index only). */
const LONG_NAME = `deep/${"long-directory-name/".repeat(220)}file.ts`;

const listed = (root: string) => git(root, "ls-files", "-z").split("\0").filter(Boolean);
const parsed = (root: string) => parseIndex(readFileSync(join(root, ".git", "index")));

describe("the paths a git index tracks", () => {
  it.each(["2", "3", "4"])("reads an index of version %s as git lists it", (version) => {
    const root = repository(FILES);
    // An intent-to-add entry sets the extended flags (version 3 and later).
    writeFileSync(join(root, "later.ts"), "export {};\n");
    if (version !== "2") git(root, "add", "-N", "later.ts");
    git(root, "update-index", "--index-version", version);
    expect(readFileSync(join(root, ".git", "index")).readUInt32BE(4)).toBe(Number(version));
    const paths = parsed(root);
    expect(paths).toEqual(listed(root));
    expect(paths).toContain("src/lib/clíent-ü.ts");
    expect(paths).toContain(LONG_NAME);
    if (version !== "2") expect(paths).toContain("later.ts");
  });

  it("reads the index of a repository with SHA-256 object names", () => {
    const root = repository(FILES, { init: ["--object-format=sha256"] });
    expect(parsed(root)).toEqual(listed(root));
  });

  it("lists a split index through git, which this reader does not parse", () => {
    const root = repository(FILES);
    git(root, "update-index", "--split-index");
    writeFileSync(join(root, "added-after.ts"), "export {};\n");
    git(root, "add", "added-after.ts");
    expect(parsed(root)).toBeNull();
    const tracked = readTrackedPaths(root)!;
    expect([...tracked.files].sort()).toEqual(listed(root).sort());
    expect(tracked.files.has("added-after.ts")).toBe(true);
  });

  it("knows the directories that hold tracked files, the root's own files in none", () => {
    const tracked = readTrackedPaths(repository(FILES))!;
    expect(tracked.directories.has("src")).toBe(true);
    expect(tracked.directories.has("src/lib")).toBe(true);
    expect(tracked.directories.has("deep/long-directory-name")).toBe(true);
    expect(tracked.files.has(LONG_NAME)).toBe(true);
    expect(tracked.directories.has("src/app.ts")).toBe(false);
    expect(tracked.directories.has("")).toBe(false);
    expect(tracked.files.has("z.ts")).toBe(true);
  });

  it("a repository with nothing added tracks nothing; no repository, or a broken index, is not known", () => {
    const root = mkdtempSync(join(tmpdir(), "sunset-git-"));
    repositories.push(root);
    expect(readTrackedPaths(root)).toBeNull();
    git(root, "init", "-q");
    expect(readTrackedPaths(root)!.files.size).toBe(0);
    expect(parseIndex(Buffer.from("DIRC\0\0\0\x02\0\0\0\x05garbage", "latin1"))).toBeNull();
    expect(parseIndex(Buffer.from("not an index"))).toBeNull();
  });

  it("follows a worktree's .git file to its index", () => {
    const root = repository(FILES, { longName: false });
    git(root, "commit", "-q", "-m", "first");
    const worktree = join(root, "..", `${root.split("/").pop()}-worktree`);
    repositories.push(worktree);
    git(root, "worktree", "add", "-q", worktree);
    expect([...readTrackedPaths(worktree)!.files].sort()).toEqual(listed(worktree).sort());
  });
});

import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { discoverFiles, discoveryKey, type DiscoverOptions } from "../../src/scanner/discover.js";
import { DiscoveryMemo, type WalkRecord } from "../../src/scanner/discovery-memo.js";
import { memoizedImportResolver } from "../../src/files/resolve-import.js";

const trees: string[] = [];
afterEach(() => {
  for (const tree of trees.splice(0)) rmSync(tree, { recursive: true, force: true });
});

/** A repository whose files and directories were last modified an hour ago (settled). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), "sunset-walk-"));
  trees.push(root);
  mkdirSync(join(root, ".git"));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  ageAll(root);
  return root;
}

/** Sets every directory's times an hour back, as in a tree checked out earlier. */
function ageAll(root: string): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  for (const directory of walkDirectories(root)) utimesSync(directory, hourAgo, hourAgo);
}

function walkDirectories(path: string): string[] {
  const found = [path];
  for (const entry of readdirSync(path, { withFileTypes: true })) if (entry.isDirectory()) found.push(...walkDirectories(join(path, entry.name)));
  return found;
}

const optionsOf = (cwd: string): DiscoverOptions => ({ cwd, paths: ["."], ignore: [], noDefaultIgnores: false });

/** A walk with the record of the last one (if any); returns what it found and the record to keep. */
function walk(cwd: string, last: WalkRecord | null, now = Date.now()) {
  const options = optionsOf(cwd);
  const memo = new DiscoveryMemo(last, discoveryKey(options), now);
  const discovery = discoverFiles({ ...options, memo });
  return { discovery, memo, record: structuredClone(memo.result()), found: discovery.files.map((file) => file.slice(cwd.length + 1)) };
}

const BASE = {
  ".gitignore": "generated/\n*.gen.ts\n",
  "src/app.ts": "export const a = 1;\n",
  "src/lib/client.ts": "export const c = 1;\n",
  "src/lib/paths.gen.ts": "export const p = '/zones';\n",
  "src/bundle.min.js": "x\n",
  "generated/out.ts": "export {};\n",
  "scripts/deploy": "#!/usr/bin/env node\nconsole.log(1);\n",
  "scripts/notes": "plain text\n",
};

describe("the walk's record (--cache)", () => {
  it("replays every unchanged directory with the same files, languages and notices as listing them", () => {
    const root = tree(BASE);
    const cold = walk(root, null);
    expect(cold.memo.replayedCount).toBe(0);
    expect(cold.found).toEqual(["scripts/deploy", "src/app.ts", "src/lib/client.ts"]);
    const warm = walk(root, cold.record);
    expect(warm.memo.listedCount).toBe(0);
    expect(warm.memo.replayedCount).toBe(cold.memo.listedCount);
    expect(warm.memo.changed).toBe(false);
    expect(warm.found).toEqual(cold.found);
    expect([...warm.discovery.languages]).toEqual([...cold.discovery.languages]);
    expect(warm.discovery.problems).toEqual(cold.discovery.problems);
    expect(warm.discovery.problems.map((problem) => problem.file)).toEqual(["src/bundle.min.js"]);
  });

  it("lists again a directory a file was added to or removed from", () => {
    const root = tree(BASE);
    const cold = walk(root, null);
    writeFileSync(join(root, "src/lib/new.ts"), "export {};\n");
    unlinkSync(join(root, "src/app.ts"));
    const warm = walk(root, cold.record);
    expect(warm.found).toEqual(["scripts/deploy", "src/lib/client.ts", "src/lib/new.ts"]);
    expect(warm.memo.listedCount).toBe(2);
    // and a file moved into a new directory
    mkdirSync(join(root, "src/moved"));
    renameSync(join(root, "src/lib/new.ts"), join(root, "src/moved/new.ts"));
    expect(walk(root, warm.record).found).toEqual(["scripts/deploy", "src/lib/client.ts", "src/moved/new.ts"]);
  });

  it("replays nothing once an ignore file it read has changed", () => {
    const root = tree(BASE);
    const cold = walk(root, null);
    writeFileSync(join(root, ".gitignore"), "generated/\n"); // no directory changes: the ignore file's stamp tells
    const warm = walk(root, cold.record);
    expect(warm.memo.replayedCount).toBe(0);
    expect(warm.found).toEqual(["scripts/deploy", "src/app.ts", "src/lib/client.ts", "src/lib/paths.gen.ts"]);
  });

  it("starts over when a directory below gains a .gitignore", () => {
    const root = tree(BASE);
    const cold = walk(root, null);
    writeFileSync(join(root, "src/lib/.gitignore"), "client.ts\n");
    const warm = walk(root, cold.record);
    expect(warm.found).toEqual(["scripts/deploy", "src/app.ts"]);
    const again = walk(root, warm.record);
    expect(again.found).toEqual(warm.found);
    expect(again.memo.listedCount).toBe(1); // src/lib, modified just now
    // a directory that becomes a repository of its own: the root's rules stop applying below it
    mkdirSync(join(root, "src/.git"));
    const own = walk(root, again.record);
    expect(own.found).toEqual(["scripts/deploy", "src/app.ts", "src/lib/paths.gen.ts"]);
    expect(own.found).toEqual(walk(root, null).found);
  });

  it("does not replay a directory modified in the seconds before the walk that recorded it", () => {
    const root = tree(BASE);
    // src/lib was modified a second ago, and is again after the walk within the same tick of a
    // coarse clock: its time does not change, only its listing does
    const tick = new Date(Date.now() - 1000);
    writeFileSync(join(root, "src/lib/late.ts"), "export {};\n");
    utimesSync(join(root, "src/lib"), tick, tick);
    const cold = walk(root, null);
    expect(cold.found).toContain("src/lib/late.ts");
    writeFileSync(join(root, "src/lib/later.ts"), "export {};\n");
    utimesSync(join(root, "src/lib"), tick, tick);
    const warm = walk(root, cold.record);
    expect(warm.found).toContain("src/lib/later.ts");
    expect(warm.memo.listedCount).toBe(1);
  });

  it("decides links and extensionless files again on every walk", () => {
    const elsewhere = tree({ "target.ts": "export {};\n" });
    const root = tree(BASE);
    symlinkSync(join(elsewhere, "target.ts"), join(root, "src/link.ts"));
    ageAll(root);
    const cold = walk(root, null);
    expect(cold.found).toContain("src/link.ts");
    // the link's target goes, the script stops being one: no directory of the tree changes
    unlinkSync(join(elsewhere, "target.ts"));
    writeFileSync(join(root, "scripts/deploy"), "not a script any more\n");
    const warm = walk(root, cold.record);
    expect(warm.memo.listedCount).toBe(0);
    expect(warm.found).not.toContain("src/link.ts");
    expect(warm.found).not.toContain("scripts/deploy");
    expect(warm.discovery.problems.map((problem) => `${problem.file}: ${problem.message}`)).toContain("src/link.ts: broken symbolic link: its target does not exist");
  });

  it("replays listings that still resolve imports to files the scan leaves out", () => {
    const root = tree(BASE);
    const cold = walk(root, null);
    const warm = walk(root, cold.record);
    const from = join(root, "src/lib/client.ts");
    for (const { discovery } of [cold, warm]) {
      const resolve = memoizedImportResolver(discovery.listings);
      expect(resolve(from, "./paths.gen")).toBe(join(root, "src/lib/paths.gen.ts")); // ignored by .gitignore
      expect(resolve(from, "../bundle.min.js")).toBe(join(root, "src/bundle.min.js"));
      expect(resolve(from, "../app.js")).toBe(join(root, "src/app.ts"));
      expect(resolve(from, "./missing")).toBeNull();
    }
  });

  it("is not replayed with other options, or once a repository appears above the walk", () => {
    const root = tree(BASE);
    const cold = walk(root, null);
    const other = new DiscoveryMemo(cold.record, discoveryKey({ ...optionsOf(root), ignore: ["scripts/**"] }));
    const discovery = discoverFiles({ ...optionsOf(root), ignore: ["scripts/**"], memo: other });
    expect(other.replayedCount).toBe(0);
    expect(discovery.files.some((file) => file.includes("scripts"))).toBe(false);

    // scanning a subdirectory: the repositories looked for above it are conditions of the record
    const sub = join(root, "src");
    const options = { cwd: sub, paths: ["."], ignore: [], noDefaultIgnores: false };
    const first = new DiscoveryMemo(null, discoveryKey(options));
    discoverFiles({ ...options, memo: first });
    expect(Object.entries(first.result().repositories)).toContainEqual([join(root, ".git"), true]);
    rmSync(join(root, ".git"), { recursive: true });
    const second = new DiscoveryMemo(structuredClone(first.result()), discoveryKey(options));
    discoverFiles({ ...options, memo: second });
    expect(second.replayedCount).toBe(0);
  });
});

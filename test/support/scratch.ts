import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll } from "vitest";

// Every scratch directory made by the importing test file. One hook, registered when the file is
// collected, removes them all after its tests: a hook registered inside a running test never runs.
const madeDirectories: string[] = [];
afterAll(() => {
  for (const directory of madeDirectories.splice(0)) rmSync(directory, { recursive: true, force: true });
});

/** A throwaway directory (named `sunset-lint-<purpose>-…`), removed after the file's tests. */
export function scratchDirectory(purpose = "test"): string {
  const directory = mkdtempSync(join(tmpdir(), `sunset-lint-${purpose}-`));
  madeDirectories.push(directory);
  return directory;
}

/** A throwaway directory holding these files (relative path → text), removed after the file's tests. */
export function scratchProject(purpose: string, files: Record<string, string>): string {
  const root = scratchDirectory(purpose);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/**
 * Sets the times of a directory and everything below it an hour back: what a scan's cache records
 * of a path modified in the last seconds is never trusted, so tests of the cache age their trees.
 */
export function ageTree(root: string): void {
  const hourAgo = new Date(Date.now() - 3_600_000);
  utimesSync(root, hourAgo, hourAgo);
  for (const entry of readdirSync(root, { withFileTypes: true })) {
    if (entry.isDirectory()) ageTree(join(root, entry.name));
    else utimesSync(join(root, entry.name), hourAgo, hourAgo);
  }
}

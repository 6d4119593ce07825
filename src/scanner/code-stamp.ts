/**
 * A stamp of sunset-lint's own code, for the scan cache's key: the sizes and modification times
 * of the files of the build that runs. The version alone would let a cache written by another
 * build of the same version (a development build, the GitHub Action run from another commit)
 * answer for this one, with the findings of code that is no longer there.
 */
import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The folder of the running build (`dist/`; `src/` when run from the sources, as tests are). */
const CODE_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** What runs: compiled JavaScript, or TypeScript sources; not declarations. */
const CODE_FILE = /\.(?:[cm]?js|[cm]?ts)$/;
const DECLARATIONS = /\.d\.[cm]?ts$/;

let stamp: string | null = null;

/** The stamp of the code under `root` (each code file's size and modification time), worked out once per process for the running build. */
export function codeStamp(root: string = CODE_ROOT): string {
  if (root === CODE_ROOT && stamp !== null) return stamp;
  const hash = createHash("sha256");
  const visit = (directory: string) => {
    for (const entry of readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
      const path = join(directory, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.isFile() && CODE_FILE.test(entry.name) && !DECLARATIONS.test(entry.name)) {
        const { size, mtimeMs } = statSync(path);
        hash.update(`${path.slice(root.length)}\0${size}\0${mtimeMs}\n`);
      }
    }
  };
  try {
    visit(root);
  } catch {
    // Unreadable: a stamp no cache has, so none is reused.
    hash.update(`unreadable ${Date.now()} ${Math.random()}`);
  }
  const digest = hash.digest("hex");
  if (root === CODE_ROOT) stamp = digest;
  return digest;
}

import { chmodSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";

/** Writes through a temporary file and a rename, so a reader never sees half a file. */
export function writeFileAtomic(path: string, content: string | Buffer): void {
  mkdirSync(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Date.now().toString(36)}.tmp`;
  try {
    writeFileSync(temporary, content);
    try {
      chmodSync(temporary, statSync(path).mode & 0o7777); // keep an existing file's permissions
    } catch {
      // a new file keeps the default mode
    }
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}

/**
 * Directory listings for a long-running process (an ESLint run, an editor): each is used for a
 * second, then checked against its directory's modification time (one `stat`) and read again
 * only if the directory changed. A file added, removed or renamed changes its directory's time;
 * a listing read within `SETTLED_MS` of the directory's last change is read again all the same,
 * since a change in the same tick of the file system's clock leaves the time as it was.
 * Before: every listing was read again each second, 147 ms of `readdir` in an ESLint run over the
 * bench corpus.
 */
import { readdirSync, statSync } from "node:fs";
import { directoryFilesOf, type DirectoryFiles, type Listings } from "./resolve-import.js";

/** How much older than its reading a directory's last change must be for the time to prove the listing still holds. */
const SETTLED_MS = 2000;

/** What a directory that is not there holds. */
const NO_FILES: DirectoryFiles = Object.freeze({ files: new Set<string>(), links: null, folded: null });

interface Listed {
  files: DirectoryFiles;
  /** The directory's modification time when it was read (NaN: it was not there). */
  changed: number;
  /** When it was read, and when it was last found unchanged (`now`'s clock). */
  read: number;
  checked: number;
}

export class RecentListings implements Listings {
  private readonly listed = new Map<string, Listed>();

  constructor(
    private readonly trustForMs = 1000,
    private readonly now: () => number = Date.now,
    private readonly maxDirectories = 20_000,
  ) {}

  /**
   * The listing of a directory. One that is not there (or is not a directory, or cannot be read)
   * holds no file, and is remembered so for a second too: an import that names a folder that does
   * not exist tries a dozen candidates in it (cloudflare-typescript imports types from
   * `../node_modules/undici-types` at ten depths), each of which asked the file system twice.
   */
  get(directory: string): DirectoryFiles {
    const time = this.now();
    const known = this.listed.get(directory);
    if (known && time - known.checked <= this.trustForMs) return known.files;
    let changed: number;
    try {
      const stats = statSync(directory, { throwIfNoEntry: false });
      if (!stats?.isDirectory()) return this.remember(directory, NO_FILES, Number.NaN, time);
      changed = stats.mtimeMs;
    } catch {
      return this.remember(directory, NO_FILES, Number.NaN, time);
    }
    if (known && known.changed === changed && known.read - changed > SETTLED_MS) {
      known.checked = time;
      return known.files;
    }
    let files: DirectoryFiles;
    try {
      // After the stat: a change in between leaves a newer time than the one kept, and is read next time.
      files = directoryFilesOf(readdirSync(directory, { withFileTypes: true }));
    } catch {
      return this.remember(directory, NO_FILES, Number.NaN, time);
    }
    return this.remember(directory, files, changed, time);
  }

  private remember(directory: string, files: DirectoryFiles, changed: number, time: number): DirectoryFiles {
    this.listed.delete(directory);
    if (this.listed.size >= this.maxDirectories) this.listed.delete(this.listed.keys().next().value!);
    this.listed.set(directory, { files, changed, read: time, checked: time });
    return files;
  }
}

/**
 * `--cache`: a file's findings are reused while its content, the content of every file its
 * analysis read through imports, the tool version, the catalogue and the options are unchanged.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { writeFileAtomic } from "../files/write-atomic.js";
import { contentHash } from "./module-host.js";
import type { FileAnalysis } from "./analyze-file.js";
import { withoutEdits } from "./result.js";

interface CacheEntry {
  hash: string;
  dependencies: Record<string, string>;
  result: FileAnalysis;
}

interface CacheFile {
  key: string;
  files: Record<string, CacheEntry>;
}

export class ScanCache {
  private readonly entries: Record<string, CacheEntry>;
  private readonly fresh: Record<string, CacheEntry> = {};
  private readonly dependencyHashes = new Map<string, string | null>();
  hits = 0;

  constructor(
    private readonly path: string,
    private readonly key: string,
  ) {
    let loaded: CacheFile | null = null;
    try {
      loaded = JSON.parse(readFileSync(path, "utf8")) as CacheFile;
    } catch {
      loaded = null;
    }
    this.entries = loaded && loaded.key === key ? loaded.files : {};
  }

  static keyOf(parts: unknown): string {
    return createHash("sha256").update(JSON.stringify(parts)).digest("hex");
  }

  private hashOf(path: string): string | null {
    if (!this.dependencyHashes.has(path)) {
      let hash: string | null = null;
      try {
        hash = contentHash(readFileSync(path, "utf8"));
      } catch {
        hash = null;
      }
      this.dependencyHashes.set(path, hash);
    }
    return this.dependencyHashes.get(path)!;
  }

  lookup(path: string, hash: string): FileAnalysis | null {
    const entry = this.entries[path];
    if (!entry || entry.hash !== hash) return null;
    for (const [dependency, dependencyHash] of Object.entries(entry.dependencies)) {
      if (this.hashOf(dependency) !== dependencyHash) return null;
    }
    this.fresh[path] = entry;
    this.hits++;
    return entry.result;
  }

  store(path: string, hash: string, result: FileAnalysis): void {
    const dependencies: Record<string, string> = {};
    for (const dependency of result.dependencies) dependencies[dependency] = this.hashOf(dependency) ?? "";
    // Fixes are offsets into this exact text: a run that fixes never reads the cache.
    this.fresh[path] = { hash, dependencies, result: { ...result, findings: result.findings.map(withoutEdits) } };
  }

  save(): void {
    writeFileAtomic(this.path, JSON.stringify({ key: this.key, files: this.fresh } satisfies CacheFile));
  }
}

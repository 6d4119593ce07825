/**
 * Finds the file a Ruby `require` or `require_relative` loads, as the interpreter would among the
 * project's files: `require_relative "client"` beside the requiring file; `require
 * "cloudflare/http_client"` in a `lib/` folder (a gem's load path) or the folder itself, from the
 * requiring file's folder up to the project's root (the nearest folder above with a `Gemfile`, a
 * `Rakefile` or `.git`). A feature not found (`json`, `faraday`: gems and the standard library) is
 * unknown, as before.
 */
import { dirname, join } from "node:path";
import { BoundedMemo } from "./bounded-memo.js";
import { existsOnDisk, isFileOnDisk } from "./disk.js";


/** What marks a Ruby project's root. */
const PROJECT_MARKERS = ["Gemfile", "Rakefile", ".git"];

export class RubyFeatureResolver {
  /** `isFile`: whether a file exists (a scan answers from its walk's directory listings). */
  constructor(private readonly isFile: (path: string) => boolean = isFileOnDisk) {}

  /** By (folder, feature). */
  private readonly resolved = new BoundedMemo<string | null>();
  /** By folder: whether it is a project's root. */
  private readonly roots = new BoundedMemo<boolean>();

  /** The file `feature` (`./client`, `cloudflare/http_client`) names when required in `fromFile`, or null. */
  resolve(fromFile: string, feature: string): string | null {
    const from = dirname(fromFile);
    return this.resolved.get(`${from}\0${feature}`, () => this.find(from, feature));
  }

  private find(from: string, feature: string): string | null {
    const withExtension = feature.endsWith(".rb") ? feature : `${feature}.rb`;
    if (feature.startsWith("./") || feature.startsWith("../")) return this.fileOf(join(from, withExtension));
    if (feature.startsWith("/") || !/^[\w./-]+$/.test(feature)) return null;
    for (let folder = from; ; folder = dirname(folder)) {
      const found = this.fileOf(join(folder, "lib", withExtension)) ?? this.fileOf(join(folder, withExtension));
      if (found) return found;
      if (this.isRoot(folder) || dirname(folder) === folder) return null;
    }
  }

  private isRoot(folder: string): boolean {
    return this.roots.get(folder, () => PROJECT_MARKERS.some((marker) => existsOnDisk(join(folder, marker))));
  }

  private fileOf(path: string): string | null {
    return this.isFile(path) ? path : null;
  }
}

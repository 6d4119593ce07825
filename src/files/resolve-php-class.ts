/**
 * Finds the file that declares a PHP class, as Composer's autoloader would: the nearest
 * `composer.json` above the importing file maps namespace prefixes to folders (`autoload` and
 * `autoload-dev`, PSR-4 and PSR-0). A project without one (or whose map names no namespace) keeps
 * its classes beside the files that use them (`ClassName.php`). Only files of the project: a class
 * of a package in `vendor/` is not followed (the scan leaves `vendor/` out as well).
 */
import { dirname, join, sep } from "node:path";
import { BoundedMemo } from "./bounded-memo.js";
import { BoundedReadError, readBounded } from "./read-bounded.js";
import { isFileOnDisk } from "./disk.js";

interface AutoloadMap {
  /** The folder of `composer.json`. */
  root: string;
  /** Namespace prefix (with its trailing `\`, or empty) and folders, longest prefix first. */
  psr4: { prefix: string; folders: string[] }[];
  psr0: { prefix: string; folders: string[] }[];
}


/** Most folders whose autoload map (or lack of one) is remembered before it starts over. */
const MAX_REMEMBERED = 10_000;

export class PhpClassResolver {
  /** `isFile`: whether a file exists (a scan answers from its walk's directory listings). */
  constructor(private readonly isFile: (path: string) => boolean = isFileOnDisk) {}

  /** By folder: the autoload map that applies there (null: none). */
  private readonly maps = new Map<string, AutoloadMap | null>();
  /** By (folder, class name). */
  private readonly resolved = new BoundedMemo<string | null>(MAX_REMEMBERED);

  /** The file declaring `qualified` (`CF\API\Client`) for an import written in `fromFile`, or null. */
  resolve(fromFile: string, qualified: string): string | null {
    const from = dirname(fromFile);
    return this.resolved.get(`${from}\0${qualified}`, () => this.find(from, qualified));
  }

  private find(from: string, qualified: string): string | null {
    const map = this.mapFor(from);
    if (map) {
      for (const { prefix, folders } of map.psr4) {
        if (!qualified.startsWith(prefix)) continue;
        const rest = qualified.slice(prefix.length).split("\\").join(sep);
        for (const folder of folders) {
          const path = join(map.root, folder, `${rest}.php`);
          if (this.isFile(path)) return path;
        }
      }
      for (const { prefix, folders } of map.psr0) {
        if (!qualified.startsWith(prefix)) continue;
        // PSR-0: the namespace's separators, and the class name's underscores, are folders.
        const slash = qualified.lastIndexOf("\\");
        const path = (qualified.slice(0, slash + 1) + qualified.slice(slash + 1).replace(/_/g, "\\")).split("\\").join(sep);
        for (const folder of folders) {
          const file = join(map.root, folder, `${path}.php`);
          if (this.isFile(file)) return file;
        }
      }
    }
    // A project that maps no namespace (no Composer, or none it can read) keeps its classes
    // beside the files that use them; one that does maps all of its own (the rest are packages').
    if (map && map.psr4.length + map.psr0.length > 0) return null;
    const beside = join(from, `${qualified.slice(qualified.lastIndexOf("\\") + 1)}.php`);
    return this.isFile(beside) ? beside : null;
  }

  private mapFor(folder: string): AutoloadMap | null {
    const known = this.maps.get(folder);
    if (known !== undefined) return known;
    if (this.maps.size >= MAX_REMEMBERED) this.maps.clear();
    const manifest = join(folder, "composer.json");
    const parent = dirname(folder);
    const map = this.isFile(manifest) ? readAutoloadMap(folder, manifest) : parent === folder ? null : this.mapFor(parent);
    this.maps.set(folder, map);
    return map;
  }
}

/** The autoload map of a `composer.json` (an unreadable or invalid one maps nothing). */
function readAutoloadMap(root: string, manifest: string): AutoloadMap {
  const map: AutoloadMap = { root, psr4: [], psr0: [] };
  let json: unknown;
  try {
    json = JSON.parse(readBounded(manifest, "config"));
  } catch (error) {
    if (error instanceof BoundedReadError || error instanceof SyntaxError) return map;
    throw error;
  }
  const sections = [(json as { autoload?: unknown })?.autoload, (json as { "autoload-dev"?: unknown })?.["autoload-dev"]];
  for (const section of sections) {
    if (!section || typeof section !== "object") continue;
    for (const [standard, list] of [["psr-4", map.psr4], ["psr-0", map.psr0]] as const) {
      const entries = (section as Record<string, unknown>)[standard];
      if (!entries || typeof entries !== "object") continue;
      for (const [prefix, folders] of Object.entries(entries as Record<string, unknown>)) {
        const paths = (Array.isArray(folders) ? folders : [folders]).filter((folder): folder is string => typeof folder === "string");
        if (paths.length > 0) list.push({ prefix, folders: paths });
      }
    }
  }
  for (const list of [map.psr4, map.psr0]) list.sort((a, b) => b.prefix.length - a.prefix.length);
  return map;
}

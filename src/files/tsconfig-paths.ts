/**
 * Import aliases of a TypeScript or JavaScript project (`import { api } from "@/api/zones"`), as
 * TypeScript and bundlers read them from the nearest `tsconfig.json` or `jsconfig.json` above the
 * importing file: `compilerOptions.paths` (a pattern with one `*`, or exact), relative to
 * `baseUrl` when it is set, else to the config that declares them; a config's `extends` (a
 * relative path) gives what it does not set, and a config without aliases of its own takes those
 * of the configs it `references` (Vite's `tsconfig.app.json`). Only files of the project: the
 * candidates it gives are resolved as relative imports are.
 */
import { dirname, join, resolve } from "node:path";
import { readBounded } from "./read-bounded.js";
import { isFileOnDisk } from "./disk.js";
import { jsonc } from "./jsonc.js";

interface Aliases {
  /** The config files they come from (a change to one may change every answer). */
  configs: string[];
  /** Pattern (`@/*`) → the paths it stands for, absolute (`/repo/src/*`); longest prefix first. */
  patterns: { prefix: string; suffix: string; wildcard: boolean; targets: string[] }[];
}

interface ConfigRead {
  paths?: Record<string, unknown>;
  baseUrl?: string;
  /** Where `paths` are relative to, when `baseUrl` is not set: the folder of the config declaring them. */
  pathsFolder?: string;
  configs: string[];
  references: string[];
}

const CONFIG_NAMES = ["tsconfig.json", "jsconfig.json"];
/** Most folders whose aliases are remembered before it starts over. */
const MAX_REMEMBERED = 10_000;

export class TsconfigPaths {
  constructor(private readonly isFile: (path: string) => boolean = isFileOnDisk) {}

  private readonly byFolder = new Map<string, Aliases | null>();

  /**
   * The paths (absolute, without extension added) a bare specifier may stand for, in the order
   * to try them, and the configs that say so; `null` when no alias matches.
   */
  candidates(fromFile: string, specifier: string): { paths: string[]; configs: string[] } | null {
    if (specifier.startsWith(".") || specifier.startsWith("/")) return null;
    const aliases = this.aliasesFor(dirname(fromFile));
    if (!aliases) return null;
    for (const pattern of aliases.patterns) {
      if (!pattern.wildcard) {
        if (specifier === pattern.prefix) return { paths: pattern.targets, configs: aliases.configs };
        continue;
      }
      if (specifier.length < pattern.prefix.length + pattern.suffix.length || !specifier.startsWith(pattern.prefix) || !specifier.endsWith(pattern.suffix)) continue;
      const star = specifier.slice(pattern.prefix.length, specifier.length - pattern.suffix.length);
      return { paths: pattern.targets.map((target) => target.replace("*", star)), configs: aliases.configs };
    }
    return null;
  }

  private aliasesFor(folder: string): Aliases | null {
    const known = this.byFolder.get(folder);
    if (known !== undefined) return known;
    if (this.byFolder.size >= MAX_REMEMBERED) this.byFolder.clear();
    let found: Aliases | null = null;
    const config = CONFIG_NAMES.map((name) => join(folder, name)).find((path) => this.isFile(path));
    if (config) found = this.aliasesOf(config);
    else {
      const parent = dirname(folder);
      found = parent === folder ? null : this.aliasesFor(parent);
    }
    this.byFolder.set(folder, found);
    return found;
  }

  /** The aliases a config declares (through `extends`, else through its `references`). */
  private aliasesOf(config: string): Aliases | null {
    const read = this.read(config, 0);
    let source: ConfigRead | null = read.paths ? read : null;
    for (const reference of read.references) {
      if (source) break;
      const referenced = this.read(reference, 0);
      if (referenced.paths) source = { ...referenced, configs: [...read.configs, ...referenced.configs] };
    }
    if (!source?.paths) return null;
    const root = source.baseUrl ?? source.pathsFolder!;
    const patterns: Aliases["patterns"] = [];
    for (const [pattern, targets] of Object.entries(source.paths)) {
      if (!Array.isArray(targets)) continue;
      const star = pattern.indexOf("*");
      if (star !== pattern.lastIndexOf("*")) continue;
      const resolved = targets.filter((target): target is string => typeof target === "string" && target.split("*").length <= 2).map((target) => resolve(root, target));
      if (resolved.length === 0) continue;
      patterns.push(star === -1 ? { prefix: pattern, suffix: "", wildcard: false, targets: resolved } : { prefix: pattern.slice(0, star), suffix: pattern.slice(star + 1), wildcard: true, targets: resolved });
    }
    patterns.sort((a, b) => b.prefix.length - a.prefix.length);
    return patterns.length > 0 ? { configs: source.configs, patterns } : null;
  }

  /** A config's `paths` and `baseUrl`, its own or those it `extends` (a relative path, a few levels). */
  private read(config: string, depth: number): ConfigRead {
    const json = parseConfig(config, this.isFile);
    const folder = dirname(config);
    const options = (json?.["compilerOptions"] ?? {}) as Record<string, unknown>;
    const references = Array.isArray(json?.["references"])
      ? (json!["references"] as unknown[]).flatMap((reference) => {
          const path = (reference as { path?: unknown })?.path;
          if (typeof path !== "string") return [];
          const target = resolve(folder, path);
          return [target.endsWith(".json") ? target : join(target, "tsconfig.json")];
        })
      : [];
    const own: ConfigRead = { configs: [config], references };
    if (typeof options["baseUrl"] === "string") own.baseUrl = resolve(folder, options["baseUrl"]);
    if (options["paths"] && typeof options["paths"] === "object") {
      own.paths = options["paths"] as Record<string, unknown>;
      own.pathsFolder = folder;
    }
    const extended = json?.["extends"];
    if (depth < 4 && typeof extended === "string" && extended.startsWith(".")) {
      const parentPath = resolve(folder, extended.endsWith(".json") ? extended : `${extended}.json`);
      const parent = this.read(parentPath, depth + 1);
      return {
        configs: [...own.configs, ...parent.configs],
        references,
        ...(own.baseUrl ?? parent.baseUrl ? { baseUrl: own.baseUrl ?? parent.baseUrl } : {}),
        ...(own.paths ? { paths: own.paths, pathsFolder: own.pathsFolder } : parent.paths ? { paths: parent.paths, pathsFolder: parent.pathsFolder } : {}),
      };
    }
    return own;
  }
}

/**
 * The file an alias names (`@/api/zones` → `/repo/src/api/zones.ts`), each candidate resolved as a
 * relative import is (`resolve` given the absolute path), with the configs that say so; `null`
 * for a specifier that is relative, a Node built-in, or no alias of the project.
 */
export function resolveAlias(aliases: TsconfigPaths, resolve: (fromFile: string, specifier: string) => string | null, fromFile: string, specifier: string): { path: string | null; configs: string[] } | null {
  if (specifier.startsWith(".") || specifier.startsWith("/") || specifier.startsWith("node:")) return null;
  const found = aliases.candidates(fromFile, specifier);
  if (!found) return null;
  for (const candidate of found.paths) {
    const path = resolve(fromFile, candidate);
    if (path) return { path, configs: found.configs };
  }
  return { path: null, configs: found.configs };
}

/** A config file as JSON with comments and trailing commas; an unreadable or invalid one says nothing. */
function parseConfig(path: string, isFile: (path: string) => boolean): Record<string, unknown> | null {
  if (!isFile(path)) return null;
  let text: string;
  try {
    text = readBounded(path, "config");
  } catch {
    // Too large, unreadable: a config that says nothing (imports through it stay unknown).
    return null;
  }
  const value = jsonc().parse(text, [], { allowTrailingComma: true, disallowComments: false }) as unknown;
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

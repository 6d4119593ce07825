/**
 * Index modules that re-export other modules' names (`export * from "./paths"`, `export { A as B }
 * from "./a"`), read from their text: which names an importer takes from a module, which modules
 * a barrel passes each name on from, and whether a module can export a name at all. The
 * prefilter follows a file's imports through barrels by these names only (see
 * `Prefilter.narrowingOf`): following every re-export of an SDK's index modules would join every
 * resource's words to every file that imports one name from them.
 */

/** All names: a namespace import, `require()`, `import()`, or `export *` passed on whole. */
export const ALL_NAMES = "*";
/** The names wanted of a module: a set, or every one. */
export type WantedNames = ReadonlySet<string> | typeof ALL_NAMES;

/** `export … from "./x"` as a barrel writes it: `*`, `* as ns`, or `{ a, b as c, type d }`. */
const RE_EXPORT = /\bexport\s+(?:type\s+)?(\*(?:\s*as\s+[\w$]+)?|\{[^}]*\})\s*from\s*["'](\.{1,2}\/[^"']+|\.{1,2})["']/g;
/** Whether a text re-exports from a relative module (the cheap test of the prefilter's hints). */
export const RE_EXPORTS = /\bexport\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s+)?from\s*["']\./;
/** `import` clauses that name bindings: default, `* as ns`, `{ a, b as c }`, or both. */
const IMPORT_CLAUSE = /\bimport\s+(?:type\s+)?((?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)|[\w$]+)\s*from\s*["'](\.{1,2}\/[^"']+|\.{1,2})["']/g;
/** What takes a module whole: `require("./x")`, `import("./x")`. */
const WHOLE_MODULE = /\b(?:require|import)\s*\(\s*["'](\.{1,2}\/[^"']+|\.{1,2})["']/g;

/** One re-export of a barrel: from `specifier`, each name exported with the name it has there (`*`: the module's namespace). */
export interface ReExport {
  readonly specifier: string;
  /** `export * from`: every name the module exports, under its own name. */
  readonly names: ReadonlyMap<string, string> | typeof ALL_NAMES;
}

/** The `{ a, b as c }` list of a clause as pairs of (name there, name here). */
function namedList(list: string): [string, string][] {
  return list
    .slice(1, -1)
    .split(",")
    .map((part) => part.trim().replace(/^type\s+/, ""))
    .filter(Boolean)
    .map((part) => {
      const [there = part, here = there] = part.split(/\s+as\s+/).map((name) => name.trim().replace(/^["']|["']$/g, ""));
      return [there, here] as [string, string];
    });
}

/** What a barrel's text re-exports, in order. */
export function reExportsOf(text: string): ReExport[] {
  const reExports: ReExport[] = [];
  for (const match of text.matchAll(RE_EXPORT)) {
    const clause = match[1]!;
    const specifier = match[2]!;
    if (clause === "*") reExports.push({ specifier, names: ALL_NAMES });
    else if (clause.startsWith("*")) reExports.push({ specifier, names: new Map([[clause.split(/\s+as\s+/)[1]!.trim(), ALL_NAMES]]) });
    else reExports.push({ specifier, names: new Map(namedList(clause).map(([there, here]) => [here, there])) });
  }
  return reExports;
}

/**
 * The names a text imports from each relative specifier it names to use them: `import { a as b }`
 * wants `a`, a default import `default`, a namespace import, `require()` and `import()` every name.
 */
export function importedNamesOf(text: string): Map<string, WantedNames> {
  const wanted = new Map<string, Set<string> | typeof ALL_NAMES>();
  const want = (specifier: string, names: readonly string[] | typeof ALL_NAMES) => {
    const known = wanted.get(specifier);
    if (known === ALL_NAMES) return;
    if (names === ALL_NAMES) wanted.set(specifier, ALL_NAMES);
    else if (known) names.forEach((name) => known.add(name));
    else wanted.set(specifier, new Set(names));
  };
  for (const match of text.matchAll(IMPORT_CLAUSE)) {
    const clause = match[1]!;
    const specifier = match[2]!;
    if (/\*\s*as\s/.test(clause)) {
      want(specifier, ALL_NAMES);
      continue;
    }
    const names: string[] = [];
    const brace = clause.indexOf("{");
    if (brace !== 0) names.push("default");
    if (brace >= 0) names.push(...namedList(clause.slice(brace)).map(([there]) => there));
    want(specifier, names);
  }
  for (const match of text.matchAll(WHOLE_MODULE)) want(match[1]!, ALL_NAMES);
  // Not the names a file re-exports: it passes them on, it does not use them.
  return wanted;
}

/**
 * Whether a module's text can export `name`: it writes the name (as a declaration, an export
 * list or a property of `module.exports`), passes names on with `export *`, or builds its exports
 * at run time (CommonJS). A superset: what it answers no to cannot supply the name.
 */
export function mayExport(text: string, name: string): boolean {
  if (text.includes(name === "default" ? "export default" : name)) return true;
  return /\bexport\s*\*|\bexports\b|\bexport\s*\{[^}]*\bdefault\b/.test(text);
}

/** The names wanted of a re-export's module, given the names wanted of the barrel (null: none). */
export function namesThrough(reExport: ReExport, wanted: WantedNames): WantedNames | null {
  if (reExport.names === ALL_NAMES) {
    if (wanted === ALL_NAMES) return ALL_NAMES;
    // `export *` passes on no default export.
    const names = new Set([...wanted].filter((name) => name !== "default"));
    return names.size > 0 ? names : null;
  }
  let names: Set<string> | null = null;
  for (const [exported, there] of reExport.names) {
    if (wanted !== ALL_NAMES && !wanted.has(exported)) continue;
    if (there === ALL_NAMES) return ALL_NAMES;
    (names ??= new Set()).add(there);
  }
  return names;
}

/** How many barrels deep a name is followed (`index.ts` re-exporting `constants/index.ts` re-exporting `constants/paths.ts`: two). */
export const BARREL_DEPTH = 4;
/** What a `BarrelReader` remembers at most: entries per memo, and characters of texts kept. */
const MAX_REMEMBERED = 20_000;
const MAX_TEXT_CHARACTERS = 4 * 1024 * 1024;

/**
 * Reads barrels and the modules they pass names on from, remembering what it read (within
 * bounds: forgetting costs a read again, never a different answer). `textOf` gives a module's
 * text (null: unreadable); `isBarrel`, when the caller knows it without the text (the prefilter's
 * hints).
 */
export class BarrelReader {
  private readonly reExports = new Map<string, readonly ReExport[]>();
  private readonly exports = new Map<string, boolean>();
  private readonly barrels = new Map<string, boolean>();
  /** Texts of modules `export *` passes names on from: each is asked for several names. */
  private readonly texts = new Map<string, string | null>();
  private characters = 0;

  constructor(
    readonly textOf: (path: string) => string | null,
    readonly resolve: (from: string, specifier: string) => string | null,
    private readonly knownBarrel?: (path: string) => boolean,
  ) {}

  isBarrel(path: string): boolean {
    if (this.knownBarrel) return this.knownBarrel(path);
    return remembered(this.barrels, path, () => {
      const text = this.keptText(path);
      return text !== null && RE_EXPORTS.test(text);
    });
  }

  reExportsOf(barrel: string): readonly ReExport[] {
    return remembered(this.reExports, barrel, () => {
      const text = this.textOf(barrel);
      return text === null ? [] : reExportsOf(text);
    });
  }

  /** `mayExport` of a module's text (true if it cannot be read). */
  canExport(module: string, name: string): boolean {
    return remembered(this.exports, `${module}\0${name}`, () => {
      const text = this.keptText(module);
      return text === null || mayExport(text, name);
    });
  }

  /**
   * Follows `wanted` names of `barrel` through its re-exports: `visit(module, names)` for each
   * module it passes some of them on from (through `export *`, only modules whose text can export
   * one), then through that module if it is a barrel too, up to `BARREL_DEPTH` deep, each module
   * once per new name (`skip`: a module never visited, the importer itself). Stops at the first
   * visit that returns true, and says whether one did.
   */
  follow(barrel: string, wanted: WantedNames, visit: (module: string, names: WantedNames) => boolean | void, skip?: string): boolean {
    const followed = new Map<string, Set<string> | typeof ALL_NAMES>();
    const through = (from: string, names: WantedNames, depth: number): boolean => {
      for (const reExport of this.reExportsOf(from)) {
        let passed = namesThrough(reExport, names);
        if (passed === null) continue;
        const target = this.resolve(from, reExport.specifier);
        if (target === null || target === skip) continue;
        if (reExport.names === ALL_NAMES && passed !== ALL_NAMES) {
          const exported = new Set([...passed].filter((name) => this.canExport(target, name)));
          if (exported.size === 0) continue;
          passed = exported;
        }
        const before = followed.get(target);
        if (before === ALL_NAMES || (before && passed !== ALL_NAMES && [...passed].every((name) => before.has(name)))) continue;
        followed.set(target, passed === ALL_NAMES ? ALL_NAMES : new Set([...(before ?? []), ...passed]));
        if (!before && visit(target, passed) === true) return true;
        if (depth < BARREL_DEPTH && this.isBarrel(target) && through(target, passed, depth + 1)) return true;
      }
      return false;
    };
    return through(barrel, wanted, 1);
  }

  private keptText(path: string): string | null {
    let text = this.texts.get(path);
    if (text === undefined) {
      text = this.textOf(path);
      if (this.characters > MAX_TEXT_CHARACTERS || this.texts.size >= MAX_REMEMBERED) {
        this.texts.clear();
        this.characters = 0;
      }
      this.texts.set(path, text);
      this.characters += text?.length ?? 0;
    }
    return text;
  }
}

function remembered<T>(memo: Map<string, T>, key: string, compute: () => T): T {
  let value = memo.get(key);
  if (value === undefined) {
    value = compute();
    if (memo.size >= MAX_REMEMBERED) memo.clear();
    memo.set(key, value);
  }
  return value;
}

/** What a module host does with an imported module (see `ImportWorth`). */
export type ParseVerdict = "parse" | "not-for-this-name" | "never";

/**
 * Whether a module an analysis imports is worth parsing, for the name it wants of it (undefined:
 * the module whole): its text matters to importers (`textMatters`, the prefilter's judgement) and
 * can export the name; or it is a barrel that passes the name on from a module that matters (the
 * barrel's own text never does: it only points on). A value from a module not parsed is unknown,
 * as it would be from one parsed that cannot supply it: only parsing is spared.
 */
export class ImportWorth {
  private readonly matters = new Map<string, boolean>();

  constructor(
    private readonly reader: BarrelReader,
    private readonly textMatters: (text: string) => boolean,
  ) {}

  verdict(path: string, text: string, name?: string): ParseVerdict {
    if (this.textMatters(text)) return name === undefined || mayExport(text, name) ? "parse" : "not-for-this-name";
    if (!RE_EXPORTS.test(text)) return "never";
    const wanted: WantedNames = name === undefined ? ALL_NAMES : new Set([name]);
    return this.reader.follow(path, wanted, (module) => this.moduleMatters(module)) ? "parse" : "not-for-this-name";
  }

  private moduleMatters(path: string): boolean {
    return remembered(this.matters, path, () => {
      const text = this.reader.textOf(path);
      return text !== null && this.textMatters(text);
    });
  }
}

/** Everything the verdicts built on this module depend on (see `PREFILTER_FINGERPRINT`). */
export const BARRELS_FINGERPRINT = [RE_EXPORT.source, RE_EXPORTS.source, IMPORT_CLAUSE.source, WHOLE_MODULE.source, String(BARREL_DEPTH), namedList, reExportsOf, importedNamesOf, mayExport, namesThrough, BarrelReader]
  .map(String)
  .join("\n");

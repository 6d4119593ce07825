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
/** Whether a text re-exports from a relative module as ES modules do (see `reExportsSomething`). */
const ES_RE_EXPORTS = /\bexport\s+(?:type\s+)?(?:\*|\{[^}]*\})\s*(?:as\s+[\w$]+\s+)?from\s*["']\./;
/** A relative module required whole, as a pattern's source: `require("./x")`. */
const REQUIRED = String.raw`require\s*\(\s*["'](\.{1,2}(?:\/[^"']*)?)["']\s*\)`;
/**
 * CommonJS re-exports of a module whole: `module.exports = require("./x")`, a spread of one
 * (`module.exports = { ...require("./x") }`), the first source of `Object.assign(module.exports, …)`.
 */
const CJS_WHOLE = new RegExp(String.raw`(?:\bmodule\.exports\s*=\s*|\.\.\.\s*|\bObject\.assign\s*\(\s*(?:module\.)?exports\s*,\s*)${REQUIRED}`, "g");
/** Further sources of `Object.assign(module.exports, require("./a"), require("./b"))`, each after the one before. */
const CJS_NEXT_SOURCE = new RegExp(String.raw`\s*,\s*${REQUIRED}`, "y");
/** A CommonJS re-export under a name: `exports.paths = require("./paths")`. */
const CJS_NAMED = new RegExp(String.raw`\b(?:module\.)?exports\.([\w$]+)\s*=\s*${REQUIRED}`, "g");

/** `module.exports = paths;`, where `paths` may be a module required whole (see `aliasedModule`). */
const CJS_ALIAS = /\bmodule\.exports\s*=\s*([\w$]+)\s*(?:;|$)/m;

/** The relative module `module.exports = name` exports whole, when `name` is bound to `require` of one (`const paths = require("./paths")`). */
function aliasedModule(text: string): string | null {
  const alias = text.includes("module.exports") ? CJS_ALIAS.exec(text)?.[1] : undefined;
  if (alias === undefined) return null;
  return new RegExp(String.raw`\b(?:const|let|var)\s+${alias.replace(/\$/g, "\\$")}\s*=\s*${REQUIRED}`).exec(text)?.[1] ?? null;
}

/**
 * One pass over a text for what may be a re-export: an ES one (the group), or the start of a
 * CommonJS one, confirmed by the patterns above (the prefilter asks this of most files: one
 * pattern costs less than one for each kind, 33 ms instead of 47 on the bench corpus).
 */
const MAY_RE_EXPORT = new RegExp(
  String.raw`(${ES_RE_EXPORTS.source})|\bmodule\.exports\s*=\s*(?:require\s*\(|[\w$]+\s*(?:;|$))|\.\.\.\s*require\s*\(\s*["']\.|\bexports\.[\w$]+\s*=\s*require\s*\(\s*["']\.|\bObject\.assign\s*\(\s*(?:module\.)?exports\s*,`,
  "m",
);

/** Whether a text re-exports from a relative module (ES or CommonJS): a barrel. */
export function reExportsSomething(text: string): boolean {
  const first = MAY_RE_EXPORT.exec(text);
  if (first === null) return false;
  if (first[1] !== undefined) return true;
  return matches(CJS_WHOLE, text) || matches(CJS_NAMED, text) || aliasedModule(text) !== null || ES_RE_EXPORTS.test(text);
}

/** `pattern.test(text)` for a global pattern, leaving it as it was found (`matchAll` starts where `test` left it). */
function matches(pattern: RegExp, text: string): boolean {
  pattern.lastIndex = 0;
  const found = pattern.test(text);
  pattern.lastIndex = 0;
  return found;
}
/** `import` clauses that name bindings: default, `* as ns`, `{ a, b as c }`, or both. */
const IMPORT_CLAUSE = /\bimport\s+(?:type\s+)?((?:[\w$]+\s*,\s*)?(?:\{[^}]*\}|\*\s*as\s+[\w$]+)|[\w$]+)\s*from\s*["'](\.{1,2}\/[^"']+|\.{1,2})["']/g;
/** `const { a, b: c } = require("./x")` (a rest element takes the module whole: see `importedNamesOf`). */
const DESTRUCTURED_REQUIRE = /\b(?:const|let|var)\s*(\{[^}.]*\})\s*=\s*require\s*\(\s*["'](\.{1,2}\/[^"']+|\.{1,2})["']\s*\)/g;
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
  if (!text.includes("exports")) return reExports;
  for (const match of text.matchAll(CJS_WHOLE)) {
    reExports.push({ specifier: match[1]!, names: ALL_NAMES });
    if (!match[0].startsWith("Object")) continue;
    CJS_NEXT_SOURCE.lastIndex = match.index + match[0].length;
    for (let next = CJS_NEXT_SOURCE.exec(text); next !== null; next = CJS_NEXT_SOURCE.exec(text)) reExports.push({ specifier: next[1]!, names: ALL_NAMES });
  }
  for (const match of text.matchAll(CJS_NAMED)) reExports.push({ specifier: match[2]!, names: new Map([[match[1]!, ALL_NAMES]]) });
  const aliased = aliasedModule(text);
  if (aliased !== null) reExports.push({ specifier: aliased, names: ALL_NAMES });
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
  // `const { a, b: c } = require("./x")` takes `a` and `b`; any other `require("./x")`, the module whole.
  const destructured = new Set<number>();
  for (const match of text.matchAll(DESTRUCTURED_REQUIRE)) {
    want(match[2]!, namedList(match[1]!.replace(/:/g, " as ").replace(/\s*=[^,}]*/g, "")).map(([there]) => there));
    destructured.add(match.index + match[0].lastIndexOf("require"));
  }
  for (const match of text.matchAll(WHOLE_MODULE)) if (!destructured.has(match.index)) want(match[1]!, ALL_NAMES);
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
      return text !== null && reExportsSomething(text);
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
/** A JSON file, which an import names with its extension and which gives the document as its value. */
export const isDataModule = (path: string): boolean => path.endsWith(".json");

/** How a module's imports are read and resolved, to see what a component hands its props to (see `ImportWorth`). */
export interface ImportReading {
  specifiersOf: (text: string) => readonly string[];
  resolve: (from: string, specifier: string) => string | null;
}

/** A module of components (`.tsx`, `.jsx`: JSX elements are calls of them, see `jsxElement`). */
export const isComponentModule = (path: string): boolean => JSX_MODULE.test(path);
const JSX_MODULE = /\.[jt]sx$/;

export class ImportWorth {
  private readonly matters = new Map<string, boolean>();
  private readonly forwarding = new Map<string, boolean>();

  constructor(
    private readonly reader: BarrelReader,
    private readonly textMatters: (text: string) => boolean,
    /** Without it, a component matters by its text only. */
    private readonly imports?: ImportReading,
  ) {}

  verdict(path: string, text: string, name?: string): ParseVerdict {
    // A JSON module exports its document whole: any name may be one of its keys, and it re-exports nothing.
    if (isDataModule(path)) return this.textMatters(text) ? "parse" : "never";
    if (this.textMatters(text) || this.handsPropsOn(path, text)) return name === undefined || mayExport(text, name) ? "parse" : "not-for-this-name";
    if (!reExportsSomething(text)) return "never";
    const wanted: WantedNames = name === undefined ? ALL_NAMES : new Set([name]);
    return this.reader.follow(path, wanted, (module) => this.moduleMatters(module)) ? "parse" : "not-for-this-name";
  }

  private moduleMatters(path: string): boolean {
    return remembered(this.matters, path, () => {
      const text = this.reader.textOf(path);
      return text !== null && this.textMatters(text);
    });
  }

  /**
   * Whether a component module that does not matter by its text imports one that does: its
   * components may hand their props to that module's functions (a settings card to the hook
   * that sends the setting it is given). Components only, as `passesPropsOn` joins hints.
   */
  private handsPropsOn(path: string, text: string): boolean {
    if (!this.imports || !isComponentModule(path) || reExportsSomething(text)) return false;
    const { specifiersOf, resolve } = this.imports;
    return remembered(this.forwarding, path, () =>
      specifiersOf(text).some((specifier) => {
        const target = resolve(path, specifier);
        return target !== null && target !== path && !isDataModule(target) && this.moduleMatters(target);
      }),
    );
  }
}

/** Everything the verdicts built on this module depend on (see `PREFILTER_FINGERPRINT`). */
export const BARRELS_FINGERPRINT = [RE_EXPORT.source, ES_RE_EXPORTS.source, MAY_RE_EXPORT.source, CJS_WHOLE.source, CJS_NEXT_SOURCE.source, CJS_NAMED.source, CJS_ALIAS.source, aliasedModule, IMPORT_CLAUSE.source, WHOLE_MODULE.source, DESTRUCTURED_REQUIRE.source, reExportsSomething, String(BARREL_DEPTH), namedList, reExportsOf, importedNamesOf, mayExport, namesThrough, BarrelReader, ImportWorth, JSX_MODULE.source]
  .map(String)
  .join("\n");

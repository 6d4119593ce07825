/**
 * Gives the core the modules that relative imports name, parsed with the compiler and lowered,
 * each once per scan (or per worker). Records which files each analysis read, so the cache can
 * tell when a file's findings depend on another file's content.
 */
import { BarrelReader, ImportWorth, isComponentModule } from "../core/barrels.js";
import type { ModuleHost } from "../core/evaluator/index.js";
import type { Module } from "../core/ir.js";
import { contentHash } from "../files/content-hash.js";
import { DEFAULT_MAX_FILE_BYTES, readSource } from "../files/read-source.js";
import { listingOracle, memoizedImportResolver, type ImportResolver, type Listings } from "../files/resolve-import.js";
import { pythonFollowedClasses, pythonImportMatters, relativeImports } from "../core/import-graph.js";
import { resolveAlias, TsconfigPaths } from "../files/tsconfig-paths.js";
import { PhpClassResolver } from "../files/resolve-php-class.js";
import { CSharpTypeResolver } from "../files/resolve-csharp-type.js";
import { PythonModuleResolver } from "../files/resolve-python-module.js";
import { RubyFeatureResolver } from "../files/resolve-ruby-feature.js";
import { GoPackageResolver } from "../files/resolve-go-package.js";
import { CSHARP_TYPE_SOURCE, GO_PACKAGE_SOURCE, PHP_CLASS_SOURCE, PYTHON_MODULE_SOURCE, RUBY_FEATURE_SOURCE } from "../core/libraries.js";

/** No walk's listings in a worker: directories are listed as they are first asked. */
const NO_LISTINGS: Listings = { get: () => undefined };

/**
 * Parses and lowers one file (`lower.ts` or a language's front end, handed in so that a scan that
 * parses nothing never loads a parser). `partly`: the parser recovered from errors over much of the
 * file (tree-sitter grammars): what it made out is analysed and its findings kept, and the file is
 * named as only partly analysed.
 */
export type ParseAndLower = (path: string, text: string) => { module: Module; syntaxErrors: string[]; partly?: string | null };

export interface LoadedModule {
  module: Module | null;
  /** SHA-1 of the text, for cache keys. */
  hash: string | null;
  syntaxErrors: string[];
  problem: string | null;
  /** Why the file was only partly analysed, if it was. */
  partly?: string | null;
  /** The parser ran out of stack (code nested deeper than this thread's stack allows): worth a retry with a larger one. */
  outOfStack?: boolean;
}

/** A stack overflow, as V8 reports it. */
export const isStackOverflow = (error: unknown) => error instanceof RangeError && /call stack size/i.test(error.message);

/** How many (module, name) pairs `skippedForName` remembers before it starts over. */
const MAX_SKIPPED_FOR_NAME = 10_000;

export class ScannerModuleHost implements ModuleHost {
  private readonly modules = new Map<string, LoadedModule>();
  /** Files loaded through imports since the last `startTracking`. */
  private tracked: Set<string> | null = null;
  /**
   * Every module an analysis has used, kept until it ends whatever the bound: the evaluator knows
   * a module by its identity (an import cycle is seen by meeting the same module again), so one
   * parsed anew in the middle of an analysis would be a stranger. With a file whose imports
   * outgrow the bound, cycles were followed again and again, each turn parsing afresh.
   */
  private pinned: Map<string, LoadedModule> | null = null;

  private cachedTextLength = 0;
  /** Which imported modules are worth parsing, by their text and the names wanted of them. */
  private readonly worth: ImportWorth;

  /**
   * Bounded by count and by source size: files analysed long ago are parsed again if a later
   * file imports them, so memory stays flat however large the repository. The modules kept are
   * those used last; 2 million characters of source hold a repository's working set of imports:
   * on the benchmark corpus 278 parses of 269 files (8 million: 269 once each), and on 8 copies
   * of it a peak of 384 MiB instead of 470-580, in the same time (a budget of 1 million: 1.06x
   * slower there).
   */
  constructor(
    private readonly parseAndLower: ParseAndLower,
    /** Imported files failing this test are not parsed (they cannot matter to the analysis). */
    worthParsing: (text: string) => boolean = () => true,
    /** Source files over this size are not analysed (see `readSource`). */
    private readonly maxFileBytes = DEFAULT_MAX_FILE_BYTES,
    private readonly maxModules = 300,
    private readonly maxTextLength = 2 * 1024 * 1024,
    /** The scan's resolver, shared with its prefilter. */
    private readonly resolveImport: ImportResolver = memoizedImportResolver(),
  ) {
    const textOf = (path: string) => {
      const read = readSource(path, maxFileBytes);
      return read.ok ? read.text : null;
    };
    // What a component hands its props to is found as the analysis finds it: through aliases too.
    this.worth = new ImportWorth(new BarrelReader(textOf, resolveImport), worthParsing, {
      specifiersOf: relativeImports,
      resolve: (from, specifier) => this.projectImport(from, specifier),
    });
  }

  /** Parses (or returns the already parsed) file at an absolute path. */
  file(path: string, text?: string): LoadedModule {
    const pinned = this.pinned?.get(path);
    if (pinned) return pinned;
    const loaded = this.cachedOrParsed(path, text);
    this.pinned?.set(path, loaded);
    return loaded;
  }

  private cachedOrParsed(path: string, text: string | undefined): LoadedModule {
    const cached = this.modules.get(path);
    if (cached) {
      // most recently used last
      this.modules.delete(path);
      this.modules.set(path, cached);
      return cached;
    }
    let loaded: LoadedModule;
    const read = text === undefined ? readSource(path, this.maxFileBytes) : ({ ok: true, text } as const);
    if (!read.ok) loaded = { module: null, hash: null, syntaxErrors: [], problem: read.problem };
    else {
      try {
        const { module, syntaxErrors, partly } = this.parseAndLower(path, read.text);
        loaded = { module, hash: contentHash(read.text), syntaxErrors, problem: null, partly: partly ?? null };
      } catch (error) {
        loaded = isStackOverflow(error)
          ? { module: null, hash: contentHash(read.text), syntaxErrors: [], problem: "the parser ran out of stack: the code is nested too deeply", outOfStack: true }
          : { module: null, hash: contentHash(read.text), syntaxErrors: [], problem: `the parser failed: ${(error as Error).message}` };
      }
    }
    this.modules.set(path, loaded);
    this.cachedTextLength += loaded.module?.text.length ?? 0;
    while (this.modules.size > 1 && (this.modules.size > this.maxModules || this.cachedTextLength > this.maxTextLength)) {
      const oldest = this.modules.keys().next().value!;
      this.cachedTextLength -= this.modules.get(oldest)?.module?.text.length ?? 0;
      this.modules.delete(oldest);
    }
    return loaded;
  }

  private readonly skipped = new Set<string>();
  /** Modules not parsed for one name (`path\0name`, `*` for the whole module): see `ImportWorth`. Bounded. */
  private readonly skippedForName = new Set<string>();

  /** A project's import aliases (`@/api/zones`, from its tsconfig or jsconfig `paths`). */
  private readonly aliases = new TsconfigPaths();

  /**
   * The file an alias names (`@/api/zones` → `src/api/zones.ts`), resolved as a relative import
   * is; the configs that say so are what the importing file's analysis rests on too.
   */
  private alias(fromFile: string, specifier: string): string | null {
    const found = resolveAlias(this.aliases, this.resolveImport, fromFile, specifier);
    for (const config of found?.configs ?? []) this.tracked?.add(config);
    return found?.path ?? null;
  }

  /** Where PHP classes of other files are declared (made when a PHP file first names one). */
  private phpClasses: PhpClassResolver | null = null;
  /** Where C# types of other files are declared (made when a C# file first names one). */
  private csharpTypes: CSharpTypeResolver | null = null;
  /** Where the Python project's modules are (made when a Python file first imports one). */
  private pythonModules: PythonModuleResolver | null = null;
  /** Where the files Ruby files require are (made when a Ruby file first requires one). */
  private rubyFeatures: RubyFeatureResolver | null = null;
  /** Where the declarations a Go file uses of its package are (made when a Go file first uses one). */
  private goPackages: GoPackageResolver | null = null;
  /** The classes a Python file derives from, by file (its text as loaded). */
  private readonly pythonFollowed = new Map<string, ReadonlySet<string>>();

  private pythonFollowedOf(file: string): ReadonlySet<string> {
    let followed = this.pythonFollowed.get(file);
    if (!followed) {
      const text = this.pinned?.get(file)?.module?.text ?? this.modules.get(file)?.module?.text ?? null;
      followed = text === null ? new Set() : pythonFollowedClasses(text);
      if (this.pythonFollowed.size >= 10_000) this.pythonFollowed.clear();
      this.pythonFollowed.set(file, followed);
    }
    return followed;
  }

  load(fromFile: string, specifier: string, name?: string): Module | null {
    if (specifier.startsWith(PHP_CLASS_SOURCE)) return this.declaringFile((this.phpClasses ??= new PhpClassResolver()).resolve(fromFile, specifier.slice(PHP_CLASS_SOURCE.length)));
    if (specifier.startsWith(CSHARP_TYPE_SOURCE)) return this.declaringFile((this.csharpTypes ??= new CSharpTypeResolver()).resolve(fromFile, specifier.slice(CSHARP_TYPE_SOURCE.length)));
    // A module of the Python project is judged as a relative import is: parsed only if it may
    // matter, and not for a class (see `pythonModuleImports`: the prefilter does not join those).
    if (specifier.startsWith(PYTHON_MODULE_SOURCE) && name !== undefined && !pythonImportMatters(name, this.pythonFollowedOf(fromFile))) return null;
    // A file a Ruby file requires, or loads a class or module from, is parsed whatever its text, as
    // a PHP class's: a base class that sends nothing itself links a subclass to the one that does.
    if (specifier.startsWith(RUBY_FEATURE_SOURCE)) {
      return this.declaringFile((this.rubyFeatures ??= new RubyFeatureResolver(listingOracle(NO_LISTINGS))).resolve(fromFile, specifier.slice(RUBY_FEATURE_SOURCE.length)));
    }
    // A declaration of another file of a Go file's package: parsed, as a relative import is, only if it may matter.
    const path = specifier.startsWith(PYTHON_MODULE_SOURCE)
      ? (this.pythonModules ??= new PythonModuleResolver(listingOracle(NO_LISTINGS))).resolve(fromFile, specifier.slice(PYTHON_MODULE_SOURCE.length))
      : specifier.startsWith(GO_PACKAGE_SOURCE)
        ? (this.goPackages ??= new GoPackageResolver()).resolve(fromFile, specifier.slice(GO_PACKAGE_SOURCE.length))
        : this.projectImport(fromFile, specifier);
    if (!path) return null;
    this.tracked?.add(path);
    // A component's verdict rests on the modules it imports (what it may hand its props to, see
    // `ImportWorth`): the findings of every file that imports it change with them, also where the
    // verdict is remembered from another file's analysis.
    for (const imported of this.componentImports.get(path) ?? []) this.tracked?.add(imported);
    if (this.skipped.has(path)) return null;
    if (!this.modules.has(path) && !this.pinned?.has(path)) {
      const forName = `${path}\0${name ?? "*"}`;
      if (this.skippedForName.has(forName)) return null;
      const read = readSource(path, this.maxFileBytes);
      const verdict = read.ok ? this.worth.verdict(path, read.text, name) : "parse";
      if (read.ok && isComponentModule(path)) this.noteComponentImports(path, read.text);
      if (verdict === "never") {
        this.skipped.add(path);
        return null;
      }
      // Parsed or not, the value of `name` would be the same: unknown.
      if (verdict === "not-for-this-name") {
        if (this.skippedForName.size >= MAX_SKIPPED_FOR_NAME) this.skippedForName.clear();
        this.skippedForName.add(forName);
        return null;
      }
      const loaded = this.file(path, read.ok ? read.text : undefined);
      return loaded.syntaxErrors.length > 0 ? null : loaded.module;
    }
    const loaded = this.file(path);
    return loaded.syntaxErrors.length > 0 ? null : loaded.module;
  }

  /**
   * The file declaring a PHP class or a C# type another file names. Parsed whatever its text: a
   * class that only holds values (a request object's method and path, read back through its
   * getters; a C# class of path constants) matters as much as one that sends.
   */
  private declaringFile(path: string | null): Module | null {
    if (!path) return null;
    this.tracked?.add(path);
    const loaded = this.file(path);
    return loaded.syntaxErrors.length > 0 ? null : loaded.module;
  }

  /** A relative import or an alias of the project (`@/lib/settings`), resolved as the analysis resolves it. */
  private projectImport(fromFile: string, specifier: string): string | null {
    return this.resolveImport(fromFile, specifier) ?? this.alias(fromFile, specifier);
  }

  /** The modules each component judged imports (see `load`). Bounded. */
  private readonly componentImports = new Map<string, readonly string[]>();

  private noteComponentImports(path: string, text: string): void {
    const imported = relativeImports(text).flatMap((specifier) => this.projectImport(path, specifier) ?? []);
    if (this.componentImports.size >= MAX_SKIPPED_FOR_NAME) this.componentImports.clear();
    this.componentImports.set(path, imported);
    for (const module of imported) this.tracked?.add(module);
  }

  /** Starts an analysis (of `root`, the file analysed, if given): see `pinned`. */
  startTracking(root?: { path: string; loaded: LoadedModule }): void {
    this.tracked = new Set();
    this.pinned = new Map(root ? [[root.path, root.loaded]] : []);
  }

  stopTracking(): string[] {
    const files = [...(this.tracked ?? [])];
    this.tracked = null;
    this.pinned = null;
    return files;
  }

  /** Lets a file's tree go once analysed (the scanner keeps only what imports need). */
  release(path: string): void {
    this.cachedTextLength -= this.modules.get(path)?.module?.text.length ?? 0;
    this.modules.delete(path);
  }
}

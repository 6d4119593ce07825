/**
 * A file with the modules it imports, as the prefilter judges them together: their relative
 * imports read from the text, the hints joined with a file's (one level of imports, and through
 * barrels the modules that pass on the names it imports).
 */
import { BARREL_DEPTH, BarrelReader, BARRELS_FINGERPRINT, importedNamesOf, isComponentModule } from "./barrels.js";
import { KEPT_STRINGS, Signal, unionOfHints, type Hints } from "./hints.js";
import { CSHARP_TYPE_SOURCE, GO_PACKAGE_SOURCE, PHP_CLASS_SOURCE, PYTHON_MODULE_SOURCE, RUBY_FEATURE_SOURCE } from "./libraries.js";

/** What leads to a module specifier's quote: `from`, `require(`, `import(`, `import "…"`. */
export const SPECIFIER_LEAD = String.raw`\bfrom\s*|\brequire\s*\(\s*|\bimport\s*\(\s*|\bimport\s+`;
/**
 * A module specifier of the project: relative (`./paths`, `../index`, or the folder's own index,
 * `.` and `..`), or an alias in the conventional spellings (`@/api/zones`, `~/api`, `#/lib`),
 * which the scan resolves through the project's tsconfig or jsconfig `paths`.
 */
const RELATIVE_IMPORT = new RegExp(String.raw`(?:${SPECIFIER_LEAD})["'](\.{1,2}(?:\/[^"']*)?|[@~#]{1,2}\/[^"']+)["']`, "g");

/** Whether a text imports a relative module. */
export function hasRelativeImport(text: string): boolean {
  RELATIVE_IMPORT.lastIndex = 0;
  const found = RELATIVE_IMPORT.test(text);
  RELATIVE_IMPORT.lastIndex = 0;
  return found;
}

/** What `relativeImports` gives a file that imports nothing: one array for all. */
export const NO_IMPORTS: readonly string[] = Object.freeze([]);

/** The relative module specifiers a file imports, read from its text. */
export function relativeImports(text: string): readonly string[] {
  const specifiers = [...text.matchAll(RELATIVE_IMPORT)].map((match) => KEPT_STRINGS.intern(match[1]!));
  return specifiers.length === 0 ? NO_IMPORTS : specifiers;
}

const PHP_NAMESPACE = /^\s*namespace\s+([A-Za-z_][\w\\]*)\s*[;{]/m;
/** `use A\B\C;`, `use A\B\C as D, E\F;` (not `use function`/`use const`). */
const PHP_USE = /^\s*use\s+(?!function\b|const\b)([^;{]+);/gm;
/** Where a class is named: `new C`, `extends C`, `C::…`, a typed parameter or property (`Client $client`). */
const PHP_CLASS_NAMED = /\b(?:new|extends)\s+(\\?[A-Za-z_][\w\\]*)|(?<![\w\\$])(\\?[A-Za-z_][\w\\]*)(::|\s+&?(?:\.\.\.)?\$\w)/g;
const PHP_DECLARED = /\b(?:class|interface|trait)\s+([A-Za-z_]\w*)/g;
const PHP_RELATIVE_CLASS = new Set(["self", "static", "parent"]);

/** `from .consts import ZONE_API, call`, `from cloudflare_consts import *` (names up to the line's end or a `)`); `import myapp.client as c, os`. Both at a line's start (sticky). */
const PYTHON_FROM_IMPORT = /[ \t]*from[ \t]+(\.*[\w.]*)[ \t]+import[ \t]+(\*|\([^)]*\)|[^\n#]*)/y;
const PYTHON_IMPORT = /[ \t]*import[ \t]+([\w. \t,]+)$/my;
/** A class's name (`ProfilesResource`), as PEP 8 writes them: capitalized, with a lower-case letter. */
const PYTHON_CLASS_NAME = /^_*[A-Z]\w*[a-z]\w*$/;
export const isPythonClassName = (name: string): boolean => PYTHON_CLASS_NAME.test(name);
/** `class Cloudflare(Api, metaclass=M):`: the bases named (`Api`), at a line's start. */
const PYTHON_CLASS_BASES = /^[ \t]*class[ \t]+\w+[ \t]*\(([^)]*)\)/gm;

/** The names a Python file's classes derive from: a base class imported from another module brings its methods (`self.api_get(…)`). */
function pythonBaseClasses(text: string): ReadonlySet<string> {
  if (!text.includes("class")) return NO_NAMES;
  const bases = new Set<string>();
  for (const [, list] of text.matchAll(PYTHON_CLASS_BASES)) {
    for (const item of list!.split(",")) {
      const name = item.trim().split(".").at(-1)!;
      if (/^\w+$/.test(name)) bases.add(name);
    }
  }
  return bases;
}
const NO_NAMES: ReadonlySet<string> = new Set();

/** A class a file makes, or calls a method of on the class itself: `Client(…)`, `api.Client(…)`, `Client.from_env(…)`. */
const PYTHON_CLASS_CALLED = /(?<!\w)(_*[A-Z]\w*[a-z]\w*)(?:\s*\(|\.\w+\s*\()/g;
/** Generated code's first line (`# File generated from our OpenAPI spec by Stainless`, `# Code generated … DO NOT EDIT`). */
const GENERATED_CODE = /^[ \t]*#[^\n]*\b(?:generated|DO NOT EDIT)\b/i;

/**
 * The imported classes of a Python file that are followed to their module: those it derives from
 * (their methods are the subclass's), and, in code written by hand, those it makes or calls
 * (`client = CloudflareClient(token)`: a path it passes a method, `client.patch_setting(zone,
 * "minify")`, is this file's request). A generated SDK's modules import each other's classes by
 * the hundred and make many of them: its classes' requests are their own modules' findings.
 */
export function pythonFollowedClasses(text: string): ReadonlySet<string> {
  const bases = pythonBaseClasses(text);
  if (GENERATED_CODE.test(text.slice(0, 200))) return bases;
  let followed: Set<string> | null = null;
  for (const [, name] of text.matchAll(PYTHON_CLASS_CALLED)) (followed ??= new Set(bases)).add(name!);
  return followed ?? bases;
}

/** Whether a Python file's import of `name` may matter to it: anything but a class it does not follow (see `pythonFollowedClasses`). */
export const pythonImportMatters = (name: string, followed: ReadonlySet<string>): boolean => !isPythonClassName(name) || followed.has(name);

/**
 * The modules a Python file imports that may give it a path, read from its text as the Python
 * front end reads them: as `python:` specifiers. A module imported whole (`import consts`, `from
 * consts import *`), for a constant or function (`from .paths import ZONE_RULES, build_url`) or for
 * a class it follows (see `pythonFollowedClasses`); not one imported only for classes it names in
 * types (`-> ProfileResponse`), nor, in generated code, for classes it only makes: a generated
 * SDK's modules import each other's classes by the hundred (judged with them all, 54 more of
 * cloudflare-python's files were parsed, the polyglot corpus's scan 1.29x slower, for no finding).
 */
export function pythonModuleImports(text: string): readonly string[] {
  const found = new Set<string>();
  let followed: ReadonlySet<string> | null = null;
  // Read at the start of each line holding the word (a few per file), not line by line.
  let lastLine = -1;
  for (let at = text.indexOf("import"); at !== -1; at = text.indexOf("import", at + 6)) {
    const line = text.lastIndexOf("\n", at) + 1;
    if (line === lastLine) continue;
    lastLine = line;
    PYTHON_FROM_IMPORT.lastIndex = line;
    const from = PYTHON_FROM_IMPORT.exec(text);
    if (from) {
      const [, module, names] = from;
      const imported = names!.replace(/[()\\]/g, " ").split(",").map((name) => name.trim().split(/\s+as\s+/)[0]!).filter(Boolean);
      if (module && (imported.length === 0 || imported.some((name) => pythonImportMatters(name, (followed ??= pythonFollowedClasses(text)))))) found.add(module);
      // `from . import consts`: a name may be a module of the package (resolved only if there is one).
      for (const name of imported) if (module && name !== "*" && /^[a-z_][a-z0-9_]*$/.test(name)) found.add(module.endsWith(".") ? `${module}${name}` : `${module}.${name}`);
      continue;
    }
    PYTHON_IMPORT.lastIndex = line;
    const plain = PYTHON_IMPORT.exec(text);
    for (const item of plain?.[1]!.split(",") ?? []) {
      const module = item.trim().split(/\s+as\s+/)[0];
      if (module && /^[\w.]+$/.test(module)) found.add(module);
    }
  }
  return found.size === 0 ? NO_IMPORTS : [...found].map((module) => KEPT_STRINGS.intern(PYTHON_MODULE_SOURCE + module));
}

/** `require "cloudflare/http_client"`, `require_relative "client"`, `require_relative('../lib/api')`: a literal feature name. */
const RUBY_REQUIRE = /^[ \t]*(require|require_relative|load)[ \t]*\(?[ \t]*["']([^"'#\n]+)["']/gm;

/**
 * The files a Ruby file loads, read from its text as the Ruby front end reads them (see its
 * `requireStatement`): as `ruby:` specifiers, `./`-relative for `require_relative`.
 */
export function rubyRequireImports(text: string): readonly string[] {
  const found = new Set<string>();
  if (text.includes("require") || text.includes("load")) for (const [, verb, feature] of text.matchAll(RUBY_REQUIRE)) found.add(rubyFeature(verb!, feature!));
  for (const feature of rubyAutoloadedFeatures(text)) found.add(feature);
  return found.size === 0 ? NO_IMPORTS : [...found].map((feature) => KEPT_STRINGS.intern(RUBY_FEATURE_SOURCE + feature));
}

/** `CloudflareClient::Zone::Base` (a path of constants), and a superclass named alone (`< CloudflareClient`). */
const RUBY_CONSTANT_PATH = /(?<![\w:])(?:::)?([A-Z]\w*(?:::[A-Z]\w*)+)|<\s*([A-Z]\w*)\s*$/gm;

/**
 * The files a Ruby file's constants are loaded from without a `require`, by the convention Rails'
 * and gems' autoloaders follow (Zeitwerk): `CloudflareClient::Zone::Base` in
 * `cloudflare_client/zone/base.rb`. A gem's entry file requires its parts, and each part names its
 * base class by its full name: `class CloudflareClient::Zone::RateLimit < CloudflareClient::Zone::Base`.
 */
export function rubyAutoloadedFeatures(text: string): string[] {
  if (!text.includes("::") && !text.includes("<")) return [];
  const found = new Set<string>();
  for (const [, path, superclass] of text.matchAll(RUBY_CONSTANT_PATH)) {
    const constants = path ? path.split("::") : [superclass!];
    found.add(constants.map((constant) => constant.replace(/([a-z\d])([A-Z])/g, "$1_$2").replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2").toLowerCase()).join("/"));
  }
  return [...found];
}

/** The feature a `require` names as written, a `require_relative` (or a `load` of a path) as a path from the requiring file's folder. */
export function rubyFeature(verb: string, feature: string): string {
  if (verb === "require") return feature;
  return feature.startsWith("./") || feature.startsWith("../") || feature.startsWith("/") ? feature : `./${feature}`;
}

/**
 * The classes of other files a PHP file names, read from its text as the PHP front end reads
 * them (see its `classesOf`): as `php:` specifiers of their fully qualified names.
 */
export function phpClassImports(text: string): readonly string[] {
  const namespace = PHP_NAMESPACE.exec(text)?.[1] ?? "";
  const aliases = new Map<string, string>();
  for (const [, clauses] of text.matchAll(PHP_USE)) {
    for (const clause of clauses!.split(",")) {
      const [name, alias] = clause.trim().split(/\s+as\s+/i);
      if (!name || !/^\\?[A-Za-z_][\w\\]*$/.test(name)) continue;
      const qualified = name.replace(/^\\/, "");
      aliases.set(alias ?? qualified.slice(qualified.lastIndexOf("\\") + 1), qualified);
    }
  }
  const declared = new Set([...text.matchAll(PHP_DECLARED)].map((match) => match[1]!));
  const found = new Set<string>(aliases.values());
  for (const match of text.matchAll(PHP_CLASS_NAMED)) {
    const name = (match[1] ?? match[2])!;
    // A type before a variable (`Client $client`) is a class's name when capitalized, as class names
    // are (`return $x`, `echo $x`, `as $x` are not types).
    if (match[3] !== undefined && match[3] !== "::" && !/^\\?[A-Z]/.test(name)) continue;
    if (aliases.has(name) || declared.has(name) || PHP_RELATIVE_CLASS.has(name)) continue;
    if (name.startsWith("\\")) found.add(name.slice(1));
    else found.add(namespace ? `${namespace}\\${name}` : name);
  }
  return found.size === 0 ? NO_IMPORTS : [...found].map((qualified) => KEPT_STRINGS.intern(PHP_CLASS_SOURCE + qualified));
}

const CSHARP_NAMESPACE = /^[ \t]*namespace[ \t]+([A-Za-z_][\w.]*)[ \t]*[;{]?/m;
const CSHARP_USING = /^[ \t]*(?:global[ \t]+)?using[ \t]+([A-Za-z_][\w.]*)[ \t]*;/gm;
const CSHARP_DECLARED = /\b(?:class|struct|record|interface|enum)\s+([A-Za-z_]\w*)/g;
/** A type named where only a type can be (`new ZonesApi(`), or before a member (`ZoneEndpoints.Base`): capitalized, as C# types are. */
const CSHARP_TYPE_NAMED = /\bnew\s+([A-Z]\w*)\s*[({]|\b([A-Z]\w*)\s*\.\s*[A-Z_]\w*/g;
/**
 * A type before the name of a field, parameter or variable it is the type of (`ICloudflareService
 * _cloudflare;`, `(ICloudflareService cloudflare)`: a service handed in by dependency injection).
 * The scan's prefilter takes these only of a file with words of the API of its own: a file
 * naming services of its project but nothing of the API follows none of them (octokit.net,
 * 1,597 files: 1.1x slower otherwise).
 */
const CSHARP_DECLARED_TYPE = /\b([A-Z]\w*)\??[ \t]+@?_?[a-z]\w*[ \t]*[;,)=]/g;
/** Types of .NET itself, named in nearly every file: never a file of the project. */
const DOTNET_TYPES = new Set(["String", "Task", "ValueTask", "Encoding", "Uri", "UriKind", "HttpMethod", "HttpClient", "HttpStatusCode", "HttpRequestMessage", "HttpResponseMessage", "HttpCompletionOption", "StringContent", "JsonContent", "MediaTypeHeaderValue", "AuthenticationHeaderValue", "Console", "Math", "DateTime", "DateTimeOffset", "TimeSpan", "Guid", "JsonSerializer", "JsonConvert", "JsonSerializerOptions", "JsonNamingPolicy", "JsonIgnoreCondition", "Environment", "Path", "File", "Directory", "Convert", "Enumerable", "StringComparison", "StringComparer", "CancellationToken", "Assert", "Array", "List", "Dictionary", "Activator", "Assembly", "Exception", "ArgumentNullException", "ArgumentException", "InvalidOperationException", "Debug", "Trace", "Regex", "RegexOptions", "Thread", "Interlocked", "Stopwatch", "BitConverter", "Buffer", "Nullable", "Int32", "Int64", "Boolean", "Double", "Decimal", "Char", "Object", "Type", "Attribute", "Enum", "GC", "Process", "WebUtility", "HttpUtility", "System", "Microsoft", "Newtonsoft", "Xunit", "NUnit", "Moq", "FluentAssertions", "Mock", "It", "Times", "Is", "Has", "Does", "Throws", "Should"]);

/**
 * Where a C# file's header (its `using` directives and `namespace`, which come before its first
 * type) ends: the first type declaration, or the end. Only the header is searched for them.
 */
export function csharpHeaderEnd(text: string): number {
  const first = CSHARP_FIRST_TYPE.exec(text);
  return first === null ? text.length : first.index;
}
/** A type declaration at the start of a line (not the word "class" in a licence comment above the `using`s). */
const CSHARP_FIRST_TYPE = /^[ \t]*(?:(?:public|internal|private|protected|static|sealed|abstract|partial|readonly|unsafe|file|ref|new)[ \t]+)*(?:class|struct|record|interface|enum)[ \t]/m;

/**
 * The types of other files a C# file names, read from its text as the C# front end reads them:
 * as `cs:` specifiers (the type, the file's namespace and its `using` namespaces), resolved by
 * the scanner to `Type.cs` where the project keeps it (see resolve-csharp-type.ts).
 */
export function csharpTypeImports(text: string, withDeclaredTypes = true): readonly string[] {
  const headerEnd = csharpHeaderEnd(text);
  const header = text.slice(0, headerEnd);
  const namespace = CSHARP_NAMESPACE.exec(header)?.[1] ?? "";
  const usings = [...header.matchAll(CSHARP_USING)].map((match) => match[1]!).filter((name) => !/^(?:System|Microsoft)(?:\.|$)/.test(name));
  const declared = new Set([...text.matchAll(CSHARP_DECLARED)].map((match) => match[1]!));
  const found = new Set<string>();
  const take = (pattern: RegExp, group: (match: RegExpExecArray) => string, afterDot: (match: RegExpExecArray) => boolean) => {
    pattern.lastIndex = headerEnd;
    for (let match = pattern.exec(text); match !== null; match = pattern.exec(text)) {
      const name = group(match);
      // Not a name after a `.` (`System.Text.Json`), nor in `@"…"` or `$"…"` text.
      const before = afterDot(match) && match.index > 0 ? text.charCodeAt(match.index - 1) : 0;
      if (before === 46 /* . */ || before === 64 /* @ */ || before === 36 /* $ */ || before === 34 /* " */) continue;
      if (!declared.has(name) && !DOTNET_TYPES.has(name)) found.add(name);
    }
  };
  take(CSHARP_TYPE_NAMED, (match) => (match[1] ?? match[2])!, (match) => match[2] !== undefined);
  if (withDeclaredTypes) take(CSHARP_DECLARED_TYPE, (match) => match[1]!, () => true);
  if (found.size === 0) return NO_IMPORTS;
  const scope = `${namespace}@${usings.join(",")}`;
  return [...found].sort().map((name) => KEPT_STRINGS.intern(`${CSHARP_TYPE_SOURCE}${name}@${scope}`));
}

/** A Go file's package clause (`package main`). */
const GO_PACKAGE_CLAUSE = /^\s*package\s+([A-Za-z_]\w*)/m;
/** A name a Go file declares at the top level: a function (not a method), a type, a variable or a constant. */
const GO_TOP_LEVEL = /^(?:func\s+([A-Za-z_]\w*)\s*[[(]|type\s+([A-Za-z_]\w*)|(?:var|const)\s+([A-Za-z_]\w*))/gm;
/** Go's keywords, built-in functions and types, and names that take `(`/`{` in syntax of their own: never another file's declaration. */
const GO_NOT_DECLARATIONS = new Set(["if", "for", "switch", "select", "case", "return", "go", "defer", "func", "struct", "interface", "map", "chan", "range", "else", "type", "var", "const", "import", "package", "default", "break", "continue", "goto", "fallthrough", "append", "cap", "clear", "close", "complex", "copy", "delete", "imag", "len", "make", "max", "min", "new", "panic", "print", "println", "real", "recover", "bool", "byte", "rune", "string", "error", "any", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "uintptr", "float32", "float64", "complex64", "complex128", "nil", "true", "false", "iota"]);
/** A comment before a Go file's package clause that says it was generated. */
const GENERATED_GO_FILE = /^\s*\/\/.*\bgenerated\b/im;
/** A Go comment, or text (interpreted, raw or a rune): left out before names are looked for. */
const GO_COMMENT_OR_TEXT = /\/\/[^\n]*|\/\*[\s\S]*?\*\/|"(?:[^"\\\n]|\\.)*"|`[^`]*`|'(?:[^'\\\n]|\\.)*'/g;
/** Names the model gives a meaning of its own (`JSON.parse` is what `json.Unmarshal` is lowered to): never imported. */
const MODEL_GLOBALS = new Set(["JSON", "Object", "Array", "Promise", "Map", "Set", "Buffer", "URL", "Math"]);
/** Names a Go file looks for in the other files of its package, at most (a generated file names thousands). */
const MAX_GO_PACKAGE_NAMES = 200;
/** A method's receiver type (`Client` of `func (c *Client) Get(`). */
const GO_METHOD_RECEIVER = /^func\s*\(\s*\w*\s*\*?\s*([A-Za-z_]\w*)/gm;

/** What a Go file declares for the other files of its package. */
export interface GoDeclarations {
  packageName: string | null;
  /** Its top-level names: functions (not methods), types, variables, constants. */
  names: ReadonlySet<string>;
  /** The types it declares methods on. */
  receivers: ReadonlySet<string>;
}

/** The names a Go file declares at the top level (functions, types, variables, constants; not methods). */
export function goTopLevelNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(GO_TOP_LEVEL)) names.add((match[1] ?? match[2] ?? match[3])!);
  return names;
}

/** A Go file's package (`main`), or null without a package clause. */
export function goPackageOf(text: string): string | null {
  return GO_PACKAGE_CLAUSE.exec(text)?.[1] ?? null;
}

/** What a Go file declares, kept apart from its text (a name sliced from the text would keep all of it alive). */
export function goDeclarationsOf(text: string): GoDeclarations {
  const packageName = goPackageOf(text);
  return {
    packageName: packageName === null ? null : KEPT_STRINGS.intern(packageName),
    names: new Set([...goTopLevelNames(text)].map((name) => KEPT_STRINGS.intern(name))),
    receivers: new Set([...text.matchAll(GO_METHOD_RECEIVER)].map((match) => KEPT_STRINGS.intern(match[1]!))),
  };
}

const isWordCode = (code: number) => (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95;
const isBlankCode = (code: number) => code === 32 || code === 9;

/**
 * The names code calls (`newClient(token)`, `decode(r, &out)`) or gives a literal (`Client{…}`, and
 * a type not exported after `&` or `[]`: `&zoneAPI{…}`; not `ok` of `if ok {`), not after a `.` (a
 * package's or a value's member). Read back from each `(` and `{` (fewer than the names in the
 * code, and no regular expression tried at every name).
 */
function goNamesUsed(code: string): Set<string> {
  const names = new Set<string>();
  for (let at = 0; at < code.length; at++) {
    const bracket = code.charCodeAt(at);
    if (bracket !== 40 /* ( */ && bracket !== 123 /* { */) continue;
    let index = at - 1;
    while (index >= 0 && isBlankCode(code.charCodeAt(index))) index--;
    const end = index + 1;
    while (index >= 0 && isWordCode(code.charCodeAt(index))) index--;
    const start = index + 1;
    if (start === end) continue;
    const first = code.charCodeAt(start);
    if (first >= 48 && first <= 57) continue;
    const before = index >= 0 ? code.charCodeAt(index) : 10;
    if (before === 46 /* . */) continue;
    if (bracket === 123 && !(first >= 65 && first <= 90)) {
      while (index >= 0 && isBlankCode(code.charCodeAt(index))) index--;
      const lead = index >= 0 ? code.charCodeAt(index) : 10;
      if (lead !== 38 /* & */ && lead !== 93 /* ] */) continue;
    }
    names.add(code.slice(start, end));
  }
  return names;
}

/**
 * What a Go file uses of the other files of its package: the names it calls or gives a literal
 * (`NewClient(token)`, `&Client{…}`, `decodeInto(res.Body, &page)`) that it does not declare
 * itself, as `go-package:Name@package` (resolved by the scanner to the file of the package, in
 * the same folder, that declares the name: see `GoPackageResolver`). None for a test file
 * (`_test.go`: its helpers and mocks are not what a migration changes) or a generated one.
 */
/**
 * Whether a Go file says it was generated (`// Code generated by … DO NOT EDIT.`, an SDK generated
 * from the API's spec) before its package clause, or has none.
 */
export function isGeneratedGoFile(text: string): boolean {
  const clause = GO_PACKAGE_CLAUSE.exec(text);
  return clause === null || GENERATED_GO_FILE.test(text.slice(0, clause.index));
}

export function goPackageImports(text: string, file: string): readonly string[] {
  // A generated file uses its package's generated types, none of which holds a flow worth
  // following; the packages of a generated SDK are hundreds of files that each name dozens of others.
  if (file.endsWith("_test.go") || isGeneratedGoFile(text)) return NO_IMPORTS;
  const packageName = GO_PACKAGE_CLAUSE.exec(text)![1]!;
  const declared = goTopLevelNames(text);
  const found: string[] = [];
  for (const name of goNamesUsed(text.replace(GO_COMMENT_OR_TEXT, " "))) {
    if (declared.has(name) || GO_NOT_DECLARATIONS.has(name) || MODEL_GLOBALS.has(name)) continue;
    found.push(name);
    if (found.length >= MAX_GO_PACKAGE_NAMES) break;
  }
  if (found.length === 0) return NO_IMPORTS;
  return found.sort().map((name) => KEPT_STRINGS.intern(`${GO_PACKAGE_SOURCE}${name}@${packageName}`));
}

/** A `cs:` specifier's parts (without the prefix): the type, the file's namespace, its `using` namespaces. */
export function parseCSharpTypeSpecifier(specifier: string): { type: string; namespace: string; usings: string[] } {
  const [type = "", namespace = "", usings = ""] = specifier.split("@");
  return { type, namespace, usings: usings ? usings.split(",") : [] };
}

/**
 * How many levels of relative imports a file's hints are joined with. One: two reach a package's
 * index, which names everything (cloudflare-typescript's resources import core/resource, which
 * imports the client that holds every resource name): 1,325 files parsed instead of 354 on the
 * real corpus of the bench, for the same findings.
 */
const IMPORT_DEPTH = 1;

/**
 * Whether a module is a component that hands its props on without adding a word of a path: a
 * `.tsx`/`.jsx` module (JSX elements are calls of their components, see `jsxElement`) with no word
 * and no re-export. A page that names a setting (`<SettingCard settingKey="minify" />`) completes
 * its path in the hook the card calls, in another module (SukkaW/dashflare: page -> settings card
 * -> hook -> fetcher). Only components: looking through every module without a word joined, on
 * the bench corpus, what hubs of the SDK name, and 39 more files were parsed (1.57x the time).
 */
export const passesPropsOn = (path: string, hints: Hints): boolean => isComponentModule(path) && hints.words.length === 0 && (hints.signals & Signal.ReExports) === 0;

/**
 * A file's hints joined with those of the modules it imports, up to `IMPORT_DEPTH` levels, and
 * one level further through the components among them that pass their props on
 * (`passesPropsOn`): a path written in one, the API's name or the request in another, a helper
 * that fetches DNS records for a file that reads their fields. `importsOf` gives a file's
 * resolved imports.
 */
export function hintsWithImports(file: string, hintsOf: (file: string) => Hints, importsOf: (file: string) => readonly string[]): Hints {
  const seen = new Set([file]);
  let level = [file];
  const all: Hints[] = [hintsOf(file)];
  for (let depth = 0; depth <= IMPORT_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const from of level) {
      for (const target of importsOf(from)) {
        if (seen.has(target)) continue;
        seen.add(target);
        const hints = hintsOf(target);
        all.push(hints);
        if (depth + 1 < IMPORT_DEPTH || (depth + 1 === IMPORT_DEPTH && passesPropsOn(target, hints))) next.push(target);
      }
    }
    level = next;
  }
  return unionOfHints(all);
}

/**
 * What a verdict on a file reads of the files around it. `hintsOf` and `importsOf` (resolved
 * relative imports, re-exports included) of any file; `textOf` and `resolve`, to follow names
 * through barrels (asked only where that can change a verdict; without them, barrels are not
 * followed).
 */
export interface ImportGraph {
  hintsOf(file: string): Hints;
  importsOf(file: string): readonly string[];
  textOf?: (file: string) => string | null;
  resolve?: (from: string, specifier: string) => string | null;
}


/** What following barrels learns, once per graph (a scan's, a lint's): shared by every file that imports the same barrels. */
const everythingMemos = new WeakMap<ImportGraph, Map<string, Closure>>();
const barrelReaders = new WeakMap<ImportGraph, BarrelReader>();

/** Signals and words of many modules together, the words in a set. */
export interface Closure {
  signals: number;
  readonly words: Set<string>;
}

export const isBarrel = (graph: ImportGraph, path: string) => (graph.hintsOf(path).signals & Signal.ReExports) !== 0;

/**
 * The hints of every module a barrel imports, through barrels up to `BARREL_DEPTH` deep, whatever
 * the names: a superset of what `namesThroughBarrels` finds, from hints alone.
 */
export function everythingThrough(barrel: string, graph: ImportGraph): Closure {
  let memo = everythingMemos.get(graph);
  if (!memo) everythingMemos.set(graph, (memo = new Map()));
  let closure = memo.get(barrel);
  if (closure) return closure;
  closure = { signals: 0, words: new Set() };
  const seen = new Set([barrel]);
  let level = [barrel];
  for (let depth = 0; depth < BARREL_DEPTH && level.length > 0; depth++) {
    const next: string[] = [];
    for (const from of level) {
      for (const target of graph.importsOf(from)) {
        if (seen.has(target)) continue;
        seen.add(target);
        const hints = graph.hintsOf(target);
        closure.signals |= hints.signals;
        for (const word of hints.words) closure.words.add(word);
        if (isBarrel(graph, target)) next.push(target);
      }
    }
    level = next;
  }
  memo.set(barrel, closure);
  return closure;
}

/**
 * The hints of the modules that the barrels `file` imports pass on the names it takes from them
 * (and, through `export *`, only modules whose text can export one). Not the barrels' own hints:
 * `hintsWithImports` has those.
 */
export function namesThroughBarrels(file: string, graph: ImportGraph, textOf: (file: string) => string | null, resolve: (from: string, specifier: string) => string | null): Hints[] {
  const text = textOf(file);
  if (text === null) {
    return graph.importsOf(file).flatMap((target) => {
      if (!isBarrel(graph, target)) return [];
      const closure = everythingThrough(target, graph);
      return [{ signals: closure.signals, words: [...closure.words] }];
    });
  }
  let reader = barrelReaders.get(graph);
  if (!reader) barrelReaders.set(graph, (reader = new BarrelReader(textOf, resolve, (path) => isBarrel(graph, path))));
  const found: Hints[] = [];
  const visit = (module: string) => {
    found.push(graph.hintsOf(module));
  };
  for (const [specifier, wanted] of importedNamesOf(text)) {
    const barrel = resolve(file, specifier);
    if (barrel !== null && isBarrel(graph, barrel)) reader.follow(barrel, wanted, visit, file);
  }
  return found;
}

/** Everything the joins here depend on (see `PREFILTER_FINGERPRINT`). */
export const IMPORT_GRAPH_FINGERPRINT = [RELATIVE_IMPORT.source, hintsWithImports, IMPORT_DEPTH, passesPropsOn, everythingThrough, namesThroughBarrels, BARREL_DEPTH, BARRELS_FINGERPRINT].map(String).join("\n");

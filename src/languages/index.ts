/**
 * The languages the scanner reads, how a file is told to be in one (extension, or the shebang
 * of a file without one), and the one parse-and-lower entry point the scanner calls for any of
 * them. Front ends load lazily: `prepareFrontEnds` loads what the files at hand need (the
 * TypeScript compiler for JS/TS, Vue and Svelte; a tree-sitter grammar per other language), and
 * after it `parseAndLowerAny` is synchronous.
 */
import { csharpHeaderEnd } from "../core/import-graph.js";
import type { Module } from "../core/ir.js";
import type { TextReading } from "../core/prefilter.js";
import { PHP_SDK_ROUTES } from "./tables/cloudflare-php.js";
import { GO_GENERATED_SDK_METHODS, GO_SDK_DNS_RECORD_RESULTS, GO_SDK_ROUTES, GO_SDK_SETTING_METHODS } from "./tables/cloudflare-go.js";
import { TERRAFORM_DATA_SOURCES, TERRAFORM_RESOURCES, TERRAFORM_SETTING_RESOURCE, TERRAFORM_SETTINGS_RESOURCE } from "../core/terraform-resources.js";
import type { GrammarName } from "./tree-sitter.js";
import { GRAMMAR_FALLBACKS, GRAMMAR_WORKAROUNDS } from "./grammar-rewrites.js";

/**
 * Names that make a file worth parsing on their own (for the prefilter): what the front ends
 * read as requests or DNS records without a path in sight. Single words too common in code
 * (`Filter`) are left out; those files pass on their other hints or not at all.
 */
export const REQUEST_NAMES: readonly string[] = [
  ...Object.keys(TERRAFORM_RESOURCES),
  ...Object.keys(TERRAFORM_DATA_SOURCES),
  TERRAFORM_SETTINGS_RESOURCE,
  TERRAFORM_SETTING_RESOURCE,
  ...[...Object.keys(GO_SDK_ROUTES), ...Object.keys(GO_SDK_SETTING_METHODS), ...Object.keys(GO_SDK_DNS_RECORD_RESULTS)].filter((name) => /[a-z][A-Z]/.test(name)),
  // The PHP SDK's methods that call the schedule's endpoints (its DNS methods pass on the fields read).
  ...Object.entries(PHP_SDK_ROUTES).flatMap(([endpoint, methods]) => (endpoint === "DNS" ? [] : Object.keys(methods))),
];

/** The SDK's method names as other languages' generated SDKs spell them (Go's `New` is `create`). */
export const SDK_METHOD_SPELLINGS: Readonly<Record<string, readonly string[]>> = Object.entries(GO_GENERATED_SDK_METHODS).reduce<Record<string, string[]>>((spellings, [go, method]) => {
  (spellings[method] ??= []).push(go);
  return spellings;
}, {});

/**
 * What the prefilter counts in a file of this language: `REQUEST_NAMES` where the front end reads
 * them (Go's v0 SDK, Terraform; Markdown for their code blocks), member chains where they can be
 * SDK calls (not in data, shell or Terraform).
 */
export function prefilterReading(language: LanguageId): TextReading {
  return {
    names: language === "go" || language === "terraform" || language === "markdown" || language === "php",
    members: language !== "json" && language !== "yaml" && language !== "shell" && language !== "terraform",
  };
}

export const LANGUAGE_IDS = ["typescript", "python", "go", "shell", "php", "ruby", "rust", "powershell", "java", "csharp", "terraform", "yaml", "json", "vue", "svelte", "markdown"] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** What `--languages` and the config's `languages` mean when they are not given: all but Markdown code blocks. */
export const DEFAULT_LANGUAGES: readonly LanguageId[] = LANGUAGE_IDS.filter((id) => id !== "markdown");

export const LANGUAGE_LABELS: Readonly<Record<LanguageId, string>> = {
  typescript: "JavaScript/TypeScript",
  python: "Python",
  go: "Go",
  shell: "shell",
  php: "PHP",
  ruby: "Ruby",
  rust: "Rust",
  powershell: "PowerShell",
  java: "Java",
  csharp: "C#",
  terraform: "Terraform/HCL",
  yaml: "YAML",
  json: "JSON",
  vue: "Vue",
  svelte: "Svelte",
  markdown: "Markdown",
};

const EXTENSIONS: Readonly<Record<string, LanguageId>> = {
  ".ts": "typescript",
  ".tsx": "typescript",
  ".mts": "typescript",
  ".cts": "typescript",
  ".js": "typescript",
  ".jsx": "typescript",
  ".mjs": "typescript",
  ".cjs": "typescript",
  ".py": "python",
  ".pyw": "python",
  ".go": "go",
  ".sh": "shell",
  ".bash": "shell",
  ".zsh": "shell",
  ".ksh": "shell",
  ".php": "php",
  ".phtml": "php",
  ".rb": "ruby",
  ".rake": "ruby",
  ".rs": "rust",
  ".ps1": "powershell",
  ".psm1": "powershell",
  ".java": "java",
  ".cs": "csharp",
  ".tf": "terraform",
  ".hcl": "terraform",
  ".tfvars": "terraform",
  ".yaml": "yaml",
  ".yml": "yaml",
  ".json": "json",
  ".jsonc": "json",
  ".vue": "vue",
  ".svelte": "svelte",
  ".md": "markdown",
  ".markdown": "markdown",
};

/** Extensionless files known by name. */
const FILE_NAMES: Readonly<Record<string, LanguageId>> = { Rakefile: "ruby", Gemfile: "ruby" };

const SHEBANG = /^#!\s*(?:\/usr)?(?:\/local)?\/bin\/(?:env\s+(?:-S\s+)?)?([A-Za-z]+)/;
const INTERPRETERS: Readonly<Record<string, LanguageId>> = {
  sh: "shell",
  bash: "shell",
  zsh: "shell",
  ksh: "shell",
  dash: "shell",
  python: "python",
  python3: "python",
  python2: "python",
  php: "php",
  ruby: "ruby",
  node: "typescript",
  pwsh: "powershell",
};

/** The grammar each tree-sitter language parses with. */
const GRAMMAR_OF: Partial<Record<LanguageId, GrammarName>> = { python: "python", go: "go", shell: "bash", php: "php", ruby: "ruby", rust: "rust", powershell: "powershell", java: "java", csharp: "c-sharp", terraform: "hcl" };

export function extensionOf(path: string): string {
  const slash = path.lastIndexOf("/");
  const name = path.slice(slash + 1);
  const dot = name.lastIndexOf(".");
  return dot <= 0 ? "" : name.slice(dot).toLowerCase();
}

/** The language of a path by its extension or name, or `null` (a file without one may still have a shebang). */
export function languageOfPath(path: string): LanguageId | null {
  if (/\.d\.[cm]?ts$/.test(path)) return null;
  const extension = extensionOf(path);
  if (extension) return EXTENSIONS[extension] ?? null;
  return FILE_NAMES[path.slice(path.lastIndexOf("/") + 1)] ?? null;
}

/** The language a shebang line names (`#!/usr/bin/env python3`), or `null`. */
export function languageOfShebang(firstLine: string): LanguageId | null {
  const match = SHEBANG.exec(firstLine);
  if (!match) return null;
  const interpreter = match[1]!.replace(/[\d.]+$/, "") || match[1]!;
  return INTERPRETERS[match[1]!] ?? INTERPRETERS[interpreter] ?? null;
}

export function hasKnownExtension(path: string): boolean {
  return languageOfPath(path) !== null;
}

/** `--languages python,go` (or the config's list): the ids, with a message for a name that is not one. */
export function parseLanguageList(names: readonly string[]): { languages: LanguageId[]; unknown: string[] } {
  const languages: LanguageId[] = [];
  const unknown: string[] = [];
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (!name) continue;
    const alias: Record<string, LanguageId> = { js: "typescript", javascript: "typescript", ts: "typescript", bash: "shell", sh: "shell", hcl: "terraform", tf: "terraform", yml: "yaml", md: "markdown", py: "python", rb: "ruby", rs: "rust", ps: "powershell", ps1: "powershell", pwsh: "powershell", cs: "csharp", "c#": "csharp", dotnet: "csharp" };
    const id = (LANGUAGE_IDS as readonly string[]).includes(name) ? (name as LanguageId) : alias[name];
    if (id) languages.push(id);
    else unknown.push(raw);
  }
  return { languages: [...new Set(languages)], unknown };
}

// ---- parsing ---------------------------------------------------------------------------------

export type ParseResult = { module: Module; syntaxErrors: string[]; partly?: string | null };
type Lower = (path: string, text: string) => ParseResult;

let lowerTypeScript: ((path: string, text: string, scriptPath?: string) => ParseResult) | null = null;
const lowerers = new Map<LanguageId, Lower>();

/** A CI step (`run:`, `script:`), or a shell given a script with `-c` (`command: ["sh", "-c", …]`, `- -c`). */
const CI_STEP = /^[ \t-]*(?:run|script|before_script|after_script)[ \t]*:|["'\s[,]-c["'\s\],]/m;

/**
 * The front ends a file of this language needs: a YAML file with CI steps (`run:`, `script:`)
 * needs the shell front end too. Without the text, every one it may need.
 */
export function frontEndsFor(language: LanguageId, text: string | undefined): LanguageId[] {
  if (language === "yaml" && (text === undefined || CI_STEP.test(text))) return ["yaml", "shell"];
  return [language];
}

/** Whether a language's front end parses with the TypeScript compiler (JS/TS itself, or code embedded in Vue, Svelte, Markdown). */
export function usesCompiler(language: LanguageId): boolean {
  return language === "typescript" || language === "vue" || language === "svelte" || language === "markdown";
}

/** Loads the front ends for these languages (once each). */
export async function prepareFrontEnds(languages: Iterable<LanguageId>): Promise<void> {
  const wanted = new Set(languages);
  // Markdown code blocks may be in any language: each is read by that language's front end.
  if (wanted.has("markdown")) for (const id of LANGUAGE_IDS) wanted.add(id);
  if ([...wanted].some(usesCompiler) && !lowerTypeScript) lowerTypeScript = (await import("../scanner/lower.js")).parseAndLower;
  const grammars = new Set<GrammarName>();
  for (const id of wanted) {
    const grammar = GRAMMAR_OF[id];
    if (grammar) grammars.add(grammar);
  }
  if (grammars.size > 0) {
    const { loadGrammars } = await import("./tree-sitter.js");
    await loadGrammars(grammars);
  }
  const modules = await Promise.all(
    [...wanted].filter((id) => !lowerers.has(id) && id !== "typescript").map(async (id) => [id, await frontEnd(id)] as const),
  );
  for (const [id, lower] of modules) lowerers.set(id, lower);
}


async function frontEnd(id: LanguageId): Promise<Lower> {
  switch (id) {
    case "typescript":
      return (path, text) => lowerTypeScript!(path, text);
    case "python":
    case "go":
    case "shell":
    case "php":
    case "ruby":
    case "rust":
    case "powershell":
    case "java":
    case "csharp":
    case "terraform": {
      const [{ parseWith }, lowering] = await Promise.all([import("./tree-sitter.js"), treeLowering(id)]);
      const grammar = GRAMMAR_OF[id]!;
      const workaround = GRAMMAR_WORKAROUNDS[grammar];
      const fallback = GRAMMAR_FALLBACKS[grammar];
      const lowerText = (path: string, text: string, source: string) => {
        const tree = parseWith(grammar, source);
        try {
          return { lowered: lowering(tree, text, path), failed: tree.rootNode.hasError };
        } finally {
          tree.delete();
        }
      };
      return (path, text) => {
        const source = workaround ? workaround(text) : text;
        const first = lowerText(path, text, source);
        if (!first.failed || !fallback) return first.lowered;
        const retried = fallback(source);
        if (retried === source) return first.lowered;
        // The rewritten file, if the grammar reads all of it, or more of it than most.
        const again = lowerText(path, text, retried);
        return !again.failed || (first.lowered.partly && !again.lowered.partly) ? again.lowered : first.lowered;
      };
    }
    case "yaml": {
      // CI steps in YAML are shell scripts, read with the shell front end when it is prepared
      // (the scanner prepares it for YAML files that have steps: see frontEndsFor).
      const { lowerYaml } = await import("./yaml.js");
      return (path, text) => lowerYaml(path, text, lowerers.get("shell") ?? null);
    }
    case "json":
      return (await import("./json.js")).lowerJson;
    case "vue":
    case "svelte":
      return (await import("./embedded.js")).scriptBlocks((path, text, scriptPath) => lowerTypeScript!(path, text, scriptPath));
    case "markdown":
      return (await import("./embedded.js")).codeBlocks((language, path, text) =>
        language === "typescript" ? lowerTypeScript!(path, text, `${path}.ts`) : parseAndLowerAs(language, path, text),
      );
  }
}

async function treeLowering(id: LanguageId) {
  switch (id) {
    case "python":
      return (await import("./python.js")).lowerPython;
    case "go":
      return (await import("./go.js")).lowerGo;
    case "shell":
      return (await import("./shell.js")).lowerShell;
    case "php":
      return (await import("./php.js")).lowerPhp;
    case "ruby":
      return (await import("./ruby.js")).lowerRuby;
    case "rust":
      return (await import("./rust.js")).lowerRust;
    case "powershell":
      return (await import("./powershell.js")).lowerPowerShell;
    case "java":
      return (await import("./java.js")).lowerJava;
    case "csharp":
      return (await import("./csharp.js")).lowerCSharp;
    default:
      return (await import("./hcl.js")).lowerHcl;
  }
}

/** Parses and lowers a file of a prepared language. */
export function parseAndLowerAs(language: LanguageId, path: string, text: string): ParseResult {
  const lower = language === "typescript" ? lowerTypeScript : lowerers.get(language);
  if (!lower) throw new Error(`the ${LANGUAGE_LABELS[language]} front end is not loaded`);
  return lower(path, text);
}

/** C#'s `using` and `namespace` lines (see `prefilterText`). */
const CSHARP_NAMESPACE_LINES = /^[ \t]*(?:global[ \t]+)?(?:using|namespace)[ \t]+[\w.]+[ \t]*[;{]?[ \t]*$/gm;
const GO_IMPORTS = /^import\s*(?:\([^)]*\)|[^\n]*)/gm;
const PYTHON_IMPORTS = /^(?:from\s+[\w.]+\s+)?import\s[^\n]*/gm;

/**
 * The text the prefilter judges a file by: for Go and Python, without their import declarations,
 * whose module paths name packages, not API paths (`…/cloudflare-go/v4/packages/pagination`
 * passed 266 of the Go SDK's files on `packages`, a segment of the WAF packages path); for shell
 * (scripts, CI steps, code blocks) and Ruby, with the words of their word lists quoted, and for
 * Python the keywords of `dict(…)`.
 */
export function prefilterText(language: LanguageId, text: string): string {
  if (language === "go") return text.replace(GO_IMPORTS, " ");
  // `using Api.Zones.Rules;` and `namespace Edge.Firewall;` name namespaces, not members or paths.
  if (language === "csharp") {
    const headerEnd = csharpHeaderEnd(text);
    return text.slice(0, headerEnd).replace(CSHARP_NAMESPACE_LINES, " ") + text.slice(headerEnd);
  }
  if (language === "python") return text.replace(PYTHON_IMPORTS, (line) => (PROVIDER_IMPORT.test(line) ? line : " ")).replace(PYTHON_DICT_CALLS, (call) => call.replace(/([(,]\s*)([A-Za-z_]\w*)\s*=/g, '$1"$2"='));
  if (language === "ruby") return text.replace(RUBY_WORD_ARRAYS, (_whole, open: string, words: string) => `%w${open}${quotedWords(words)}`);
  // Shell scripts, and the shell of CI steps (YAML) and of code blocks (Markdown).
  if (language === "shell" || language === "yaml" || language === "markdown") return text.replace(SHELL_WORD_LISTS, (_whole, forHead?: string, forWords?: string, arrayHead?: string, arrayWords?: string) => (forHead !== undefined ? forHead + quotedWords(forWords!) : `${arrayHead!}${quotedWords(arrayWords!)})`));
  return text;
}

/**
 * The words a shell loop takes in turn (`for s in brotli minify; do`) and those of an array
 * (`SETTINGS=(brotli minify)`): values as much as quoted words are, so the prefilter reads them
 * as it reads words in quotes. An array's name is matched from a word's start only: tried at every
 * character, it read each run of word characters to its end again and again (a script embedding
 * 1.5 MB of base64 took 85 ms, 6 ms with the `\b`).
 */
const SHELL_WORD_LISTS = /(\bfor\s+[A-Za-z_]\w*\s+in\s+)([^;\n]*)|\b([A-Za-z_]\w*=\()([^)]*)\)/g;
/** `import pulumi_cloudflare as cloudflare`: the Terraform provider's package, whose classes the prefilter reads beside its name. */
const PROVIDER_IMPORT = /\b(?:pulumi_cloudflare|cdktf_cdktf_provider_cloudflare)\b/;
/** Python's `dict(brotli="on", …)`: its keywords are the dict's keys, read as quoted words. */
const PYTHON_DICT_CALLS = /\bdict\([^()]*\)/g;
/** Ruby's word and symbol arrays (`%w[brotli minify]`, `%i(…)`), read the same way. */
const RUBY_WORD_ARRAYS = /%[wWiI]([[({<])([^\])}>]*)/g;
const quotedWords = (words: string) => words.replace(/(^|\s)([A-Za-z_][\w-]*)/g, '$1"$2');

/** Whether findings in this language may carry fixes (they are written in JS/TS syntax). */
export function fixesApply(language: LanguageId): boolean {
  return language === "typescript" || language === "vue" || language === "svelte";
}

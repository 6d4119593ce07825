/**
 * Loads tree-sitter (web-tree-sitter, WebAssembly: no native build) and the grammars the scan
 * needs, once each, from the `.wasm` files npm packages ship; nothing is downloaded. Loading is
 * asynchronous; parsing, once a grammar is loaded, is not.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { setFlagsFromString } from "node:v8";
import type { Language as TsLanguage, Node as TsNode, Parser as TsParser, Tree } from "web-tree-sitter";

export type SyntaxNode = TsNode;
export type { Tree };

const require = createRequire(import.meta.url);

/** Where each grammar's `.wasm` comes from (checked to load with web-tree-sitter 0.25: ABI 14 and 15). */
const GRAMMAR_FILES = {
  python: "@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm",
  go: "@vscode/tree-sitter-wasm/wasm/tree-sitter-go.wasm",
  bash: "@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm",
  php: "@vscode/tree-sitter-wasm/wasm/tree-sitter-php.wasm",
  ruby: "@vscode/tree-sitter-wasm/wasm/tree-sitter-ruby.wasm",
  rust: "@vscode/tree-sitter-wasm/wasm/tree-sitter-rust.wasm",
  powershell: "@vscode/tree-sitter-wasm/wasm/tree-sitter-powershell.wasm",
  java: "@vscode/tree-sitter-wasm/wasm/tree-sitter-java.wasm",
  "c-sharp": "@vscode/tree-sitter-wasm/wasm/tree-sitter-c-sharp.wasm",
  hcl: "@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm",
} as const;

export type GrammarName = keyof typeof GRAMMAR_FILES;

/**
 * Grammars compiled by V8's baseline WebAssembly compiler (Liftoff) only. Bash's lexer is one
 * function so large that V8's optimizing compiler takes about 0.4 s of CPU and 45 MB to compile
 * it, on a background thread, as soon as the first script is parsed, and the process waits for
 * that compile before it exits: scanning one 60 KB script took 0.67 s and 128 MB, and a cold
 * scan of the benchmark corpus (one shell script among 7,412 files) peaked 58 MiB higher.
 * PowerShell's grammar is worse: about 7 s of CPU to optimize, so that a one-line script took 7.6 s
 * to scan (0.39 s with Liftoff only; a 900 KB script 2.1 s). Such scripts are small; the other
 * grammars gain from the optimizing compiler (a Python-heavy repository scans 1.13x slower with
 * Liftoff only) and do not have this cost.
 */
const BASELINE_COMPILER_ONLY: ReadonlySet<GrammarName> = new Set(["bash", "powershell"]);

let runtime: Promise<typeof import("web-tree-sitter")> | null = null;
const parsers = new Map<GrammarName, TsParser>();
const pending = new Map<GrammarName, Promise<void>>();

/** Loads the grammars (and the runtime the first time); a grammar that fails to load rejects with its name. */
export async function loadGrammars(names: Iterable<GrammarName>): Promise<void> {
  await Promise.all([...names].map((name) => loadGrammar(name)));
}

function loadGrammar(name: GrammarName): Promise<void> {
  let loading = pending.get(name);
  if (!loading) {
    loading = (async () => {
      runtime ??= import("web-tree-sitter").then(async (module) => {
        await module.Parser.init();
        return module;
      });
      const { Parser, Language } = await runtime;
      let language: TsLanguage;
      try {
        const bytes = readFileSync(require.resolve(GRAMMAR_FILES[name]));
        language = await oneAtATime(() => (BASELINE_COMPILER_ONLY.has(name) ? withBaselineCompilerOnly(() => Language.load(bytes)) : Language.load(bytes)));
      } catch (error) {
        throw new Error(`the ${name} grammar (${GRAMMAR_FILES[name]}) could not be loaded: ${(error as Error).message}`);
      }
      const parser = new Parser();
      parser.setLanguage(language);
      parsers.set(name, parser);
    })();
    pending.set(name, loading);
  }
  return loading;
}

/** Grammars are compiled one after another, so that a compiler setting for one applies to it alone. */
let compiling: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(compile: () => Promise<T>): Promise<T> {
  const done = compiling.then(compile, compile);
  compiling = done.catch(() => undefined);
  return done;
}

/**
 * Runs `compile` with V8 set to compile WebAssembly with Liftoff only, then sets it back (V8's
 * flags are the process's; this one is read when a module is compiled). Left alone when the
 * process was started with `--liftoff-only`.
 */
async function withBaselineCompilerOnly<T>(compile: () => Promise<T>): Promise<T> {
  const given = [...process.execArgv, ...(process.env["NODE_OPTIONS"] ?? "").split(/\s+/)].includes("--liftoff-only");
  if (given) return compile();
  setFlagsFromString("--liftoff-only");
  try {
    return await compile();
  } finally {
    setFlagsFromString("--no-liftoff-only");
  }
}

export function grammarLoaded(name: GrammarName): boolean {
  return parsers.has(name);
}

/** Parses with a loaded grammar. The caller deletes the tree (its memory lives in WebAssembly). */
export function parseWith(name: GrammarName, text: string): Tree {
  const parser = parsers.get(name);
  if (!parser) throw new Error(`the ${name} grammar is not loaded`);
  const tree = parser.parse(text);
  if (!tree) throw new Error(`the ${name} parser gave no tree`);
  return tree;
}

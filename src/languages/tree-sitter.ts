/**
 * Loads tree-sitter (web-tree-sitter, WebAssembly: no native build) and the grammars the scan
 * needs, once each, from the `.wasm` files npm packages ship; nothing is downloaded. Loading is
 * asynchronous; parsing, once a grammar is loaded, is not.
 */
import { createRequire } from "node:module";
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
  hcl: "@tree-sitter-grammars/tree-sitter-hcl/tree-sitter-hcl.wasm",
} as const;

export type GrammarName = keyof typeof GRAMMAR_FILES;

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
        language = await Language.load(require.resolve(GRAMMAR_FILES[name]));
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

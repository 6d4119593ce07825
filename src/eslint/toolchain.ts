/**
 * The TypeScript toolchain the plugin borrows from the project: typescript-eslint's parser and
 * the project's `typescript` (peer dependencies, so the project's own copies are used). Both are
 * loaded lazily and checked first, so that a project whose TypeScript typescript-eslint does not
 * support (7.x, which has no JavaScript compiler API) gets one clear line per file from ESLint
 * ("Parsing error: …") instead of a crash while loading the config. `sunset-lint scan` does not
 * depend on any of this: it parses with the compiler ts-morph ships.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Linter } from "eslint";
import type { Module } from "../core/ir.js";
import { compilerLowering, type Compiler } from "../languages/typescript.js";

const require = createRequire(import.meta.url);

let support: { ok: true } | { ok: false; reason: string } | undefined;

/** Whether typescript-eslint can run with the project's TypeScript, and if not, why (one line). */
export function toolchainSupport(): { ok: true } | { ok: false; reason: string } {
  support ??= check();
  return support;
}

function check(): { ok: true } | { ok: false; reason: string } {
  let version: string;
  try {
    version = (JSON.parse(readFileSync(require.resolve("typescript/package.json"), "utf8")) as { version: string }).version;
  } catch {
    return { ok: false, reason: "the ESLint plugin needs TypeScript in the project (npm install --save-dev typescript); `sunset-lint scan` works without it" };
  }
  let range = ">=4.8.4 <6.1.0";
  try {
    const estree = JSON.parse(readFileSync(require.resolve("@typescript-eslint/typescript-estree/package.json"), "utf8")) as { peerDependencies?: { typescript?: string } };
    range = estree.peerDependencies?.typescript ?? range;
  } catch {
    // an older layout: keep the range of the version we were built with
  }
  if (!satisfies(version, range)) {
    return { ok: false, reason: `the project's TypeScript ${version} is not one typescript-eslint supports (${range}), so the ESLint plugin cannot parse; \`sunset-lint scan\` works regardless` };
  }
  return { ok: true };
}

/** typescript-eslint's parser, or one that reports why it cannot run as each file's parsing error. */
export function loadParser(): Linter.Parser {
  const supported = toolchainSupport();
  if (supported.ok) {
    try {
      return require("@typescript-eslint/parser") as Linter.Parser;
    } catch {
      return unavailableParser("the ESLint plugin needs @typescript-eslint/parser (npm install --save-dev @typescript-eslint/parser, or typescript-eslint); `sunset-lint scan` works without it");
    }
  }
  return unavailableParser(supported.reason);
}

export function unavailableParser(reason: string): Linter.Parser {
  return {
    meta: { name: "sunset-lint/unavailable-parser" },
    parseForESLint() {
      throw new Error(`sunset-lint: ${reason}`);
    },
  } as unknown as Linter.Parser;
}

let moduleParser: ((path: string, text: string) => Module | null) | null | undefined;

/**
 * How the plugin reads imported files: parsed with the project's TypeScript, the instance
 * typescript-eslint has loaded, and lowered from the compiler's tree as the scanner lowers it
 * (`src/languages/typescript.ts`). typescript-estree's tree would only be lowered in turn: its
 * conversion cost 0.45 s of the 0.71 s the plugin spent reading the 83 modules the bench
 * corpus's files import. A file with a syntax error gives null, as in the scanner. Null when the
 * toolchain cannot run.
 */
export function loadModuleParser(): ((path: string, text: string) => Module | null) | null {
  if (moduleParser === undefined) {
    moduleParser = null;
    if (toolchainSupport().ok) {
      try {
        const fromEstree = createRequire(require.resolve("@typescript-eslint/typescript-estree"));
        const { parseAndLower } = compilerLowering(fromEstree("typescript") as Compiler);
        moduleParser = (path, text) => {
          const { module, syntaxErrors } = parseAndLower(path, text);
          return syntaxErrors.length > 0 ? null : module;
        };
      } catch {
        moduleParser = null;
      }
    }
  }
  return moduleParser;
}

/** Enough of semver for peer ranges such as ">=4.8.4 <6.1.0" or "^5.0.0 || ^6.0.0". */
export function satisfies(version: string, range: string): boolean {
  const parse = (text: string) => (text.match(/\d+/g) ?? []).slice(0, 3).map(Number).concat([0, 0, 0]).slice(0, 3) as [number, number, number];
  const compare = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  const current = parse(version.split("-")[0]!);
  return range.split("||").some((alternative) =>
    alternative
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .every((comparator) => {
        const match = /^(>=|<=|>|<|\^|~|=)?\s*(.+)$/.exec(comparator);
        if (!match) return false;
        const bound = parse(match[2]!);
        const order = compare(current, bound);
        switch (match[1]) {
          case ">=": return order >= 0;
          case "<=": return order <= 0;
          case ">": return order > 0;
          case "<": return order < 0;
          case "^": return order >= 0 && current[0] === bound[0];
          case "~": return order >= 0 && current[0] === bound[0] && current[1] === bound[1];
          default: return order === 0;
        }
      }),
  );
}

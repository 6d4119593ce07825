import { ts } from "@ts-morph/common";
import { parse } from "@typescript-eslint/typescript-estree";
import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { analyzeModule, resolveOptions } from "../../src/core/index.js";
import { MAX_LOWERING_DEPTH } from "../../src/core/ir.js";
import { lowerEstree } from "../../src/eslint/lower.js";
import { parseAndLower } from "../../src/scanner/lower.js";

const FINDING = `\nfetch("https://api.cloudflare.com/client/v4/zones/z/settings/minify", { method: "PATCH" });\n`;

/** Nesting that the TypeScript parser still accepts (it gives up at about 600 to 2,000 levels, by shape). */
const SHAPES: Record<string, (depth: number) => string> = {
  "parentheses": (n) => `const a = ${"(".repeat(n)}1${")".repeat(n)};`,
  "object literals": (n) => `const o = ${"{ a: ".repeat(n)}1${" }".repeat(n)};`,
  "calls": (n) => `const c = ${"f(".repeat(n)}1${")".repeat(n)};`,
  "optional chains in parentheses": (n) => `const d = ${"(x?.".repeat(n)}y${")".repeat(n)};`,
  "arrow functions": (n) => `const g = ${"() => ".repeat(n)}1;`,
  "blocks": (n) => `${"{ ".repeat(n)}${" }".repeat(n)}`,
  "a + chain": (n) => `const url = "https://api.cloudflare.com/client/v4/zones/z/" + ${Array.from({ length: n }, (_, i) => `x${i}`).join(" + ")};`,
};

const catalogue = loadBundledCatalogue();
const options = resolveOptions({ asOf: "2026-11-21" });

const parses = (text: string) => {
  try {
    ts.createSourceFile("deep.ts", text, ts.ScriptTarget.Latest, true);
    parse(text, { range: true, filePath: "deep.ts" });
    return true;
  } catch {
    return false;
  }
};

/**
 * The deepest nesting both parsers accept here (their own recursion sets it), found by bisection.
 * It moves by a quarter or more within one process (587, then 773 blocks once the parsers are
 * optimised: frames shrink), so the test stays well below it.
 */
function deepestParsed(make: (depth: number) => string): number {
  let low = 1;
  let high = 4000;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (parses(make(middle) + FINDING)) low = middle;
    else high = middle - 1;
  }
  return low;
}

describe("deeply nested code", () => {
  it.each(Object.keys(SHAPES))("%s, as deep as the parsers accept: both lowerings agree, nothing overflows, the file's finding stays", (shape) => {
    const make = SHAPES[shape]!;
    const deepest = deepestParsed(make);
    const deep = Math.max(MAX_LOWERING_DEPTH + 50, Math.floor(deepest * 0.6));
    for (const depth of [MAX_LOWERING_DEPTH + 50, deep]) {
      const text = make(depth) + FINDING;
      const typescript = parseAndLower("deep.ts", text).module;
      const estree = lowerEstree({ file: "deep.ts", text, program: parse(text, { range: true, filePath: "deep.ts" }) });
      expect({ ...typescript, comments: [] }).toEqual({ ...estree, comments: [] });
      for (const module of [typescript, estree]) {
        const findings = analyzeModule({ module, catalogue, options });
        expect(findings.map((finding) => [finding.ruleId, finding.method])).toContainEqual(["no-deprecated-endpoint", "PATCH"]);
      }
    }
  });
});

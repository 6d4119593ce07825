import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/load.js";
import { Prefilter } from "../../src/core/prefilter.js";
import { TextFactsCache } from "../../src/eslint/text-facts.js";

/** A prefilter that counts the texts it reads. */
function countingPrefilter(): { prefilter: Prefilter; reads: string[] } {
  const reads: string[] = [];
  const prefilter = new Prefilter(loadBundledCatalogue());
  const hints = prefilter.hints.bind(prefilter);
  prefilter.hints = (text, reading) => (reads.push(text), hints(text, reading));
  return { prefilter, reads };
}

describe("the prefilter's reading of a text, kept by content", () => {
  it("reads a text once whether it comes as the file linted or as an imported module, and reads changed text again", () => {
    const { prefilter, reads } = countingPrefilter();
    const cache = new TextFactsCache(() => prefilter);
    const text = `import { base } from "./base";\nexport const list = (zone: string) => fetch(\`\${base}/zones/\${zone}/firewall/rules\`);\n`;
    const linted = cache.of(text);
    // The same content built anew (as a read from disk gives it) is the same text.
    const imported = cache.of([...text].join(""));
    expect(imported).toBe(linted);
    expect(reads).toHaveLength(1);
    expect(linted.specifiers).toEqual(["./base"]);
    expect(linted.hints).toEqual(prefilter.hints(text));
    reads.length = 0;
    const edited = cache.of(text.replace("firewall/rules", "rulesets"));
    expect(reads).toHaveLength(1);
    expect(edited.hints.words).not.toEqual(linted.hints.words);
  });

  it("keeps at most its bound in characters, letting the least recently used texts go first", () => {
    const { prefilter, reads } = countingPrefilter();
    const cache = new TextFactsCache(() => prefilter, 2);
    cache.of("a");
    cache.of("b");
    cache.of("a"); // a is now the most recently used: b goes first
    cache.of("c");
    reads.length = 0;
    cache.of("a");
    cache.of("c");
    expect(reads).toEqual([]);
    cache.of("b");
    expect(reads).toEqual(["b"]);
  });
});

describe("the texts of a file being edited", () => {
  it("keeps only the latest text each file was linted with, and the modules it imports stay", () => {
    const { prefilter, reads } = countingPrefilter();
    const imported = `export const base = "https://api.cloudflare.com/client/v4";\n`;
    const version = (n: number) => `import { base } from "./base";\nfetch(\`\${base}/zones/\${zone}/settings/minify\`); // ${"x".repeat(n)}\n`;
    // Room for the module and two versions of the file, not three.
    const cache = new TextFactsCache(() => prefilter, imported.length + 2 * version(3).length);
    cache.of(imported);
    for (let keystroke = 0; keystroke < 20; keystroke++) cache.of(version(keystroke % 3), "/project/src/zones.ts");
    reads.length = 0;
    cache.of(imported);
    expect(reads).toEqual([]);
    // The latest version is kept; one before it is read again.
    cache.of(version(19 % 3), "/project/src/zones.ts");
    expect(reads).toEqual([]);
    cache.of(version(18 % 3));
    expect(reads).toHaveLength(1);
  });

  it("holds on to no more linted texts than it keeps: a run over many files stays within its bound", () => {
    const { prefilter } = countingPrefilter();
    const cache = new TextFactsCache(() => prefilter, 1000);
    for (let file = 0; file < 200; file++) cache.of(`export const path${file} = "/zones/${"x".repeat(80)}";\n`, `/project/src/f${file}.ts`);
    // The file names and texts remembered for the files linted (a private map: what it holds is the point here).
    const remembered = (cache as unknown as { lintedText: Map<string, string> }).lintedText;
    expect(remembered.size).toBeGreaterThan(0);
    expect([...remembered.values()].reduce((sum, text) => sum + text.length, 0)).toBeLessThanOrEqual(1000);
  });
});

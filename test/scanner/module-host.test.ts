import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseAndLower } from "../../src/scanner/lower.js";
import { ScannerModuleHost } from "../../src/scanner/module-host.js";

const root = mkdtempSync(join(tmpdir(), "sunset-lint-module-host-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const importer = join(root, "main.ts");
writeFileSync(importer, "");
for (const name of ["a", "b", "c"]) writeFileSync(join(root, `${name}.ts`), `export const ${name}Path = "/zones/" + ${JSON.stringify("x".repeat(400))};\n`);

/** A host whose parser counts what it parses. */
function countingHost(maxTextLength: number) {
  const parsed: string[] = [];
  const host = new ScannerModuleHost((path, text) => (parsed.push(path), parseAndLower(path, text)), () => true, undefined, 300, maxTextLength);
  return { host, parsed };
}

describe("the scanner's module cache", () => {
  it("parses each imported module once while the modules fit its text budget", () => {
    const { host, parsed } = countingHost(8 * 1024 * 1024);
    for (const name of ["a", "b", "c", "a", "b", "c"]) expect(host.load(importer, `./${name}`)?.text).toContain(`${name}Path`);
    expect(parsed.map((path) => path.slice(root.length + 1))).toEqual(["a.ts", "b.ts", "c.ts"]);
  });

  it("lets the least recently used modules go beyond its budget, and parses them again, the same, when imported again", () => {
    // Room for two of the three modules (about 430 characters each).
    const { host, parsed } = countingHost(1000);
    const first = host.load(importer, "./a");
    host.load(importer, "./b");
    host.load(importer, "./a"); // a is now the most recently used: b goes first
    host.load(importer, "./c");
    expect(parsed.map((path) => path.slice(root.length + 1))).toEqual(["a.ts", "b.ts", "c.ts"]);
    host.load(importer, "./a");
    expect(parsed).toHaveLength(3);
    const again = host.load(importer, "./b");
    expect(parsed.map((path) => path.slice(root.length + 1))).toEqual(["a.ts", "b.ts", "c.ts", "b.ts"]);
    expect(again?.text).toBe(`export const bPath = "/zones/" + ${JSON.stringify("x".repeat(400))};\n`);
    expect(first?.text).toContain("aPath");
  });

  it("keeps every module an analysis uses until the analysis ends, beyond its budget", () => {
    // Room for two of the three modules: without the pin, `a` would be parsed anew (a new module,
    // which the evaluator would not know as the one it met before) when imported again.
    const { host, parsed } = countingHost(1000);
    host.startTracking();
    const a = host.load(importer, "./a");
    host.load(importer, "./b");
    host.load(importer, "./c");
    expect(host.load(importer, "./a")).toBe(a);
    expect(parsed.map((path) => path.slice(root.length + 1))).toEqual(["a.ts", "b.ts", "c.ts"]);
    expect(host.stopTracking().map((path) => path.slice(root.length + 1))).toEqual(["a.ts", "b.ts", "c.ts"]);
    // The analysis over, the budget holds again: `a`, the least recently cached, went.
    expect(host.load(importer, "./a")).not.toBe(a);
    expect(parsed.map((path) => path.slice(root.length + 1))).toEqual(["a.ts", "b.ts", "c.ts", "a.ts"]);
  });
});

describe("imported modules the scanner parses", () => {
  it("parses a barrel and what it re-exports for a name that leads to a module that matters, and neither for one that does not", async () => {
    const { Prefilter } = await import("../../src/core/prefilter.js");
    const { loadBundledCatalogue } = await import("../../src/catalogue/index.js");
    const prefilter = new Prefilter(loadBundledCatalogue());
    const dir = mkdtempSync(join(tmpdir(), "sunset-lint-barrels-"));
    try {
      writeFileSync(join(dir, "paths.ts"), `export const RULES = "/zones/z/firewall/rules";\n`);
      writeFileSync(join(dir, "names.ts"), `export const TITLE = "Welcome";\n`);
      writeFileSync(join(dir, "index.ts"), `export * from "./paths";\nexport * from "./names";\n`);
      const main = join(dir, "main.ts");
      writeFileSync(main, "");
      const parsed: string[] = [];
      const host = new ScannerModuleHost((path, text) => (parsed.push(path.slice(dir.length + 1)), parseAndLower(path, text)), (text) => prefilter.textMayMatterToImporters(text));
      expect(host.load(main, ".", "TITLE")).toBeNull();
      // A module that matters is not parsed for a name its text cannot export.
      expect(host.load(main, "./paths", "TITLE")).toBeNull();
      expect(parsed).toEqual([]);
      expect(host.load(main, ".", "RULES")).not.toBeNull();
      expect(host.load(main, "./paths", "RULES")).not.toBeNull();
      expect(parsed).toEqual(["index.ts", "paths.ts"]);
      // Once parsed, a module answers every name.
      expect(host.load(main, "./paths", "TITLE")).not.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

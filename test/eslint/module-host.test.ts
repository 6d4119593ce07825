import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { DiskModuleHost } from "../../src/eslint/analysis.js";
import type { Module } from "../../src/core/ir.js";

const root = mkdtempSync(join(tmpdir(), "sunset-lint-disk-host-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));
const linted = join(root, "main.ts");
// Each imports the next and the file linted: a cycle, as a package's index and its modules make.
const names = ["a", "b", "c"];
names.forEach((name, index) => {
  const next = names[(index + 1) % names.length];
  writeFileSync(join(root, `${name}.ts`), `import "./${next}";\nimport "./main";\nexport const ${name}Path = "/firewall/rules/" + ${JSON.stringify("x".repeat(400))};\n`);
});
// On disk as in the editor's buffer, which ESLint lowers: the host must not read it again.
writeFileSync(linted, 'import { aPath } from "./a";\n');
const lintedModule: Module = { file: linted, text: 'import { aPath } from "./a";\n', body: [], comments: [] };

describe("the ESLint plugin's modules read from disk", () => {
  it("keeps every module an analysis uses until it ends, the file linted first, beyond its budget", () => {
    // Room for two of the three modules.
    const host = new DiskModuleHost(1000);
    const seen = host.analysing(lintedModule, () => {
      const a = host.load(linted, "./a");
      const b = host.load(a!.file, "./b");
      const c = host.load(b!.file, "./c");
      expect(host.load(c!.file, "./a")).toBe(a);
      // An import back to the file linted is the text ESLint lints, not the file on disk.
      expect(host.load(a!.file, "./main")).toBe(lintedModule);
      return a;
    });
    expect(seen?.text).toContain("aPath");
    // Between analyses the budget holds: `a`, the least recently cached, went and is read again.
    const again = host.analysing(lintedModule, () => host.load(linted, "./a"));
    expect(again).not.toBe(seen);
    expect(again?.text).toBe(seen?.text);
  });
});

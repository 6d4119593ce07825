import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";
import { DiskModuleHost } from "../../src/eslint/analysis.js";
import { resolveProjectImport } from "../../src/eslint/project-imports.js";
import type { Module } from "../../src/core/ir.js";

// The real resolver, watched: how often the host asks it.
vi.mock("../../src/eslint/project-imports.js", async (original) => {
  const real = await original<typeof import("../../src/eslint/project-imports.js")>();
  return { ...real, resolveProjectImport: vi.fn(real.resolveProjectImport) };
});

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

  it("resolves an import once in an analysis, however many names are followed into it", () => {
    const host = new DiskModuleHost(1000);
    const resolve = vi.mocked(resolveProjectImport);
    resolve.mockClear();
    const [first, second] = host.analysing(lintedModule, () => [host.load(linted, "./a"), host.load(linted, "./a")]);
    expect(second).toBe(first);
    expect(resolve.mock.calls.filter(([from, specifier]) => from === linted && specifier === "./a")).toHaveLength(1);
    // The next analysis (the next keystroke) asks again: a file may have been created since.
    host.analysing(lintedModule, () => host.load(linted, "./a"));
    expect(resolve.mock.calls.filter(([from, specifier]) => from === linted && specifier === "./a")).toHaveLength(2);
  });
});

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import { AS_OF } from "../support/analyze.js";
import { scratchDirectory } from "../support/scratch.js";

// The Go grammar fails to load (a broken install); the others load as usual.
vi.mock("../../src/languages/tree-sitter.js", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../src/languages/tree-sitter.js")>();
  return {
    ...actual,
    loadGrammars: async (names: Iterable<string>) => {
      const wanted = [...names];
      if (wanted.includes("go")) throw new Error("the go grammar (tree-sitter-go.wasm) could not be loaded: broken file");
      return actual.loadGrammars(wanted as Parameters<typeof actual.loadGrammars>[0]);
    },
  };
});

describe("a grammar that cannot load", () => {
  it("names the files that need it and analyses the others", async () => {
    const { scan } = await import("../../src/scanner/scan.js");
    const dir = scratchDirectory("grammar");
    writeFileSync(join(dir, "main.go"), 'package main\nimport "net/http"\nfunc f() { http.Get("https://api.cloudflare.com/client/v4/zones/z/settings/brotli") }\n');
    writeFileSync(join(dir, "job.py"), 'import requests\nrequests.get("https://api.cloudflare.com/client/v4/zones/z/settings/brotli")\n');
    const result = await scan({ cwd: dir, asOf: AS_OF, jobs: 0 });
    expect(result.findings.map((finding) => finding.file)).toEqual(["job.py"]);
    expect(result.summary.problems).toEqual([{ file: "main.go", kind: "unscannable", message: expect.stringMatching(/go grammar .* could not be loaded/) }]);
  });
});

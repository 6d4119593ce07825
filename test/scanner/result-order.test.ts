import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scan } from "../../src/scanner/scan.js";
import { ScanCache } from "../../src/scanner/cache.js";
import type { FileAnalysis } from "../../src/scanner/analyze-file.js";
import { AS_OF } from "../support/analyze.js";
import { scratchDirectory } from "../support/scratch.js";

const FINDING = `fetch("https://api.cloudflare.com/client/v4/zones/z/settings/brotli", { method: "PATCH" });\n`;

describe("the order of a result", () => {
  it("sorts findings and problems by the code units of their paths, the same in every locale", async () => {
    const root = scratchDirectory();
    mkdirSync(join(root, "a"));
    mkdirSync(join(root, "a-b"));
    for (const file of ["accounts.ts", "Zones.ts", "a/x.ts", "a-b/x.ts", "_shared.ts"]) writeFileSync(join(root, file), FINDING);
    writeFileSync(join(root, "Broken.ts"), `${FINDING}const = ;\n`);
    writeFileSync(join(root, "broken.ts"), `${FINDING}const = ;\n`);
    const result = await scan({ cwd: root, asOf: AS_OF, jobs: 0 });
    // A collator would put "accounts.ts" before "Zones.ts", "a/x.ts" before "a-b/x.ts" and "_shared.ts" first.
    expect([...new Set(result.findings.map((finding) => finding.file))]).toEqual(["Broken.ts", "Zones.ts", "_shared.ts", "a-b/x.ts", "a/x.ts", "accounts.ts", "broken.ts"]);
    expect(result.summary.problems.map((problem) => problem.file)).toEqual(["Broken.ts", "broken.ts"]);
  });
});

describe("the scan cache's file", () => {
  const result: FileAnalysis = { findings: [], suppressed: 0, unused: [], dependencies: [], hash: "h" } as unknown as FileAnalysis;

  for (const [what, name] of [
    ["ASCII only", "zones.ts"],
    ["paths beyond ASCII", "zonen-übersicht-区域.ts"],
  ] as const) {
    it(`is read back as written (${what})`, () => {
      const root = scratchDirectory();
      const file = join(root, name);
      writeFileSync(file, FINDING);
      const path = join(root, "cache.json");
      const written = new ScanCache(path, "key");
      written.noteRead(file, { stamp: "1:2:3:4", hash: "h", hints: { signals: 1, words: ["zonen-ü"] }, imports: ["./ü"], passes: true });
      written.store(file, "h", result);
      written.save();
      const notices: string[] = [];
      const read = new ScanCache(path, "key", (notice) => notices.push(notice));
      expect(notices).toEqual([]);
      expect(read.previousRead(file)).toEqual({ stamp: "1:2:3:4", hash: "h", hints: { signals: 1, words: ["zonen-ü"] }, imports: ["./ü"], passes: true });
      expect(read.lookup(file, "h")).toEqual(result);
    });
  }

  it("reads back every kind of read it records, with the verdicts", () => {
    const root = scratchDirectory();
    const path = join(root, "cache.json");
    const written = new ScanCache(path, "key");
    const entries = {
      [join(root, "plain.ts")]: { stamp: "1:1:1:1", hash: "a", hints: { signals: 0, words: [] }, imports: [], passes: false },
      [join(root, "judged.ts")]: { stamp: "2:2:2:2", hash: "b", hints: { signals: 64, words: [] }, imports: ["./plain"], passes: false },
      [join(root, "rejected.ts")]: { stamp: "5:5:5:5", hash: "e", hints: { signals: 64, words: ["zones"] }, imports: ["./plain"], passes: false },
      [join(root, "output.json")]: { stamp: "3:3:3:3", hash: "c", hints: { signals: 0, words: [] }, imports: [], ownOutput: true as const },
      [join(root, "bundle.js")]: { stamp: "4:4:4:4", hash: "d", hints: { signals: 0, words: [] }, imports: [], bundle: "webpack" },
      [join(root, "huge.ts")]: { stamp: "6:6:6:6", hash: "", hints: { signals: 0, words: [] }, imports: [], skipped: "skipped: 3.0 MiB is over the 2.0 MiB limit for source files" },
    };
    for (const [file, entry] of Object.entries(entries)) written.noteRead(file, entry);
    written.noteVerdicts(new Map([[join(root, "judged.ts"), true], [join(root, "rejected.ts"), false]]), {});
    written.save();
    const read = new ScanCache(path, "key");
    const readBack = (file: string) => {
      const entry = read.previousRead(file)!;
      return { ...entry, hints: { ...entry.hints, words: [...entry.hints.words] }, imports: [...entry.imports] };
    };
    expect(readBack(join(root, "plain.ts"))).toEqual(entries[join(root, "plain.ts")]);
    expect(readBack(join(root, "judged.ts"))).toEqual({ ...entries[join(root, "judged.ts")], withImports: true });
    expect(readBack(join(root, "rejected.ts"))).toEqual({ ...entries[join(root, "rejected.ts")], withImports: false });
    expect(readBack(join(root, "output.json"))).toEqual({ ...entries[join(root, "output.json")], passes: false });
    expect(readBack(join(root, "bundle.js"))).toEqual({ ...entries[join(root, "bundle.js")], passes: false });
    expect(readBack(join(root, "huge.ts"))).toEqual({ ...entries[join(root, "huge.ts")], passes: false });
  });
});

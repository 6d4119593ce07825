import { describe, expect, it } from "vitest";
import { StringPool } from "../../src/core/string-pool.js";
import { relativeImports } from "../../src/core/import-graph.js";

describe("StringPool", () => {
  it("answers with a string equal to the one given, whatever text it was cut from", () => {
    const pool = new StringPool();
    const first = 'import { a } from "../../core/resource";'.slice(19, 38);
    const second = 'export * from "../../core/resource";'.slice(15, 34);
    expect(first).toBe("../../core/resource");
    expect(pool.intern(first)).toBe("../../core/resource");
    // (That both answers are one copy is a matter of memory, which a test cannot see: see the heap figures in the commit.)
    expect(pool.intern(second)).toBe("../../core/resource");
    expect(pool.intern("index.ts")).toBe("index.ts");
  });

  it("starts over when full, and still answers with equal strings", () => {
    const pool = new StringPool(3);
    const names = ["a.ts", "b.ts", "c.ts", "d.ts", "a.ts", "e.ts"];
    expect(names.map((name) => pool.intern(name))).toEqual(names);
  });
});

describe("relativeImports", () => {
  it("lists the relative specifiers a text imports, the same for every file that writes them", () => {
    const one = relativeImports('import { x } from "./a";\nconst y = require("../b/c");\nimport z from "zod";\n');
    expect(one).toEqual(["./a", "../b/c"]);
    expect(relativeImports('export * from "../b/c";')).toEqual(["../b/c"]);
    expect(relativeImports("const nothing = 1;")).toEqual([]);
  });
});

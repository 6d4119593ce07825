import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { directoryFilesOf, memoizedImportResolver, recentImportResolver, resolveImport } from "../../src/files/resolve-import.js";

const root = mkdtempSync(join(tmpdir(), "sunset-lint-resolve-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const files = ["src/a.ts", "src/b.tsx", "src/c.js", "src/lib/index.ts", "src/types.d.ts", "src/esm.mts", "src/data.json", "src/real/target.ts"];
for (const file of files) {
  mkdirSync(join(root, file, ".."), { recursive: true });
  writeFileSync(join(root, file), "export {};\n");
}
symlinkSync(join(root, "src/real/target.ts"), join(root, "src/linked.ts"));
mkdirSync(join(root, "src/dir.ts")); // a directory named like a source file is not one

const from = join(root, "src/main.ts");
const specifiers = ["./a", "./A", "./a.js", "./b.js", "./b", "./c", "./c.js", "./lib", "./lib/index.js", "./types", "./esm.mjs", "./data.json", "./linked", "./linked.js", "./dir", "./missing", "../src/a", "./real/target", "lodash"];

describe("the scan's import resolver (directory listings instead of a stat per candidate)", () => {
  it("resolves every specifier as the stat-based resolver does", () => {
    const resolve = memoizedImportResolver();
    for (const specifier of specifiers) expect(resolve(from, specifier), specifier).toBe(resolveImport(from, specifier));
  });

  it("finds what TypeScript finds: .ts for .js, index files, links; not declarations, directories or packages", () => {
    const resolve = memoizedImportResolver();
    const shown = (specifier: string) => resolve(from, specifier)?.slice(root.length + 1) ?? null;
    expect(shown("./a.js")).toBe("src/a.ts");
    expect(shown("./b.js")).toBe("src/b.tsx");
    expect(shown("./lib")).toBe("src/lib/index.ts");
    expect(shown("./esm.mjs")).toBe("src/esm.mts");
    expect(shown("./linked")).toBe("src/linked.ts");
    expect(shown("./types")).toBeNull();
    expect(shown("./dir")).toBeNull();
    expect(shown("./missing")).toBeNull();
    expect(shown("lodash")).toBeNull();
  });

  it("resolves a JSON module named with its extension, and only so", () => {
    const resolve = memoizedImportResolver();
    expect(resolve(from, "./data.json")?.slice(root.length + 1)).toBe("src/data.json");
    expect(resolve(from, "./data")).toBeNull();
    expect(resolve(from, "./missing.json")).toBeNull();
  });
});

describe("the editor's import resolver", () => {
  it("answers from memory for a while, then notices a file that appeared", () => {
    let clock = 0;
    const resolve = recentImportResolver(1000, () => clock);
    const later = join(root, "src/later.ts");
    expect(resolve(from, "./later")).toBeNull();
    writeFileSync(later, "export {};\n");
    clock = 500;
    expect(resolve(from, "./later")).toBeNull();
    clock = 1501;
    expect(resolve(from, "./later")).toBe(later);
  });

  it("resolves every specifier as the stat-based resolver does, and notices a deleted file", () => {
    let clock = 0;
    const resolve = recentImportResolver(1000, () => clock);
    for (const specifier of specifiers) expect(resolve(from, specifier), specifier).toBe(resolveImport(from, specifier));
    const gone = join(root, "src/gone.ts");
    writeFileSync(gone, "export {};\n");
    clock = 2000;
    expect(resolve(from, "./gone")).toBe(gone);
    rmSync(gone);
    clock = 2500;
    expect(resolve(from, "./gone")).toBe(gone);
    clock = 3001;
    expect(resolve(from, "./gone")).toBeNull();
  });
});

describe("the scan's import resolver with the walk's listings", () => {
  const listingsOf = (...directories: string[]) => new Map(directories.map((directory) => [directory, directoryFilesOf(readdirSync(directory, { withFileTypes: true }))] as const));

  it("answers from the listings as from the file system", () => {
    const resolve = memoizedImportResolver(listingsOf(join(root, "src"), join(root, "src/lib"), join(root, "src/real")));
    for (const specifier of specifiers) expect(resolve(from, specifier), specifier).toBe(resolveImport(from, specifier));
  });

  it("keeps names, not directory entries: files, links apart, capitals folded", () => {
    const listing = directoryFilesOf(readdirSync(join(root, "src"), { withFileTypes: true }));
    expect([...listing.files]).toEqual(expect.arrayContaining(["a.ts", "b.tsx", "c.js", "data.json", "esm.mts", "types.d.ts"]));
    expect(listing.files.has("dir.ts")).toBe(false); // a directory
    expect(listing.files.has("linked.ts")).toBe(false);
    expect([...(listing.links ?? [])]).toEqual(["linked.ts"]);
    expect(listing.folded).toBeNull();
    const cased = join(root, "cased");
    mkdirSync(cased);
    writeFileSync(join(cased, "Client.ts"), "export {};\n");
    expect([...(directoryFilesOf(readdirSync(cased, { withFileTypes: true })).folded ?? [])]).toEqual(["client.ts"]);
  });

  it("remembers a bounded number of answers: past the bound, the oldest directories are asked again", () => {
    const lib = join(root, "src/lib");
    const known = new Map([[lib, directoryFilesOf([])]]);
    const resolve = memoizedImportResolver(known, 2);
    const late = join(lib, "late.ts");
    expect(resolve(from, "./lib/late")).toBeNull();
    known.set(lib, { files: new Set(["late.ts"]), links: null, folded: null });
    expect(resolve(from, "./lib/late")).toBeNull(); // remembered
    resolve(join(root, "src/lib/index.ts"), "./x");
    resolve(join(root, "src/real/target.ts"), "./y"); // two other directories: the first is forgotten
    expect(resolve(from, "./lib/late")).toBe(late);
  });
});

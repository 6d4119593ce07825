import { mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { StampedCache } from "../../src/files/stamped-cache.js";

const root = mkdtempSync(join(tmpdir(), "sunset-lint-stamped-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("values kept while a file is unchanged", () => {
  it("works a value out again when the file changes; with a trust window, only once the window has passed", () => {
    const file = join(root, "a.ts");
    writeFileSync(file, "one");
    let clock = 0;
    const strict = new StampedCache<string>();
    const trusting = new StampedCache<string>(1000, () => clock);
    const read = (cache: StampedCache<string>) => cache.get(file, () => `computed ${String(Math.random())}`, "missing");
    const first = read(strict);
    const trusted = read(trusting);
    expect(read(strict)).toBe(first);
    writeFileSync(file, "two, longer");
    utimesSync(file, new Date(2030, 0, 1), new Date(2030, 0, 1));
    expect(read(strict)).not.toBe(first);
    clock = 999;
    expect(read(trusting)).toBe(trusted);
    clock = 2500;
    expect(read(trusting)).not.toBe(trusted);
    expect(new StampedCache<string>().get(join(root, "none.ts"), () => "x", "missing")).toBe("missing");
  });

  it("keeps within its bound, letting the least recently used values go first", () => {
    const files = ["b.ts", "c.ts", "d.ts"].map((name) => join(root, name));
    for (const file of files) writeFileSync(file, "x");
    const computed: string[] = [];
    const cache = new StampedCache<string>(0, Date.now, { maxSize: 10, sizeOf: (value) => value.length });
    const read = (file: string) => cache.get(file, () => (computed.push(file), "12345"), "missing");
    read(files[0]!);
    read(files[1]!);
    read(files[0]!); // b is now the most recently used: c goes first
    read(files[2]!);
    expect(computed).toEqual([files[0], files[1], files[2]]);
    read(files[0]!);
    expect(computed).toHaveLength(3);
    read(files[1]!); // let go when d came in: worked out again
    expect(computed).toEqual([files[0], files[1], files[2], files[1]]);
  });

  it("with a trust window, orders by use to within the window: a value is moved up when its file is checked, not on each trusted use", () => {
    const files = ["e.ts", "f.ts", "g.ts"].map((name) => join(root, name));
    for (const file of files) writeFileSync(file, "x");
    let clock = 0;
    const computed: string[] = [];
    const cache = new StampedCache<string>(1000, () => clock, { maxSize: 10, sizeOf: (value) => value.length });
    const read = (file: string) => cache.get(file, () => (computed.push(file), "12345"), "missing");
    read(files[0]!);
    read(files[1]!);
    clock = 500;
    read(files[0]!); // trusted: e stays the least recently checked
    read(files[2]!); // g comes in: e goes
    expect(computed).toEqual([files[0], files[1], files[2]]);
    read(files[1]!);
    expect(computed).toHaveLength(3);
    clock = 2000;
    read(files[1]!); // checked again (unchanged): f moves up, so g goes when e comes back
    read(files[0]!);
    read(files[2]!);
    expect(computed).toEqual([files[0], files[1], files[2], files[0], files[2]]);
  });
});


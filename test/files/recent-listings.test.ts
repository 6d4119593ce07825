import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RecentListings } from "../../src/files/recent-listings.js";
import { recentImportResolver } from "../../src/files/resolve-import.js";
import { ageTree, scratchProject } from "../support/scratch.js";

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let time = start;
  return { now: () => time, advance: (ms: number) => (time += ms) };
}

describe("RecentListings", () => {
  it("keeps a settled directory's listing while its modification time is the same", () => {
    const root = scratchProject("listings-settled", { "a.ts": "", "b.ts": "" });
    ageTree(root);
    const time = clock(Date.now());
    const listings = new RecentListings(1000, time.now);
    const first = listings.get(root);
    expect([...first.files].sort()).toEqual(["a.ts", "b.ts"]);
    time.advance(5000);
    // Checked again (a stat), not read again: the same listing.
    expect(listings.get(root)).toBe(first);
  });

  it("reads a directory again once it changed, and not before its second is over", () => {
    const root = scratchProject("listings-changed", { "a.ts": "" });
    ageTree(root);
    const time = clock(Date.now());
    const listings = new RecentListings(1000, time.now);
    expect([...listings.get(root).files]).toEqual(["a.ts"]);
    writeFileSync(join(root, "b.ts"), "");
    expect([...listings.get(root).files]).toEqual(["a.ts"]); // within the second it is trusted
    time.advance(1001);
    expect([...listings.get(root).files].sort()).toEqual(["a.ts", "b.ts"]);
  });

  it("reads again a listing taken right after its directory changed (the same tick of the clock may hide a change)", () => {
    const root = scratchProject("listings-racy", { "a.ts": "" });
    const time = clock(Date.now());
    const listings = new RecentListings(1000, time.now);
    const first = listings.get(root);
    time.advance(1001);
    const second = listings.get(root);
    expect(second).not.toBe(first);
    expect([...second.files]).toEqual(["a.ts"]);
    // A change that kept the time as it was (as within one tick) is seen, because the listing was never trusted by time.
    const changed = (listings as unknown as { listed: Map<string, { changed: number }> }).listed.get(root)!.changed;
    writeFileSync(join(root, "b.ts"), "");
    utimesSync(root, new Date(changed), new Date(changed));
    time.advance(1001);
    expect([...listings.get(root).files].sort()).toEqual(["a.ts", "b.ts"]);
  });

  it("answers no file for a directory that is not there, for a second, and lists it once it is", () => {
    const root = scratchProject("listings-missing", { "a.ts": "" });
    const time = clock(Date.now());
    const listings = new RecentListings(1000, time.now);
    const later = join(root, "later");
    expect(listings.get(later).files.size).toBe(0);
    mkdirSync(later);
    writeFileSync(join(later, "c.ts"), "");
    expect(listings.get(later).files.size).toBe(0); // within the second it is trusted
    time.advance(1001);
    expect([...listings.get(later).files]).toEqual(["c.ts"]);
    // A file is not a directory: it holds no file either.
    expect(listings.get(join(root, "a.ts")).files.size).toBe(0);
  });

  it("lets an import resolver notice a file created after a second, as without it", () => {
    const root = scratchProject("listings-resolver", { "src/app.ts": 'import "./paths";\n' });
    ageTree(root);
    const time = clock(Date.now());
    const resolve = recentImportResolver(1000, time.now, new RecentListings(1000, time.now));
    const app = join(root, "src/app.ts");
    expect(resolve(app, "./paths")).toBeNull();
    writeFileSync(join(root, "src/paths.ts"), "export const p = 1;\n");
    expect(resolve(app, "./paths")).toBeNull();
    time.advance(1001);
    expect(resolve(app, "./paths")).toBe(join(root, "src/paths.ts"));
  });
});

import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";

const index = loadBundledCatalogue().deprecatedEndpoints;
const items = (segments: (string | null)[]) => index.match(segments).map((m) => `${m.entry.item} ${m.path} ${m.methods.join(",")}`);

describe("PathIndex", () => {
  it("matches parameters against any segment, known or not", () => {
    expect(items(["zones", "abc", "firewall", "rules"])).toEqual(["1 /zones/:zone_id/firewall/rules GET,POST,PATCH,PUT,DELETE"]);
    expect(items(["zones", null, "settings", "minify"])).toEqual(["8 /zones/:zone_id/settings/minify GET,PATCH"]);
  });

  it("never matches an unknown segment against a literal", () => {
    expect(items(["zones", null, "settings", null])).toEqual([]);
  });

  it("matches whole paths only", () => {
    expect(items(["zones", "abc", "firewall"])).toEqual([]);
    expect(items(["zones", "abc", "firewall", "rules", "r1", "extra"])).toEqual([]);
    expect(items(["zones", "abc", "dns_records"])).toEqual([]);
  });

  it("knows the anchors of the deprecated paths", () => {
    expect([...index.anchors].sort()).toEqual(["accounts", "organizations", "user", "zones"]);
  });
});

import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { ALL_NAMES, BarrelReader, importedNamesOf, ImportWorth, mayExport, namesThrough, reExportsOf, reExportsSomething } from "../../src/core/barrels.js";
import { hintsWithImports, relativeImports, type ImportGraph } from "../../src/core/import-graph.js";
import { Prefilter } from "../../src/core/prefilter.js";

const prefilter = new Prefilter(loadBundledCatalogue());

/** A project of texts by path ("/p/…"), its relative imports resolved by name (`./x` is `/p/x.ts`, `.` and `./dir` a folder's index). */
function project(texts: Record<string, string>) {
  const textOf = (path: string) => texts[path] ?? null;
  const resolve = (from: string, specifier: string): string | null => {
    const dir = from.slice(0, from.lastIndexOf("/"));
    const parts = dir.split("/");
    for (const part of specifier.split("/")) {
      if (part === "..") parts.pop();
      else if (part !== ".") parts.push(part);
    }
    const base = parts.join("/");
    return [`${base}.ts`, `${base}/index.ts`].find((path) => path in texts) ?? null;
  };
  const hintsOf = (path: string) => prefilter.hints(textOf(path) ?? "");
  const importsOf = (path: string) => relativeImports(textOf(path) ?? "").flatMap((specifier) => resolve(path, specifier) ?? []);
  const graph: ImportGraph = { hintsOf, importsOf, textOf, resolve };
  return { textOf, resolve, graph };
}

const api = "https://api.cloudflare.com/client/v4";
const TEXTS = {
  "/p/constants/limits.ts": `export const RATE_LIMITS = "rate_limits";\nexport const PAGE_SIZE = 50;`,
  "/p/constants/settings.ts": `export const BROTLI = "brotli";\nexport const CURRENT = "always_online";`,
  "/p/constants/hosts.ts": `export const HOST = "api.example.com";`,
  "/p/constants/index.ts": `export * from "./limits";\nexport * from "./hosts";\nexport { BROTLI as COMPRESSION, CURRENT } from "./settings";`,
  "/p/index.ts": `export * from "./constants";\nexport * as routes from "./routes";`,
  "/p/routes/index.ts": `export * from "./firewall";`,
  "/p/routes/firewall.ts": `export const legacyRules = (zone: string) => \`/zones/\${zone}/firewall/rules\`;`,
};

describe("reading barrels", () => {
  it("reads each kind of re-export, with the names it passes on", () => {
    const reExports = reExportsOf(`export * from "./a";\nexport * as ns from './b';\nexport {\n  x,\n  y as z,\n  type T,\n} from "./c";\nexport type { U } from "../d";\nexport { local };\nexport const own = 1;`);
    expect(reExports.map((reExport) => [reExport.specifier, reExport.names === ALL_NAMES ? ALL_NAMES : Object.fromEntries(reExport.names)])).toEqual([
      ["./a", "*"],
      ["./b", { ns: "*" }],
      ["./c", { x: "x", z: "y", T: "T" }],
      ["../d", { U: "U" }],
    ]);
  });

  it("reads CommonJS modules that gather others' exports, and tells them from modules that only require", () => {
    const gathering = [
      `module.exports = require("./paths");`,
      `module.exports = { ...require("./paths"), ...require("../names") };`,
      `Object.assign(module.exports, require("./paths"), require("../names"));`,
      `exports.paths = require("./paths");\nmodule.exports.names = require("../names");`,
      `const paths = require("./paths");\nmodule.exports = paths;`,
    ];
    const specifiers = (text: string) => reExportsOf(text).map((reExport) => [reExport.specifier, reExport.names === ALL_NAMES ? ALL_NAMES : Object.fromEntries(reExport.names)]);
    // Asked first whether it re-exports at all, as the prefilter does: the same answer after.
    for (const text of gathering) expect(reExportsSomething(text) && reExportsOf(text).length > 0, text).toBe(true);
    expect(specifiers(gathering[1]!)).toEqual([["./paths", "*"], ["../names", "*"]]);
    expect(specifiers(gathering[2]!)).toEqual([["./paths", "*"], ["../names", "*"]]);
    expect(specifiers(gathering[3]!)).toEqual([["./paths", { paths: "*" }], ["../names", { names: "*" }]]);
    expect(specifiers(gathering[4]!)).toEqual([["./paths", "*"]]);
    for (const text of [`const paths = require("./paths");\nmodule.exports = { list: () => paths.LIST };`, `const helper = require("./helper");\nmodule.exports = Client;`]) {
      expect(reExportsSomething(text), text).toBe(false);
    }
  });

  it("reads the names a file imports to use them, not those it only passes on", () => {
    const names = importedNamesOf(`import Client, { a, b as c } from "./one";\nimport * as all from "./two";\nimport type { T } from "./one";\nconst lazy = await import("./three");\nconst old = require("../four");\nexport { passed } from "./five";\nimport "./six";\nconst { d, e: f, g = 1 } = require("./seven");\nconst { h, ...rest } = require("./eight");`);
    expect(Object.fromEntries([...names].map(([specifier, wanted]) => [specifier, wanted === ALL_NAMES ? ALL_NAMES : [...wanted].sort()]))).toEqual({
      "./one": ["T", "a", "b", "default"],
      "./two": "*",
      "./three": "*",
      "../four": "*",
      "./seven": ["d", "e", "g"],
      "./eight": "*",
    });
  });

  it("tells which names a re-export passes on, and which modules can export a name", () => {
    const [star, named] = reExportsOf(`export * from "./a";\nexport { x as y } from "./b";`);
    expect(namesThrough(star!, new Set(["A", "default"]))).toEqual(new Set(["A"]));
    expect(namesThrough(star!, new Set(["default"]))).toBeNull();
    expect(namesThrough(named!, new Set(["y"]))).toEqual(new Set(["x"]));
    expect(namesThrough(named!, new Set(["x"]))).toBeNull();
    expect(namesThrough(named!, ALL_NAMES)).toEqual(new Set(["x"]));
    expect(mayExport(`export const A = 1;`, "A")).toBe(true);
    expect(mayExport(`export const B = 1;`, "A")).toBe(false);
    expect(mayExport(`export * from "./more";`, "A")).toBe(true);
    expect(mayExport(`module.exports = build();`, "A")).toBe(true);
    expect(mayExport(`export default 1;`, "default")).toBe(true);
  });

  it("follows a name through barrels of barrels to the module that declares it, and only there", () => {
    const { textOf, resolve } = project(TEXTS);
    const reader = new BarrelReader(textOf, resolve);
    const visited: string[] = [];
    reader.follow("/p/index.ts", new Set(["RATE_LIMITS"]), (module) => void visited.push(module));
    // `export *` passes RATE_LIMITS on only from the module whose text can export it (not hosts.ts).
    expect(visited).toEqual(["/p/constants/index.ts", "/p/constants/limits.ts"]);
    visited.length = 0;
    reader.follow("/p/constants/index.ts", new Set(["COMPRESSION"]), (module) => void visited.push(module));
    expect(visited).toEqual(["/p/constants/settings.ts"]);
    visited.length = 0;
    reader.follow("/p/index.ts", new Set(["routes"]), (module) => void visited.push(module));
    // constants/index.ts may pass on any name (`export *`): looked into, and none of its modules can export it.
    expect(visited).toEqual(["/p/constants/index.ts", "/p/routes/index.ts", "/p/routes/firewall.ts"]);
  });
});

describe("the prefilter through barrels", () => {
  it("joins to a file the modules a barrel passes on the names it imports, and no other", () => {
    const importer = (names: string) => `import { ${names} } from "./constants";\nexport const get = (zone: string) => fetch(\`${api}/zones/\${zone}/\${${names.split(",")[0]}}\`);`;
    const { graph } = project({ ...TEXTS, "/p/use.ts": importer("RATE_LIMITS") });
    const own = graph.hintsOf("/p/use.ts");
    // Its own words and the barrel's (which has none) leave the endpoint rule out.
    expect(prefilter.narrowing(own, hintsWithImports("/p/use.ts", graph.hintsOf, graph.importsOf)).rules).toEqual([]);
    expect(prefilter.narrowingOf("/p/use.ts", graph).rules).toEqual(["no-deprecated-endpoint"]);
    // A name from the same barrel whose module holds no path word: nothing joined.
    const other = project({ ...TEXTS, "/p/use.ts": importer("HOST") });
    expect(prefilter.narrowingOf("/p/use.ts", other.graph).rules).toEqual([]);
    // Without texts to read names from, barrels are not followed (the plugin's files without cross-file analysis).
    expect(prefilter.narrowingOf("/p/use.ts", { hintsOf: graph.hintsOf, importsOf: graph.importsOf }).rules).toEqual([]);
  });

  it("follows a namespace re-exported by a barrel of barrels", () => {
    const { graph } = project({ ...TEXTS, "/p/use.ts": `import { routes } from ".";\nexport const rules = (zone: string) => fetch(\`${api}\${routes.legacyRules(zone)}\`);` });
    expect(prefilter.narrowingOf("/p/use.ts", graph).rules).toEqual(["no-deprecated-endpoint"]);
  });
});

describe("which imported modules are worth parsing", () => {
  const matters = (text: string) => prefilter.textMayMatterToImporters(text);

  it("parses a barrel only for a name it passes on from a module that matters", () => {
    const { textOf, resolve } = project(TEXTS);
    const worth = new ImportWorth(new BarrelReader(textOf, resolve), matters);
    const barrel = "/p/constants/index.ts";
    expect(worth.verdict(barrel, textOf(barrel)!, "RATE_LIMITS")).toBe("parse");
    expect(worth.verdict(barrel, textOf(barrel)!, "COMPRESSION")).toBe("parse");
    expect(worth.verdict(barrel, textOf(barrel)!, "HOST")).toBe("not-for-this-name");
    expect(worth.verdict(barrel, textOf(barrel)!, "MISSING")).toBe("not-for-this-name");
    expect(worth.verdict(barrel, textOf(barrel)!)).toBe("parse");
    // A module that matters, but cannot export the name wanted; one that never matters.
    expect(worth.verdict("/p/constants/limits.ts", textOf("/p/constants/limits.ts")!, "BROTLI")).toBe("not-for-this-name");
    expect(worth.verdict("/p/constants/hosts.ts", textOf("/p/constants/hosts.ts")!, "HOST")).toBe("never");
  });
});

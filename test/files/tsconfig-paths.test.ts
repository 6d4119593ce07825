import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TsconfigPaths } from "../../src/files/tsconfig-paths.js";
import { scan } from "../../src/scanner/scan.js";
import { AS_OF } from "../support/analyze.js";
import { scratchProject } from "../support/scratch.js";

const project = (files: Record<string, string>): string => scratchProject("aliases", files);

describe("a project's import aliases (tsconfig and jsconfig paths)", () => {
  it("maps a pattern's `*`, exact names, the longest prefix first, relative to baseUrl or to the config", () => {
    const root = project({
      "tsconfig.json": `{ // comments and trailing commas, as tsc allows
        "compilerOptions": { "baseUrl": "./src", "paths": { "@/*": ["./*", "./fallback/*"], "@api/*": ["./services/api/*"], "config": ["./config/index"], }, },
      }`,
    });
    const aliases = new TsconfigPaths();
    const from = join(root, "src/pages/home.ts");
    expect(aliases.candidates(from, "@/api/zones")?.paths).toEqual([join(root, "src/api/zones"), join(root, "src/fallback/api/zones")]);
    expect(aliases.candidates(from, "@api/zones")?.paths).toEqual([join(root, "src/services/api/zones")]);
    expect(aliases.candidates(from, "config")?.paths).toEqual([join(root, "src/config/index")]);
    expect(aliases.candidates(from, "react")).toBeNull();
    expect(aliases.candidates(from, "./local")).toBeNull();
  });

  it("follows `extends` for what a config leaves out, and `references` for a config with no aliases (Vite's tsconfig.app.json)", () => {
    const root = project({
      "tsconfig.json": JSON.stringify({ files: [], references: [{ path: "./tsconfig.app.json" }] }),
      "tsconfig.app.json": JSON.stringify({ extends: "./tsconfig.base.json", include: ["src"] }),
      "tsconfig.base.json": JSON.stringify({ compilerOptions: { paths: { "~/*": ["./src/*"] } } }),
    });
    const found = new TsconfigPaths().candidates(join(root, "src/App.vue"), "~/api/security");
    expect(found?.paths).toEqual([join(root, "src/api/security")]);
    expect(found?.configs).toEqual([join(root, "tsconfig.json"), join(root, "tsconfig.app.json"), join(root, "tsconfig.base.json")]);
  });

  it("says nothing for a config that cannot be read as JSON", () => {
    const root = project({ "jsconfig.json": "{ not json" });
    expect(new TsconfigPaths().candidates(join(root, "index.js"), "@/x")).toBeNull();
  });

  it("lets the scan follow an aliased import to the module that makes the request", async () => {
    const root = project({
      "tsconfig.json": JSON.stringify({ compilerOptions: { paths: { "@/*": ["./src/*"] } } }),
      "src/api/settings.ts": `const API = "https://api.cloudflare.com/client/v4";\nexport function setSetting(zone: string, id: string, value: string) {\n  return fetch(\`\${API}/zones/\${zone}/settings/\${id}\`, { method: "PATCH", body: JSON.stringify({ value }) });\n}\n`,
      "src/pages/speed.ts": `import { setSetting } from "@/api/settings";\nexport const speedUp = (zone: string) => setSetting(zone, "minify", "on");\n`,
    });
    const result = await scan({ cwd: root, asOf: AS_OF, jobs: 0 });
    expect(result.findings.map((f) => `${f.file}:${f.line} ${f.method}`)).toEqual(["src/pages/speed.ts:2 PATCH"]);
  });
});

import { parse } from "@typescript-eslint/typescript-estree";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { analyzeModule, resolveOptions } from "../../src/core/index.js";
import { lowerEstree } from "../../src/eslint/lower.js";
import { lowerSourceFile } from "../../src/scanner/lower.js";
import { AS_OF } from "../support/analyze.js";

/** Every key an object inherits: a name table indexed with one of these must not find a function. */
const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).filter((key) => /^[A-Za-z_$][\w$]*$/.test(key));

const codeFor = (key: string) => `
import * as ns from "./other";
import ${key === "constructor" ? "ctor" : key} from "${key}";
const s = ${key}.call(v);
const t = window.${key};
const u = obj.${key}(1, "x");
const w = new ${key}("/zones/z/${key}");
const r = require("${key}");
records.${key}((r) => r.type === "SRV");
"abc".${key}("a", "b");
[1, 2].${key}(",");
client.zones.settings.${key}("${key}");
fetch(\`https://api.cloudflare.com/client/v4/zones/\${z}/${key}\`, { method: "${key}" });
axios.${key}("https://api.cloudflare.com/client/v4/zones/z/settings/minify");
ns.${key}; ${key}.${key}.${key}();
const { ${key}: alias } = obj;
fetch("https://api.cloudflare.com/client/v4/zones/z/settings/minify", { method: "PATCH" }); // the finding that must survive
`;

const catalogue = loadBundledCatalogue();
const options = resolveOptions({ asOf: AS_OF });

describe("names that are keys of Object.prototype", () => {
  it("are covered: the test feeds at least toString, constructor, hasOwnProperty, valueOf and __proto__", () => {
    expect(PROTOTYPE_KEYS).toEqual(expect.arrayContaining(["toString", "constructor", "hasOwnProperty", "valueOf", "__proto__"]));
  });

  it.each(PROTOTYPE_KEYS)("`%s` as identifier, member, callee and module name does not crash either engine, and the file's finding stays", (key) => {
    const code = codeFor(key);
    const file = "prototype-keys.ts";
    const estree = lowerEstree({ file, text: code, program: parse(code, { range: true, comment: true, filePath: file }) });
    const source = ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
    const compiled = lowerSourceFile(source);
    for (const module of [estree, compiled]) {
      const findings = analyzeModule({ module, catalogue, options });
      expect(findings.some((f) => f.ruleId === "no-deprecated-endpoint" && f.method === "PATCH")).toBe(true);
    }
  });
});

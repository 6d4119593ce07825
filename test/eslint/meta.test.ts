import { existsSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { RULE_NAMES } from "../../src/core/index.js";
import { docsUrl } from "../../src/eslint/create-rule.js";
import plugin, { rules } from "../../src/eslint/index.js";

const docPath = (name: string) => new URL(`../../docs/rules/${name}.md`, import.meta.url);
const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");

describe("plugin meta", () => {
  it("has a rule for every detector and no other", () => {
    expect(Object.keys(plugin.rules).sort()).toEqual([...RULE_NAMES].sort());
  });

  it("names itself with the package's name and version", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
    expect(plugin.meta).toEqual({ name: pkg.name, version: pkg.version });
  });

  it("covers every rule of the catalogue", () => {
    const catalogueRules = new Set(loadBundledCatalogue().entries.map((entry) => entry.rule));
    for (const rule of catalogueRules) expect(Object.keys(plugin.rules)).toContain(rule);
  });

  describe.each(Object.entries(rules))("%s", (name, rule) => {
    it("links its own doc, which exists", () => {
      expect(rule.meta.docs?.url).toBe(docsUrl(name));
      expect(existsSync(docPath(name))).toBe(true);
    });

    it("has the doc's description as meta.docs.description", () => {
      const doc = readFileSync(docPath(name), "utf8");
      expect(doc).toContain(`📝 ${rule.meta.docs?.description}.`);
      expect(doc).toMatch(/## Examples[\s\S]*Incorrect:[\s\S]*Correct:/);
      expect(doc).toContain("## When not to use it");
      expect(doc).toContain("## Options");
    });

    it("is in the README's generated rule list", () => {
      expect(readme).toContain(`[${name}](${docsUrl(name)})`);
    });

    it("derives its ignore enum from the catalogue", () => {
      const schema = rule.meta.schema as unknown as { properties: Record<string, { items?: { anyOf: { enum: unknown[] }[] } }> }[];
      const entries = loadBundledCatalogue().entriesOfRule(name as never);
      const ignore = schema[0]!.properties.ignore;
      if (entries.length === 0) {
        expect(ignore).toBeUndefined();
        return;
      }
      expect(ignore?.items?.anyOf[0]!.enum).toEqual(entries.map((entry) => entry.id));
      expect(ignore?.items?.anyOf[1]!.enum).toEqual(entries.map((entry) => entry.item));
    });

    it("declares an object schema that rejects unknown options", () => {
      const schema = rule.meta.schema as unknown as { additionalProperties: boolean; properties: Record<string, { description?: string }> }[];
      expect(schema[0]!.additionalProperties).toBe(false);
      for (const property of Object.values(schema[0]!.properties)) expect(property.description).toBeTruthy();
    });
  });
});

/**
 * Property-based tests (fast-check): over generated input, the URL matcher, the schedule
 * generator, the Logpush validator and whole-file analysis never throw, stay within a time
 * bound, and agree with a simple reference on valid input.
 *
 * Seeded and short in CI; a longer run: PROPERTY_RUNS=5000 PROPERTY_SEED=… npx vitest run test/core/properties.test.ts
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadBundledCatalogue } from "../../src/catalogue/index.js";
import { generateCatalogue, ScheduleError } from "../../src/catalogue/generate.js";
import type { CatalogueEntry, HttpMethod } from "../../src/catalogue/types.js";
import { validateFilterText, type FilterLimits } from "../../src/core/logpush-filter.js";
import { analyzeModule, resolveOptions } from "../../src/core/index.js";
import { parseAndLower } from "../../src/scanner/lower.js";
import { AS_OF, analyzeCode } from "../support/analyze.js";

const RUNS = Number(process.env.PROPERTY_RUNS ?? 150);
const SEED = Number(process.env.PROPERTY_SEED ?? 20261122);
const settings = (runs = RUNS) => ({ numRuns: runs, seed: SEED, endOnFailure: true });

const catalogue = loadBundledCatalogue();
const endpointEntries = catalogue.entries.filter((entry) => entry.detect === "endpoint");
const templates = endpointEntries.flatMap((entry) => entry.endpoints.map((endpoint) => ({ entry, ...endpoint })));
const literals = [...new Set(templates.flatMap((template) => template.path.split("/").filter((s) => s && !s.startsWith(":"))))];

/** Reference matcher: compare with every template, segment by segment (an unknown segment, null, matches only a parameter). */
function referenceMatch(segments: (string | null)[]): string[] {
  const found = new Set<string>();
  for (const template of templates) {
    const parts = template.path.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    // A parameter takes any segment but an empty one (`/organizations/` is not `/organizations/:id`); a literal only itself.
    if (parts.every((part, index) => (part.startsWith(":") ? segments[index] !== "" : part === segments[index]))) found.add(`${template.entry.item} ${template.path}`);
  }
  return [...found].sort();
}

/** A path segment: a literal the catalogue uses, an id, something random, or unknown (null). */
const segment = fc.oneof(fc.constantFrom(...literals), fc.constantFrom("abc123", "z", "0"), fc.string({ maxLength: 6 }), fc.constant(null));
/** A path built from a template, parameters filled with ids or unknowns: mostly matches. */
const templatedPath = fc.constantFrom(...templates).chain((template) =>
  fc.tuple(...template.path.split("/").filter(Boolean).map((part) => (part.startsWith(":") ? fc.oneof(fc.constantFrom("id1", "0f3a"), fc.constant(null)) : fc.constant(part)))),
);

describe("property: the URL matcher", () => {
  it("agrees with a segment-by-segment reference on every path", () => {
    fc.assert(
      fc.property(fc.oneof(fc.array(segment, { maxLength: 8 }), templatedPath), (segments) => {
        const actual = [...new Set(catalogue.deprecatedEndpoints.match(segments).map((match) => `${match.entry.item} ${match.path}`))].sort();
        expect(actual).toEqual(referenceMatch(segments));
      }),
      settings(RUNS * 4),
    );
  });
});

const HEADER = "| # | Date | Change | Affected endpoints or fields | Replacement | id | detect |\n|---|---|---|---|---|---|---|\n";
const METHODS: HttpMethod[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const word = fc.stringMatching(/^[a-z][a-z_]{0,8}$/);
const row = fc.record({
  date: fc.date({ min: new Date("2020-01-01"), max: new Date("2030-12-31"), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
  id: fc.stringMatching(/^[a-z][a-z0-9]{0,6}(-[a-z0-9]{1,6}){0,2}$/),
  endpoints: fc.array(fc.record({ path: fc.array(fc.oneof(word, word.map((w) => `:${w}`)), { minLength: 1, maxLength: 4 }), methods: fc.uniqueArray(fc.constantFrom(...METHODS), { minLength: 1, maxLength: 3 }) }), { minLength: 1, maxLength: 3 }),
});

describe("property: the schedule generator", () => {
  it("throws nothing but a ScheduleError on any text", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ maxLength: 300 }).map((tail) => HEADER + tail)), (text) => {
        try {
          generateCatalogue(text);
        } catch (error) {
          expect(error).toBeInstanceOf(ScheduleError);
        }
      }),
      settings(),
    );
  });

  it("gives back the ids, dates and endpoints of a valid schedule", () => {
    fc.assert(
      fc.property(fc.uniqueArray(row, { minLength: 1, maxLength: 6, selector: (r) => r.id }), (rows) => {
        const text =
          HEADER +
          rows
            .map((r, index) => {
              const affected = r.endpoints.map((e) => `/zones/:zone_id/${e.path.join("/")} (${e.methods.join(", ")})`).join("; ");
              return `| ${index + 1} | ${r.date} | Something deprecated. | ${affected} | none | ${r.id} | endpoint |`;
            })
            .join("\n");
        const generated = generateCatalogue(text);
        expect(generated.entries.map((entry: CatalogueEntry) => [entry.id, entry.date])).toEqual(rows.map((r) => [r.id, r.date]));
        rows.forEach((r, index) => {
          const expected = new Set(r.endpoints.flatMap((e) => e.methods.map((method) => `${method} /zones/:zone_id/${e.path.join("/")}`)));
          expect(new Set(generated.entries[index]!.endpoints.map((e) => `${e.method} ${e.spelling}`))).toEqual(expected);
        });
      }),
      settings(),
    );
  });
});

const LIMITS: FilterLimits = { maxOperators: 30, maxBytes: 1000, operators: [] };
type Element = { key: string; operator: string; value: string | number } | { and: Element[] } | { or: Element[] };
const condition = fc.record({ key: fc.constantFrom("ClientRequestPath", "ClientIP", "EdgeResponseStatus"), operator: fc.constantFrom("eq", "contains"), value: fc.oneof(fc.string({ maxLength: 12 }), fc.integer()) });
const { element } = fc.letrec<{ element: Element }>((tie) => ({
  element: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    condition,
    fc.record({ and: fc.array(tie("element"), { minLength: 1, maxLength: 4 }) }),
    fc.record({ or: fc.array(tie("element"), { minLength: 1, maxLength: 4 }) }),
  ),
}));
const countOperators = (node: Element): number => ("and" in node ? 1 + node.and.reduce((n, e) => n + countOperators(e), 0) : "or" in node ? 1 + node.or.reduce((n, e) => n + countOperators(e), 0) : 1);

describe("property: the Logpush filter validator", () => {
  it("never throws on any string or any JSON, and is fast", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 300 }), fc.json({ maxDepth: 6 }), fc.jsonValue({ maxDepth: 4 }).map((where) => JSON.stringify({ where }))), (text) => {
        const started = performance.now();
        const problems = validateFilterText(text, [0, text.length], LIMITS);
        expect(Array.isArray(problems)).toBe(true);
        expect(performance.now() - started).toBeLessThan(500);
      }),
      settings(),
    );
  });

  it("on well-formed filters, reports exactly the limits a reference counts", () => {
    fc.assert(
      fc.property(element, (where) => {
        const text = JSON.stringify({ where });
        const ids = validateFilterText(text, [0, text.length], LIMITS).map((problem) => problem.messageId).sort();
        const expected = [
          ...(countOperators(where) > LIMITS.maxOperators ? ["filterTooManyOperators"] : []),
          ...(Buffer.byteLength(text) > LIMITS.maxBytes ? ["filterTooLarge"] : []),
        ].sort();
        expect(ids).toEqual(expected);
      }),
      settings(),
    );
  });
});

const API = "https://api.cloudflare.com/client/v4";
/** A concrete path from a template (ids for parameters), and a method. */
const request = fc.tuple(fc.constantFrom(...templates), fc.constantFrom(...METHODS), fc.constantFrom("fetch", "axios")).map(([template, method, client]) => ({
  template,
  method,
  client,
  path: template.path.replace(/:[a-z_]+/g, "id1"),
}));

describe("property: whole-file analysis", () => {
  it("never throws on arbitrary text, and stays within a time bound", () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 400 }), fc.string({ unit: fc.constantFrom(..."(){}[]`'\"${}+=;:./,?!<>\n fetch zones api.cloudflare.com".split("")), maxLength: 400 })), (text) => {
        const started = performance.now();
        // The scanner's way: TypeScript's parser always gives a tree (with syntax errors listed).
        const { module } = parseAndLower("arbitrary.ts", text);
        analyzeModule({ module, catalogue, options: resolveOptions({ asOf: AS_OF }) });
        // The plugin's way: typescript-estree throws on a syntax error (ESLint reports it); nothing else may throw.
        try {
          analyzeCode(text, {}, "arbitrary.ts");
        } catch (error) {
          expect((error as Error).name).toBe("TSError");
        }
        expect(performance.now() - started).toBeLessThan(2000);
      }),
      settings(),
    );
  });

  it("a request with a known method is reported exactly when the schedule lists that method for the path", () => {
    fc.assert(
      fc.property(request, ({ path, method, client }) => {
        const code =
          client === "fetch"
            ? `export async function call(token: string) {\n  return fetch(\`${API}${path}\`, { method: "${method}", headers: { Authorization: \`Bearer \${token}\` } });\n}\n`
            : `import axios from "axios";\nexport const call = () => axios.${method.toLowerCase()}("${API}${path}");\n`;
        const reported = analyzeCode(code, { minConfidence: "low" }, "client.ts").filter((finding) => finding.ruleId === "no-deprecated-endpoint");
        const segments = path.split("/").filter(Boolean);
        const expected = templates.some((t) => t.method === method && referenceMatch(segments).includes(`${t.entry.item} ${t.path}`));
        expect(reported.length > 0).toBe(expected);
      }),
      settings(),
    );
  });
});

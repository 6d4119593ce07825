import { describe, expect, it } from "vitest";
import { parseAndLower } from "../../src/scanner/lower.js";

/** The comments the JS/TS front end gives suppressions, as `[text, start]`. */
const commentsOf = (text: string) => parseAndLower("file.ts", text).module.comments.map((comment) => [comment.text.trim(), comment.range[0]]);

describe("comments the JS/TS front end collects for suppressions", () => {
  it("finds every directive wherever it is written: before a statement, after one, at the end of a block, among members and properties, at the end of the file", () => {
    const text = [
      "/* sunset-lint-disable no-error-chain */",
      "import { a } from './a'; // eslint-disable-line sunset-lint/no-deprecated-endpoint",
      "function f() {",
      "  const x = 1;",
      "  // sunset-lint-disable-next-line no-deprecated-endpoint -- migrating",
      "  return fetch(`/zones/${x}/filters`); // a plain comment",
      "  // sunset-lint-disable-line",
      "}",
      "class C {",
      "  m() {} // eslint-disable-line",
      "  /* sunset-lint-enable */",
      "}",
      "const o = {",
      "  a: 1, // sunset-lint-disable-line no-removed-dns-record-fields",
      "  b: [1, /* eslint-disable-line */ 2],",
      "};",
      "// eslint-enable",
      "// sunset-lint-disable",
      "",
    ].join("\n");
    const directives = commentsOf(text).filter(([comment]) => /^(?:sunset-lint|eslint)-(?:disable|enable)/.test(String(comment)));
    const expected = [...text.matchAll(/\/[*/] ?((?:sunset-lint|eslint)-(?:disable|enable)[^\n*]*)/g)].map((match) => [match[1]!.trim(), match.index]);
    expect(expected).toHaveLength(10);
    expect(directives).toEqual(expected);
  });

  it("reads comments only from comments, never from strings or templates that look like them", () => {
    const text = 'const s = "// sunset-lint-disable-line";\nconst t = `/* eslint-disable */`;\n';
    expect(commentsOf(text)).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import { formatGithub } from "../../src/report/github.js";
import { formatMarkdown } from "../../src/report/markdown.js";
import { formatStylish } from "../../src/report/stylish.js";
import type { ScanResult } from "../../src/scanner/result.js";
import { fixedMeta, fixedResult } from "./fixed-result.js";

/** A repository can name files and write source lines with escape sequences: none may reach a terminal or annotation raw. */
function hostile(): ScanResult {
  const result = fixedResult();
  result.findings[0] = { ...result.findings[0]!, file: "src/\u001b[31mred\u001b[0m.ts", source: "fetch(url) // \u0007\u001b]8;;https://evil.example\u001b\\\\link\u001b]8;;\u001b\\\\" };
  result.findings[1] = { ...result.findings[1]!, file: "src/two\nlines.ts" };
  result.summary.problems = [{ file: "src/\u001b[2Jclear.ts", message: "syntax error", kind: "unscannable" }];
  return result;
}

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

describe("control characters from scanned files", () => {
  it("stylish shows them as \\xNN and never splits a line on a newline in a file name", () => {
    const text = formatStylish(hostile(), { ...fixedMeta, color: false });
    expect(text).not.toMatch(CONTROL);
    expect(text).toContain("src/\\x1b[31mred\\x1b[0m.ts");
    expect(text).toContain("src/two\\x0alines.ts");
    expect(text).toContain("src/\\x1b[2Jclear.ts: syntax error");
  });

  it("GitHub annotations carry none in properties or data", () => {
    const text = formatGithub(hostile(), fixedMeta);
    for (const line of text.trim().split("\n")) expect(line).not.toMatch(CONTROL);
    expect(text).toContain("file=src/\\x1b[31mred\\x1b[0m.ts");
  });

  it("the Markdown report carries no raw ESC, BEL or OSC-8 sequences from source lines", () => {
    const text = formatMarkdown(hostile(), fixedMeta);
    expect(text).not.toMatch(CONTROL);
    expect(text).toContain("\\x07\\x1b]8;;https://evil.example");
  });
});

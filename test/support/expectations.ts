import { readFileSync } from "node:fs";
import { globSync } from "glob";

export interface ExpectedFinding {
  /** `file:line rule` */
  key: string;
  /** The HTTP method the finding must name (`// expect: no-deprecated-endpoint@PATCH`), if given. */
  method: string | null;
}

const JS_FILES = "src/**/*.{ts,tsx,js,jsx,mjs,cjs,mts,cts}";

/**
 * Reads the `// expect: rule[@METHOD] [rule…]` (or `{/* expect: … *\/}`, `# expect: …`,
 * `<!-- expect: … -->`) comments of a fixture project: each names a finding that must start on
 * that line, and with `@METHOD` the one HTTP method it must name. Sorted by key. By default the
 * JS/TS files only (what ESLint lints); `"all"` reads every file under `src`.
 */
export function expectedFindingsWithMethods(root: string, files: "js" | "all" = "js"): ExpectedFinding[] {
  const expected: ExpectedFinding[] = [];
  for (const file of globSync(files === "js" ? JS_FILES : "src/**/*", { cwd: root, posix: true, nodir: true, dot: true })) {
    readFileSync(`${root}/${file}`, "utf8")
      .split("\n")
      .forEach((line, index) => {
        const match = /(?:\/\/|\/\*|#|<!--)\s*expect:\s*([\w\s@-]+?)\s*(?:\*\/\s*\}?|-->)?$/.exec(line);
        if (!match) return;
        for (const token of match[1]!.split(/\s+/)) {
          const [rule, method] = token.split("@");
          expected.push({ key: `${file}:${index + 1} ${rule}`, method: method ?? null });
        }
      });
  }
  return expected.sort((a, b) => a.key.localeCompare(b.key));
}

/** The `file:line rule` strings of every expected finding, sorted. */
export function expectedFindings(root: string, files: "js" | "all" = "js"): string[] {
  return expectedFindingsWithMethods(root, files)
    .map((finding) => finding.key)
    .sort();
}

/** The lines of a fixture project's files marked `near-miss` (code that must give no finding). */
export function nearMissLines(root: string): string[] {
  const lines: string[] = [];
  for (const file of globSync("src/**/*", { cwd: root, posix: true, nodir: true, dot: true })) {
    readFileSync(`${root}/${file}`, "utf8")
      .split("\n")
      .forEach((line, index) => {
        if (/near-miss/.test(line)) lines.push(`${file}:${index + 1}`);
      });
  }
  return lines;
}

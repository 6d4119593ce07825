import { readFileSync } from "node:fs";
import { globSync } from "glob";

export interface ExpectedFinding {
  /** `file:line rule` */
  key: string;
  /** The HTTP method the finding must name (`// expect: no-deprecated-endpoint@PATCH`), if given. */
  method: string | null;
}

/**
 * Reads the `// expect: rule[@METHOD] [rule…]` (or `{/* expect: … *\/}`) comments of a fixture
 * project: each names a finding that must start on that line, and with `@METHOD` the one HTTP
 * method it must name. Sorted by key.
 */
export function expectedFindingsWithMethods(root: string): ExpectedFinding[] {
  const expected: ExpectedFinding[] = [];
  for (const file of globSync("src/**/*.{ts,tsx,js,jsx,mjs,cjs,mts,cts}", { cwd: root, posix: true })) {
    readFileSync(`${root}/${file}`, "utf8")
      .split("\n")
      .forEach((line, index) => {
        const match = /(?:\/\/|\/\*)\s*expect:\s*([\w\s@-]+?)\s*(?:\*\/\s*\}?)?$/.exec(line);
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
export function expectedFindings(root: string): string[] {
  return expectedFindingsWithMethods(root)
    .map((finding) => finding.key)
    .sort();
}

import { readFileSync } from "node:fs";
import { globSync } from "glob";

/**
 * Reads the `// expect: rule [rule…]` (or `{/* expect: … *\/}`) comments of a fixture project:
 * each names a finding that must start on that line. Returns sorted `file:line rule` strings.
 */
export function expectedFindings(root: string): string[] {
  const expected: string[] = [];
  for (const file of globSync("src/**/*.{ts,tsx,js,jsx,mjs,cjs,mts,cts}", { cwd: root, posix: true })) {
    readFileSync(`${root}/${file}`, "utf8")
      .split("\n")
      .forEach((line, index) => {
        const match = /(?:\/\/|\/\*)\s*expect:\s*([\w\s-]+?)\s*(?:\*\/\s*\}?)?$/.exec(line);
        if (!match) return;
        for (const rule of match[1]!.split(/\s+/)) expected.push(`${file}:${index + 1} ${rule}`);
      });
  }
  return expected.sort();
}

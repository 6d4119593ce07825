/**
 * CODEOWNERS: the last matching pattern names a file's owners, as GitHub and GitLab read it.
 * Patterns follow .gitignore rules (the `ignore` package matches them).
 */
import { createRequire } from "node:module";
import type { Ignore } from "ignore";

/** Loaded when a CODEOWNERS file is read (a scan's JSON output never needs it). */
const ignore = (): Ignore => (createRequire(import.meta.url)("ignore") as () => Ignore)();

export class CodeOwners {
  private readonly rules: { matcher: Ignore; owners: string[] }[] = [];

  constructor(text: string) {
    for (const raw of text.split(/\r?\n/)) {
      const line = raw.replace(/(^|\s)#.*$/, "").trim();
      if (!line || line.startsWith("[")) continue;
      const [pattern, ...owners] = line.split(/\s+/);
      if (!pattern) continue;
      try {
        this.rules.push({ matcher: ignore().add(pattern), owners });
      } catch {
        // a pattern the matcher cannot read owns nothing
      }
    }
  }

  /** Owners of a path relative to the repository root (`/` separators). */
  ownersOf(file: string): string[] {
    for (let index = this.rules.length - 1; index >= 0; index--) {
      const rule = this.rules[index]!;
      if (rule.matcher.ignores(file)) return rule.owners;
    }
    return [];
  }
}

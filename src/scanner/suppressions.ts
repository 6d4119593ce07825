/**
 * Suppression comments:
 *
 *   // sunset-lint-disable-next-line no-deprecated-endpoint -- migrating in JIRA-12
 *   foo(); // sunset-lint-disable-line firewall-rules-api
 *   /* sunset-lint-disable *\/            (the whole file; optionally only some rules/entries)
 *
 * ESLint's own comments that name our rules count too (`eslint-disable-next-line
 * sunset-lint/no-error-chain`, `eslint-disable` … `eslint-enable`). A directive names rules
 * (with or without the `sunset-lint/` prefix), entry ids or item numbers; none means all.
 */
import type { Finding } from "../core/finding.js";
import type { Module } from "../core/ir.js";

export interface Directive {
  kind: "next-line" | "line" | "file" | "region";
  /** Names given; empty means everything. */
  names: string[];
  /** 1-based line of the comment. */
  line: number;
  /** Lines the directive covers (inclusive). */
  from: number;
  to: number;
  /** Whether the directive is one of ours or ESLint's. */
  source: "sunset-lint" | "eslint";
  used: boolean;
  text: string;
}

const OURS = /^\s*sunset-lint-(disable-next-line|disable-line|disable|enable)\b([^]*)$/;
const ESLINTS = /^\s*eslint-(disable-next-line|disable-line|disable|enable)\b([^]*)$/;
const PREFIX = "sunset-lint/";

export function parseDirectives(module: Module, lineOf: (offset: number) => number): Directive[] {
  const directives: Directive[] = [];
  const open: Directive[] = [];
  const lastLine = lineOf(module.text.length);
  for (const comment of module.comments) {
    const ours = OURS.exec(comment.text);
    const theirs = ours ? null : ESLINTS.exec(comment.text);
    const match = ours ?? theirs;
    if (!match) continue;
    const source = ours ? "sunset-lint" : "eslint";
    const [names] = [match[2]!.split(/\s--\s|\s--$/)[0]!.split(/[\s,]+/).filter(Boolean)];
    let relevant = names;
    if (source === "eslint") {
      // ESLint comments count only when they name none (all rules) or some of ours.
      if (names.length > 0) {
        relevant = names.filter((name) => name.startsWith(PREFIX));
        if (relevant.length === 0) continue;
      }
    }
    const line = lineOf(comment.range[0]);
    const kind = match[1]!;
    const text = comment.text.trim();
    if (kind === "enable") {
      for (let index = open.length - 1; index >= 0; index--) {
        const region = open[index]!;
        if (region.source === source && (relevant.length === 0 || relevant.some((name) => region.names.includes(name)))) {
          region.to = line;
          open.splice(index, 1);
        }
      }
      continue;
    }
    const directive: Directive = {
      kind: kind === "disable-next-line" ? "next-line" : kind === "disable-line" ? "line" : source === "sunset-lint" && comment.block && line <= 1 + leadingCommentLines(module) ? "file" : "region",
      names: relevant.map((name) => (name.startsWith(PREFIX) ? name.slice(PREFIX.length) : name)),
      line,
      from: kind === "disable-next-line" ? line + 1 : line,
      to: kind === "disable-next-line" ? line + 1 : kind === "disable-line" ? line : lastLine,
      source,
      used: false,
      text,
    };
    if (kind === "disable-next-line" || kind === "disable-line") {
      directive.from = kind === "disable-next-line" ? lineOf(comment.range[1]) + 1 : line;
      directive.to = directive.from;
    } else {
      directive.from = directive.kind === "file" ? 1 : line;
      open.push(directive);
    }
    directives.push(directive);
  }
  return directives;
}

function leadingCommentLines(module: Module): number {
  const firstCode = module.body[0]?.range[0] ?? module.text.length;
  return module.text.slice(0, firstCode).split("\n").length;
}

/** Whether a finding on `line` is suppressed; marks the directive used. */
export function isSuppressed(directives: Directive[], finding: Pick<Finding, "ruleId" | "entryId" | "item">, line: number): boolean {
  let suppressed = false;
  for (const directive of directives) {
    if (line < directive.from || line > directive.to) continue;
    const names = directive.names;
    const matches = names.length === 0 || names.some((name) => name === finding.ruleId || name === finding.entryId || (finding.item !== null && name === String(finding.item)));
    if (matches) {
      directive.used = true;
      suppressed = true;
    }
  }
  return suppressed;
}

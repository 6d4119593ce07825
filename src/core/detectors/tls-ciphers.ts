/**
 * no-draft-chacha20-ciphers (item 15): the draft ChaCha20-Poly1305 TLS 1.2 suites, by their
 * OpenSSL names (`ECDHE-RSA-CHACHA20-POLY1305-OLD`), `_OLD` IANA-style names, or codepoints
 * 0xCC13–0xCC15. The standard suites (RFC 7905, 0xCCA8–0xCCAA) are fine. The suggestion swaps in
 * the standard suite of the same key exchange.
 */
import type { Expression, Range } from "../ir.js";
import { patternNames } from "../program.js";
import type { DetectorContext } from "./context.js";

const DRAFT_SUITES: readonly { pattern: RegExp; standard: (match: string) => string }[] = [
  {
    pattern: /(?<![\w-])(?:ECDHE-RSA|ECDHE-ECDSA|DHE-RSA)-CHACHA20-POLY1305-OLD(?![\w-])/gi,
    standard: (match) => match.replace(/-OLD$/i, ""),
  },
  {
    pattern: /(?<!\w)TLS_(?:ECDHE_RSA|ECDHE_ECDSA|DHE_RSA)_WITH_CHACHA20_POLY1305(?:_SHA256)?_OLD(?!\w)/gi,
    standard: (match) => match.replace(/(?:_SHA256)?_OLD$/i, "_SHA256"),
  },
  {
    // the codepoints written as text: "0xCC13", "0xcc,0x14", "{0xCC, 0x15}"
    pattern: /(?<!\w)0x[cC]{2}(?:\s*,\s*0x)?1[345](?!\w)/g,
    standard: (match) => STANDARD_CODEPOINT[match.slice(-1)] ?? match,
  },
];

const STANDARD_CODEPOINT: Record<string, string> = { "3": "0xCCA8", "4": "0xCCA9", "5": "0xCCAA" };
const CIPHER_CONTEXT = /cipher|suite|tls/i;
/** Every draft suite's name holds CHACHA20 and every codepoint 0xCC: strings with neither are skipped at once. */
const MAY_HOLD_A_SUITE = /chacha|0xcc/i;

export function detectDraftCiphers(ctx: DetectorContext): void {
  for (const entry of ctx.entriesOf("no-draft-chacha20-ciphers")) {
    const report = (range: Range, token: string, standard: string, replaceable: boolean) =>
      ctx.report(entry, {
        range,
        subject: `The draft ChaCha20-Poly1305 suite \`${token}\``,
        whenNone: "remove it",
        confidence: "high",
        suggestions: replaceable ? [{ messageId: "useStandardCipher", data: { standard }, edits: [{ range, text: standard }] }] : [],
      });

    for (const node of ctx.program.strings) {
      const writable: Range[] = node.kind === "template" ? node.quasis.map((quasi) => quasi.range) : [node.range];
      const source = ctx.program.text(node.range);
      if (!MAY_HOLD_A_SUITE.test(source)) continue;
      for (const suite of DRAFT_SUITES) {
        for (const match of source.matchAll(suite.pattern)) {
          const start = node.range[0] + match.index!;
          const range: Range = [start, start + match[0].length];
          if (!writable.some(([from, to]) => range[0] >= from && range[1] <= to)) continue;
          if (suite === DRAFT_SUITES[2] && !inCipherContext(ctx, node)) continue;
          report(range, match[0], suite.standard(match[0]), true);
        }
      }
    }
    for (const node of ctx.program.numbers) {
      if (node.kind !== "number" || node.value < 0xcc13 || node.value > 0xcc15 || !/^0x/i.test(node.raw)) continue;
      if (!inCipherContext(ctx, node)) continue;
      report(node.range, node.raw, STANDARD_CODEPOINT[String(node.value - 0xcc10)] ?? node.raw, true);
    }
  }
}

/** A codepoint counts only where the code is about ciphers: a nearby key, name or call says so. */
function inCipherContext(ctx: DetectorContext, node: Expression): boolean {
  let current = ctx.program.parentOf(node);
  for (let depth = 0; current && depth < 4; depth++, current = ctx.program.parentOf(current)) {
    if (current.kind === "var" && current.declarations.some((d) => patternNames(d.target).some((name) => CIPHER_CONTEXT.test(name)))) return true;
    if (current.kind === "object") {
      for (const property of current.properties) {
        if (property.kind === "property" && property.key && CIPHER_CONTEXT.test(property.key) && contains(property.value.range, node.range)) return true;
      }
    }
    if (current.kind === "call" && CIPHER_CONTEXT.test(ctx.program.text(current.callee.range))) return true;
    if (current.kind === "assign" && CIPHER_CONTEXT.test(ctx.program.text(current.target.range))) return true;
  }
  return false;
}

const contains = (outer: readonly [number, number], inner: readonly [number, number]) => outer[0] <= inner[0] && inner[1] <= outer[1];

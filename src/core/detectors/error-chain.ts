/**
 * no-error-chain (item 5): reading `error_chain`, and logic built on the 1004 'DNS Validation
 * Error' wrapper, which the API no longer sends: the root cause now stands in `errors` itself.
 */
import type { Expression, Node } from "../ir.js";
import type { DetectorContext } from "./context.js";

const WRAPPER_CODE = 1004;
const WRAPPER_MESSAGE = "DNS Validation Error";
const EQUALITY = new Set(["===", "==", "!==", "!="]);
const DNS_CONTEXT = /error_chain|dns|cloudflare|client\/v4|zones\//i;
const SEARCHES = new Set(["includes", "startsWith", "endsWith", "indexOf", "match", "test", "localeCompare"]);

export function detectErrorChain(ctx: DetectorContext): void {
  for (const entry of ctx.entriesOf("no-error-chain")) {
    const field = entry.fields[0];
    if (!field) continue;
    const whenNone = "read the root cause directly from `errors`";
    const readField = (range: readonly [number, number]) =>
      ctx.report(entry, { range, subject: `Reading \`${field}\``, whenNone, confidence: "high" });
    const wrapper = (range: readonly [number, number]) =>
      ctx.report(entry, { range, subject: `Checking for the ${WRAPPER_CODE} '${WRAPPER_MESSAGE}' wrapper`, whenNone, confidence: "medium" });

    for (const member of ctx.program.members) {
      if (member.property === field && !ctx.isWritten(member)) readField(member.propertyRange);
    }
    for (const pattern of ctx.program.objectPatterns) {
      for (const property of pattern.properties) if (property.key === field) readField(property.keyRange);
    }
    for (const node of ctx.program.strings) {
      if (node.kind !== "string") continue;
      const parent = ctx.program.meaningfulParent(node);
      if (node.value === field && parent?.kind === "binary" && parent.operator === "in" && parent.left === node) readField(node.range);
      if (node.value.includes(WRAPPER_MESSAGE) && parent && isComparison(parent, node)) wrapper(node.range);
    }
    // 1004 means other things elsewhere (a WebSocket close code): only where the file is about DNS records or this API.
    const aboutDnsErrors = DNS_CONTEXT.test(ctx.program.module.text);
    for (const node of aboutDnsErrors ? ctx.program.numbers : []) {
      if (node.kind !== "number" || node.value !== WRAPPER_CODE) continue;
      const parent = ctx.program.meaningfulParent(node);
      if (parent?.kind === "binary" && EQUALITY.has(parent.operator)) {
        const other = parent.left === node ? parent.right : parent.left;
        if (isErrorCode(other)) wrapper(parent.range);
      }
    }
    // switch (error.code) { case 1004: … }
    for (const statement of aboutDnsErrors ? ctx.program.switches : []) {
      if (!isErrorCode(statement.discriminant)) continue;
      for (const { test } of statement.cases) if (test?.kind === "number" && test.value === WRAPPER_CODE) wrapper(test.range);
    }
  }
}

function isErrorCode(expression: Expression): boolean {
  if (expression.kind === "typed") return isErrorCode(expression.expression);
  if (expression.kind === "member") return expression.property === "code";
  if (expression.kind === "identifier") return /^(?:code|\w*[a-z]Code)$/.test(expression.name);
  return false;
}

/** The message is compared or searched for (not merely written, as in a thrown error). */
function isComparison(parent: Node, node: Expression): boolean {
  if (parent.kind === "binary" && EQUALITY.has(parent.operator)) return true;
  if (parent.kind === "call" && parent.args.includes(node) && parent.callee.kind === "member" && parent.callee.property !== null) {
    return SEARCHES.has(parent.callee.property);
  }
  return parent.kind === "switch";
}

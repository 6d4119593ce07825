/**
 * no-error-chain (item 5): reading `error_chain`, and logic built on the 1004 'DNS Validation
 * Error' wrapper, which the API no longer sends: the root cause now stands in `errors` itself.
 */
import type { Expression, Node } from "../ir.js";
import type { DetectorContext } from "./context.js";

const WRAPPER_CODE = 1004;
const WRAPPER_MESSAGE = "DNS Validation Error";
const EQUALITY = new Set(["===", "==", "!==", "!="]);
/** A file about this API's DNS record errors: a 1004 anywhere in it is the wrapper. */
const DNS_ERROR_CONTEXT = /error_chain|DNS Validation Error|\bdns[_ .]?records?\b/i;
const ELEMENT_CALLBACK_METHODS = new Set(["some", "find", "findLast", "filter", "map", "forEach", "every", "flatMap", "findIndex"]);
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
    // 1004 means other things elsewhere (a WebSocket close code): only the code of an error of
    // this API counts, one taken from an `errors` list, or any code in a file about its DNS errors.
    const aboutDnsErrors = DNS_ERROR_CONTEXT.test(ctx.program.module.text);
    const apiErrorCode = (expression: Expression) => isErrorCode(expression) && (aboutDnsErrors || isFromErrorsList(ctx, expression, 0));
    for (const node of ctx.program.numbers) {
      if (node.kind !== "number" || node.value !== WRAPPER_CODE) continue;
      const parent = ctx.program.meaningfulParent(node);
      if (parent?.kind === "binary" && EQUALITY.has(parent.operator)) {
        const other = parent.left === node ? parent.right : parent.left;
        if (apiErrorCode(other)) wrapper(parent.range);
      }
    }
    // switch (error.code) { case 1004: … }; not a table of messages by code that also lists HTTP
    // statuses (`case 404: … case 1004: …`), in a file about DNS records for other reasons.
    const listsStatuses = (statement: (typeof ctx.program.switches)[number]) =>
      statement.cases.some(({ test }) => test?.kind === "number" && test.value >= 100 && test.value < 600);
    for (const statement of ctx.program.switches) {
      if (!apiErrorCode(statement.discriminant)) continue;
      if (listsStatuses(statement) && !isFromErrorsList(ctx, statement.discriminant, 0)) continue;
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

/**
 * Whether a value comes out of an `errors` list: `body.errors[0].code`, `e.code` in
 * `body.errors.some((e) => …)` or `for (const e of body.errors)`, `const [first] = res.errors`.
 */
function isFromErrorsList(ctx: DetectorContext, expression: Expression, depth: number): boolean {
  if (depth > 6) return false;
  switch (expression.kind) {
    case "typed":
      return isFromErrorsList(ctx, expression.expression, depth + 1);
    case "member":
      return expression.property === "errors" || isFromErrorsList(ctx, expression.object, depth + 1);
    case "call":
      return expression.callee.kind === "member" && isFromErrorsList(ctx, expression.callee.object, depth + 1);
    case "identifier": {
      if (expression.name === "errors") return true;
      const binding = ctx.program.resolve(expression);
      if (!binding) return false;
      const source = binding.source;
      if (source.kind === "init") return source.init !== null && isFromErrorsList(ctx, source.init, depth + 1);
      // An element of the list, not its index (`for (const i in errors)`).
      if (source.kind === "for-of") return source.statement.iterates !== "keys" && isFromErrorsList(ctx, source.statement.right, depth + 1);
      if (source.kind === "param") {
        const call = ctx.program.meaningfulParent(source.fn);
        return (
          call?.kind === "call" &&
          call.callee.kind === "member" &&
          call.callee.property !== null &&
          ELEMENT_CALLBACK_METHODS.has(call.callee.property) &&
          isFromErrorsList(ctx, call.callee.object, depth + 1)
        );
      }
      return false;
    }
    default:
      return false;
  }
}

/** The message is compared or searched for (not merely written, as in a thrown error). */
function isComparison(parent: Node, node: Expression): boolean {
  if (parent.kind === "binary" && EQUALITY.has(parent.operator)) return true;
  if (parent.kind === "call" && parent.args.includes(node) && parent.callee.kind === "member" && parent.callee.property !== null) {
    return SEARCHES.has(parent.callee.property);
  }
  return parent.kind === "switch";
}

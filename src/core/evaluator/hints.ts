/** Small syntactic facts about expressions that several parts of the evaluator ask. */
import type { Expression, Node, Statement } from "../ir.js";
import { forEachChild } from "../walk.js";

/** The name the code uses for an expression (`zoneId`, `this.zoneId`), for messages. */
export function hintOf(expression: Expression): string | null {
  if (expression.kind === "identifier") return expression.name;
  if (expression.kind === "member") return expression.property;
  if (expression.kind === "typed") return hintOf(expression.expression);
  return null;
}

/** What `returnsOf` found in each function body (bodies are arrays that live as long as their tree). */
const returnsOfBody = new WeakMap<readonly Statement[], Expression[]>();

/** The expressions a block returns, not counting nested functions. */
export function returnsOf(body: readonly Statement[]): Expression[] {
  let found = returnsOfBody.get(body);
  if (!found) returnsOfBody.set(body, (found = collectReturns(body)));
  return found;
}

/** What `returnsIn` found in each statement. */
const returnsOfStatement = new WeakMap<Statement, Expression[]>();

/**
 * The expressions one statement returns (a loop, a `try`), not counting nested functions: asked
 * each time a function is run with other arguments (see `reachableReturns`).
 */
export function returnsIn(statement: Statement): Expression[] {
  let found = returnsOfStatement.get(statement);
  if (!found) returnsOfStatement.set(statement, (found = collectReturns([statement])));
  return found;
}

function collectReturns(body: readonly Statement[]): Expression[] {
  const found: Expression[] = [];
  const visit = (node: Node) => {
    if (node.kind === "function" || node.kind === "class") return;
    if (node.kind === "return" && node.argument) found.push(node.argument);
    forEachChild(node, visit);
  };
  for (const statement of body) visit(statement);
  return found;
}

/** `x.type === 'SRV'` (either side, `==` too). */
export function isTypeComparison(expression: Expression, type: string): boolean {
  if (expression.kind === "logical" && expression.operator === "&&") {
    return isTypeComparison(expression.left, type) || isTypeComparison(expression.right, type);
  }
  if (expression.kind !== "binary" || (expression.operator !== "===" && expression.operator !== "==")) return false;
  const isType = (e: Expression) => e.kind === "member" && e.property === "type";
  const isLiteral = (e: Expression) => e.kind === "string" && e.value === type;
  return (isType(expression.left) && isLiteral(expression.right)) || (isType(expression.right) && isLiteral(expression.left));
}

/** `r => r.type === 'SRV'` */
export function isSrvPredicate(fn: Expression | undefined): boolean {
  if (!fn || fn.kind !== "function") return false;
  const body = Array.isArray(fn.body) ? returnsOf(fn.body)[0] : fn.body;
  return body !== undefined && isTypeComparison(body, "SRV");
}

/**
 * The branches a PHP statement sits in, within its function: the tests that must hold for it to
 * run (`if`, `elseif`, `else`, a `switch` case). Read from the syntax tree, for what is gathered
 * ahead of its place (a cURL handle's options: `CURLOPT_CUSTOMREQUEST` set to `PATCH` only when
 * `$method === 'patch'`), so that the model can say under which condition each write counts.
 */
import type { SyntaxNode } from "./tree-sitter.js";

/**
 * One test a branch adds: a condition that holds (`truth` true) or fails (false), or, for a
 * `switch` case, whether the subject equals one of the values (`case` labels that fall through
 * into the case count with it; `truth` false for `default`: none of the labels).
 */
export type BranchTest = { condition: SyntaxNode; truth: boolean } | { subject: SyntaxNode; values: SyntaxNode[]; truth: boolean };

/** The tests for `node` to run, outermost last, up to the first ancestor `isScope` accepts (its function). */
export function branchTests(node: SyntaxNode, isScope: (node: SyntaxNode) => boolean): BranchTest[] {
  const tests: BranchTest[] = [];
  for (let child = node, parent = node.parent; parent && !isScope(parent); child = parent, parent = parent.parent) {
    const isBody = parent.childForFieldName("body")?.id === child.id;
    if (parent.type === "if_statement" && isBody) {
      const condition = parent.childForFieldName("condition");
      if (condition) tests.push({ condition, truth: true });
    } else if ((parent.type === "else_if_clause" || parent.type === "else_clause") && isBody && parent.parent?.type === "if_statement") {
      // Every earlier test of the chain failed; an `elseif`'s own holds.
      const chain = parent.parent;
      const earlier = [chain, ...chain.childrenForFieldName("alternative").filter((alternative): alternative is SyntaxNode => alternative !== null && alternative.startIndex < parent.startIndex)];
      for (const branch of earlier) {
        const condition = branch.childForFieldName("condition");
        if (condition) tests.push({ condition, truth: false });
      }
      const own = parent.type === "else_if_clause" ? parent.childForFieldName("condition") : null;
      if (own) tests.push({ condition: own, truth: true });
    } else if ((parent.type === "case_statement" || parent.type === "default_statement") && parent.parent?.type === "switch_block") {
      const test = caseTest(parent);
      if (test) tests.push(test);
    }
  }
  return tests;
}

/** A `switch` case's test: its label and those of the cases that fall through into it; null when a `default` falls into it (it then runs for values no label names). */
function caseTest(clause: SyntaxNode): BranchTest | null {
  const block = clause.parent!;
  const subjectNode = block.parent?.type === "switch_statement" ? block.parent.childForFieldName("condition") : null;
  const subject = subjectNode?.type === "parenthesized_expression" ? (subjectNode.namedChildren[0] ?? null) : subjectNode;
  if (!subject) return null;
  const clauses = block.namedChildren.filter((child): child is SyntaxNode => child !== null && (child.type === "case_statement" || child.type === "default_statement"));
  const labelOf = (candidate: SyntaxNode) => candidate.childForFieldName("value");
  if (clause.type === "default_statement") {
    const index = clauses.findIndex((candidate) => candidate.id === clause.id);
    if (index > 0 && !endsInJump(clauses[index - 1]!)) return null;
    return { subject, values: clauses.flatMap((candidate) => labelOf(candidate) ?? []), truth: false };
  }
  const values: SyntaxNode[] = [];
  for (let index = clauses.findIndex((candidate) => candidate.id === clause.id); index >= 0; index--) {
    const candidate = clauses[index]!;
    if (candidate.id !== clause.id && endsInJump(candidate)) break;
    const label = labelOf(candidate);
    if (!label) return null;
    values.push(label);
  }
  return { subject, values, truth: true };
}

/** Whether a case's statements end by leaving it (`break`, `return`, `continue`, `throw`), so that it does not fall through. */
function endsInJump(clause: SyntaxNode): boolean {
  const last = clause.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment" && child.id !== clause.childForFieldName("value")?.id).at(-1);
  if (!last) return false;
  if (last.type === "break_statement" || last.type === "return_statement" || last.type === "continue_statement") return true;
  return last.type === "expression_statement" && last.namedChildren[0]?.type === "throw_expression";
}

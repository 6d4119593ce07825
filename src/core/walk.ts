/** Generic traversal of the program model. */
import type { Expression, Node, Pattern, Statement } from "./ir.js";

type Child = Node | null | undefined;

/** What `forEachChild` calls for each child, with the two values it was given to pass on. */
type ChildVisitor<A, B> = (child: Node, a: A, b: B) => void;

function each<A, B>(child: Child, visit: ChildVisitor<A, B>, a: A, b: B): void {
  if (child) visit(child, a, b);
}

function all<A, B>(children: readonly Child[], visit: ChildVisitor<A, B>, a: A, b: B): void {
  for (const child of children) if (child) visit(child, a, b);
}

/**
 * Calls `visit` for each direct child of `node`, in source order, with `a` and `b` passed on (a
 * walk's parent and scope): every walk over the model calls this for every node, and a closure
 * made per node to carry them was a share of the lowering's time in the editor.
 */
export function forEachChild<A = undefined, B = undefined>(node: Node, visit: ChildVisitor<A, B>, a?: A, b?: B): void {
  const x = a as A;
  const y = b as B;
  switch (node.kind) {
    case "string":
    case "number":
    case "boolean":
    case "null":
    case "regex":
    case "break":
    case "identifier":
    case "this":
    case "identifier-pattern":
    case "import":
    case "export-all":
    case "type-declaration":
      return;
    case "template":
      each(node.tag, visit, x, y);
      return all(node.expressions, visit, x, y);
    case "member":
      each(node.object, visit, x, y);
      return each(node.computed, visit, x, y);
    case "call":
    case "new":
      each(node.callee, visit, x, y);
      return all(node.args, visit, x, y);
    case "object":
      for (const property of node.properties) {
        if (property.kind === "spread") each(property.argument, visit, x, y);
        else {
          each(property.computedKey, visit, x, y);
          each(property.value, visit, x, y);
        }
      }
      return;
    case "array":
      return all(node.elements, visit, x, y);
    case "spread":
      return each(node.argument, visit, x, y);
    case "function":
      all(node.params, visit, x, y);
      if (Array.isArray(node.body)) all(node.body, visit, x, y);
      else each(node.body as Expression, visit, x, y);
      return;
    case "class":
      each(node.superClass, visit, x, y);
      for (const member of node.members) each(member.value, visit, x, y);
      return;
    case "binary":
    case "logical":
      each(node.left, visit, x, y);
      return each(node.right, visit, x, y);
    case "conditional":
      each(node.test, visit, x, y);
      each(node.consequent, visit, x, y);
      return each(node.alternate, visit, x, y);
    case "unary":
    case "await":
      return each(node.argument, visit, x, y);
    case "assign":
      each(node.target, visit, x, y);
      return each(node.value, visit, x, y);
    case "sequence":
      return all(node.expressions, visit, x, y);
    case "typed":
      return each(node.expression, visit, x, y);
    case "jsx":
      for (const attribute of node.attributes) each(attribute.value, visit, x, y);
      return all(node.children, visit, x, y);
    case "unknown":
    case "other":
      return all(node.children, visit, x, y);
    case "object-pattern":
      for (const property of node.properties) {
        each(property.computedKey, visit, x, y);
        each(property.value, visit, x, y);
      }
      return each(node.rest, visit, x, y);
    case "array-pattern":
      all(node.elements, visit, x, y);
      return each(node.rest, visit, x, y);
    case "default-pattern":
      each(node.target, visit, x, y);
      return each(node.value, visit, x, y);
    case "expression-pattern":
      return each(node.expression, visit, x, y);
    case "var":
      for (const declarator of node.declarations) {
        each(declarator.target, visit, x, y);
        each(declarator.init, visit, x, y);
      }
      return;
    case "function-declaration":
      return each(node.fn, visit, x, y);
    case "class-declaration":
      return each(node.cls, visit, x, y);
    case "expression":
      return each(node.expression, visit, x, y);
    case "return":
      return each(node.argument, visit, x, y);
    case "if":
      each(node.test, visit, x, y);
      each(node.consequent, visit, x, y);
      return each(node.alternate, visit, x, y);
    case "block":
      return all(node.body, visit, x, y);
    case "for-of":
      each(node.target, visit, x, y);
      each(node.right, visit, x, y);
      return each(node.body, visit, x, y);
    case "loop":
      // Its body, also when a front end leaves it out of `children` (Go's `for { … }`, Rust's `loop`).
      all(node.children, visit, x, y);
      return node.children.includes(node.body) ? undefined : each(node.body, visit, x, y);
    case "switch":
      each(node.discriminant, visit, x, y);
      for (const switchCase of node.cases) {
        each(switchCase.test, visit, x, y);
        all(switchCase.body, visit, x, y);
      }
      return;
    case "try":
      each(node.block, visit, x, y);
      each(node.param, visit, x, y);
      each(node.handler, visit, x, y);
      return each(node.finalizer, visit, x, y);
    case "export-named":
      return each(node.declaration, visit, x, y);
    case "export-default":
      return each(node.expression, visit, x, y);
  }
}

/** Depth-first, parents before children. */
export function walk(node: Node, visit: (node: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  forEachChild(node, walk, visit, node);
}

export function walkStatements(body: readonly Statement[], visit: (node: Node, parent: Node | null) => void): void {
  for (const statement of body) walk(statement, visit, null);
}

export const isExpressionNode = (node: Node): node is Expression =>
  !(node.kind.endsWith("-pattern") || STATEMENT_KINDS.has(node.kind));

export const isPatternNode = (node: Node): node is Pattern => node.kind.endsWith("-pattern");

const STATEMENT_KINDS = new Set([
  "var",
  "function-declaration",
  "class-declaration",
  "expression",
  "return",
  "if",
  "block",
  "for-of",
  "loop",
  "switch",
  "break",
  "try",
  "import",
  "export-named",
  "export-default",
  "export-all",
  "other",
]);

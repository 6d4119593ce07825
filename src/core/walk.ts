/** Generic traversal of the program model. */
import type { Expression, Node, Pattern, Statement } from "./ir.js";

type Child = Node | null | undefined;

/** Calls `visit` for each direct child of `node`, in source order. */
export function forEachChild(node: Node, visit: (child: Node) => void): void {
  const each = (child: Child) => {
    if (child) visit(child);
  };
  const all = (children: readonly Child[]) => {
    for (const child of children) each(child);
  };
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
      each(node.tag);
      return all(node.expressions);
    case "member":
      each(node.object);
      return each(node.computed);
    case "call":
    case "new":
      each(node.callee);
      return all(node.args);
    case "object":
      for (const property of node.properties) {
        if (property.kind === "spread") each(property.argument);
        else {
          each(property.computedKey);
          each(property.value);
        }
      }
      return;
    case "array":
      return all(node.elements);
    case "spread":
      return each(node.argument);
    case "function":
      all(node.params);
      if (Array.isArray(node.body)) all(node.body);
      else each(node.body as Expression);
      return;
    case "class":
      each(node.superClass);
      for (const member of node.members) each(member.value);
      return;
    case "binary":
    case "logical":
      each(node.left);
      return each(node.right);
    case "conditional":
      each(node.test);
      each(node.consequent);
      return each(node.alternate);
    case "unary":
    case "await":
      return each(node.argument);
    case "assign":
      each(node.target);
      return each(node.value);
    case "sequence":
      return all(node.expressions);
    case "typed":
      return each(node.expression);
    case "jsx":
      for (const attribute of node.attributes) each(attribute.value);
      return all(node.children);
    case "unknown":
    case "other":
      return all(node.children);
    case "object-pattern":
      for (const property of node.properties) {
        each(property.computedKey);
        each(property.value);
      }
      return each(node.rest);
    case "array-pattern":
      all(node.elements);
      return each(node.rest);
    case "default-pattern":
      each(node.target);
      return each(node.value);
    case "expression-pattern":
      return each(node.expression);
    case "var":
      for (const declarator of node.declarations) {
        each(declarator.target);
        each(declarator.init);
      }
      return;
    case "function-declaration":
      return each(node.fn);
    case "class-declaration":
      return each(node.cls);
    case "expression":
      return each(node.expression);
    case "return":
      return each(node.argument);
    case "if":
      each(node.test);
      each(node.consequent);
      return each(node.alternate);
    case "block":
      return all(node.body);
    case "for-of":
      each(node.target);
      each(node.right);
      return each(node.body);
    case "loop":
      return all(node.children);
    case "switch":
      each(node.discriminant);
      for (const switchCase of node.cases) {
        each(switchCase.test);
        all(switchCase.body);
      }
      return;
    case "try":
      each(node.block);
      each(node.param);
      each(node.handler);
      return each(node.finalizer);
    case "export-named":
      return each(node.declaration);
    case "export-default":
      return each(node.expression);
  }
}

/** Depth-first, parents before children. */
export function walk(node: Node, visit: (node: Node, parent: Node | null) => void, parent: Node | null = null): void {
  visit(node, parent);
  forEachChild(node, (child) => walk(child, visit, node));
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

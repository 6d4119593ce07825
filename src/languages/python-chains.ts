/** Python's attribute chains (`self.session.get`), as the front end and its client readers name them. */
import type { SyntaxNode } from "./tree-sitter.js";

/** How many leading names of a chain (`self.session` of `self.session.get`) are bound in `names`; 0 when none. */
export function boundPrefix(chain: readonly string[], names: ReadonlySet<string>): number {
  for (let length = chain.length - 1; length > 0; length--) if (names.has(chain.slice(0, length).join("."))) return length;
  return 0;
}

/** `a.b.c` as ["a", "b", "c"] when it is a plain chain of names. */
export function attributeChain(node: SyntaxNode): string[] | null {
  if (node.type === "identifier") return [node.text];
  if (node.type !== "attribute") return null;
  const object = node.childForFieldName("object");
  const attribute = node.childForFieldName("attribute");
  if (!object || !attribute) return null;
  const head = attributeChain(object);
  return head ? [...head, attribute.text] : null;
}

/**
 * Python classes that JSON is validated into (pydantic models, dataclasses built from records):
 * the fields they declare and those a record must hold for the validation to succeed.
 */
import type * as IR from "../core/ir.js";
import type { SyntaxNode } from "./tree-sitter.js";

/** A class JSON is validated into, field by field: pydantic's `BaseModel` (or a dataclass built with `X(**record)`). */
const MODEL_BASE = /(?:^|\.)(?:BaseModel)$/;
const DATACLASS = /^@(?:dataclasses\.)?dataclass\b/;
/** An annotation that accepts `None` (`Optional[str]`, `str | None`): read as optional (pydantic 1 gives it `None`). */
const ACCEPTS_NONE = /^(?:typing\.)?Optional\[|\|\s*None\b|\bNone\s*\||^(?:typing\.)?Union\[.*\bNone\b/;

/**
 * `class DnsRecord(BaseModel): zone_id: str …`, `@dataclass class Record: …`: the names it
 * declares, and those it requires when built from a record (an annotation without a default, or
 * with `...`/`Field(...)`, that does not accept `None`): validating a record without one fails.
 */
export function validatedModel(node: SyntaxNode, range: IR.Range, rangeOf: (child: SyntaxNode) => IR.Range): IR.TypeDeclaration | null {
  const name = node.childForFieldName("name")?.text;
  const bases = node.childForFieldName("superclasses")?.namedChildren.flatMap((base) => (base ? [base.text] : [])) ?? [];
  const decorators = node.parent?.type === "decorated_definition" ? node.parent.namedChildren.flatMap((child) => (child?.type === "decorator" ? [child.text] : [])) : [];
  if (!name || !(bases.some((base) => MODEL_BASE.test(base)) || decorators.some((decorator) => DATACLASS.test(decorator)))) return null;
  const members: string[] = [];
  const required: { name: string; range: IR.Range }[] = [];
  for (const statement of node.childForFieldName("body")?.namedChildren ?? []) {
    const assignment = statement?.type === "expression_statement" ? statement.namedChildren[0] : null;
    const field = assignment?.type === "assignment" ? assignment.childForFieldName("left") : null;
    const annotation = assignment?.childForFieldName("type")?.text;
    if (!assignment || field?.type !== "identifier" || annotation === undefined || /^(?:typing\.)?ClassVar\b/.test(annotation)) continue;
    members.push(field.text);
    const value = assignment.childForFieldName("right");
    const noDefault = !value || value.type === "ellipsis" || (value.type === "call" && /^(?:pydantic\.)?Field$/.test(value.childForFieldName("function")?.text ?? "") && value.childForFieldName("arguments")?.namedChildren[0]?.type === "ellipsis");
    if (noDefault && !ACCEPTS_NONE.test(annotation.replace(/\s+/g, " "))) required.push({ name: field.text, range: rangeOf(field) });
  }
  return { kind: "type-declaration", range, name, members, decodedRequires: required };
}

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
export function validatedModel(
  node: SyntaxNode,
  range: IR.Range,
  rangeOf: (child: SyntaxNode) => IR.Range,
  uses: ModelUses | null = null,
): IR.TypeDeclaration | null {
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
  // Fields the file gives each time it builds the model itself are not read from a record.
  const given = required.length > 0 && uses ? uses.fieldsAlwaysGiven(name) : null;
  return { kind: "type-declaration", range, name, members, decodedRequires: given ? required.filter((field) => !given.has(field.name)) : required };
}

/**
 * How a file uses its model classes. A model the file builds itself, every time naming a field
 * (`InventoryRecord(id=r.id, zone_id=zone_id, zone_name=zone_name)`, the zone it listed the record
 * under), does not get that field from a response: the field is no reason to fail on the records
 * the API sends now. A model that may be validated from data (`Model(**item)`,
 * `Model.model_validate(…)`, a field of another model, handed to a function) may, as may one the
 * file never builds (a models module whose classes are used elsewhere).
 */
export class ModelUses {
  private occurrences: Map<string, SyntaxNode[]> | null = null;

  constructor(private readonly root: SyntaxNode) {}

  /** The keyword arguments every construction of `name` in the file gives; `null` when it may be validated from data (or is never built here). */
  fieldsAlwaysGiven(name: string): ReadonlySet<string> | null {
    let given: Set<string> | null = null;
    for (const occurrence of this.occurrencesOf(name)) {
      const parent = occurrence.parent;
      if (!parent || (parent.type === "class_definition" && parent.childForFieldName("name")?.id === occurrence.id)) continue;
      const annotation = enclosingAnnotation(occurrence);
      if (annotation) {
        if (isFieldOfClass(annotation)) return null;
        continue;
      }
      const keywords = parent.type === "call" && parent.childForFieldName("function")?.id === occurrence.id ? keywordsOnly(parent) : null;
      if (!keywords) return null;
      if (!given) given = keywords;
      else for (const keyword of given) if (!keywords.has(keyword)) given.delete(keyword);
    }
    return given;
  }

  /** Identifiers and string contents (`list["Record"]`) named `name`, gathered for all names in one walk. */
  private occurrencesOf(name: string): readonly SyntaxNode[] {
    if (!this.occurrences) {
      this.occurrences = new Map();
      for (const node of this.root.descendantsOfType(["identifier", "string_content"])) {
        if (!node) continue;
        const list = this.occurrences.get(node.text);
        if (list) list.push(node);
        else this.occurrences.set(node.text, [node]);
      }
    }
    return this.occurrences.get(name) ?? [];
  }
}

/** The annotation (the outermost `type` node: `list["Record"]` nests one per type argument) a name is written in, if any. */
function enclosingAnnotation(node: SyntaxNode): SyntaxNode | null {
  let annotation: SyntaxNode | null = null;
  for (let at = node.parent; at; at = at.parent) {
    if (at.type === "type") annotation = at;
    else if (at.type === "block" || at.type === "expression_statement" || at.type === "call" || at.type === "module") break;
  }
  return annotation;
}

/** Whether an annotation declares a field of a class (`records: list["Record"]` in a class body), which validating that class validates too. */
function isFieldOfClass(annotation: SyntaxNode): boolean {
  const assignment = annotation.parent;
  if (assignment?.type !== "assignment" || assignment.childForFieldName("left")?.type !== "identifier") return false;
  return assignment.parent?.type === "expression_statement" && assignment.parent.parent?.type === "block" && assignment.parent.parent.parent?.type === "class_definition";
}

/** The names of a call's arguments when all are keyword arguments (no positional argument, no `*`/`**` unpacking); `null` otherwise. */
function keywordsOnly(call: SyntaxNode): Set<string> | null {
  const names = new Set<string>();
  for (const argument of call.childForFieldName("arguments")?.namedChildren ?? []) {
    if (!argument || argument.type === "comment") continue;
    const keyword = argument.type === "keyword_argument" ? argument.childForFieldName("name")?.text : undefined;
    if (keyword === undefined) return null;
    names.add(keyword);
  }
  return names;
}

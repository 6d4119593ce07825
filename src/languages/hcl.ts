/**
 * Terraform and HCL: every block's body as a record (attributes and nested blocks as fields), so
 * an SRV `data { service … }` or a Logpush job's `filter` reads like the same literal in code;
 * `"${var.zone_id}"` templates; `var.x` bound to the variable's `default` and `local.x` to its
 * `locals` value; and the provider's resources that call endpoints of the schedule
 * (core/terraform-resources.ts) as requests of those endpoints, located at the resource type or at the
 * setting name that decides the endpoint. A resource (or setting) is read, created, updated and
 * deleted by the provider, so it uses every method its endpoint has; a data source only reads.
 */
import type * as IR from "../core/ir.js";
import { API_BASE, TreeLowering, unescapeText, type LoweredFile } from "./lowering.js";
import { TERRAFORM_DATA_SOURCES, TERRAFORM_RESOURCES, TERRAFORM_SETTING_RESOURCE, TERRAFORM_SETTINGS_RESOURCE } from "../core/terraform-resources.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";


export function lowerHcl(tree: Tree, text: string, file: string): LoweredFile {
  return new HclLowering(file, text).lowerTree(tree);
}

const named = (node: SyntaxNode | null | undefined): SyntaxNode[] => (node?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null);

class HclLowering extends TreeLowering {
  protected readonly grammarLabel = "HCL";

  protected override commentText(raw: string): string {
    return raw.replace(/^(?:#|\/\/|\/\*)/, "").replace(/\*\/$/, "");
  }

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    switch (node.type) {
      case "body":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "attribute": {
        // A top-level attribute (a .tfvars file): a variable's value.
        const [name, value] = named(node);
        if (!name || !value) return null;
        return this.assignment(`var.${name.text}`, this.range(name), this.expression(value), range);
      }
      case "block":
        return this.block(node);
    }
    return null;
  }

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "expression":
        return this.chain(named(node));
      case "literal_value":
      case "collection_value":
      case "template_expr":
        return named(node)[0] ? this.expression(named(node)[0]!) : null;
      case "string_lit":
      case "quoted_template":
      case "heredoc_template":
        return this.templateOf(node);
      case "numeric_lit":
        return { kind: "number", range, value: Number(node.text), raw: node.text };
      case "bool_lit":
        return { kind: "boolean", range, value: node.text === "true" };
      case "null_lit":
        return { kind: "null", range };
      case "tuple":
        // Its elements only: not the brackets (`tuple_start`, `tuple_end`) or comments among them.
        return this.array(named(node).filter((child) => child.type === "expression").map((child) => this.expression(child)), range);
      case "object":
        return this.object(
          named(node)
            .filter((child) => child.type === "object_elem")
            .map((element) => {
              const key = element.childForFieldName("key") ?? named(element)[0]!;
              const value = element.childForFieldName("val") ?? named(element)[1]!;
              const keyText = this.keyText(key);
              return this.property(keyText, this.range(key), value ? this.expression(value) : this.opaque(this.range(element)), this.range(element));
            }),
          range,
        );
      case "variable_expr":
        return this.identifier(node.text, range);
      case "function_call": {
        // toset(["brotli"]), tolist(…), tomap(…): the collection itself
        const [name, args] = [named(node)[0], named(node).find((child) => child.type === "function_arguments")];
        const only = args ? named(args) : [];
        if (name && CONVERSIONS.has(name.text) && only.length === 1) return this.expression(only[0]!);
        // filter = jsonencode({ where = … }): the JSON text of the value
        if (name?.text === "jsonencode" && only.length === 1) return this.jsonText(this.expression(only[0]!), range);
        return null;
      }
    }
    return null;
  }

  /** `var.zone_id`, `local.api`, `module.x.y[0]`: the first two names as one binding, then field reads. */
  private chain(parts: SyntaxNode[]): IR.Expression | null {
    const [head, ...rest] = parts;
    if (!head) return null;
    let expression = this.expression(head);
    let index = 0;
    if (head.type === "variable_expr" && (head.text === "var" || head.text === "local" || head.text === "each") && rest[0]?.type === "get_attr") {
      const name = named(rest[0])[0]?.text ?? "";
      expression = this.identifier(`${head.text}.${name}`, [head.startIndex, rest[0].endIndex]);
      index = 1;
    }
    for (const part of rest.slice(index)) {
      const range: IR.Range = [head.startIndex, part.endIndex];
      if (part.type === "get_attr") {
        const name = named(part)[0];
        expression = this.member(expression, name?.text ?? null, range, name ? this.range(name) : this.range(part));
      } else if (part.type === "index") {
        const key = named(part)[0];
        const keyExpression = key ? this.expression(key) : null;
        const property = keyExpression?.kind === "string" ? keyExpression.value : keyExpression?.kind === "number" ? String(keyExpression.value) : null;
        expression = this.member(expression, property, range, key ? this.range(key) : this.range(part), keyExpression);
      } else expression = this.opaque(range, [expression, this.expression(part)]);
    }
    return expression;
  }

  private keyText(key: SyntaxNode): string | null {
    const expression = this.expression(key);
    if (expression.kind === "string") return expression.value;
    if (expression.kind === "identifier") return expression.name;
    return null;
  }

  private templateOf(node: SyntaxNode): IR.Expression {
    const pieces: (string | IR.Expression)[] = [];
    for (const child of named(node)) {
      if (child.type === "template_literal") pieces.push(unescapeText(child.text));
      else if (child.type === "template_interpolation") {
        const inner = named(child).find((n) => n.type !== "template_interpolation_start" && n.type !== "template_interpolation_end");
        pieces.push(inner ? this.expression(inner) : this.opaque(this.range(child)));
      } else if (child.type === "quoted_template" || child.type === "heredoc_template") pieces.push(this.templateOf(child));
      else if (child.type !== "quoted_template_start" && child.type !== "quoted_template_end" && child.type !== "heredoc_start" && child.type !== "heredoc_identifier") {
        pieces.push(this.expression(child));
      }
    }
    return this.template(pieces, this.range(node));
  }

  /** A block's body as a record: attributes, and nested blocks (repeated ones as a list). */
  private record(body: SyntaxNode | undefined): IR.ObjectLiteral {
    const properties: IR.Property[] = [];
    const repeated = new Map<string, IR.ArrayLiteral>();
    for (const child of named(body)) {
      if (child.type === "attribute") {
        const [name, value] = named(child);
        if (name && value) properties.push(this.property(name.text, this.range(name), this.expression(value), this.range(child)));
      } else if (child.type === "block") {
        const type = named(child)[0];
        if (!type) continue;
        const value = this.record(named(child).find((n) => n.type === "body"));
        const existing = properties.find((property) => property.key === type.text);
        if (existing) {
          let list = repeated.get(type.text);
          if (!list) {
            list = this.array([existing.value], existing.range);
            repeated.set(type.text, list);
            existing.value = list;
          }
          list.elements.push(value);
        } else properties.push(this.property(type.text, this.range(type), value, this.range(child)));
      }
    }
    return this.object(properties, body ? this.range(body) : [0, 0]);
  }

  private block(node: SyntaxNode): IR.Statement | IR.Statement[] {
    const range = this.range(node);
    const parts = named(node);
    const type = parts[0]?.text ?? "";
    const labels = parts.filter((part) => part.type === "string_lit" || part.type === "identifier").slice(1);
    const body = parts.find((part) => part.type === "body");
    const record = this.record(body);
    if (type === "locals") {
      return record.properties.map((property) => this.assignment(`local.${(property as IR.Property).key}`, property.range, (property as IR.Property).value, property.range));
    }
    if (type === "variable" && labels[0]) {
      const fallback = record.properties.find((property) => (property as IR.Property).key === "default") as IR.Property | undefined;
      return this.assignment(`var.${this.labelText(labels[0])}`, this.range(labels[0]), fallback?.value ?? this.opaque(range), range);
    }
    const statement: IR.Statement = { kind: "expression", range, expression: record };
    if ((type !== "resource" && type !== "data") || !labels[0]) return statement;
    const resourceType = this.labelText(labels[0]);
    const typeRange = this.range(labels[0]);
    const requests: IR.Expression[] = [];
    const table = type === "resource" ? TERRAFORM_RESOURCES : TERRAFORM_DATA_SOURCES;
    const known = table[resourceType];
    // A managed resource is created, read, updated and deleted through its endpoint: every method it has.
    if (known) requests.push(this.request(typeRange, this.routeUrl(known.path, typeRange), type === "data" ? known.method : null));
    if (type === "resource" && resourceType === TERRAFORM_SETTINGS_RESOURCE) {
      const settings = record.properties.find((property) => (property as IR.Property).key === "settings") as IR.Property | undefined;
      if (settings?.value.kind === "object") {
        for (const setting of settings.value.properties) {
          if (setting.kind !== "property" || setting.key === null) continue;
          const url = this.template([API_BASE, "/zones/", this.zoneOf(record, typeRange), "/settings/", this.string(setting.key, setting.keyRange)], setting.keyRange);
          requests.push(this.request(setting.keyRange, url, null));
        }
      }
    }
    if (type === "resource" && resourceType === TERRAFORM_SETTING_RESOURCE) {
      const id = record.properties.find((property) => (property as IR.Property).key === "setting_id") as IR.Property | undefined;
      // A name (`each.key`, `var.setting`) is read again here: the record keeps the written one.
      const written = id && id.value.kind !== "string" ? attributeValue(body, "setting_id") : null;
      const setting = id ? (id.value.kind === "string" ? this.string(id.value.value, id.value.range) : written ? this.expression(written) : this.opaque(id.value.range)) : null;
      if (id && setting) requests.push(this.request(id.value.range, this.template([API_BASE, "/zones/", this.zoneOf(record, typeRange), "/settings/", setting], id.value.range), null));
    }
    if (requests.length === 0) return statement;
    const made = requests.map((request): IR.Statement => ({ kind: "expression", range: request.range, expression: request }));
    // for_each = { brotli = "on" }: the requests are made once per element, `each.key` and `each.value` its key and value.
    const forEach = attributeValue(body, "for_each");
    if (!forEach) return [statement, ...made];
    const each = (name: string): IR.Pattern => ({ kind: "identifier-pattern", range: this.range(forEach), name: `each.${name}`, typeText: null });
    const target: IR.Pattern = { kind: "array-pattern", range: this.range(forEach), elements: [each("key"), each("value")], rest: null, typeText: null };
    return [statement, { kind: "for-of", range, declarationKind: "let", target, right: this.expression(forEach), body: { kind: "block", range, body: made }, iterates: "each" }];
  }

  private labelText(label: SyntaxNode): string {
    const value = this.expression(label);
    return value.kind === "string" ? value.value : label.text.replace(/^"|"$/g, "");
  }

  /** The zone as a hole: the record keeps the written value (one node has one place in the model). */
  private zoneOf(_record: IR.ObjectLiteral, at: IR.Range): IR.Expression {
    return this.opaque(at);
  }

}

/** Terraform's type conversions, which keep a collection's elements (`toset(["brotli"])`). */
const CONVERSIONS = new Set(["toset", "tolist", "tomap"]);

/** The value node of a block body's attribute `name`, if it has one. */
function attributeValue(body: SyntaxNode | undefined, name: string): SyntaxNode | null {
  for (const child of named(body)) {
    if (child.type !== "attribute") continue;
    const [key, value] = named(child);
    if (key?.text === name && value) return value;
  }
  return null;
}

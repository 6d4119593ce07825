/**
 * Rust: `format!` (positional, numbered, named and inline `{name}` holes), `concat!`, `+`,
 * `push_str` and `.to_string()`/`String::from` as text; `let`, `const` and `static`; functions,
 * and each type's `impl` blocks as one class (`self` as the instance, `Type::new(…)` as making
 * one, the fields its struct literals set as the class's fields); a block's last expression as
 * its value; `if`, `match` (arms as cases, or a choice of values) and `for`; reqwest-style
 * requests (`client.patch(url)`, `client.request(Method::PATCH, url)`, `reqwest::get(url)`,
 * `ureq::put(url)`); and the endpoint shape of cloudflare-rs (`impl EndpointSpec for T { fn
 * method(&self) -> Method { Method::POST } fn path(&self) -> String { format!(…) } }`) as the
 * request it describes.
 *
 * Macros (`format!`, `json!`, `vec!`…) are read by rust-macros.ts.
 */
import type * as IR from "../core/ir.js";
import { isCurl } from "../core/curl-command.js";
import { API_BASE, TreeLowering, type LoweredFile } from "./lowering.js";
import { HTTP_VERBS, isComment, rawStringValue, RUST_STRING_METHODS, RustMacros, SAME_VALUE, SAME_VALUE_CONSTRUCTORS, stringValue } from "./rust-macros.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

export function lowerRust(tree: Tree, text: string, file: string): LoweredFile {
  return new RustLowering(file, text).lowerTree(tree);
}

/** Crates whose module-level functions are requests (`reqwest::get(url)`, `ureq::patch(url)`). */
const REQUEST_CRATES = new Set(["reqwest", "ureq", "surf", "attohttpc", "minreq", "isahc"]);
/** Maps made empty, to be filled with `insert` (`HashMap::new()`, `serde_json::Map::new()`). */
const EMPTY_MAP = /(?:^|::)(?:HashMap|BTreeMap|IndexMap|Map)::(?:new|default)$/;
const EXPRESSION_STATEMENTS = new Set(["if_expression", "match_expression", "for_expression", "while_expression", "loop_expression", "return_expression", "block", "unsafe_block", "async_block"]);
/** Item kinds with nothing a request could be made of. */
const QUIET_ITEMS = new Set(["use_declaration", "extern_crate_declaration", "enum_item", "union_item", "type_item", "attribute_item", "inner_attribute_item", "macro_definition", "foreign_mod_item", "empty_statement", "function_signature_item", "associated_type"]);

interface TypeImpls {
  /** Every function of every `impl` block of the type in this file. */
  functions: SyntaxNode[];
  /** The associated function that makes an instance (`new`, or the first returning `Self`). */
  constructor: string | null;
}

class RustLowering extends TreeLowering {
  protected readonly grammarLabel = "Rust";
  /** The type whose `impl` is being lowered (what `Self` names), and whether `self` is in scope. */
  private selfType: string | null = null;
  private hasSelf = false;
  private impls: Map<string, TypeImpls> | null = null;
  private readonly loweredTypes = new Set<string>();
  private readonly macros = new RustMacros(this);

  constructor(file: string, text: string) {
    super(file, text, new Set(["line_comment", "block_comment"]));
  }

  protected override commentText(raw: string): string {
    return raw.replace(/^\/\/[/!]?|^\/\*[*!]?/, "").replace(/\*\/$/, "");
  }

  // ---- statements ----------------------------------------------------------------------------

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    if (QUIET_ITEMS.has(node.type) || node.type === "trait_item") return { kind: "other", range, children: [] };
    switch (node.type) {
      case "struct_item":
        return this.structDeclaration(node);
      case "mod_item": {
        const body = node.childForFieldName("body");
        return body ? { kind: "block", range, body: this.statements(body.namedChildren) } : { kind: "other", range, children: [] };
      }
      case "const_item":
      case "static_item": {
        const name = node.childForFieldName("name");
        const value = node.childForFieldName("value");
        if (!name) return { kind: "other", range, children: [] };
        return this.assignment(name.text, this.range(name), value ? this.expression(value) : this.opaque(range), range);
      }
      case "let_declaration": {
        const pattern = node.childForFieldName("pattern");
        const value = node.childForFieldName("value");
        const lowered = value ? this.expression(value) : this.opaque(range);
        const name = pattern ? bindingName(pattern) : null;
        if (name && value && isCurlCommandNew(value)) this.curlNames.add(name.text);
        if (name) return this.assignment(name.text, this.range(name), lowered, range, node.childForFieldName("type")?.text ?? null);
        return { kind: "expression", range, expression: lowered };
      }
      case "function_item":
        return { kind: "function-declaration", range, fn: this.functionNode(node) };
      case "impl_item":
        return this.implItem(node);
      case "expression_statement": {
        const inner = node.namedChildren.find((child) => child !== null && !isComment(child));
        return inner ? this.statement(inner) : { kind: "other", range, children: [] };
      }
      case "if_expression":
      case "match_expression":
      case "for_expression":
      case "while_expression":
      case "loop_expression":
      case "return_expression":
      case "block":
      case "unsafe_block":
      case "async_block":
        return this.controlStatement(node, false);
      case "assignment_expression":
      case "compound_assignment_expr": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (!left || !right) return null;
        const operator = node.childForFieldName("operator")?.text ?? "=";
        let value = this.expression(right);
        if (operator !== "=") value = this.binary(operator.slice(0, -1), this.expression(left), value, range);
        return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(left), expression: this.expression(left) }, value } };
      }
    }
    return null;
  }

  /**
   * Control flow written as an expression, in a statement's place: with `asReturn`, the value of
   * each branch (a block's last expression) is what the function returns.
   */
  private controlStatement(node: SyntaxNode, asReturn: boolean): IR.Statement | IR.Statement[] {
    const range = this.range(node);
    switch (node.type) {
      case "block":
      case "unsafe_block":
      case "async_block": {
        const block = node.type === "block" ? node : node.namedChildren.find((child) => child?.type === "block") ?? null;
        return { kind: "block", range, body: block ? this.blockBody(block, asReturn) : [] };
      }
      case "if_expression": {
        const condition = node.childForFieldName("condition");
        const consequence = node.childForFieldName("consequence");
        const alternative = node.childForFieldName("alternative");
        const elseBranch = alternative?.namedChildren.find((child) => child !== null && !isComment(child)) ?? null;
        return {
          kind: "if",
          range,
          test: condition && condition.type !== "let_condition" && condition.type !== "let_chain" ? this.expression(condition) : this.opaque(range, condition ? this.letCondition(condition) : []),
          consequent: this.withLetBindings(condition, consequence ? (this.controlStatement(consequence, asReturn) as IR.Statement) : { kind: "block", range, body: [] }),
          alternate: elseBranch ? (this.controlStatement(elseBranch, asReturn) as IR.Statement) : null,
        };
      }
      case "match_expression": {
        const value = node.childForFieldName("value");
        const cases: IR.SwitchStatement["cases"] = [];
        for (const arm of matchArms(node)) {
          const armValue = arm.childForFieldName("value");
          const body: IR.Statement[] = armValue ? [this.branchStatement(armValue, asReturn)].flat() : [];
          body.push({ kind: "break", range: this.range(arm) } as IR.Statement);
          const tests = this.armTests(arm);
          cases.push(...this.switchCases(tests, body, this.range(arm)));
        }
        return { kind: "switch", range, discriminant: value ? this.expression(value) : this.opaque(range), cases };
      }
      case "for_expression": {
        const pattern = node.childForFieldName("pattern");
        const value = node.childForFieldName("value");
        const body = node.childForFieldName("body");
        const loopBody: IR.Statement = body ? { kind: "block", range: this.range(body), body: this.blockBody(body, false) } : { kind: "block", range, body: [] };
        if (!pattern || !value) return { kind: "loop", range, children: [], body: loopBody };
        return { kind: "for-of", range, declarationKind: "let", target: this.pattern(pattern), right: this.expression(value), body: loopBody };
      }
      case "while_expression":
      case "loop_expression": {
        const condition = node.childForFieldName("condition");
        const body = node.childForFieldName("body");
        return {
          kind: "loop",
          range,
          children: condition ? [condition.type === "let_condition" ? this.opaque(range, this.letCondition(condition)) : this.expression(condition)] : [],
          body: body ? { kind: "block", range: this.range(body), body: this.blockBody(body, false) } : { kind: "block", range, body: [] },
        };
      }
      case "return_expression": {
        const argument = node.namedChildren.find((child) => child !== null && !isComment(child));
        return { kind: "return", range, argument: argument ? this.expression(argument) : null };
      }
    }
    return asReturn ? { kind: "return", range, argument: this.expression(node) } : this.statement(node);
  }

  /** A branch's value (a match arm's expression, a block): its statements, and its value returned when `asReturn`. */
  private branchStatement(node: SyntaxNode, asReturn: boolean): IR.Statement | IR.Statement[] {
    if (EXPRESSION_STATEMENTS.has(node.type)) return this.controlStatement(node, asReturn);
    return asReturn ? { kind: "return", range: this.range(node), argument: this.expression(node) } : this.statement(node);
  }

  /** A block's statements; its last expression (no `;`) is returned when `asReturn`. */
  private blockBody(block: SyntaxNode, asReturn: boolean): IR.Statement[] {
    const children = block.namedChildren.filter((child): child is SyntaxNode => child !== null && !isComment(child));
    const tail = tailExpression(children.at(-1));
    const body = this.statements(tail ? children.slice(0, -1) : children);
    if (tail) body.push(...[this.branchStatement(tail, asReturn)].flat());
    return body;
  }

  /** The tests of a match arm: each literal of its pattern (`"a" | "b"`), or `null` for a catch-all. */
  private armTests(arm: SyntaxNode): (IR.Expression | null)[] {
    const pattern = arm.childForFieldName("pattern");
    const guarded = pattern?.childForFieldName("condition") ?? null;
    const inner = pattern?.namedChildren.find((child) => child !== null && child.id !== guarded?.id) ?? null;
    if (!inner || inner.type === "_" || inner.type === "identifier") return [guarded ? this.opaque(this.range(arm)) : null];
    const alternatives = inner.type === "or_pattern" ? flattenOr(inner) : [inner];
    return alternatives.map((alternative) => (guarded ? this.opaque(this.range(alternative)) : this.patternValue(alternative)));
  }

  /** A literal pattern's value (`"minify"`, `3`, `Method::POST`); other patterns are unknown. */
  private patternValue(pattern: SyntaxNode): IR.Expression {
    if (pattern.type === "string_literal" || pattern.type === "raw_string_literal" || pattern.type === "integer_literal" || pattern.type === "scoped_identifier" || pattern.type === "boolean_literal") return this.expression(pattern);
    return this.opaque(this.range(pattern));
  }

  /** `if let Some(x) = value`: what is matched is read (its strings and calls), not decided. */
  /**
   * `if let Some(items) = body["result"].as_array() { … }` (or `Ok(x)`): the branch with its name
   * bound to the value tested first (an Option's or a Result's content, read as the value itself).
   */
  private withLetBindings(condition: SyntaxNode | null, branch: IR.Statement): IR.Statement {
    const bindings = (condition?.descendantsOfType("let_condition") ?? []).flatMap((part): IR.Statement[] => {
      const pattern = part?.childForFieldName("pattern");
      const value = part?.childForFieldName("value");
      const [wrapper, inner] = pattern?.type === "tuple_struct_pattern" ? pattern.namedChildren : [];
      if (!value || (wrapper?.text !== "Some" && wrapper?.text !== "Ok") || inner?.type !== "identifier") return [];
      return [this.assignment(inner.text, this.range(inner), this.expression(value), this.range(part!))];
    });
    if (bindings.length === 0) return branch;
    return { kind: "block", range: branch.range, body: [...bindings, ...(branch.kind === "block" ? branch.body : [branch])] };
  }

  private letCondition(condition: SyntaxNode): IR.Expression[] {
    return condition.descendantsOfType("let_condition").flatMap((part) => {
      const value = part?.childForFieldName("value");
      return value ? [this.expression(value)] : [];
    });
  }

  private pattern(node: SyntaxNode): IR.Pattern {
    const range = this.range(node);
    if (node.type === "tuple_pattern") {
      const elements = node.namedChildren.filter((child): child is SyntaxNode => child !== null).map((child) => this.pattern(child));
      return { kind: "array-pattern", range, elements, rest: null, typeText: null };
    }
    if (node.type === "reference_pattern" || node.type === "mut_pattern") {
      const inner = node.namedChildren.find((child) => child !== null);
      if (inner) return this.pattern(inner);
    }
    const name = bindingName(node);
    return { kind: "identifier-pattern", range, name: name?.text ?? "_", typeText: null };
  }

  // ---- functions and impls -------------------------------------------------------------------

  private functionNode(node: SyntaxNode): IR.FunctionNode {
    const name = node.childForFieldName("name");
    const parameters = node.childForFieldName("parameters");
    const body = node.childForFieldName("body");
    const params: { name: string; range: IR.Range; type: string | null }[] = [];
    let hasSelf = false;
    for (const parameter of parameters?.namedChildren ?? []) {
      if (!parameter) continue;
      if (parameter.type === "self_parameter") hasSelf = true;
      if (parameter.type !== "parameter") continue;
      const pattern = parameter.childForFieldName("pattern");
      const binding = pattern ? bindingName(pattern) : null;
      params.push({ name: binding?.text ?? "_", range: this.range(parameter), type: parameter.childForFieldName("type")?.text ?? null });
    }
    const outer = this.hasSelf;
    this.hasSelf = hasSelf;
    try {
      return this.inFunctionScope(
        params.map((p) => p.name),
        () => this.fn(name?.text ?? null, params.map((p) => p.name), params.map((p) => p.range), body ? this.blockBody(body, true) : [], this.range(node), params.map((p) => p.type)),
      );
    } finally {
      this.hasSelf = outer;
    }
  }

  private closure(node: SyntaxNode): IR.FunctionNode {
    const range = this.range(node);
    const parameters = node.childForFieldName("parameters");
    const body = node.childForFieldName("body");
    const names: SyntaxNode[] = [];
    for (const parameter of parameters?.namedChildren ?? []) {
      const binding = parameter ? bindingName(parameter.type === "parameter" ? (parameter.childForFieldName("pattern") ?? parameter) : parameter) : null;
      if (binding) names.push(binding);
    }
    const fn = this.inFunctionScope(
      names.map((n) => n.text),
      () => this.fn(null, names.map((n) => n.text), names.map((n) => this.range(n)), body ? (body.type === "block" ? this.blockBody(body, true) : [{ kind: "return", range: this.range(body), argument: this.expression(body) } as IR.Statement]) : [], range),
    );
    return { ...fn, arrow: true };
  }

  /**
   * `struct DnsRecord { … }` with named fields: a type declaration of its JSON names (`r#type` is
   * `type`, `#[serde(rename = "…")]` renames); derived `Deserialize`, the fields serde requires
   * (not `Option<…>`, no `#[serde(default)]` on the field or the struct).
   */
  private structDeclaration(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const name = node.childForFieldName("name")?.text;
    const fields = node.childForFieldName("body");
    if (!name || fields?.type !== "field_declaration_list") return { kind: "other", range, children: [] };
    const attributes: string[] = [];
    for (let sibling = node.previousNamedSibling; sibling?.type === "attribute_item"; sibling = sibling.previousNamedSibling) attributes.push(sibling.text);
    const deserialized = attributes.some((text) => /\bderive\s*\([^)]*\bDeserialize\b/.test(text));
    const defaulted = attributes.some((text) => /\bserde\s*\([^)]*\bdefault\b/.test(text));
    const members: string[] = [];
    const required: { name: string; range: IR.Range }[] = [];
    let fieldAttributes: string[] = [];
    for (const child of fields.namedChildren) {
      if (!child) continue;
      if (child.type === "attribute_item") {
        fieldAttributes.push(child.text);
        continue;
      }
      if (child.type !== "field_declaration") continue;
      const field = child.childForFieldName("name");
      if (field) {
        const renamed = fieldAttributes.map((text) => /\bserde\s*\([^)]*\brename\s*=\s*"([^"]+)"/.exec(text)?.[1]).find((value) => value !== undefined);
        const json = renamed ?? field.text.replace(/^r#/, "");
        members.push(json);
        // `#[serde(skip_serializing)]` (only when written out) leaves the field required when read.
        const optional = /^Option\s*</.test(child.childForFieldName("type")?.text ?? "") || fieldAttributes.some((text) => /\bserde\s*\([^)]*\b(?:default|skip|skip_deserializing)\b/.test(text));
        if (deserialized && !defaulted && !optional) required.push({ name: json, range: this.range(field) });
      }
      fieldAttributes = [];
    }
    return { kind: "type-declaration", range, name, members, ...(deserialized ? { decodedRequires: required } : {}) };
  }

  /** The `impl` blocks of the file, by type: their functions, and which one makes an instance. */
  private implsOf(root: SyntaxNode): Map<string, TypeImpls> {
    if (this.impls) return this.impls;
    const impls = new Map<string, TypeImpls>();
    const visit = (parent: SyntaxNode) => {
      for (const child of parent.namedChildren) {
        if (child?.type === "mod_item") {
          const body = child.childForFieldName("body");
          if (body) visit(body);
        }
        if (child?.type !== "impl_item") continue;
        const type = typeName(child.childForFieldName("type"));
        if (!type) continue;
        let entry = impls.get(type);
        if (!entry) impls.set(type, (entry = { functions: [], constructor: null }));
        for (const item of child.childForFieldName("body")?.namedChildren ?? []) if (item?.type === "function_item") entry.functions.push(item);
      }
    };
    visit(root);
    for (const [type, entry] of impls) {
      const makers = entry.functions.filter((fn) => !takesSelf(fn) && returnsInstance(fn, type));
      entry.constructor = (makers.find((fn) => fn.childForFieldName("name")?.text === "new") ?? makers[0])?.childForFieldName("name")?.text ?? null;
    }
    return (this.impls = impls);
  }

  /**
   * The `impl` blocks of one type, lowered together as one class where the first is written:
   * methods (those taking `self`) and associated functions (static); the fields its struct
   * literals (`Self { base: … }`) set, as the class's fields; and an endpoint description
   * (`fn method` and `fn path`) as its request.
   */
  private implItem(node: SyntaxNode): IR.Statement | IR.Statement[] {
    const range = this.range(node);
    const type = typeName(node.childForFieldName("type"));
    if (!type) return { kind: "other", range, children: [] };
    const entry = this.implsOf(node.tree.rootNode).get(type);
    if (!entry || this.loweredTypes.has(type)) return { kind: "other", range, children: [] };
    this.loweredTypes.add(type);
    const outer = this.selfType;
    this.selfType = type;
    try {
      const out: IR.Statement[] = [];
      const endpoint = this.endpointRequest(entry.functions);
      const fields = this.fieldsOf(entry.functions, type);
      const members: IR.ClassMember[] = [...fields];
      for (const fn of entry.functions) {
        const name = fn.childForFieldName("name")?.text ?? null;
        members.push({ range: this.range(fn), key: name === entry.constructor ? "constructor" : name, value: this.functionNode(fn), isStatic: !takesSelf(fn) && name !== entry.constructor, typeText: null });
      }
      out.push({ kind: "class-declaration", range, cls: { kind: "class", range, name: type, superClass: null, members } });
      if (endpoint) out.push({ kind: "expression", range: endpoint.range, expression: endpoint });
      return out;
    } finally {
      this.selfType = outer;
    }
  }

  /** The fields of `Self { … }` / `Type { … }` literals in the type's functions: each field's one written value. */
  private fieldsOf(functions: readonly SyntaxNode[], type: string): IR.ClassMember[] {
    const values = new Map<string, SyntaxNode[]>();
    for (const fn of functions) {
      for (const literal of fn.descendantsOfType("struct_expression")) {
        const name = literal?.childForFieldName("name")?.text;
        if (!literal || (name !== "Self" && name !== type)) continue;
        for (const field of literal.childForFieldName("body")?.namedChildren ?? []) {
          if (field?.type !== "field_initializer") continue;
          const key = field.childForFieldName("field")?.text;
          const value = field.childForFieldName("value");
          if (!key || !value || !isWrittenText(value)) continue;
          const list = values.get(key);
          if (list) list.push(value);
          else values.set(key, [value]);
        }
      }
    }
    const members: IR.ClassMember[] = [];
    for (const [key, nodes] of values) {
      if (new Set(nodes.map((n) => n.text)).size !== 1) continue;
      const hasSelf = this.hasSelf;
      this.hasSelf = true;
      members.push({ range: this.range(nodes[0]!), key, value: this.keep(nodes[0]!), isStatic: false, typeText: null });
      this.hasSelf = hasSelf;
    }
    return members;
  }

  /**
   * `fn method(&self) -> Method { Method::PATCH }` beside `fn path(&self) -> String { format!("zones/{}/settings/minify", …) }`
   * (cloudflare-rs's `EndpointSpec`, and clients written in its shape): the request the endpoint
   * describes, at the path's place, after the API's address.
   */
  private endpointRequest(functions: readonly SyntaxNode[]): IR.Expression | null {
    const named = (name: string) => functions.find((fn) => fn.childForFieldName("name")?.text === name && takesSelf(fn));
    const [method, path] = [named("method"), named("path")];
    const methodValue = method ? tailOf(method) : null;
    const pathValue = path ? tailOf(path) : null;
    if (!methodValue || !pathValue) return null;
    const hasSelf = this.hasSelf;
    this.hasSelf = true;
    try {
      const url = this.keep(pathValue);
      const verb = this.keep(methodValue);
      return this.request(url.range, this.template([API_BASE, "/", url], url.range), verb);
    } finally {
      this.hasSelf = hasSelf;
    }
  }

  // ---- expressions ---------------------------------------------------------------------------

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "parenthesized_expression":
      case "reference_expression":
      case "try_expression":
      case "await_expression":
      case "unary_expression":
      case "type_cast_expression":
      case "expression_statement": {
        const inner = node.childForFieldName("value") ?? node.namedChildren.find((child) => child !== null && !isComment(child) && child.type !== "mutable_specifier");
        return inner ? this.expression(inner) : null;
      }
      case "identifier":
        return this.identifier(node.text, range);
      case "self":
        return this.hasSelf ? { kind: "this", range } : this.identifier("self", range);
      case "string_literal":
        return this.string(stringValue(node.text), range);
      case "raw_string_literal":
        return this.string(rawStringValue(node.text), range);
      // '/' in `path.trim_start_matches('/')`: a one-character text
      case "char_literal":
        return this.string(stringValue(`"${node.text.slice(1, -1)}"`), range);
      case "integer_literal":
      case "float_literal": {
        const digits = node.text.replace(/_/g, "").replace(/(?:[iu](?:8|16|32|64|128|size)|f32|f64)$/, "");
        return { kind: "number", range, value: Number(digits), raw: node.text };
      }
      case "boolean_literal":
        return { kind: "boolean", range, value: node.text === "true" };
      case "field_expression": {
        const value = node.childForFieldName("value");
        const field = node.childForFieldName("field");
        if (!value || !field) return null;
        return this.member(this.expression(value), field.text, range, this.range(field));
      }
      case "index_expression": {
        const [object, index] = node.namedChildren;
        if (!object || !index) return null;
        const key = this.expression(index);
        return this.member(this.expression(object), key.kind === "string" ? key.value : key.kind === "number" ? String(key.value) : null, range, key.range, key);
      }
      case "scoped_identifier":
        return this.scopedValue(node);
      case "binary_expression":
        return this.fieldBinary(node, range);
      case "call_expression":
        return this.callExpression(node);
      case "macro_invocation":
        return this.macros.macro(node);
      case "struct_expression":
        return this.structLiteral(node);
      case "array_expression":
      case "tuple_expression":
        return this.array(node.namedChildren.filter((child): child is SyntaxNode => child !== null && !isComment(child)).map((child) => this.expression(child)), range);
      case "closure_expression":
        return this.closure(node);
      case "if_expression":
        return this.ifValue(node);
      case "match_expression":
        return this.matchValue(node);
      case "block":
      case "unsafe_block":
      case "async_block":
        return this.blockValue(node);
    }
    return null;
  }

  /** `Method::PATCH` (reqwest, http, cloudflare-rs's `Method::Post`) is the method's text; `Self::BASE`, `consts::BASE` the name. */
  private scopedValue(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const name = node.childForFieldName("name")?.text ?? "";
    const path = node.childForFieldName("path");
    const owner = path?.type === "scoped_identifier" ? path.childForFieldName("name")?.text : path?.text;
    if (owner === "Method" && HTTP_VERBS.has(name.toLowerCase())) return this.string(name.toUpperCase(), range);
    return this.identifier(name, range);
  }

  private structLiteral(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const properties: (IR.Property | IR.SpreadElement)[] = [];
    for (const field of node.childForFieldName("body")?.namedChildren ?? []) {
      if (!field || isComment(field)) continue;
      if (field.type === "field_initializer") {
        const key = field.childForFieldName("field");
        const value = field.childForFieldName("value");
        if (key && value) properties.push(this.property(key.text, this.range(key), this.expression(value), this.range(field)));
      } else if (field.type === "shorthand_field_initializer") {
        properties.push({ ...this.property(field.text, this.range(field), this.identifier(field.text, this.range(field)), this.range(field)), shorthand: true });
      } else if (field.type === "base_field_initializer") {
        const base = field.namedChildren[0];
        if (base) properties.push({ kind: "spread", range: this.range(field), argument: this.expression(base) });
      }
    }
    return this.object(properties as IR.Property[], range);
  }

  /** `if c { a } else { b }` as a value: a choice of the branches' values. */
  private ifValue(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const condition = node.childForFieldName("condition");
    const consequence = node.childForFieldName("consequence");
    const alternative = node.childForFieldName("alternative")?.namedChildren.find((child) => child !== null && !isComment(child)) ?? null;
    const test = condition && condition.type !== "let_condition" && condition.type !== "let_chain" ? this.expression(condition) : this.opaque(range, condition ? this.letCondition(condition) : []);
    return {
      kind: "conditional",
      range,
      test,
      consequent: consequence ? this.expression(consequence) : this.opaque(range),
      alternate: alternative ? this.expression(alternative) : this.opaque(range),
    };
  }

  /** `match op { "create" => Method::POST, _ => Method::GET }` as a value: each arm's value where the scrutinee equals its pattern. */
  private matchValue(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const scrutineeNode = node.childForFieldName("value");
    const scrutinee = scrutineeNode ? this.expression(scrutineeNode) : this.opaque(range);
    const arms = matchArms(node);
    let value: IR.Expression | null = null;
    for (const arm of [...arms].reverse()) {
      const armValueNode = arm.childForFieldName("value");
      const armValue = armValueNode ? this.expression(armValueNode) : this.opaque(this.range(arm));
      const tests = this.armTests(arm);
      // A match is exhaustive: the last arm is what is left when no other matches.
      value = value === null || tests.includes(null) ? armValue : this.conditionalOf(tests, scrutinee, armValue, value);
    }
    return value ?? this.opaque(range, [scrutinee]);
  }

  private conditionalOf(tests: (IR.Expression | null)[], scrutinee: IR.Expression, consequent: IR.Expression, alternate: IR.Expression): IR.Expression {
    const range = consequent.range;
    const comparisons = tests.map((test) => this.binary("===", scrutinee, test ?? this.opaque(range), range) as IR.Expression);
    const test = comparisons.reduce((left, right) => ({ kind: "logical", range, operator: "||", left, right }) as IR.Expression);
    return { kind: "conditional", range, test, consequent, alternate };
  }

  /** A block as a value: its last expression, after its statements (as a function called in place when there are any). */
  private blockValue(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const block = node.type === "block" ? node : node.namedChildren.find((child) => child?.type === "block") ?? null;
    if (!block) return this.opaque(range);
    const children = block.namedChildren.filter((child): child is SyntaxNode => child !== null && !isComment(child));
    const only = children.length === 1 ? tailExpression(children[0]) : null;
    if (only && !EXPRESSION_STATEMENTS.has(only.type)) return this.expression(only);
    const fn: IR.FunctionNode = { ...this.fn(null, [], [], this.blockBody(block, true), range), arrow: true };
    return this.call(fn, [], range);
  }

  private callExpression(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    const curl = this.curlCommand(node);
    if (curl) return curl;
    const callee = node.childForFieldName("function");
    const argumentNodes = node.childForFieldName("arguments")?.namedChildren.filter((n): n is SyntaxNode => n !== null && !isComment(n)) ?? [];
    if (!callee) return null;
    if (callee.type === "field_expression") {
      const receiver = callee.childForFieldName("value");
      const field = callee.childForFieldName("field");
      const name = field?.text ?? "";
      if (!receiver || !field) return null;
      if (SAME_VALUE.has(name) && argumentNodes.length <= 1) return this.expression(receiver);
      const args = argumentNodes.map((arg) => this.expression(arg));
      // client.patch(url), self.http.get(&url): reqwest's (and ureq's agent's) requests, unless
      // the type being lowered declares the method itself (`self.get(path)` runs it).
      if (HTTP_VERBS.has(name) && args.length === 1 && !this.ownMethod(receiver, name)) return this.request(range, args[0]!, name.toUpperCase(), null);
      if (name === "request" && (args.length === 2 || (args.length > 2 && isMethodConstant(argumentNodes[0]!))) && !this.ownMethod(receiver, name)) return this.request(range, args[1]!, args[0]!, null, args.slice(2));
      // url.push_str("/settings/minify"): the text grows.
      if (name === "push_str" && args.length === 1) {
        const target = this.expression(receiver);
        return { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: target.range, expression: target }, value: this.binary("+", target, args[0]!, range) };
      }
      // data.insert("proto".to_string(), …) on a map: the record gets the field.
      if (name === "insert" && args.length === 2 && args[0]!.kind === "string") {
        const target = this.member(this.expression(receiver), args[0]!.value, range, args[0]!.range);
        return { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: target.range, expression: target }, value: args[1]! };
      }
      // [base, "/zones/", zone].concat(): the pieces joined.
      if (name === "concat" && args.length === 0) return this.call(this.member(this.expression(receiver), "join", this.range(callee), this.range(field)), [this.string("", range)], range);
      const jsName = RUST_STRING_METHODS[name] ?? name;
      return this.call(this.member(this.expression(receiver), jsName, this.range(callee), this.range(field)), args, range);
    }
    const args = argumentNodes.map((arg) => this.expression(arg));
    if (callee.type === "scoped_identifier" || callee.type === "generic_function") {
      const path = (callee.type === "generic_function" ? callee.childForFieldName("function")?.text : callee.text)?.replace(/::<.*$/, "") ?? "";
      const segments = path.split("::");
      const [owner, name] = [segments.at(-2) ?? "", segments.at(-1) ?? ""];
      if (SAME_VALUE_CONSTRUCTORS.test(path) || SAME_VALUE_CONSTRUCTORS.test(`${owner}::${name}`)) return args[0] ?? this.opaque(range);
      if (path === "String::new") return this.string("", range);
      // HashMap::new(), serde_json::Map::new(): an empty map, filled key by key with `insert`.
      if (EMPTY_MAP.test(path) && args.length === 0) return this.object([], range);
      // reqwest::get(url), reqwest::blocking::get(url), ureq::patch(url), surf::post(url)
      if (REQUEST_CRATES.has(segments[0]!) && HTTP_VERBS.has(name) && args.length >= 1) return this.request(range, args[0]!, name.toUpperCase(), null, args.slice(1));
      if (REQUEST_CRATES.has(segments[0]!) && name === "request" && args.length >= 2) return this.request(range, args[1]!, args[0]!, null);
      const type = owner === "Self" ? this.selfType : owner;
      const impls = type ? this.implsOf(node.tree.rootNode).get(type) : undefined;
      if (type && impls) {
        const nameRange = this.range(callee);
        if (impls.constructor === name) return { kind: "new", range, callee: this.identifier(type, nameRange), args };
        return this.call(this.member(this.identifier(type, nameRange), name, nameRange, nameRange), args, range);
      }
      return this.call(this.identifier(name, this.range(callee)), args, range);
    }
    if (callee.type === "identifier" && (callee.text === "Some" || callee.text === "Ok" || callee.text === "Box")) return args[0] ?? this.opaque(range);
    return this.call(this.expression(callee), args, range);
  }

  /**
   * `Command::new("curl").args(["-X", method, &url]).output()`, or `cmd.args([…])` on a name
   * given such a command: the curl request of the words the chain adds, or `null`.
   */
  private curlCommand(node: SyntaxNode): IR.Expression | null {
    const words: SyntaxNode[][] = [];
    let link: SyntaxNode | null = node;
    for (;;) {
      const callee: SyntaxNode | null | undefined = link?.type === "call_expression" ? link.childForFieldName("function") : null;
      if (callee?.type !== "field_expression") break;
      const name = callee.childForFieldName("field")?.text;
      const args = link!.childForFieldName("arguments")?.namedChildren.filter((n): n is SyntaxNode => n !== null && !isComment(n)) ?? [];
      if (name === "arg" && args[0]) words.unshift([args[0]]);
      else if (name === "args" && args[0]) words.unshift(args[0].type === "array_expression" || args[0].type === "reference_expression" ? arrayElements(args[0]) : [args[0]]);
      link = callee.childForFieldName("value");
    }
    if (!link || words.length === 0) return null;
    const root = link.type === "identifier" ? this.curlNames.has(link.text) : isCurlCommandNew(link);
    if (!root) return null;
    return this.curlRequest(this.range(node), this.commandWords(words.flat().map((word) => this.expression(word))));
  }

  /** Names given `Command::new("curl")` in this file (`let mut cmd = Command::new("curl");`). */
  private readonly curlNames = new Set<string>();

  /** Whether `receiver.name(…)` calls a function of the type being lowered (`self.get(path)`, `Self::get(…)`). */
  private ownMethod(receiver: SyntaxNode, name: string): boolean {
    if (receiver.type !== "self" || !this.selfType) return false;
    return this.implsOf(receiver.tree.rootNode).get(this.selfType)?.functions.some((fn) => fn.childForFieldName("name")?.text === name) ?? false;
  }

}

/** The name a pattern binds (`x`, `mut x`, `ref x`), or `null` for a destructuring one. */
function bindingName(pattern: SyntaxNode): SyntaxNode | null {
  if (pattern.type === "identifier") return pattern;
  if (pattern.type === "mut_pattern" || pattern.type === "ref_pattern" || pattern.type === "reference_pattern") {
    const inner = pattern.namedChildren.find((child) => child?.type === "identifier");
    return inner ?? null;
  }
  return null;
}

/** The type an `impl` is for (`Client` of `impl<'a> EndpointSpec for Client<'a>`), or `null`. */
function typeName(type: SyntaxNode | null): string | null {
  if (!type) return null;
  if (type.type === "type_identifier") return type.text;
  if (type.type === "generic_type") return type.childForFieldName("type")?.text.split("::").at(-1) ?? null;
  if (type.type === "scoped_type_identifier") return type.childForFieldName("name")?.text ?? null;
  return null;
}

/** `Command::new("curl")` (std's or tokio's), or `Command::new("/usr/bin/curl")`. */
function isCurlCommandNew(node: SyntaxNode): boolean {
  if (node.type !== "call_expression" || !/(?:^|::)Command::new$/.test(node.childForFieldName("function")?.text ?? "")) return false;
  const program = node.childForFieldName("arguments")?.namedChildren[0];
  return program?.type === "string_literal" && isCurl(stringValue(program.text));
}

/** The elements of `[a, b]` (or `&[a, b]`, `vec![a, b]` is a macro and not read here). */
function arrayElements(node: SyntaxNode): SyntaxNode[] {
  const array = node.type === "reference_expression" ? node.childForFieldName("value") : node;
  if (array?.type !== "array_expression") return [node];
  return array.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "line_comment" && child.type !== "block_comment");
}

/** `Method::POST`, `reqwest::Method::PATCH`. */
function isMethodConstant(node: SyntaxNode): boolean {
  return node.type === "scoped_identifier" && /(?:^|::)Method::[A-Za-z]+$/.test(node.text) && HTTP_VERBS.has(node.text.split("::").at(-1)!.toLowerCase());
}

function takesSelf(fn: SyntaxNode): boolean {
  return fn.childForFieldName("parameters")?.namedChildren.some((parameter) => parameter?.type === "self_parameter") ?? false;
}

/** Whether an associated function makes an instance: it returns `Self` or the type (also in `Result<Self, E>`, `Option<Self>`). */
function returnsInstance(fn: SyntaxNode, type: string): boolean {
  const returned = fn.childForFieldName("return_type")?.text ?? "";
  return new RegExp(`^(?:(?:Result|Option|anyhow::Result|Box|Arc)<\\s*)?(?:Self|${type})\\b`).test(returned);
}

/** The last expression of a function's body (what it returns), or `null`. */
function tailOf(fn: SyntaxNode): SyntaxNode | null {
  const body = fn.childForFieldName("body");
  return tailExpression(body?.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "line_comment" && child.type !== "block_comment").at(-1));
}

/**
 * A block's value, from its last child: an expression not followed by `;` (an `if` or `match`
 * ending a block is written as a statement without one), or `null`.
 */
function tailExpression(node: SyntaxNode | undefined): SyntaxNode | null {
  if (!node) return null;
  if (node.type === "expression_statement") {
    if (node.lastChild?.type === ";") return null;
    return node.namedChildren.find((child) => child !== null && child.type !== "line_comment" && child.type !== "block_comment") ?? null;
  }
  return isTailExpression(node) ? node : null;
}

function isTailExpression(node: SyntaxNode): boolean {
  return !/(?:_statement|_declaration|_item)$/.test(node.type) && node.type !== "attribute_item";
}

function matchArms(node: SyntaxNode): SyntaxNode[] {
  return node.childForFieldName("body")?.namedChildren.filter((child): child is SyntaxNode => child?.type === "match_arm") ?? [];
}

function flattenOr(pattern: SyntaxNode): SyntaxNode[] {
  return pattern.namedChildren.flatMap((child) => (!child ? [] : child.type === "or_pattern" ? flattenOr(child) : [child]));
}

/** Whether a field's value is written text (a string, a `format!`, a constant), the kind a class field keeps. */
function isWrittenText(node: SyntaxNode): boolean {
  let value = node;
  // "…".to_string(), String::from("…"), "…".into()
  for (;;) {
    if (value.type === "call_expression") {
      const callee = value.childForFieldName("function");
      if (callee?.type === "field_expression" && SAME_VALUE.has(callee.childForFieldName("field")?.text ?? "")) value = callee.childForFieldName("value")!;
      else if (callee?.type === "scoped_identifier" && SAME_VALUE_CONSTRUCTORS.test(callee.text)) value = value.childForFieldName("arguments")?.namedChildren[0] ?? value;
      else return false;
      if (!value) return false;
      continue;
    }
    break;
  }
  if (value.type === "string_literal" || value.type === "raw_string_literal") return true;
  if (value.type === "macro_invocation") return /^(?:format|concat)$/.test(value.childForFieldName("macro")?.text ?? "");
  return value.type === "identifier" && /^[A-Z][A-Z\d_]*$/.test(value.text);
}

/**
 * Go: `fmt.Sprintf` verbs, `+`, `strings.Join`, `path.Join` and `url.JoinPath` as templates;
 * `:=`, `var` and `const` (with declared types, `[]cloudflare.DNSRecord` read as DNS records);
 * functions and methods with typed parameters;
 * `for … range`; map and struct literals, with exported field names read as their JSON names
 * (`ZoneName` → `zone_name`); `m["k"]` and struct fields as field reads; `http.NewRequest("PATCH",
 * url, body)` and `http.Get(url)` as requests; the official SDK's methods (tables/cloudflare-go.ts).
 */
import type * as IR from "../core/ir.js";
import { isCurl } from "../core/curl-command.js";
import { API_BASE, concatenatedOperands, formatPieces, TreeLowering, unescapeText, type LoweredFile } from "./lowering.js";
import { SDK_ROUTES } from "../core/sdk-routes.js";
import {
  GO_GENERATED_SDK_METHODS,
  GO_GENERATED_SDK_MODULE,
  GO_SDK_DNS_RECORD_RESULTS,
  GO_SDK_MODULE,
  GO_SDK_ROUTES,
  GO_SDK_SETTING_METHODS,
} from "./tables/cloudflare-go.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";
import { goPackageImports, goTopLevelNames } from "../core/import-graph.js";
import { GO_PACKAGE_SOURCE } from "../core/libraries.js";
import { OUT_PARAMETER_SUFFIX, outParametersOf, outTarget, RESULT_SUFFIX, resultKey, resultsUsedOf, type OutParameter } from "./go-function-copies.js";

/** The `strings` package's functions of one text as the evaluator's string methods (`strings.TrimLeft(s, "/")` takes any of the characters given, as Python's `lstrip`). */
const GO_STRING_FUNCTIONS: Readonly<Record<string, string>> = {
  ToUpper: "toUpperCase",
  ToLower: "toLowerCase",
  TrimSpace: "strip",
  Trim: "strip",
  TrimLeft: "lstrip",
  TrimRight: "rstrip",
  TrimPrefix: "removeprefix",
  TrimSuffix: "removesuffix",
};
/** Types of the Go SDK that marshal themselves into JSON text (a Logpush job's filter). */
const SELF_SERIALISED_SDK_TYPES = new Set(["LogpushJobFilters"]);
const SPRINTF = new Set(["Sprintf", "Errorf"]);

export function lowerGo(tree: Tree, text: string, file: string): LoweredFile {
  return new GoLowering(file, text).lowerTree(tree);
}

/** `ZoneName` → `zone_name`, `ZoneID` → `zone_id`, `ErrorChain` → `error_chain`. */
/** `ZeroTrust` → `zeroTrust`, `WAF` → `waf`, `WAFPackages` → `wafPackages`: a Go name in TypeScript's spelling. */
export function camelNameOf(name: string): string {
  const run = /^[A-Z]+/.exec(name)?.[0] ?? "";
  const lead = run.length > 1 && run.length < name.length ? run.length - 1 : run.length;
  return name.slice(0, lead).toLowerCase() + name.slice(lead);
}

export function jsonNameOf(field: string): string {
  if (!/^[A-Z]/.test(field)) return field;
  return field
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1_$2")
    .replace(/([a-z\d])([A-Z])/g, "$1_$2")
    .toLowerCase();
}

/** Go's `[]T` and `*T` as the model's type text (`T[]`, `T`). */
function typeTextOf(node: SyntaxNode | null): string | null {
  if (!node) return null;
  let text = node.text.replace(/\s+/g, "");
  let many = 0;
  for (;;) {
    if (text.startsWith("[]")) {
      many++;
      text = text.slice(2);
    } else if (text.startsWith("*")) text = text.slice(1);
    else break;
  }
  return text + "[]".repeat(many);
}

/** go-resty: a client made with `resty.New()` whose requests are its verb methods (`client.R().Patch(path)`). */
const RESTY_MODULE = /^github\.com\/go-resty\/resty(?:\/v\d+)?$/;
const RESTY_VERBS = new Set(["Get", "Post", "Put", "Patch", "Delete", "Head", "Options"]);

/** The variable a chain of calls and selectors starts from (`client` of `client.R().SetBody(b)`). */
function chainRoot(node: SyntaxNode): string | null {
  let link: SyntaxNode | null = node;
  while (link) {
    if (link.type === "identifier") return link.text;
    if (link.type === "call_expression") link = link.childForFieldName("function");
    else if (link.type === "selector_expression") link = link.childForFieldName("operand");
    else return null;
  }
  return null;
}

class GoLowering extends TreeLowering {
  protected readonly grammarLabel = "Go";
  /** cloudflare-go v0 is imported. */
  private sdkImported = false;
  /** cloudflare-go v2 or later (generated like the TypeScript SDK) is imported. */
  private generatedSdkImported = false;
  private readonly sdkNames = new Set<string>();
  /** The names resty's package is imported under, and its clients' base URLs by the variable they are kept in. */
  private readonly restyNames = new Set<string>();
  private readonly restyBases = new Map<string, SyntaxNode>();
  /** The receiver of the method being lowered (`c` in `func (c *Client) get(…)`): `this` inside it; and its type. */
  private receiverName: string | null = null;
  private receiverTypeName: string | null = null;
  /**
   * The type of this package a name holds (`m := &mockAPI{…}`, `var m API = mockAPI{}`, a
   * parameter `m *mockAPI`), innermost function last: a call of a method that type declares in
   * this file is that method, not the SDK's of the same name (a test's mock of the client).
   */
  private readonly localTypes: Map<string, string | null>[] = [new Map()];
  /** Receiver types whose methods were lowered together, as one class. */
  private readonly typesWithMethods = new Set<string>();
  /** The functions and methods of this file that decode JSON into a parameter, by name (see `outParametersOf`). */
  private outParameters: ReadonlyMap<string, OutParameter> | null = null;
  /** While the copy of an out-parameter function is lowered: its parameter, which each `return` returns. */
  private returnsOutParameter: string | null = null;
  /** The results after the first that calls of this file's functions and methods are assigned (see `resultsUsedOf`). */
  private resultsUsed: ReadonlyMap<string, ReadonlySet<number>> | null = null;
  /** While the copy of a function that gives one of its results is lowered: that result's place, which each `return` returns. */
  private returnsResult: number | null = null;

  /**
   * With the names the file uses of the other files of its package, as imports (resolved by the
   * scanner to the files that declare them: see `goPackageImports`), and its own top-level names
   * (and the types it declares methods on), as exports.
   */
  override lowerTree(tree: Tree): LoweredFile {
    const at: IR.Range = [0, 0];
    const imports: IR.Statement[] = goPackageImports(this.text, this.file).map((source) => {
      const name = source.slice(GO_PACKAGE_SOURCE.length, source.lastIndexOf("@"));
      return { kind: "import", range: at, source, specifiers: [{ local: name, imported: name, range: at }] };
    });
    this.packageNames = new Set(imports.flatMap((statement) => (statement.kind === "import" ? statement.specifiers.map((specifier) => specifier.local) : [])));
    const lowered = super.lowerTree(tree, imports);
    const exported = new Set([...goTopLevelNames(this.text), ...this.typesWithMethods]);
    for (const name of exported) lowered.module.body.push({ kind: "export-named", range: at, declaration: null, specifiers: [{ local: name, exported: name }], source: null } as IR.Statement);
    return lowered;
  }

  /** The names the file uses of the other files of its package (see `lowerTree`). */
  private packageNames: ReadonlySet<string> = new Set();
  /** The JSON names struct fields of this file are given by their tags (`Zone string \`json:"zone_id"\``), by field name; null where two tags disagree. */
  private taggedFields: Map<string, string | null> | null = null;
  /** Names given a channel (`make(chan Record)`, a parameter of a `chan` type): what is sent on one is what is received. */
  private readonly channelNames = new Set<string>();

  /**
   * The key a field is read and written as: the JSON name its struct's tag gives it, for a field
   * tagged the same way wherever this file declares it; else its name in JSON's usual spelling.
   */
  private fieldKey(field: string): string {
    if (!this.taggedFields) {
      // Read from the text (a walk of the syntax tree for them cost a generated SDK's files a sixth of their lowering).
      this.taggedFields = new Map();
      for (const match of this.text.matchAll(GO_TAGGED_FIELD)) {
        const jsonName = match[2] !== "-" && match[2] !== "" ? match[2]! : jsonNameOf(match[1]!);
        const known = this.taggedFields.get(match[1]!);
        this.taggedFields.set(match[1]!, known === undefined || known === jsonName ? jsonName : null);
      }
    }
    return this.taggedFields.get(field) ?? jsonNameOf(field);
  }


  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    switch (node.type) {
      case "package_clause":
        return { kind: "other", range, children: [] };
      case "import_declaration":
        return node.descendantsOfType("import_spec").flatMap((spec) => (spec ? [this.importSpec(spec)] : []));
      case "const_declaration":
      case "var_declaration":
        return node.descendantsOfType(node.type === "const_declaration" ? "const_spec" : "var_spec").flatMap((spec) => (spec ? this.valueSpec(spec) : []));
      case "short_var_declaration":
      case "assignment_statement": {
        const left = node.childForFieldName("left")?.namedChildren.filter((n): n is SyntaxNode => n !== null) ?? [];
        const right = node.childForFieldName("right")?.namedChildren.filter((n): n is SyntaxNode => n !== null) ?? [];
        const operator = node.children.find((child) => child && !child.isNamed && /=$/.test(child.type))?.type ?? "=";
        return this.assignments(left, right, range, operator);
      }
      case "function_declaration":
      case "method_declaration": {
        // The methods of one receiver type, as one class: `c.get(path)` in `func (c *Client) Limits()`
        // is `this.get(path)`, and runs that method.
        const type = receiverType(node);
        if (type === null) {
          const declaration: IR.Statement = { kind: "function-declaration", range, fn: this.functionNode(node) };
          const copies = [this.outParameterCopy(node), ...this.resultCopies(node)].flatMap((copy): IR.Statement[] => (copy ? [{ kind: "function-declaration", range, fn: copy }] : []));
          return copies.length > 0 ? [declaration, ...copies] : declaration;
        }
        // Lowered with the first method of its type (nothing more here: each method has one model).
        if (this.typesWithMethods.has(type)) return { kind: "other", range, children: [] };
        this.typesWithMethods.add(type);
        const methods = this.methodsOf(node.parent).get(type) ?? [node];
        // Keyed as selectors read a member (`c.Setting` is `setting`, as a field `ZoneName` is `zone_name`).
        const keyOf = (method: SyntaxNode) => {
          const name = method.childForFieldName("name")?.text;
          return name === undefined ? null : jsonNameOf(name);
        };
        const members: IR.ClassMember[] = methods.flatMap((method) => {
          const member: IR.ClassMember = { range: this.range(method), key: keyOf(method), value: this.methodNode(method), isStatic: false, typeText: null };
          const copy = this.outParameterCopy(method);
          const results = this.resultCopies(method).map((fn): IR.ClassMember => ({ ...member, key: fn.name!.replace(/^[^%]*/, member.key ?? ""), value: fn }));
          return [member, ...(copy ? [{ ...member, key: `${member.key}${OUT_PARAMETER_SUFFIX}`, value: copy }] : []), ...results];
        });
        return { kind: "class-declaration", range, cls: { kind: "class", range, name: type, superClass: null, members, struct: true } };
      }
      case "block":
      case "statement_list":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "for_statement": {
        const clause = node.namedChildren.find((child) => child?.type === "range_clause");
        const body = node.childForFieldName("body");
        if (clause && body) {
          const names = clause.childForFieldName("left")?.namedChildren.filter((n): n is SyntaxNode => n !== null) ?? [];
          const right = clause.childForFieldName("right");
          // `for _, r := range records`: the element (a map's value); `for name := range settings`:
          // a map's key (a slice's index); `for name, value := range settings`: both.
          const name = (node: SyntaxNode | undefined): IR.Pattern | null =>
            node?.type === "identifier" && node.text !== "_" ? { kind: "identifier-pattern", range: this.range(node), name: node.text, typeText: null } : null;
          if (right) {
            const [key, value] = [name(names[0]), name(names[1])];
            const target: IR.Pattern = names.length > 1
              ? { kind: "array-pattern", range: this.range(clause), elements: [key, value], rest: null, typeText: null }
              : key ?? { kind: "identifier-pattern", range: this.range(clause), name: "_", typeText: null };
            // `for record := range records` over a channel: each value sent (over a slice or a map: each index or key).
            const overChannel = names.length === 1 && right.type === "identifier" && this.channelNames.has(right.text);
            return { kind: "for-of", range, declarationKind: "let", target, right: this.expression(right), body: this.statement(body) as IR.Statement, iterates: overChannel ? "elements" : names.length > 1 ? "pairs" : "keys" };
          }
        }
        return { kind: "loop", range, children: [], body: body ? (this.statement(body) as IR.Statement) : { kind: "block", range, body: [] } };
      }
      case "if_statement": {
        const initializer = node.childForFieldName("initializer");
        const condition = node.childForFieldName("condition");
        const consequence = node.childForFieldName("consequence");
        const alternative = node.childForFieldName("alternative");
        const statement = this.ifNode(range, condition, consequence, alternative ? (this.statement(alternative) as IR.Statement) : null);
        return initializer ? { kind: "block", range, body: [...[this.statement(initializer)].flat(), statement] } : statement;
      }
      case "return_statement": {
        const values = node.namedChildren[0]?.namedChildren.filter((n): n is SyntaxNode => n !== null) ?? [];
        if (this.returnsOutParameter !== null) {
          // The copy of an out-parameter function: what was returned is still run (`return dec.Decode(out)`), and the parameter returned.
          const run: IR.Statement[] = values.map((value) => ({ kind: "expression", range, expression: this.expression(value) }));
          return [...run, { kind: "return", range, argument: this.identifier(this.returnsOutParameter, range) }];
        }
        if (this.returnsResult !== null) {
          // The copy that gives one result: that one (`return zoneID, byName, nil` gives `byName`).
          const value = values.length > 1 ? values[this.returnsResult] : undefined;
          return { kind: "return", range, argument: value ? this.expression(value) : null };
        }
        return { kind: "return", range, argument: values[0] ? this.expression(values[0]) : null };
      }
      case "expression_switch_statement":
        return this.switchStatement(node);
      case "type_switch_statement":
      case "select_statement":
      case "expression_case":
      case "default_case":
      case "type_case":
      case "communication_case":
      case "defer_statement":
      case "go_statement":
      case "labeled_statement":
        return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child ? [this.statement(child)].flat() : [])) };
      case "type_declaration":
        return { kind: "other", range, children: [] };
      // `records <- record`: sent on a channel, as pushed onto a list (what `range records` and `<-records` then give).
      case "send_statement": {
        const channel = node.childForFieldName("channel");
        const value = node.childForFieldName("value");
        if (!channel || !value) return null;
        return { kind: "expression", range, expression: this.call(this.member(this.expression(channel), "push", range, range), [this.expression(value)], range) };
      }
    }
    return null;
  }

  /**
   * `switch s.ID { case "minify", "brotli": … default: … }`: a switch of the model. Each value of a
   * case is a case of its own, the last one holding the body; every body ends with a `break` (Go's
   * cases do not fall through).
   */
  private switchStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const initializer = node.childForFieldName("initializer");
    const value = node.childForFieldName("value");
    const cases: IR.SwitchStatement["cases"] = [];
    for (const child of node.namedChildren) {
      if (child?.type !== "expression_case" && child?.type !== "default_case") continue;
      const values = child.childForFieldName("value");
      const statements = child.namedChildren.filter((part): part is SyntaxNode => part !== null && part.id !== values?.id);
      const body = [...this.statements(statements), { kind: "break", range: this.range(child) } as IR.Statement];
      const tests = values ? values.namedChildren.filter((part): part is SyntaxNode => part !== null).map((part) => this.expression(part)) : [null];
      cases.push(...this.switchCases(tests, body, this.range(child)));
    }
    const statement: IR.Statement = { kind: "switch", range, discriminant: value ? this.expression(value) : { kind: "boolean", range, value: true }, cases };
    return initializer ? { kind: "block", range, body: [...[this.statement(initializer)].flat(), statement] } : statement;
  }

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "expression_statement":
      case "parenthesized_expression":
      case "literal_element":
        return node.namedChildren[0] ? this.expression(node.namedChildren[0]) : null;
      // `item.(map[string]interface{})`, `out["result"].([]interface{})`: the value asserted, as it is.
      case "type_assertion_expression": {
        const operand = node.childForFieldName("operand");
        return operand ? this.expression(operand) : null;
      }
      // `[]byte(text)`, `string(b)` (a call, as the grammar reads a conversion to a named type): the value converted.
      case "type_conversion_expression": {
        const operand = node.childForFieldName("operand");
        return operand ? this.expression(operand) : null;
      }
      // `append(all, page.Result...)`: the slice's elements, spread in place.
      case "variadic_argument":
        return node.namedChildren[0] ? { kind: "spread", range, argument: this.expression(node.namedChildren[0]) } : null;
      case "identifier":
        return this.receiverName !== null && node.text === this.receiverName ? { kind: "this", range } : this.identifier(node.text, range);
      case "interpreted_string_literal":
        return this.string(unescapeText(node.text.slice(1, -1)), range);
      case "raw_string_literal":
        return this.string(node.text.slice(1, -1), range);
      case "int_literal":
      case "float_literal":
        return { kind: "number", range, value: Number(node.text.replace(/_/g, "")), raw: node.text };
      case "true":
      case "false":
        return { kind: "boolean", range, value: node.type === "true" };
      case "nil":
        return { kind: "null", range };
      case "selector_expression": {
        const operand = node.childForFieldName("operand");
        const field = node.childForFieldName("field");
        if (!operand || !field) return null;
        // http.MethodPatch is "PATCH"
        const methodConstant = operand.text === "http" ? /^Method([A-Z][a-z]+)$/.exec(field.text) : null;
        if (methodConstant) return this.string(methodConstant[1]!.toUpperCase(), range);
        return this.member(this.expression(operand), this.fieldKey(field.text), range, this.range(field));
      }
      case "index_expression": {
        const operand = node.childForFieldName("operand");
        const index = node.childForFieldName("index");
        if (!operand || !index) return null;
        const key = this.expression(index);
        return this.member(this.expression(operand), key.kind === "string" ? key.value : key.kind === "number" ? String(key.value) : null, range, key.range, key);
      }
      case "binary_expression":
        return this.fieldBinary(node, range);
      case "unary_expression": {
        const operand = node.childForFieldName("operand");
        // `<-ch`: a value sent on the channel.
        if (operand && node.childForFieldName("operator")?.text === "<-") return this.member(this.expression(operand), "0", range, range, { kind: "number", range, value: 0, raw: "0" });
        return operand ? this.expression(operand) : null;
      }
      case "composite_literal":
        return this.compositeLiteral(node);
      case "literal_value":
        return this.literalValue(node);
      case "call_expression":
        return this.callExpression(node);
      case "func_literal":
        return this.functionNode(node);
    }
    return null;
  }

  /**
   * `client := resty.New().SetBaseURL("https://…")` (or `SetHostURL`, or a client of a client
   * noted before): the base its requests' paths follow, kept by the variable's name. Another value
   * assigned to the name forgets it.
   */
  private noteRestyBase(name: string, value: SyntaxNode): void {
    this.restyBases.delete(name);
    let base: SyntaxNode | null = null;
    for (let link: SyntaxNode | null = value; link?.type === "call_expression"; ) {
      const callee = link.childForFieldName("function");
      if (callee?.type !== "selector_expression") return;
      const operand = callee.childForFieldName("operand");
      const field = callee.childForFieldName("field")?.text ?? "";
      if ((field === "SetBaseURL" || field === "SetHostURL") && !base) base = link.childForFieldName("arguments")?.namedChildren[0] ?? null;
      if (field === "New" && operand?.type === "identifier" && this.restyNames.has(operand.text)) {
        if (base) this.restyBases.set(name, base);
        return;
      }
      link = operand;
    }
  }

  private importSpec(spec: SyntaxNode): IR.Statement {
    const path = spec.childForFieldName("path");
    const source = path ? path.text.slice(1, -1) : "";
    const alias = spec.childForFieldName("name")?.text;
    // A module's major version is no part of its package's name (`github.com/go-chi/chi/v5` is `chi`).
    const local = alias ?? source.replace(/\/v\d+$/, "").split("/").at(-1)!.replace(/^go-/, "").replace(/-go$/, "");
    if (RESTY_MODULE.test(source)) this.restyNames.add(local);
    const sdk = GO_SDK_MODULE.test(source) || GO_GENERATED_SDK_MODULE.test(source);
    if (sdk) {
      if (GO_SDK_MODULE.test(source)) this.sdkImported = true;
      else this.generatedSdkImported = true;
      this.sdkNames.add(alias ?? "cloudflare");
    }
    return { kind: "import", range: this.range(spec), source: `go:${source}`, specifiers: [{ local: alias ?? (sdk ? "cloudflare" : local), imported: "*", range: this.range(spec) }] };
  }

  private valueSpec(spec: SyntaxNode): IR.Statement[] {
    const names = spec.childrenForFieldName("name").filter((n): n is SyntaxNode => n !== null);
    const values = spec.childForFieldName("value")?.namedChildren.filter((n): n is SyntaxNode => n !== null) ?? [];
    const typeText = typeTextOf(spec.childForFieldName("type"));
    return names.map((name, index) => {
      const value = values[index];
      this.noteLocalType(name.text, value ?? null);
      // `var all []dnsRecord`: a slice's zero value, an empty list (filled with `append`).
      const zero = spec.childForFieldName("type")?.type === "slice_type" ? this.array([], this.range(name)) : this.opaque(this.range(name));
      return this.assignment(name.text, this.range(name), value ? this.expression(value) : zero, this.range(spec), typeText);
    });
  }

  private assignments(left: SyntaxNode[], right: SyntaxNode[], range: IR.Range, operator: string): IR.Statement[] {
    // `req, err := http.NewRequest(…)`: a request, sent by `client.Do(req)`.
    const first = left[0];
    if (first?.type === "identifier" && right.length === 1) {
      const made = right[0]!.type === "call_expression" ? right[0]!.childForFieldName("function")?.text : undefined;
      if (made === "http.NewRequest" || made === "http.NewRequestWithContext") this.httpRequestNames.add(first.text);
      else this.httpRequestNames.delete(first.text);
    }
    // `records, _, err := api.ListDNSRecords(…)`: the first name gets the call's first result; a
    // later one, of a function of this file, what the copy giving that result returns.
    if (right.length === 1 && left.length > 1) {
      const value = this.expression(right[0]!);
      const sdkResult = this.dnsRecordResult(right[0]!);
      const later = (index: number, name: SyntaxNode) => this.laterResult(right[0]!, index) ?? this.opaque(this.range(name));
      return left.map((name, index) =>
        name.type === "identifier" && name.text !== "_"
          ? this.assignment(name.text, this.range(name), index === 0 ? (sdkResult ? this.opaque(this.range(name), [value]) : value) : later(index, name), range, index === 0 ? sdkResult : null)
          : { kind: "expression", range: this.range(name), expression: index === 0 ? value : this.opaque(this.range(name)) },
      );
    }
    return left.map((name, index) => {
      const valueNode = right[index];
      if (name.type === "identifier" && valueNode && this.restyNames.size > 0) this.noteRestyBase(name.text, valueNode);
      if (name.type === "identifier") this.noteLocalType(name.text, valueNode ?? null);
      let value = valueNode ? this.expression(valueNode) : this.opaque(range);
      const typeText = valueNode ? this.dnsRecordResult(valueNode) : null;
      if (operator !== "=" && operator !== ":=") value = this.binary(operator.slice(0, -1), this.expression(name), value, range);
      if (name.type === "identifier") {
        if (name.text === "_") return { kind: "expression", range, expression: value };
        return this.assignment(name.text, this.range(name), typeText ? this.opaque(value.range, [value]) : value, range, typeText);
      }
      return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(name), expression: this.expression(name) }, value } };
    });
  }

  /** The names given a request made by `http.NewRequest(…)` (sent later with `client.Do(req)`). */
  private readonly httpRequestNames = new Set<string>();

  /** `out = <body>` for `json.Unmarshal(body, &out)` and `json.NewDecoder(resp.Body).Decode(&out)`; null for other calls. */
  private decodedInto(packageName: string | null, name: string, operand: SyntaxNode | null, args: SyntaxNode[], lowered: IR.Expression[], range: IR.Range): IR.Expression | null {
    const target = (node: SyntaxNode | undefined) => outTarget(node, this.returnsOutParameter);
    let into: SyntaxNode | null = null;
    let value: IR.Expression | null = null;
    if (packageName === "json" && name === "Unmarshal" && args.length === 2) [into, value] = [target(args[1]), this.parsedJson(lowered[0]!, range)];
    if (name === "Decode" && args.length === 1 && operand?.type === "call_expression") {
      const decoder = operand.childForFieldName("function");
      const source = operand.childForFieldName("arguments")?.namedChildren.find((n) => n !== null && n.type !== "comment");
      if (decoder?.text === "json.NewDecoder" && source?.type === "selector_expression" && source.childForFieldName("field")?.text === "Body") {
        const response = source.childForFieldName("operand");
        [into, value] = [target(args[0]), response ? this.responseJson(this.expression(response), range) : null];
      } else if (decoder?.text === "json.NewDecoder" && source) {
        // A reader given to a helper (`func decode(r io.Reader, out any)` called with `res.Body`): its text, parsed.
        [into, value] = [target(args[0]), this.parsedJson(this.expression(source), range)];
      }
    }
    if (!into || !value || into.type !== "identifier") return null;
    return { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(into), expression: this.expression(into) }, value };
  }

  /** The declared type an SDK call's first result has (`DNSRecord[]`), or `null`. */
  private dnsRecordResult(node: SyntaxNode): string | null {
    if (!this.sdkImported || node.type !== "call_expression") return null;
    const callee = node.childForFieldName("function");
    const name = callee?.type === "selector_expression" ? callee.childForFieldName("field")?.text : undefined;
    const kind = name ? GO_SDK_DNS_RECORD_RESULTS[name] : undefined;
    return kind ? (kind === "records" ? "DNSRecord[]" : "DNSRecord") : null;
  }

  private functionNode(node: SyntaxNode): IR.FunctionNode {
    const name = node.childForFieldName("name");
    const parameters = node.childForFieldName("parameters");
    const body = node.childForFieldName("body");
    const params: { name: string; range: IR.Range; type: string | null }[] = [];
    for (const declaration of parameters?.namedChildren ?? []) {
      if (!declaration) continue;
      const type = typeTextOf(declaration.childForFieldName("type"));
      const channel = declaration.childForFieldName("type")?.type === "channel_type";
      for (const paramName of declaration.childrenForFieldName("name")) {
        if (!paramName) continue;
        params.push({ name: paramName.text, range: this.range(paramName), type });
        if (channel) this.channelNames.add(paramName.text);
      }
    }
    this.localTypes.push(new Map(params.map((p) => [p.name, p.type !== null && /^[A-Za-z_]\w*$/.test(p.type) ? p.type : null])));
    try {
      return this.scopedFunction(name?.text ?? null, params, body, this.range(node));
    } finally {
      this.localTypes.pop();
    }
  }

  /** Notes the type of this package a name is assigned (`&T{…}`, `T{…}`, `new(T)`), or that it holds none known. */
  private noteLocalType(name: string, value: SyntaxNode | null): void {
    if (value?.type === "call_expression" && value.childForFieldName("function")?.text === "make" && value.childForFieldName("arguments")?.namedChildren[0]?.type === "channel_type") this.channelNames.add(name);
    let node = value;
    if (node?.type === "unary_expression" && node.childForFieldName("operator")?.text === "&") node = node.childForFieldName("operand");
    let type: string | null = null;
    if (node?.type === "composite_literal") type = node.childForFieldName("type")?.type === "type_identifier" ? node.childForFieldName("type")!.text : null;
    else if (node?.type === "call_expression" && node.childForFieldName("function")?.text === "new") {
      const argument = node.childForFieldName("arguments")?.namedChildren[0];
      type = argument?.type === "type_identifier" ? argument.text : null;
    }
    this.localTypes[this.localTypes.length - 1]!.set(name, type);
  }

  /** Whether `operand.name(…)` calls a method this file declares on the operand's own type. */
  private callsOwnMethod(operand: SyntaxNode | null, name: string): boolean {
    if (operand?.type !== "identifier") return false;
    let type: string | null | undefined = operand.text === this.receiverName ? this.receiverTypeName : undefined;
    for (let index = this.localTypes.length - 1; type === undefined && index >= 0; index--) type = this.localTypes[index]!.get(operand.text);
    if (!type) return false;
    return this.methodsOf(operand.tree.rootNode).get(type)?.some((method) => method.childForFieldName("name")?.text === name) ?? false;
  }

  /** The method declarations of a file, by receiver type: read once (a generated file declares thousands). */
  private methodsByType: { parent: SyntaxNode; byType: Map<string, SyntaxNode[]> } | null = null;
  private methodsOf(parent: SyntaxNode | null): Map<string, SyntaxNode[]> {
    if (!parent) return new Map();
    if (this.methodsByType?.parent.id !== parent.id) {
      const byType = new Map<string, SyntaxNode[]>();
      for (const child of parent.namedChildren) {
        if (child?.type !== "method_declaration") continue;
        const type = receiverType(child);
        if (type === null) continue;
        const list = byType.get(type);
        if (list) list.push(child);
        else byType.set(type, [child]);
      }
      this.methodsByType = { parent, byType };
    }
    return this.methodsByType.byType;
  }

  /** A method, its receiver (`c` of `func (c *Client)`) read as `this`. */
  private methodNode(node: SyntaxNode): IR.FunctionNode {
    const [outer, outerType] = [this.receiverName, this.receiverTypeName];
    this.receiverName = receiverParameter(node)?.childForFieldName("name")?.text ?? null;
    this.receiverTypeName = receiverType(node);
    try {
      return this.functionNode(node);
    } finally {
      [this.receiverName, this.receiverTypeName] = [outer, outerType];
    }
  }

  private compositeLiteral(node: SyntaxNode): IR.Expression {
    const body = node.childForFieldName("body");
    const type = node.childForFieldName("type");
    if (!body) return this.opaque(this.range(node));
    // An empty `T{}` of a struct or map type is an empty record (of a slice or array type, a list).
    const list = type?.type === "slice_type" || type?.type === "array_type" || type?.type === "implicit_length_array_type";
    const value = { ...this.literalValue(body, list), range: this.range(node) };
    // `[]T{…}`, `map[string]T{…}`, `T{…}` of this package or the SDK: the literal is the data it
    // builds (a record or a list). `schema.StringAttribute{…}` of another package is a Go value of
    // that package, not a payload: what it holds is still read, but it is not a record of the API.
    const foreign = type?.type === "qualified_type" && !this.sdkNames.has(type.childForFieldName("package")?.text ?? "");
    if (foreign) return this.opaque(this.range(node), [value]);
    // cloudflare-go's `LogpushJobFilters` marshals itself as the filter's JSON text (v0's
    // `Filter: &cloudflare.LogpushJobFilters{Where: …}`): the text it becomes, checked as such;
    // an empty one, filled in afterwards (`f.Where = …`), is not known.
    if (type?.type === "qualified_type" && SELF_SERIALISED_SDK_TYPES.has(type.childForFieldName("name")?.text ?? "")) {
      return value.kind === "object" && value.properties.length > 0 ? this.jsonText(value, this.range(node)) : this.opaque(this.range(node), [value]);
    }
    // `&Client{Token: t}` of a type this file declares methods on: an instance of it (its methods
    // run on it, `c.ListRecords(zone)`), holding the fields given.
    if (type?.type === "type_identifier" && value.kind === "object" && this.methodsOf(node.tree.rootNode).has(type.text)) {
      return { kind: "new", range: this.range(node), callee: this.identifier(type.text, this.range(type)), args: [value] };
    }
    // Of a type another file of the package declares: an instance where that file declares methods
    // on it, else the record written (see `NewExpression.literal`).
    if (type?.type === "type_identifier" && value.kind === "object" && this.packageNames.has(type.text)) {
      return { kind: "new", range: this.range(node), callee: this.identifier(type.text, this.range(type)), args: [value], literal: true };
    }
    return value;
  }

  private literalValue(node: SyntaxNode, list = true): IR.ObjectLiteral | IR.ArrayLiteral {
    const elements = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    if (elements.length === 0 ? !list : elements.every((element) => element.type === "keyed_element")) {
      return this.object(
        elements.flatMap((element): IR.Property[] => {
          const key = element.childForFieldName("key") ?? element.namedChildren[0];
          const value = element.childForFieldName("value") ?? element.namedChildren[1];
          if (!key || !value) return [];
          const keyNode = key.type === "literal_element" ? key.namedChildren[0] : key;
          const keyExpression = keyNode ? this.expression(keyNode) : null;
          const keyText = keyNode?.type === "identifier" || keyNode?.type === "field_identifier" ? this.fieldKey(keyNode.text) : keyExpression?.kind === "string" ? keyExpression.value : null;
          return [this.property(keyText, this.range(key), this.expression(value), this.range(element), keyText === null ? keyExpression : null)];
        }),
        this.range(node),
      );
    }
    return this.array(elements.map((element) => this.expression(element)), this.range(node));
  }

  private callExpression(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    const callee = node.childForFieldName("function");
    const args = node.childForFieldName("arguments")?.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment") ?? [];
    if (!callee) return null;
    // make(map[string]any): an empty map, filled key by key (`data["proto"] = "_tcp"`), as `map[string]any{}` is
    if (callee.type === "identifier" && callee.text === "make" && args[0]?.type === "map_type") return this.object([], range);
    // string(b): the bytes as text (a conversion, which the grammar reads as a call).
    if (callee.type === "identifier" && callee.text === "string" && args.length === 1) return this.expression(args[0]!);
    // make(chan Record): a channel, as an empty list that sends push onto.
    if (callee.type === "identifier" && callee.text === "make" && args[0]?.type === "channel_type") return this.array([], range);
    const lowered = args.map((arg) => this.expression(arg));
    if (callee.type === "selector_expression") {
      const operand = callee.childForFieldName("operand");
      const field = callee.childForFieldName("field");
      const name = field?.text ?? "";
      const packageName = operand?.type === "identifier" ? operand.text : null;
      // fmt.Sprintf("%s/zones/%s", base, id)
      if (packageName === "fmt" && SPRINTF.has(name) && lowered[0]?.kind === "string") {
        return this.template(formatPieces(lowered[0].value, lowered.slice(1), () => this.opaque(range)), range);
      }
      // fmt.Sprintf(APIRoot+"zones/%s/analytics/colos", id): the verbs are in the parts written out
      if (packageName === "fmt" && SPRINTF.has(name) && args[0]?.type === "binary_expression" && args[0].childForFieldName("operator")?.text === "+") {
        const cursor = { next: 0 };
        const pieces = concatenatedOperands(args[0]).flatMap((operand) => {
          const part = this.expression(operand);
          return part.kind === "string" ? formatPieces(part.value, lowered.slice(1), () => this.opaque(range), cursor) : [part];
        });
        return this.template(pieces, range);
      }
      // strings.Join(parts, "/"); path.Join("zones", id) and url.JoinPath(base, "zones", id): the pieces joined with "/".
      if (packageName === "strings" && name === "Join" && lowered.length === 2) return this.call(this.member(lowered[0]!, "join", range, range), [lowered[1]!], range);
      // strings.TrimPrefix(path, "/"), strings.ToUpper(method): the string methods that do the same.
      const stringMethod = packageName === "strings" ? GO_STRING_FUNCTIONS[name] : undefined;
      if (stringMethod && lowered.length >= 1 && lowered.length <= 2) return this.call(this.member(lowered[0]!, stringMethod, range, range), lowered.slice(1), range);
      if ((packageName === "path" && name === "Join") || (packageName === "url" && name === "JoinPath")) {
        return this.call(this.member(this.array(lowered, range), "join", range, range), [this.string("/", range)], range);
      }
      // client.R().SetBody(b).Patch("/zones/…") on client := resty.New().SetBaseURL("https://…")
      if (RESTY_VERBS.has(name) && operand && this.restyBases.size > 0) {
        const base = this.restyBases.get(chainRoot(operand) ?? "");
        if (base && lowered[0]) return this.request(range, this.afterBase(base, lowered[0]), name.toUpperCase(), null, lowered);
      }
      // exec.Command("curl", "-X", "PATCH", url): the curl command it runs
      if (packageName === "exec" && (name === "Command" || name === "CommandContext")) {
        const program = lowered[name === "Command" ? 0 : 1];
        if (program?.kind === "string" && isCurl(program.value)) return this.curlRequest(range, this.commandWords(lowered.slice(name === "Command" ? 1 : 2)));
      }
      // client.Do(req) on a request made by http.NewRequest: that request's response.
      if (name === "Do" && args.length === 1 && args[0]!.type === "identifier" && this.httpRequestNames.has(args[0]!.text)) return lowered[0]!;
      // io.ReadAll(resp.Body): the body (what json.Unmarshal then decodes).
      if ((packageName === "io" || packageName === "ioutil") && name === "ReadAll" && args[0]?.type === "selector_expression" && args[0].childForFieldName("field")?.text === "Body") {
        const response = args[0].childForFieldName("operand");
        if (response) return this.responseJson(this.expression(response), range);
      }
      // io.ReadAll(r) of another reader (a helper's parameter given `res.Body`): what it reads, as text.
      if ((packageName === "io" || packageName === "ioutil") && name === "ReadAll" && args.length === 1) return lowered[0]!;
      // json.Unmarshal(body, &out), json.NewDecoder(resp.Body).Decode(&out): `out` is given the decoded body.
      const decoded = this.decodedInto(packageName, name, operand, args, lowered, range);
      if (decoded) return decoded;
      // c.do("GET", path, nil, &out) of a method that decodes into its parameter: `out` is given what it decodes.
      const intoOut = operand ? this.callIntoOutParameter(callee, name, args, lowered, range) : null;
      if (intoOut) return intoOut;
      if (packageName === "http" && (name === "NewRequest" || name === "NewRequestWithContext")) {
        const offset = name === "NewRequest" ? 0 : 1;
        return this.request(range, lowered[offset + 1] ?? null, lowered[offset] ?? null, lowered[offset + 2] ?? null, lowered);
      }
      if (this.sdkImported && field && !(packageName !== null && this.sdkNames.has(packageName)) && !this.callsOwnMethod(operand, name)) {
        const sdk = this.sdkCall(name, field, lowered, range);
        if (sdk) return sdk;
      }
      if (this.generatedSdkImported && field) {
        const sdk = this.generatedSdkCall(callee, name, lowered, range);
        if (sdk) return sdk;
      }
    }
    if (callee.type === "identifier") {
      const intoOut = this.callIntoOutParameter(callee, callee.text, args, lowered, range);
      if (intoOut) return intoOut;
    }
    return this.call(this.expression(callee), lowered, range);
  }

  /**
   * `decodeBody(res.Body, &parsed)`, `c.do("GET", path, nil, &out)` where the function (or method)
   * of this file decodes JSON into that parameter: `parsed = decodeBody%out(res.Body, parsed)`, the
   * copy of the function that returns what it decoded (see `outParameterCopy`).
   */
  private callIntoOutParameter(callee: SyntaxNode, name: string, args: SyntaxNode[], lowered: IR.Expression[], range: IR.Range): IR.Expression | null {
    const out = (this.outParameters ??= outParametersOf(callee.tree.rootNode, this.text)).get(name);
    if (!out || out.method !== (callee.type === "selector_expression")) return null;
    const into = outTarget(args[out.index], this.returnsOutParameter);
    if (!into || (into.type !== "identifier" && into.type !== "selector_expression")) return null;
    const copyCallee = callee.type === "selector_expression"
      ? this.member(this.expression(callee.childForFieldName("operand")!), `${jsonNameOf(name)}${OUT_PARAMETER_SUFFIX}`, this.range(callee), this.range(callee.childForFieldName("field") ?? callee))
      : this.identifier(`${name}${OUT_PARAMETER_SUFFIX}`, this.range(callee));
    const target: IR.Pattern = into.type === "identifier"
      ? { kind: "expression-pattern", range: this.range(into), expression: this.identifier(into.text, this.range(into)) }
      : { kind: "expression-pattern", range: this.range(into), expression: this.expression(into) };
    // (The copy does not read what it is given in that place: passing the name on would make the write read itself.)
    const given = lowered.map((arg, index) => (index === out.index ? this.opaque(arg.range) : arg));
    return { kind: "assign", range, operator: "=", target, value: this.call(copyCallee, given, range) };
  }

  /** The copy of a function that decodes JSON into its parameter, returning that parameter (null for other functions). */
  private outParameterCopy(node: SyntaxNode): IR.FunctionNode | null {
    const name = node.childForFieldName("name")?.text;
    const out = name === undefined ? undefined : (this.outParameters ??= outParametersOf(node.tree.rootNode, this.text)).get(name);
    if (!out || out.method !== (node.type === "method_declaration")) return null;
    const outer = this.returnsOutParameter;
    this.returnsOutParameter = out.name;
    try {
      const copy = node.type === "method_declaration" ? this.methodNode(node) : this.functionNode(node);
      const at = copy.range;
      // The parameter becomes a variable of the copy, declared empty: what it holds is what the body writes into it.
      const declared: IR.Statement = { kind: "var", range: at, declarationKind: "let", declarations: [{ range: at, target: { kind: "identifier-pattern", range: at, name: out.name, typeText: null }, init: null }] };
      const params = copy.params.map((param, index): IR.Pattern => (index === out.index ? { kind: "identifier-pattern", range: param.range, name: "%given", typeText: null } : param));
      return { ...copy, name: `${name}${OUT_PARAMETER_SUFFIX}`, params, body: [declared, ...(copy.body as IR.Statement[]), { kind: "return", range: at, argument: this.identifier(out.name, at) }] };
    } finally {
      this.returnsOutParameter = outer;
    }
  }

  /**
   * `zoneID, byName, err := records(zone)` of a function (or method) of this file: `byName` is what
   * `records%r1(zone)` returns, the copy of the function that gives its second result. Null for
   * other calls.
   */
  private laterResult(call: SyntaxNode, index: number): IR.Expression | null {
    if (call.type !== "call_expression") return null;
    const callee = call.childForFieldName("function");
    const method = callee?.type === "selector_expression";
    const name = method ? callee.childForFieldName("field")?.text : callee?.type === "identifier" ? callee.text : undefined;
    if (!callee || name === undefined || !(this.resultsUsed ??= resultsUsedOf(this.text)).get(resultKey(name, method))?.has(index)) return null;
    const range = this.range(call);
    const copyName = `${method ? jsonNameOf(name) : name}${RESULT_SUFFIX}${index}`;
    const copyCallee = method ? this.member(this.expression(callee.childForFieldName("operand")!), copyName, range, this.range(callee.childForFieldName("field")!)) : this.identifier(copyName, this.range(callee));
    const args = call.childForFieldName("arguments")?.namedChildren.filter((n): n is SyntaxNode => n !== null && n.type !== "comment") ?? [];
    return this.call(copyCallee, args.map((arg) => this.expression(arg)), range);
  }

  /** The copies of a function that give each of its later results that a call of this file assigns (`%r1`, `%r2`…). */
  private resultCopies(node: SyntaxNode): IR.FunctionNode[] {
    const name = node.childForFieldName("name")?.text;
    if (name === undefined) return [];
    const used = (this.resultsUsed ??= resultsUsedOf(this.text)).get(resultKey(name, node.type === "method_declaration"));
    if (!used) return [];
    const results = node.childForFieldName("result");
    const types = results?.type === "parameter_list" ? results.namedChildren.flatMap((declaration) => (declaration ? Array(Math.max(1, declaration.childrenForFieldName("name").length)).fill(declaration.childForFieldName("type")?.text ?? "") : [])) : [];
    const copies: IR.FunctionNode[] = [];
    for (const index of used) {
      // An error, or the `ok` of a lookup: no value of the API.
      if (index >= types.length || types[index] === "error" || types[index] === "bool") continue;
      const outer = this.returnsResult;
      this.returnsResult = index;
      try {
        const copy = node.type === "method_declaration" ? this.methodNode(node) : this.functionNode(node);
        copies.push({ ...copy, name: `${name}${RESULT_SUFFIX}${index}` });
      } finally {
        this.returnsResult = outer;
      }
    }
    return copies;
  }

  /** A method of the official SDK that calls an endpoint of the schedule, as that request. */
  private sdkCall(name: string, field: SyntaxNode, args: IR.Expression[], range: IR.Range): IR.Expression | null {
    const fieldRange = this.range(field);
    const route = GO_SDK_ROUTES[name];
    if (route) return this.request(range, this.routeUrl(route.path, fieldRange), route.method, null, args);
    const setting = GO_SDK_SETTING_METHODS[name];
    if (!setting) return null;
    if ("position" in setting) {
      const id = args[setting.position];
      return id ? this.opaque(range, [this.request(range, this.template([API_BASE, "/zones/", this.opaque(fieldRange), "/settings/", id], fieldRange), setting.method, null), ...args]) : null;
    }
    // Each setting id written in the arguments (`ID: "minify"`, `Name: "brotli"`) is one request, located at the id.
    const ids: IR.Expression[] = [];
    const visit = (expression: IR.Expression) => {
      if (expression.kind === "object") {
        for (const property of expression.properties) {
          if (property.kind !== "property") continue;
          if (property.key === jsonNameOf(setting.key)) ids.push(property.value);
          else visit(property.value);
        }
      } else if (expression.kind === "array") for (const element of expression.elements) if (element) visit(element);
    };
    args.forEach(visit);
    // UpdateZoneSettings(ctx, zoneID, settings): the settings given in a variable (a slice built with
    // `append`, a params struct): the id of each of its elements, or its own.
    if (ids.length === 0) {
      const key = jsonNameOf(setting.key);
      for (const arg of args.slice(1)) {
        if (arg.kind !== "identifier") continue;
        ids.push(this.member(this.member(arg, null, arg.range, arg.range), key, arg.range, arg.range), this.member(arg, key, arg.range, arg.range));
      }
    }
    if (ids.length === 0) return null;
    const requests = ids.map((id) => this.request(range, this.template([API_BASE, "/zones/", this.opaque(fieldRange), "/settings/", id], fieldRange), setting.method, null));
    return this.opaque(range, [...requests, ...args]);
  }

  /**
   * `r.client.Firewall.Rules.New(ctx, …)` of the generated SDK: the longest run of exported fields
   * before the method that names a resource of the TypeScript SDK table, and the method in its
   * TypeScript spelling. `{N}` in a route is the method's N-th argument after the context.
   */
  private generatedSdkCall(callee: SyntaxNode, name: string, args: IR.Expression[], range: IR.Range): IR.Expression | null {
    const fields: string[] = [];
    for (let operand = callee.childForFieldName("operand"); operand?.type === "selector_expression"; operand = operand.childForFieldName("operand")) {
      const field = operand.childForFieldName("field")?.text ?? "";
      if (!/^[A-Z]/.test(field)) break;
      fields.unshift(camelNameOf(field));
    }
    const method = GO_GENERATED_SDK_METHODS[name] ?? camelNameOf(name);
    for (let start = 0; start < fields.length; start++) {
      const route = SDK_ROUTES[fields.slice(start).join(".")]?.[method];
      if (!route) continue;
      const at = this.range(callee.childForFieldName("field")!);
      return this.request(range, this.routeUrl(route.path, at, args.slice(1)), route.method, null, args);
    }
    return null;
  }

}

/** A struct field with a `json` tag (`Zone string \`json:"zone_id"\``): its name and its JSON name. */
const GO_TAGGED_FIELD = /^[ \t]*([A-Za-z_]\w*)[ \t]+[^\n`]*`[^`\n]*\bjson:"([^",]*)/gm;

/** The receiver's declaration of a method (`c *Client` of `func (c *Client) get(…)`). */
function receiverParameter(method: SyntaxNode): SyntaxNode | null {
  return method.childForFieldName("receiver")?.namedChildren.find((child) => child?.type === "parameter_declaration") ?? null;
}

/** The type a method is declared on (`Client` for `*Client` and `Client[T]`), or `null`. */
function receiverType(method: SyntaxNode): string | null {
  const type = receiverParameter(method)?.childForFieldName("type")?.text ?? null;
  return type === null ? null : (/^\*?\s*([A-Za-z_]\w*)/.exec(type)?.[1] ?? null);
}

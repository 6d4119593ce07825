/**
 * C#: string literals (regular, verbatim, raw), interpolated strings (`$"zones/{id}/firewall/rules"`),
 * `+`, `string.Format`/`string.Concat`/`string.Join`, `nameof`; classes, records, structs and
 * interfaces (fields, `const` and `static readonly` values, properties with an initializer or a
 * getter, constructors, methods; a name of the class's own used without `this.`), locals,
 * `foreach`, `if`, lambdas, local functions; arrays, lists and dictionaries with their
 * initializers, anonymous objects (`new { value = "on" }`), `list.Add`, `dict.Add`/`dict[k] = v`;
 * `HttpMethod.Patch` and RestSharp's `Method.Post` as their method's name. Requests: HttpClient
 * (`GetAsync`, `PostAsync`, `PatchAsJsonAsync`…, with or without type arguments, as any client
 * wrapper of that shape names them), `new HttpRequestMessage(method, url) { Content = … }`,
 * RestSharp's `new RestRequest(url, Method.Patch)` and WebClient (`UploadString(url, "PATCH", …)`).
 * A wrapper of the class (`this.PatchAsync(path, body)`) is followed as in every language.
 */
import { csharpTypeImports, parseCSharpTypeSpecifier } from "../core/import-graph.js";
import type * as IR from "../core/ir.js";
import { CSHARP_TYPE_SOURCE } from "../core/libraries.js";
import { type ClassContext, ClassScope } from "./class-scope.js";
import { bracePieces, TreeLowering, unescapeText, type LoweredFile } from "./lowering.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

const CLASS_TYPES = new Set(["class_declaration", "interface_declaration", "record_declaration", "struct_declaration", "enum_declaration"]);
/** HttpClient's methods (and those of client wrappers written in its image), by the method each sends, and whether a body follows the URL. */
const CLIENT_VERBS: Readonly<Record<string, { method: string; body: boolean }>> = {
  GetAsync: { method: "GET", body: false },
  GetStringAsync: { method: "GET", body: false },
  GetStreamAsync: { method: "GET", body: false },
  GetByteArrayAsync: { method: "GET", body: false },
  GetFromJsonAsync: { method: "GET", body: false },
  PostAsync: { method: "POST", body: true },
  PostAsJsonAsync: { method: "POST", body: true },
  PutAsync: { method: "PUT", body: true },
  PutAsJsonAsync: { method: "PUT", body: true },
  PatchAsync: { method: "PATCH", body: true },
  PatchAsJsonAsync: { method: "PATCH", body: true },
  DeleteAsync: { method: "DELETE", body: false },
  DeleteFromJsonAsync: { method: "DELETE", body: false },
};
/** Receivers whose `GetAsync(key)` is no request: caches, stores, dictionaries, repositories. */
const NOT_A_CLIENT = /cache|store|dict|map|repo|db|context|table|queue|bucket|kv|session|storage/i;
/** Enums whose members are HTTP methods: `HttpMethod.Patch`, RestSharp's `Method.Patch` (`Method.PATCH` before v107). */
const METHOD_ENUMS = /^(?:HttpMethod|Method|HttpVerb|System\.Net\.Http\.HttpMethod|RestSharp\.Method)$/;
const HTTP_METHOD = /^(?:get|post|put|patch|delete|head|options)$/i;
/** Calls that give their first argument's value (`Uri.EscapeDataString(id)`, a body serialized, content made of it). */
const VALUE_KEEPING = new Set(["Uri.EscapeDataString", "Uri.EscapeUriString", "HttpUtility.UrlEncode", "WebUtility.UrlEncode", "HttpUtility.UrlPathEncode", "Convert.ToString"]);
const SERIALIZERS = new Set(["JsonConvert.SerializeObject", "JsonSerializer.Serialize", "JsonContent.Create"]);
/** JSON parsers of a text (Json.NET, System.Text.Json): the parsed value, as `JSON.parse` gives it. */
const JSON_PARSERS = new Set(["JObject.Parse", "JArray.Parse", "JToken.Parse", "JsonDocument.Parse", "JsonNode.Parse", "JsonConvert.DeserializeObject", "JsonSerializer.Deserialize", "Newtonsoft.Json.JsonConvert.DeserializeObject", "System.Text.Json.JsonSerializer.Deserialize"]);
/** `response.Content`'s readers: of its text (parsed later), of its JSON. */
const CONTENT_TEXT_READERS = new Set(["ReadAsStringAsync", "ReadAsStreamAsync", "ReadAsByteArrayAsync", "ReadAsString", "ReadAsStream"]);
const CONTENT_JSON_READERS = new Set(["ReadFromJsonAsync", "ReadAsAsync"]);
/** A JSON element's readers that keep it (System.Text.Json's `EnumerateArray()`, Json.NET's `Children()`), and those that read a field by name. */
const JSON_ELEMENT_SAME = new Set(["EnumerateArray", "Children", "AsArray", "AsObject", "ToObject"]);
const JSON_FIELD_READERS = new Set(["GetProperty", "TryGetProperty", "Value", "SelectToken", "GetValue"]);
/** Types whose construction gives (or wraps) their first argument: `new Uri(u)`, `new StringContent(json, …)`. */
const WRAPPING_TYPES = new Set(["Uri", "StringContent", "StringBuilder"]);
/** Dictionaries and JSON objects made empty, to be filled key by key (`new Dictionary<string, object>()`, Json.NET's `new JObject()`). */
const EMPTY_RECORD_TYPE = /^(?:(?:Sorted|Concurrent)?Dictionary|Hashtable|ExpandoObject|JObject|JsonObject)$/;
/** Lists made empty, to be filled element by element. */
const EMPTY_LIST_TYPE = /^(?:List|Collection|ObservableCollection|HashSet|JArray|JsonArray)$/;
/** String methods, as the model's JavaScript names. */
const STRING_METHODS: Readonly<Record<string, string>> = { ToLower: "toLowerCase", ToLowerInvariant: "toLowerCase", ToUpper: "toUpperCase", ToUpperInvariant: "toUpperCase", Trim: "strip", TrimStart: "lstrip", TrimEnd: "rstrip", Replace: "replaceAll", Contains: "includes", StartsWith: "startsWith", EndsWith: "endsWith", Split: "split", ToString: "toString", Substring: "substring", Select: "map", Where: "filter", Concat: "concat" };
/** Helpers that add a query string to an address (`AddParameters`, `WithQuery`, Flurl's `SetQueryParams`). */
const QUERY_ADDING = /^(?:Add|With|Append|Set)(?:Query|Parameters?|Params)\w*$/;
/** LINQ and collection calls that give the collection itself. */
const SAME_COLLECTION = new Set(["ToList", "ToArray", "AsEnumerable", "ToImmutableList", "ToImmutableArray", "Distinct"]);

export function lowerCSharp(tree: Tree, text: string, file: string): LoweredFile {
  return new CSharpLowering(file, text).lowerTree(tree);
}


/**
 * A property given its JSON name by an attribute: System.Text.Json's `[JsonPropertyName("zone_name")]`,
 * Newtonsoft's `[JsonProperty("zone_id")]` or `[JsonProperty(PropertyName = "zone_id")]`, before
 * `public string ZoneName { get; set; }` (other attributes and modifiers between).
 */
const CSHARP_JSON_PROPERTY = /\[\s*(?:JsonPropertyName|JsonProperty)\s*\(\s*(?:PropertyName\s*=\s*)?"([^"\n]+)"[^\]\n]*\]\s*(?:\[[^\]\n]*\]\s*)*(?:(?:public|internal|protected|private|virtual|override|required|new|static|readonly)\s+)*[\w.<>\[\]?, ]+?\s+([A-Za-z_]\w*)\s*[{;=]/g;

class CSharpLowering extends TreeLowering {
  protected readonly grammarLabel = "C#";
  private readonly scope = new ClassScope();

  constructor(file: string, text: string) {
    super(file, text, new Set(["comment"]));
  }

  /**
   * With the types of other files the file names, as imports (resolved by the scanner to the
   * files that declare them: see `csharpTypeImports`), and the types it declares, as exports.
   */
  override lowerTree(tree: Tree): LoweredFile {
    const at: IR.Range = [0, 0];
    const imports: IR.Statement[] = csharpTypeImports(this.text).map((source) => {
      const { type } = parseCSharpTypeSpecifier(source.slice(CSHARP_TYPE_SOURCE.length));
      return { kind: "import", range: at, source, specifiers: [{ local: type, imported: type, range: at }] };
    });
    const lowered = super.lowerTree(tree, imports);
    const declared = new Set<string>();
    for (const declaration of tree.rootNode.descendantsOfType([...CLASS_TYPES])) {
      const name = declaration?.childForFieldName("name")?.text;
      if (name) declared.add(name);
    }
    for (const name of declared) lowered.module.body.push({ kind: "export-named", range: at, declaration: null, specifiers: [{ local: name, exported: name }], source: null } as IR.Statement);
    // A class implementing an interface of the project by .NET's convention (`CloudflareService :
    // ICloudflareService`), under the interface's name too: what a file handed the interface gets
    // (see `CSharpTypeResolver`).
    for (const declaration of tree.rootNode.descendantsOfType("class_declaration")) {
      const name = declaration?.childForFieldName("name")?.text;
      const bases = declaration?.namedChildren.find((child) => child?.type === "base_list")?.namedChildren ?? [];
      for (const base of bases) {
        const interfaceName = base?.type === "identifier" ? base.text : null;
        if (!name || !interfaceName || interfaceName !== `I${name}` || declared.has(interfaceName)) continue;
        lowered.module.body.push({ kind: "export-named", range: at, declaration: null, specifiers: [{ local: name, exported: interfaceName }], source: null } as IR.Statement);
      }
    }
    return lowered;
  }

  /** The JSON names properties of this file are given by attributes, by property name; null where two disagree. */
  private attributedProperties: Map<string, string | null> | null = null;

  /**
   * The key a property is read as: the JSON name its attribute gives it (`[JsonPropertyName("zone_name")]
   * public string ZoneName`, Newtonsoft's `[JsonProperty("zone_id")]`), for a property attributed
   * the same way wherever this file declares it; else its name as written.
   */
  private jsonKey(property: string): string {
    if (!this.attributedProperties) {
      this.attributedProperties = new Map();
      for (const match of this.text.matchAll(CSHARP_JSON_PROPERTY)) {
        const [, jsonName, name] = match as unknown as [string, string, string];
        const known = this.attributedProperties.get(name);
        this.attributedProperties.set(name, known === undefined || known === jsonName ? jsonName : null);
      }
    }
    return this.attributedProperties.get(property) ?? property;
  }

  // ---- statements ----------------------------------------------------------------------------

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    if (CLASS_TYPES.has(node.type)) return this.classDeclaration(node);
    switch (node.type) {
      case "using_directive":
      case "extern_alias_directive":
      case "attribute_list":
      case "delegate_declaration":
      case "file_scoped_namespace_declaration":
        return [];
      case "namespace_declaration":
      case "global_statement":
      case "declaration_list":
        return this.statements((node.type === "namespace_declaration" ? node.childForFieldName("body")?.namedChildren : node.namedChildren) ?? []);
      case "local_declaration_statement":
        return this.declarators(node.namedChildren.find((child) => child?.type === "variable_declaration") ?? null);
      case "using_statement":
      case "fixed_statement": {
        // using (var r = await client.GetAsync(u)) { … }
        const declared = node.namedChildren.find((child) => child?.type === "variable_declaration") ?? null;
        const body = node.childForFieldName("body");
        return { kind: "block", range, body: [...this.declarators(declared), ...(body ? [this.statement(body)].flat() : [])] };
      }
      case "expression_statement": {
        const inner = node.namedChildren.find((child) => child !== null && child.type !== "comment");
        return inner ? { kind: "expression", range, expression: this.expression(inner) } : [];
      }
      case "block":
      case "checked_statement":
      case "unsafe_statement":
      case "lock_statement":
      case "try_statement":
      case "catch_clause":
      case "finally_clause":
      case "labeled_statement":
      case "switch_body":
      case "switch_section":
        return { kind: "block", range, body: this.statements(node.namedChildren.filter((child) => child?.type !== "catch_declaration" && child?.type !== "catch_filter_clause")) };
      case "if_statement": {
        const alternative = node.childForFieldName("alternative");
        return this.ifNode(range, node.childForFieldName("condition"), node.childForFieldName("consequence"), alternative ? (this.statement(alternative) as IR.Statement) : null);
      }
      case "foreach_statement": {
        // foreach (var id in new[] { "brotli", "minify" }) { … }
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const body = node.childForFieldName("body");
        if (!left || !right || !body || left.type !== "identifier") break;
        const target: IR.Pattern = { kind: "identifier-pattern", range: this.range(left), name: left.text, typeText: node.childForFieldName("type")?.text ?? null };
        return this.inFunctionScope([left.text], () => ({ kind: "for-of", range, declarationKind: "const", target, right: this.expression(right), body: this.statement(body) as IR.Statement }));
      }
      case "local_function_statement": {
        const fn = this.methodNode(node);
        return { kind: "function-declaration", range, fn } as IR.Statement;
      }
      case "switch_statement":
        return this.switchStatement(node);
      case "break_statement":
      case "continue_statement":
        return { kind: "break", range };
      case "for_statement":
      case "while_statement":
      case "do_statement":
      case "throw_statement":
      case "yield_statement":
        return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child && child.type !== "comment" ? [this.statement(child)].flat() : [])) };
      case "return_statement": {
        const value = node.namedChildren.find((child) => child !== null && child.type !== "comment");
        return { kind: "return", range, argument: value ? this.expression(value) : null };
      }
    }
    return null;
  }

  /** `var url = Api + path, other;`: each declarator, a declaration in the scope. */
  private declarators(declaration: SyntaxNode | null): IR.Statement[] {
    if (!declaration) return [];
    const typeText = declaration.childForFieldName("type")?.text ?? null;
    return declaration.namedChildren.flatMap((declarator) => {
      if (declarator?.type !== "variable_declarator") return [];
      const name = declarator.childForFieldName("name");
      const value = declaratorValue(declarator);
      if (!name) return [];
      return [this.assignment(name.text, this.range(name), value ? this.expression(value) : { kind: "unknown", range: this.range(declarator), children: [] }, this.range(declarator), typeText)];
    });
  }

  /**
   * A class (interface, record, struct): its fields and properties with their values, constructors
   * and methods as members (`static` and `const` ones static), classes declared in it beside it.
   * Inside, a name of its own used alone (`Api`, `PatchAsync(…)`) is the class's.
   */
  private classDeclaration(node: SyntaxNode): IR.Statement[] {
    const range = this.range(node);
    const name = node.childForFieldName("name")?.text ?? null;
    const body = node.childForFieldName("body");
    const children = (body?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    const context: ClassContext = { name: name ?? "", fields: new Map(), methods: new Map() };
    const isEnum = node.type === "enum_declaration";
    for (const child of children) {
      const isStatic = this.isStatic(child) || isEnum;
      if (child.type === "field_declaration" || child.type === "event_field_declaration") {
        for (const declarator of variableDeclarators(child)) context.fields.set(declarator.childForFieldName("name")?.text ?? "", isStatic);
      } else if (child.type === "property_declaration") context.fields.set(child.childForFieldName("name")?.text ?? "", isStatic);
      else if (child.type === "enum_member_declaration") context.fields.set(child.childForFieldName("name")?.text ?? child.namedChildren[0]?.text ?? "", true);
      else if (child.type === "method_declaration") context.methods.set(child.childForFieldName("name")?.text ?? "", isStatic);
    }
    // record Zone(string Id, string Name): its parameters are properties set by its constructor
    const recordParameters = node.type === "record_declaration" || node.type === "class_declaration" || node.type === "struct_declaration" ? node.namedChildren.find((child) => child?.type === "parameter_list") : undefined;
    const members: IR.ClassMember[] = [];
    const nested: IR.Statement[] = [];
    this.scope.within(context, () => {
      if (recordParameters) {
        const parameters = this.parametersOf(recordParameters);
        for (const parameter of parameters) context.fields.set(parameter.name, false);
        const assignments: IR.Statement[] = parameters.map((parameter) => ({ kind: "expression", range: parameter.range, expression: { kind: "assign", range: parameter.range, operator: "=", target: { kind: "expression-pattern", range: parameter.range, expression: this.member({ kind: "this", range: parameter.range }, parameter.name, parameter.range, parameter.range) }, value: this.identifier(parameter.name, parameter.range) } }));
        const constructor = this.inFunctionScope(parameters.map((p) => p.name), () => this.fn("constructor", parameters.map((p) => p.name), parameters.map((p) => p.range), assignments, this.range(recordParameters), parameters.map((p) => p.type)));
        members.push({ range: this.range(recordParameters), key: "constructor", value: constructor, isStatic: false, typeText: null });
      }
      for (const child of children) {
        const at = this.range(child);
        const isStatic = this.isStatic(child);
        if (CLASS_TYPES.has(child.type)) {
          nested.push(...this.classDeclaration(child));
        } else if (child.type === "field_declaration") {
          this.scope.inStatic = isStatic;
          const typeText = child.namedChildren.find((inner) => inner?.type === "variable_declaration")?.childForFieldName("type")?.text ?? null;
          for (const declarator of variableDeclarators(child)) {
            const value = declaratorValue(declarator);
            members.push({ range: this.range(declarator), key: declarator.childForFieldName("name")?.text ?? null, value: value ? this.expression(value) : null, isStatic, typeText });
          }
        } else if (child.type === "property_declaration") {
          this.scope.inStatic = isStatic;
          members.push(...this.property_(child, isStatic));
        } else if (child.type === "enum_member_declaration") {
          // enum Setting { Brotli, Minify }: each member its own name
          const member = child.childForFieldName("name") ?? child.namedChildren.find((inner) => inner?.type === "identifier") ?? null;
          if (member) members.push({ range: at, key: member.text, value: this.string(member.text, at), isStatic: true, typeText: null });
        } else if (child.type === "method_declaration" || child.type === "constructor_declaration") {
          this.scope.inStatic = isStatic;
          const fn = this.methodNode(child);
          members.push({ range: at, key: child.type === "method_declaration" ? fn.name : "constructor", value: fn, isStatic, typeText: null });
        }
      }
    });
    const base = node.namedChildren.find((child) => child?.type === "base_list")?.namedChildren[0] ?? null;
    const cls: IR.ClassNode = { kind: "class", range, name, superClass: base ? this.identifier(typeNameOf(base), this.range(base)) : null, members };
    return [{ kind: "class-declaration", range, cls }, ...nested];
  }

  /** `string Path { get; } = "zones";`, `string Path => "zones";`, `string Path { get { return …; } }`. */
  private property_(node: SyntaxNode, isStatic: boolean): IR.ClassMember[] {
    const range = this.range(node);
    const key = node.childForFieldName("name")?.text ?? null;
    const typeText = node.childForFieldName("type")?.text ?? null;
    const initializer = node.childForFieldName("value");
    if (initializer && initializer.type !== "arrow_expression_clause") return [{ range, key, value: this.expression(initializer), isStatic, typeText }];
    const arrow = initializer ?? node.namedChildren.find((child) => child?.type === "arrow_expression_clause") ?? null;
    const getter = node.childForFieldName("accessors")?.namedChildren.find((accessor) => accessor?.type === "accessor_declaration" && /^\s*get\b/.test(accessor.text)) ?? null;
    const getterBody = arrow ?? getter?.childForFieldName("body") ?? null;
    if (!getterBody) return [{ range, key, value: null, isStatic, typeText }];
    const statements = (): IR.Statement[] => {
      if (getterBody.type === "arrow_expression_clause") {
        const value = getterBody.namedChildren.find((child) => child !== null && child.type !== "comment");
        return value ? [{ kind: "return", range: this.range(getterBody), argument: this.expression(value) }] : [];
      }
      return this.statements(getterBody.namedChildren);
    };
    const fn = this.inFunctionScope([], () => this.fn(key, [], [], statements(), range));
    return [{ range, key, value: fn, isStatic, typeText, accessor: "get" }];
  }

  private isStatic(node: SyntaxNode): boolean {
    return node.namedChildren.some((child) => child?.type === "modifier" && (child.text === "static" || child.text === "const"));
  }

  private methodNode(node: SyntaxNode): IR.FunctionNode {
    const name = node.type === "constructor_declaration" ? "constructor" : (node.childForFieldName("name")?.text ?? null);
    const parameters = this.parametersOf(node.childForFieldName("parameters"));
    const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child?.type === "arrow_expression_clause") ?? null;
    return this.inFunctionScope(
      parameters.map((p) => p.name),
      () => {
        const statements: IR.Statement[] = !body ? [] : body.type === "arrow_expression_clause" ? this.arrowBody(body) : this.statements(body.namedChildren);
        return this.fn(name, parameters.map((p) => p.name), parameters.map((p) => p.range), statements, this.range(node), parameters.map((p) => p.type), parameters.map((p) => p.defaultValue));
      },
    );
  }

  private arrowBody(body: SyntaxNode): IR.Statement[] {
    const value = body.namedChildren.find((child) => child !== null && child.type !== "comment");
    return value ? [{ kind: "return", range: this.range(body), argument: this.expression(value) }] : [];
  }

  private parametersOf(list: SyntaxNode | null): { name: string; range: IR.Range; type: string | null; defaultValue: IR.Expression | null }[] {
    if (!list) return [];
    if (list.type === "identifier" || list.type === "implicit_parameter") return [{ name: list.text, range: this.range(list), type: null, defaultValue: null }];
    return list.namedChildren.flatMap((parameter) => {
      if (!parameter) return [];
      if (parameter.type === "identifier" || parameter.type === "implicit_parameter") return [{ name: parameter.text, range: this.range(parameter), type: null, defaultValue: null }];
      if (parameter.type !== "parameter") return [];
      const name = parameter.childForFieldName("name");
      const type = parameter.childForFieldName("type");
      // string path = "zones": the default is the last named child after the name
      const last = parameter.namedChildren.filter((child): child is SyntaxNode => child !== null).at(-1) ?? null;
      const defaultValue = last && name && last.id !== name.id && last.id !== type?.id && last.type !== "attribute_list" && last.type !== "modifier" ? this.expression(last) : null;
      return name ? [{ name: name.text, range: this.range(name), type: type?.text ?? null, defaultValue }] : [];
    });
  }

  // ---- expressions ---------------------------------------------------------------------------

  /**
   * `verb switch { "GET" => HttpMethod.Get, "PATCH" or "P" => HttpMethod.Patch, _ => … }`: nested
   * conditionals on the subject (`verb == "GET" ? … : …`), so that a call known to pass `"PATCH"`
   * takes its arm. Only arms whose patterns are constants (or `or` of constants) with no `when`
   * guard, and `_`; else null (the children kept as they are). No `_`: unknown (C# throws).
   */
  private switchExpression(node: SyntaxNode, range: IR.Range): IR.Expression | null {
    const [subject, ...arms] = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    if (!subject || arms.length === 0 || arms.some((arm) => arm.type !== "switch_expression_arm")) return null;
    const constants = (pattern: SyntaxNode): SyntaxNode[] | null => {
      if (pattern.type === "constant_pattern") return pattern.namedChildren[0] ? [pattern.namedChildren[0]] : null;
      if (pattern.type !== "or_pattern") return null;
      const [left, right] = [pattern.childForFieldName("left"), pattern.childForFieldName("right")];
      const both = left && right ? [constants(left), constants(right)] : [null];
      return both.every((side) => side !== null) ? both.flat() as SyntaxNode[] : null;
    };
    const parts = arms.map((arm) => arm.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment"));
    if (parts.some((part) => part.length !== 2)) return null;
    const fallback = parts.find(([pattern]) => pattern!.type === "discard");
    const choices: { labels: SyntaxNode[]; value: SyntaxNode; range: IR.Range }[] = [];
    for (const [pattern, value] of parts.filter(([pattern]) => pattern!.type !== "discard")) {
      const labels = constants(pattern!);
      if (!labels || labels.length === 0) return null;
      choices.push({ labels, value: value!, range: this.range(value!) });
    }
    return this.choiceBySubject(() => this.expression(subject), choices, fallback ? this.expression(fallback[1]!) : this.opaque(range));
  }

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "identifier":
        return this.scope.name(node.text, range, this.isDeclared(node.text));
      case "this_expression":
      case "this":
      case "base_expression":
        return { kind: "this", range };
      case "string_literal":
      case "verbatim_string_literal":
      case "raw_string_literal":
        return this.stringLiteral(node);
      case "character_literal":
        return this.string(unescapeText(node.text.slice(1, -1)), range);
      case "integer_literal":
      case "real_literal": {
        const value = Number(node.text.replace(/[_uUlLfFdDmM]+$/g, "").replace(/_/g, ""));
        return Number.isNaN(value) ? null : { kind: "number", range, value, raw: node.text };
      }
      case "boolean_literal":
        return { kind: "boolean", range, value: node.text === "true" };
      case "null_literal":
        return { kind: "null", range };
      case "interpolated_string_expression":
        return this.interpolated(node);
      case "parenthesized_expression":
      case "cast_expression":
      case "await_expression":
      case "checked_expression":
      case "postfix_unary_expression": {
        // (string)x, await x, x! (null-forgiving): the value itself
        if (node.type === "postfix_unary_expression" && !node.text.endsWith("!")) return null;
        const value = node.childForFieldName("value") ?? node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment").at(-1);
        return value ? this.expression(value) : null;
      }
      case "binary_expression": {
        const operator = node.childForFieldName("operator")?.text ?? "";
        if (operator === "??") {
          const left = node.childForFieldName("left");
          const right = node.childForFieldName("right");
          return left && right ? { kind: "logical", range, operator: "??", left: this.expression(left), right: this.expression(right) } as IR.Expression : null;
        }
        return ["+", "==", "!=", "&&", "||"].includes(operator) ? this.fieldBinary(node, range) : null;
      }
      case "prefix_unary_expression": {
        const operand = node.namedChildren.find((child) => child !== null);
        if (operand && node.text.startsWith("!")) return { kind: "unary", range, operator: "!", argument: this.expression(operand) };
        return null;
      }
      case "conditional_expression":
        return this.conditionalNode(node, range);
      case "switch_expression":
        return this.switchExpression(node, range);
      case "member_access_expression": {
        const object = node.childForFieldName("expression");
        const field = node.childForFieldName("name");
        if (!field) return null;
        const fieldName = simpleName(field);
        // this.Token (the grammar leaves `this` unnamed)
        if (!object) return node.text.startsWith("this") ? this.member({ kind: "this", range }, fieldName, range, this.range(field)) : null;
        // HttpMethod.Patch, Method.POST: the method's name
        if (METHOD_ENUMS.test(object.text) && HTTP_METHOD.test(fieldName)) return this.string(fieldName.toUpperCase(), range);
        if ((object.text === "string" || object.text === "String") && fieldName === "Empty") return this.string("", range);
        // JsonDocument's `RootElement`: the document's JSON itself.
        if (fieldName === "RootElement") return this.expression(object);
        return this.member(this.expression(object), this.jsonKey(fieldName), range, this.range(field));
      }
      case "conditional_access_expression": {
        // client?.Zones: the member of the value
        const object = node.childForFieldName("condition");
        const binding = node.namedChildren.find((child) => child?.type === "member_binding_expression");
        const field = binding?.childForFieldName("name");
        return object && field ? this.member(this.expression(object), simpleName(field), range, this.range(field)) : null;
      }
      case "element_access_expression": {
        const object = node.childForFieldName("expression");
        const index = node.childForFieldName("subscript")?.namedChildren.find((child) => child !== null) ?? null;
        if (!object || !index) return null;
        const key = this.expression(argumentValue(index));
        return this.member(this.expression(object), key.kind === "string" ? key.value : key.kind === "number" ? String(key.value) : null, range, this.range(index), key);
      }
      case "implicit_array_creation_expression":
      case "array_creation_expression":
      case "stackalloc_expression": {
        const initializer = node.namedChildren.find((child) => child?.type === "initializer_expression");
        return initializer ? this.array(this.elements(initializer), range) : null;
      }
      case "collection_expression":
      case "element_binding_expression":
        return this.array(node.namedChildren.flatMap((child) => (child && child.type !== "comment" ? [this.expression(argumentValue(child))] : [])), range);
      case "initializer_expression":
        return this.array(this.elements(node), range);
      case "anonymous_object_creation_expression":
        return this.anonymousObject(node);
      case "assignment_expression":
        return this.assign(node);
      case "lambda_expression":
      case "anonymous_method_expression":
        return this.lambda(node);
      case "invocation_expression":
        return this.invocation(node);
      case "object_creation_expression":
      case "implicit_object_creation_expression":
        return this.creation(node);
    }
    return null;
  }


  /** `"…"` with its escapes read, `@"…"` with `""` for a quote, `"""…"""` raw (JSON written in one is read by the core: json-text.ts). */
  private stringLiteral(node: SyntaxNode): IR.Expression {
    return this.string(literalText(node), this.range(node));
  }

  /** `$"{Api}/zones/{zoneId}/settings/{id}"`: text and values in order (`{{` a brace; `{x:N}` and `{x,8}` the value). */
  private interpolated(node: SyntaxNode): IR.Expression {
    const verbatim = /^\$*@|^@\$/.test(node.text);
    const raw = /^\$+"""/.test(node.text);
    const pieces: (string | IR.Expression)[] = [];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === "string_content" || child.type === "raw_string_content") pieces.push(raw ? child.text : verbatim ? child.text.replace(/""/g, '"') : child.text);
      else if (child.type === "escape_sequence") pieces.push(child.text === "{{" ? "{" : child.text === "}}" ? "}" : unescapeText(child.text));
      else if (child.type === "interpolation") {
        const value = child.namedChildren.find((inner) => inner !== null && inner.type !== "interpolation_brace" && inner.type !== "interpolation_alignment_clause" && inner.type !== "interpolation_format_clause");
        pieces.push(value ? this.expression(value) : this.opaque(this.range(child)));
      }
    }
    return this.template(pieces, this.range(node));
  }

  private elements(initializer: SyntaxNode): IR.Expression[] {
    return initializer.namedChildren.flatMap((child) => (child && child.type !== "comment" ? [this.expression(child)] : []));
  }

  /** `new { value = "on", zoneId }`: a record (a name alone is its own key). */
  private anonymousObject(node: SyntaxNode): IR.Expression {
    const properties: IR.Property[] = [];
    const children = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!;
      const next = children[index + 1];
      if (child.type === "identifier" && next && next.type !== "identifier" && node.text.slice(child.endIndex - node.startIndex).trimStart().startsWith("=") && !node.text.slice(child.endIndex - node.startIndex).trimStart().startsWith("==")) {
        properties.push(this.property(child.text, this.range(child), this.expression(next), [child.startIndex, next.endIndex] as IR.Range));
        index++;
      } else if (child.type === "assignment_expression") {
        const left = child.childForFieldName("left");
        const right = child.childForFieldName("right");
        if (left && right) properties.push(this.property(left.text, this.range(left), this.expression(right), this.range(child)));
      } else {
        // new { zoneId, settings.Value }: the member's name
        const key = child.type === "member_access_expression" ? (child.childForFieldName("name")?.text ?? null) : child.type === "identifier" ? child.text : null;
        properties.push(this.property(key, this.range(child), this.expression(child), this.range(child)));
      }
    }
    return this.object(properties, this.range(node));
  }

  /** `x = v`, `obj.Prop = v`, `dict["k"] = v`, `s += "/rules"`. */
  private assign(node: SyntaxNode): IR.Expression | null {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    if (!left || !right) return null;
    const range = this.range(node);
    const operator = node.children.find((child) => child !== null && !child.isNamed)?.text ?? "=";
    let value = this.expression(right);
    if (operator === "+=") value = this.binary("+", this.expression(left), value, range);
    else if (operator === "??=") value = { kind: "logical", range, operator: "??", left: this.expression(left), right: value } as IR.Expression;
    else if (operator !== "=") return null;
    return { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(left), expression: this.expression(left) }, value };
  }

  private lambda(node: SyntaxNode): IR.FunctionNode {
    const parameters = this.parametersOf(node.childForFieldName("parameters"));
    const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child?.type === "block") ?? null;
    return this.lambdaNode(node, parameters, body);
  }

  private argumentsOf(node: SyntaxNode): IR.Expression[] {
    const list = node.childForFieldName("arguments") ?? node.namedChildren.find((child) => child?.type === "argument_list") ?? null;
    return (list?.namedChildren ?? []).flatMap((child) => (child && child.type !== "comment" ? [this.expression(argumentValue(child))] : []));
  }

  /**
   * `switch (setting) { case "brotli": case "early_hints": … break; default: … }`: each section's
   * constant a case of its own, the last of a section holding its statements (a section without a
   * case label is the default; other patterns are tests not known, a `when` guard is read first).
   */
  private switchStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const parts = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    const subject = node.childForFieldName("value") ?? parts.find((part) => part.type !== "switch_body") ?? null;
    const cases: IR.SwitchStatement["cases"] = [];
    for (const section of parts.find((part) => part.type === "switch_body")?.namedChildren ?? []) {
      if (section?.type !== "switch_section") continue;
      const children = section.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
      const labels = children.filter((child) => child.type.endsWith("_pattern"));
      const guards = children.filter((child) => child.type === "when_clause");
      const body = [
        ...guards.flatMap((guard) => guard.namedChildren.flatMap((condition) => (condition ? [{ kind: "expression" as const, range: this.range(condition), expression: this.expression(condition) }] : []))),
        ...this.statements(children.filter((child) => !child.type.endsWith("_pattern") && child.type !== "when_clause")),
      ];
      const tests = labels.map((label) => (label.type === "constant_pattern" && label.namedChildren[0] ? this.expression(label.namedChildren[0]) : this.opaque(this.range(label))));
      cases.push(...this.switchCases(tests, body, this.range(section)));
    }
    return { kind: "switch", range, discriminant: subject ? this.expression(subject) : this.opaque(range), cases };
  }

  /** `new HttpRequestMessage(HttpMethod.Patch, url) { Content = … }`, `new RestRequest(url, Method.Post)`, `new Uri(u)`, `new Dictionary<…> { … }`, `new CfClient(token)`. */
  private creation(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const typeNode = node.childForFieldName("type");
    const type = typeNode ? typeNameOf(typeNode) : "";
    const args = this.argumentsOf(node);
    const initializer = node.childForFieldName("initializer") ?? node.namedChildren.find((child) => child?.type === "initializer_expression") ?? null;
    const initialized = initializer ? this.initializerEntries(initializer) : null;
    if (type === "HttpRequestMessage") {
      const set = (key: string) => initialized?.properties.find((property) => property.key === key)?.value ?? null;
      return this.request(range, args[1] ?? set("RequestUri"), args[0] ?? set("Method"), set("Content"));
    }
    // RestSharp: new RestRequest(url, Method.Patch); GET when no method is given
    if (type === "RestRequest") return this.request(range, args[0] ?? null, args[1] ?? "GET", null, args.slice(2));
    if (type === "HttpMethod" && args[0]?.kind === "string") return this.string(args[0].value.toUpperCase(), range);
    if (type === "Uri" && args.length === 2) return this.binary("+", args[0]!, args[1]!, range);
    // new Uri(u), new StringContent(json, …), a project's own Uri type (`new RelativeUri(path)`)
    if ((WRAPPING_TYPES.has(type) || /(?:Uri|Url)$/.test(type)) && args[0]) return args[0];
    if (initialized) {
      // A list or an array filled by its initializer, a dictionary or an object by its entries
      if (initialized.elements.length > 0 && initialized.properties.length === 0) return this.array(initialized.elements, range);
      if (args.length === 0 || type === "") return this.object(initialized.properties, range);
    }
    // `var data = new Dictionary<string, object>()`, Json.NET's `new JObject()`: a record, its keys set afterwards.
    if (!typeNode || (args.length === 0 && EMPTY_RECORD_TYPE.test(type))) return this.object(initialized?.properties ?? [], range);
    // `var all = new List<DnsRecord>()`, Json.NET's `new JArray()`: a list, filled with Add/AddRange afterwards.
    if (args.length === 0 && !initialized && EMPTY_LIST_TYPE.test(type)) return this.array([], range);
    return { kind: "new", range, callee: this.identifier(type || "%anonymous", this.range(typeNode)), args };
  }

  /** An initializer's entries: `{ "a", "b" }` elements; `{ Key = v }`, `{ ["k"] = v }`, `{ { "k", v } }` properties. */
  private initializerEntries(initializer: SyntaxNode): { elements: IR.Expression[]; properties: IR.Property[] } {
    const elements: IR.Expression[] = [];
    const properties: IR.Property[] = [];
    for (const child of initializer.namedChildren) {
      if (!child || child.type === "comment") continue;
      if (child.type === "assignment_expression") {
        const left = child.childForFieldName("left");
        const right = child.childForFieldName("right");
        if (!left || !right) continue;
        if (left.type === "element_binding_expression" || left.type === "implicit_element_access") {
          const keyNode = left.namedChildren.find((inner) => inner !== null);
          const key = keyNode ? this.expression(argumentValue(keyNode)) : null;
          properties.push(this.property(key?.kind === "string" ? key.value : null, this.range(left), this.expression(right), this.range(child), key && key.kind !== "string" ? key : null));
        } else properties.push(this.property(left.text, this.range(left), this.expression(right), this.range(child)));
      } else if (child.type === "initializer_expression" && child.namedChildren.filter((inner) => inner !== null).length === 2) {
        const [keyNode, valueNode] = child.namedChildren as [SyntaxNode, SyntaxNode];
        const key = this.expression(keyNode);
        properties.push(this.property(key.kind === "string" ? key.value : null, key.range, this.expression(valueNode), this.range(child), key.kind === "string" ? null : key));
      } else elements.push(this.expression(child));
    }
    return { elements, properties };
  }

  private invocation(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const fn = node.childForFieldName("function");
    if (!fn) return this.unknown(node);
    const args = this.argumentsOf(node);
    let object: SyntaxNode | null = null;
    let nameNode: SyntaxNode | null = null;
    if (fn.type === "member_access_expression") {
      object = fn.childForFieldName("expression");
      nameNode = fn.childForFieldName("name");
    } else if (fn.type === "conditional_access_expression") {
      object = fn.childForFieldName("condition");
      nameNode = fn.namedChildren.find((child) => child?.type === "member_binding_expression")?.childForFieldName("name") ?? null;
    } else if (fn.type === "identifier" || fn.type === "generic_name") nameNode = fn;
    if (!nameNode) return this.call(this.expression(fn), args, range);
    const name = simpleName(nameNode);
    const qualified = object ? `${object.text}.${name}` : name;
    const isString = object?.text === "string" || object?.text === "String";
    // nameof(Run): its name
    if (!object && name === "nameof" && args[0]) {
      const argument = node.childForFieldName("arguments")?.namedChildren[0];
      const text = argument ? argumentValue(argument).text : "";
      return this.string(text.slice(text.lastIndexOf(".") + 1), range);
    }
    // string.Format("{0}/zones/{1}", api, zone)
    if (isString && name === "Format" && args[0]?.kind === "string") {
      const format = args[0].value.replace(/\{(\d+)\s*,\s*-?\d+(:[^{}]*)?\}/g, "{$1$2}");
      return this.template(bracePieces(format, args.slice(1), new Map(), () => this.opaque(range)), range);
    }
    if (isString && name === "Concat") return this.template(args, range);
    if (isString && name === "Join" && args.length >= 2) {
      const parts = args.length === 2 ? args[1]! : this.array(args.slice(1), range);
      return this.call(this.member(parts, "join", range, this.range(nameNode)), [args[0]!], range);
    }
    if (VALUE_KEEPING.has(qualified) && args[0]) return args[0];
    // JObject.Parse(text), JsonConvert.DeserializeObject<T>(text): the text parsed
    if (JSON_PARSERS.has(qualified) && args[0]) return this.parsedJson(args[0], range);
    // response.Content.ReadAsStringAsync(): the body's text; ReadFromJsonAsync<T>(): its JSON
    if (object?.type === "member_access_expression" && object.childForFieldName("name")?.text === "Content" && (CONTENT_TEXT_READERS.has(name) || CONTENT_JSON_READERS.has(name))) {
      const response = this.expression(object.childForFieldName("expression")!);
      return CONTENT_JSON_READERS.has(name) ? this.responseJson(response, range) : this.call(this.member(response, "text", range, range), [], range);
    }
    // element.GetProperty("zone_name"), token.Value<string>("locked"): that field; EnumerateArray(): the list itself
    if (object && JSON_FIELD_READERS.has(name) && args[0]?.kind === "string") return this.member(this.expression(object), args[0].value, range, args[0].range);
    if (object && JSON_ELEMENT_SAME.has(name) && args.length === 0) return this.expression(object);
    if (SERIALIZERS.has(qualified) && args[0]) return this.jsonText(args[0], range);
    // HttpClient and wrappers of its shape: client.PatchAsync(url, body), client.GetAsync<List<Rule>>(url)
    const verb = CLIENT_VERBS[name];
    if (verb && object && args[0] && !NOT_A_CLIENT.test(object.text)) {
      const request = this.request(range, args[0], verb.method, verb.body ? (args[1] ?? null) : null, [this.expression(object), ...args.slice(verb.body ? 2 : 1)]);
      // GetStringAsync gives the body's text, GetFromJsonAsync<T> its JSON; the others the response.
      if (name === "GetStringAsync") return this.call(this.member(request, "text", range, range), [], range);
      return name === "GetFromJsonAsync" || name === "DeleteFromJsonAsync" ? this.responseJson(request, range) : request;
    }
    // WebClient: UploadString(url, "PATCH", data), UploadString(url, data) (POST), DownloadString(url)
    if (object && /^Upload(?:String|Data)(?:TaskAsync|Async)?$/.test(name) && args.length >= 2) {
      return this.request(range, args[0]!, args.length >= 3 ? args[1]! : "POST", args.at(-1)!, [this.expression(object)]);
    }
    if (object && /^Download(?:String|Data)(?:TaskAsync|Async)?$/.test(name) && args[0]) return this.request(range, args[0], "GET", null, [this.expression(object)]);
    // list.Add(x): pushed; dict.Add("k", v): the record gets the field
    if (object && name === "Add" && args.length === 1) return this.call(this.member(this.expression(object), "push", range, this.range(nameNode)), args, range);
    // list.AddRange(page.result): each of its elements pushed
    if (object && name === "AddRange" && args.length === 1) return this.call(this.member(this.expression(object), "push", range, this.range(nameNode)), [{ kind: "spread", range: args[0]!.range, argument: args[0]! }], range);
    if (object && (name === "Add" || name === "TryAdd") && args.length === 2) {
      const key = args[0]!;
      const target = this.member(this.expression(object), key.kind === "string" ? key.value : null, range, key.range, key.kind === "string" ? null : key);
      return { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: target.range, expression: target }, value: args[1]! };
    }
    if (object && SAME_COLLECTION.has(name) && args.length === 0) return this.expression(object);
    if (!object) {
      // PatchAsync(path, body) in a class with that method: the class's own
      const receiver = this.scope.receiverOf(name, "methods", range);
      if (receiver) return this.call(this.member(receiver, name, range, this.range(nameNode)), args, range);
      return this.call(this.identifier(name, this.range(nameNode)), args, range);
    }
    const receiver = this.expression(object);
    // new RelativeUri(path).AddParameters(query), url.SetQueryParams(…): the address with a query added
    if (QUERY_ADDING.test(name)) return this.template([receiver, "?", this.opaque(range)], range);
    // baseUrl.TrimEnd('/'): the text without those characters at its end
    if ((name === "TrimEnd" || name === "TrimStart") && args.length === 1 && args[0]!.kind === "string" && args[0].value.length === 1) {
      const escaped = args[0].value.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
      const regex: IR.Expression = { kind: "regex", range: args[0].range, pattern: name === "TrimEnd" ? `${escaped}+$` : `^${escaped}+`, flags: "" };
      return this.call(this.member(receiver, "replace", range, this.range(nameNode)), [regex, this.string("", args[0].range)], range);
    }
    return this.call(this.member(receiver, STRING_METHODS[name] ?? name, range, this.range(nameNode)), args, range);
  }
}

/** The value of a `variable_declarator` (`x = value`): its last named child after the name. */
function declaratorValue(declarator: SyntaxNode): SyntaxNode | null {
  const name = declarator.childForFieldName("name");
  const children = declarator.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment" && child.id !== name?.id && child.type !== "bracketed_argument_list");
  const value = children.at(-1) ?? null;
  return value?.type === "equals_value_clause" ? (value.namedChildren[0] ?? null) : value;
}

function variableDeclarators(field: SyntaxNode): SyntaxNode[] {
  const declaration = field.namedChildren.find((child) => child?.type === "variable_declaration");
  return (declaration?.namedChildren ?? []).filter((child): child is SyntaxNode => child?.type === "variable_declarator");
}

/** An argument's value (`url: u` → `u`; `ref x`, `out x` → `x`). */
function argumentValue(node: SyntaxNode): SyntaxNode {
  if (node.type !== "argument") return node;
  const name = node.childForFieldName("name");
  return node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.id !== name?.id).at(-1) ?? node;
}

/** A method's or member's simple name (`GetAsync<List<Rule>>` → `GetAsync`). */
function simpleName(node: SyntaxNode): string {
  if (node.type === "generic_name") return node.namedChildren.find((child) => child?.type === "identifier")?.text ?? node.text.replace(/<.*$/s, "");
  return node.text;
}

/** A type's simple name (`System.Net.Http.HttpRequestMessage` → `HttpRequestMessage`, `List<string>` → `List`). */
function typeNameOf(node: SyntaxNode): string {
  const text = node.text.replace(/<.*$/s, "").replace(/\?$/, "").trim();
  return text.slice(text.lastIndexOf(".") + 1);
}

/** A string literal's text: escapes read; `@"…"` with `""` for a quote; `"""…"""` raw, its indentation removed. */
function literalText(node: SyntaxNode): string {
  if (node.type === "verbatim_string_literal") return node.text.slice(2, -1).replace(/""/g, '"');
  if (node.type === "raw_string_literal") {
    const quotes = /^"+/.exec(node.text)![0].length;
    const inner = node.text.slice(quotes, node.text.length - quotes);
    if (!inner.includes("\n")) return inner;
    const lines = inner.split(/\r?\n/);
    const indent = /^[ \t]*/.exec(lines.at(-1)!)![0].length;
    return lines.slice(1, -1).map((line) => line.slice(indent)).join("\n");
  }
  return node.namedChildren.map((child) => (child?.type === "escape_sequence" ? unescapeText(child.text) : (child?.text ?? ""))).join("");
}

/**
 * Java: string literals and text blocks, `+`, `String.format`/`formatted`, `String.join`; classes
 * (fields with their initializers, `static final` constants, constructors, methods; a name of the
 * class's own used without `this.`), locals, `for (x : list)`, `if`, lambdas; `List.of`,
 * `Arrays.asList`, `Map.of` and `map.put(k, v)` as lists and records; `HttpMethod.PATCH` as its
 * method's name. Requests: OkHttp (`new Request.Builder().url(u).patch(body)`), java.net.http
 * (`HttpRequest.newBuilder(URI.create(u)).method("PATCH", …)`, `.uri(…).DELETE()`), Spring's
 * RestTemplate (`exchange(url, HttpMethod.PATCH, …)`, `getForObject`, `postForEntity`,
 * `patchForObject`…) and WebClient (`client.patch().uri(u)`), Apache HttpClient
 * (`new HttpPatch(u)`), `HttpURLConnection` (`new URL(u).openConnection()`, its method unknown).
 * A wrapper of the class (`this.patch(path, params)`) is followed as in every language.
 */
import type * as IR from "../core/ir.js";
import { type ClassContext, ClassScope } from "./class-scope.js";
import { formatPieces, TreeLowering, unescapeText, type LoweredFile } from "./lowering.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

/** Parsers of JSON text (Jackson, Gson, org.json's static readers): given a response's body, its JSON. */
const JSON_PARSERS = new Set(["readTree", "readValue", "fromJson", "parseString", "parse"]);
/** org.json's readers of an element by its index (`records.getJSONObject(i)`): not `get(i)`, which a project's own client may name a request. */
const JSON_INDEXED_READERS = new Set(["getJSONObject", "optJSONObject", "getJSONArray", "optJSONArray"]);
/** Readers of a stream or of bytes, whose text is what they are given (see `newExpression`). */
const TEXT_READERS = new Set(["BufferedReader", "InputStreamReader", "Scanner", "String", "BufferedInputStream"]);
/** A JSON element's views of itself (Gson's `getAsJsonObject()`, `getAsJsonArray()`; Jackson's `deepCopy()`). */
const JSON_VIEWS = new Set(["getAsJsonObject", "getAsJsonArray", "deepCopy"]);
/** A JSON tree's readers of one field by its key (Jackson's JsonNode, org.json, Gson). */
const JSON_FIELD_READERS = new Set(["get", "path", "getString", "getJSONArray", "getJSONObject", "optString", "optJSONArray", "optJSONObject", "getBoolean", "optBoolean", "getAsJsonArray", "getAsJsonObject", "getAsJsonPrimitive"]);

/** The response whose body a node reads: `resp.body()`, OkHttp's `response.body().string()`; null for anything else. */
function responseOfBody(node: SyntaxNode): SyntaxNode | null {
  if (node.type !== "method_invocation") return null;
  const name = node.childForFieldName("name")?.text;
  const object = node.childForFieldName("object");
  if (name === "string" && object?.type === "method_invocation") return responseOfBody(object);
  return name === "body" && object ? object : null;
}

const CLASS_TYPES = new Set(["class_declaration", "interface_declaration", "enum_declaration", "record_declaration"]);
/** Apache HttpClient's request classes, by the method each sends. */
const APACHE_REQUESTS: Readonly<Record<string, string>> = { HttpGet: "GET", HttpPost: "POST", HttpPut: "PUT", HttpPatch: "PATCH", HttpDelete: "DELETE", HttpHead: "HEAD" };
/** OkHttp's `Request.Builder` verbs and java.net.http's `HttpRequest.Builder` verbs. */
const BUILDER_VERBS: Readonly<Record<string, string>> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE", head: "HEAD", GET: "GET", POST: "POST", PUT: "PUT", DELETE: "DELETE", HEAD: "HEAD" };
/** RestTemplate's methods that say their verb, and the argument that is the body. */
const REST_TEMPLATE: Readonly<Record<string, { method: string; body: number | null }>> = {
  getForObject: { method: "GET", body: null },
  getForEntity: { method: "GET", body: null },
  postForObject: { method: "POST", body: 1 },
  postForEntity: { method: "POST", body: 1 },
  postForLocation: { method: "POST", body: 1 },
  patchForObject: { method: "PATCH", body: 1 },
};
/** Spring's WebClient verbs (`client.patch().uri(u)`). */
const WEBCLIENT_VERBS: Readonly<Record<string, string>> = { get: "GET", post: "POST", put: "PUT", patch: "PATCH", delete: "DELETE", head: "HEAD" };
/** Enums whose constants are HTTP methods (`HttpMethod.PATCH`, `RequestMethod.PATCH`, `Method.PATCH`). */
const METHOD_ENUMS = /^(?:HttpMethod|RequestMethod|Method)$/;
const HTTP_METHOD = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)$/;
/**
 * The methods a JSON builder sets a key with, given the key and its value, returning itself:
 * `append`, `put`, `add`, `set` and their typed forms (Gson's `addProperty`, `addStringValue`,
 * `putInt`, `setIfNotNull`).
 */
const BUILDER_SETTER = /^(?:append|put|add|set)(?:[A-Z]\w*)?$/;
/** What a builder's finished record is taken with (`build()`, `toJson()`, `getJsonObject()`). */
const BUILDER_RESULT = /^(?:build|to(?:Json|JSON)\w*|get(?:As)?(?:Json|JSON)\w*)$/;
/** A factory of an empty JSON document or builder (`newJsonDocument`, `createObjectBuilder`, `createObjectNode`). */
const DOCUMENT_FACTORY = /^(?:new|create)\w*(?:Document|Object|ObjectNode|ObjectBuilder|Json)$/;
/** A JSON builder's own factory (`JsonBuilder.create()`, `DocumentBuilder.builder()`), on a class named so. */
const BUILDER_FACTORY = /^(?:create|builder|newBuilder|empty|newInstance)$/;
const BUILDER_CLASS = /json|document|builder/i;
/**
 * A new, empty JSON document or builder: `new JsonObject()`, `Document.newJsonDocument()`,
 * `Json.createObjectBuilder()`, `JsonBuilder.create()`.
 */
function isEmptyDocument(node: SyntaxNode): boolean {
  const noArguments = (node.childForFieldName("arguments")?.namedChildren.length ?? 0) === 0;
  if (node.type === "object_creation_expression") return noArguments;
  if (node.type !== "method_invocation" || !noArguments) return false;
  const name = node.childForFieldName("name")?.text ?? "";
  const owner = node.childForFieldName("object");
  return DOCUMENT_FACTORY.test(name) || (BUILDER_FACTORY.test(name) && owner?.type === "identifier" && BUILDER_CLASS.test(owner.text));
}

/** Maps and JSON objects made empty, to be filled key by key (`new HashMap<>()`, Gson's `new JsonObject()`). */
const EMPTY_RECORD_TYPE = /^(?:(?:Linked|Tree|ConcurrentHash|Hash)Map|Hashtable|JsonObject|JSONObject|JsonDocument|Document)$/;

/** A builder's setter given its key as text: `put("service", s)`, `addStringValue("proto", p)`. */
function isKeyedSetter(node: SyntaxNode): boolean {
  const args = node.childForFieldName("arguments")?.namedChildren ?? [];
  return BUILDER_SETTER.test(node.childForFieldName("name")?.text ?? "") && args.length === 2 && args[0]?.type === "string_literal";
}

/** A receiver that is an HTTP client by its name (`restTemplate.put(url, body)`, not `params.put(k, v)`). */
const CLIENT_NAME = /rest|template|client|http/i;
/** Calls that give their first argument's text (`URI.create(u)`, `URLEncoder.encode(id, UTF_8)`, `String.valueOf(x)`). */
const TEXT_KEEPING = new Set(["URI.create", "URLEncoder.encode", "String.valueOf", "Objects.requireNonNull", "UriComponentsBuilder.fromHttpUrl", "UriComponentsBuilder.fromUriString"]);
/** String methods, as the model's JavaScript names. */
const STRING_METHODS: Readonly<Record<string, string>> = { toLowerCase: "toLowerCase", toUpperCase: "toUpperCase", trim: "trim", strip: "trim", stripLeading: "trimStart", stripTrailing: "trimEnd", replace: "replaceAll", concat: "concat", contains: "includes", startsWith: "startsWith", endsWith: "endsWith", split: "split", toString: "toString" };

export function lowerJava(tree: Tree, text: string, file: string): LoweredFile {
  return new JavaLowering(file, text).lowerTree(tree);
}

class JavaLowering extends TreeLowering {
  protected readonly grammarLabel = "Java";
  private readonly scope = new ClassScope();
  /** Names declared with a `new StringBuilder(…)` (their `append` grows a text). */
  private readonly textBuilders = new Set<string>();

  constructor(file: string, text: string) {
    super(file, text, new Set(["line_comment", "block_comment"]));
  }

  // ---- statements ----------------------------------------------------------------------------

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    if (CLASS_TYPES.has(node.type)) return this.classDeclaration(node);
    switch (node.type) {
      case "package_declaration":
      case "import_declaration":
        return [];
      case "local_variable_declaration":
      case "field_declaration":
        return this.declarators(node);
      case "expression_statement": {
        const inner = node.namedChildren.find((child) => child !== null && !this.isComment(child));
        return inner ? { kind: "expression", range, expression: this.expression(inner) } : [];
      }
      case "block":
      case "constructor_body":
      case "class_body":
      case "finally_clause":
      case "catch_clause":
      case "try_statement":
      case "try_with_resources_statement":
      case "resource_specification":
      case "synchronized_statement":
      case "labeled_statement":
      case "switch_block":
      case "switch_block_statement_group":
      case "switch_rule":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "resource": {
        // try (Response r = call.execute()) { … }
        const name = node.childForFieldName("name");
        const value = node.childForFieldName("value");
        return name && value ? this.assignment(name.text, this.range(name), this.expression(value), range) : { kind: "expression", range, expression: this.unknown(node) };
      }
      case "if_statement": {
        const alternative = node.childForFieldName("alternative");
        return this.ifNode(range, node.childForFieldName("condition"), node.childForFieldName("consequence"), alternative ? (this.statement(alternative) as IR.Statement) : null);
      }
      case "enhanced_for_statement": {
        // for (String id : List.of("brotli", "minify")) { … }
        const name = node.childForFieldName("name");
        const value = node.childForFieldName("value");
        const body = node.childForFieldName("body");
        if (!name || !value || !body) break;
        const target: IR.Pattern = { kind: "identifier-pattern", range: this.range(name), name: name.text, typeText: node.childForFieldName("type")?.text ?? null };
        return this.inFunctionScope([name.text], () => ({ kind: "for-of", range, declarationKind: "const", target, right: this.expression(value), body: this.statement(body) as IR.Statement }));
      }
      case "switch_expression":
        return this.switchStatement(node);
      case "break_statement":
      case "continue_statement":
        return { kind: "break", range };
      case "for_statement":
      case "while_statement":
      case "do_statement":
      case "throw_statement":
        return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child && !this.isComment(child) ? [this.statement(child)].flat() : [])) };
      case "return_statement": {
        const value = node.namedChildren.find((child) => child !== null && !this.isComment(child));
        return { kind: "return", range, argument: value ? this.expression(value) : null };
      }
    }
    return null;
  }

  private isComment(node: SyntaxNode): boolean {
    return node.type === "line_comment" || node.type === "block_comment";
  }

  /** `String url = API + path, other;`: each declarator, a declaration in the scope (fields are lowered as members, see `classDeclaration`). */
  private declarators(node: SyntaxNode): IR.Statement[] {
    const typeText = node.childForFieldName("type")?.text ?? null;
    return node.namedChildren.flatMap((declarator) => {
      if (declarator?.type !== "variable_declarator") return [];
      const name = declarator.childForFieldName("name");
      const value = declarator.childForFieldName("value");
      if (!name) return [];
      // HttpURLConnection c = (HttpURLConnection) url.openConnection(); c.setRequestMethod("PATCH"): the connection's method
      this.connectionMethod = value && /\.openConnection\s*\(/.test(value.text) ? this.methodSetLater(node, name.text) : null;
      try {
        return [this.assignment(name.text, this.range(name), value ? this.expression(value) : { kind: "unknown", range: this.range(declarator), children: [] }, this.range(declarator), typeText)];
      } finally {
        this.connectionMethod = null;
      }
    });
  }

  /** The method a connection declared by `declaration` is given by a later statement of its block (`c.setRequestMethod("PATCH")`). */
  private connectionMethod: IR.Expression | null = null;
  private methodSetLater(declaration: SyntaxNode, name: string): IR.Expression | null {
    for (let next = declaration.nextNamedSibling; next; next = next.nextNamedSibling) {
      const call = next.type === "expression_statement" ? next.namedChildren[0] : null;
      if (call?.type !== "method_invocation" || call.childForFieldName("object")?.text !== name || call.childForFieldName("name")?.text !== "setRequestMethod") continue;
      const argument = call.childForFieldName("arguments")?.namedChildren.find((child) => child !== null && !this.isComment(child));
      return argument ? this.keep(argument) : null;
    }
    return null;
  }

  /**
   * A class (interface, enum, record): its fields with their initializers, constructors and methods
   * as members (`static` ones static), classes declared in it beside it. Inside, a name of its own
   * used alone (`API`, `patch(…)`) is the class's (`this.patch`, `CfClient.API`).
   */
  private classDeclaration(node: SyntaxNode): IR.Statement[] {
    const range = this.range(node);
    const name = node.childForFieldName("name")?.text ?? null;
    const body = node.childForFieldName("body");
    const children = (body?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null && !this.isComment(child));
    const context: ClassContext = { name: name ?? "", fields: new Map(), methods: new Map() };
    for (const child of children) {
      const isStatic = this.isStatic(child) || node.type === "interface_declaration";
      if (child.type === "field_declaration" || child.type === "constant_declaration") {
        for (const declarator of child.namedChildren) if (declarator?.type === "variable_declarator") context.fields.set(declarator.childForFieldName("name")?.text ?? "", isStatic);
      } else if (child.type === "method_declaration") context.methods.set(child.childForFieldName("name")?.text ?? "", isStatic);
      else if (child.type === "enum_body_declarations") {
        for (const inner of child.namedChildren) if (inner?.type === "field_declaration") for (const d of inner.namedChildren) if (d?.type === "variable_declarator") context.fields.set(d.childForFieldName("name")?.text ?? "", this.isStatic(inner));
      }
    }
    const members: IR.ClassMember[] = [];
    const nested: IR.Statement[] = [];
    /** An enum's constants, in order (`Setting.values()`). */
    const constants: { name: string; range: IR.Range }[] = [];
    /** The requests its constants describe, as a route table's entries. */
    const routes: IR.Statement[] = [];
    this.scope.within(context, () => {
      const lowerMember = (child: SyntaxNode) => {
        const at = this.range(child);
        const isStatic = this.isStatic(child) || node.type === "interface_declaration";
        if (CLASS_TYPES.has(child.type)) {
          nested.push(...this.classDeclaration(child));
        } else if (child.type === "field_declaration" || child.type === "constant_declaration") {
          this.scope.inStatic = isStatic;
          for (const declarator of child.namedChildren) {
            if (declarator?.type !== "variable_declarator") continue;
            const value = declarator.childForFieldName("value");
            members.push({ range: this.range(declarator), key: declarator.childForFieldName("name")?.text ?? null, value: value ? this.expression(value) : null, isStatic, typeText: child.childForFieldName("type")?.text ?? null });
          }
        } else if (child.type === "method_declaration" || child.type === "constructor_declaration" || child.type === "compact_constructor_declaration") {
          this.scope.inStatic = isStatic;
          const fn = this.methodNode(child);
          members.push({ range: at, key: child.type === "method_declaration" ? fn.name : "constructor", value: fn, isStatic, typeText: null });
        } else if (child.type === "enum_constant") {
          // enum Setting { MINIFY("minify"), … }: each constant an instance made with its arguments
          // (its fields set by the constructor); `enum Setting { MINIFY, … }`: its own name.
          const constant = child.childForFieldName("name")?.text ?? null;
          if (!constant) return;
          constants.push({ name: constant, range: at });
          const given = child.childForFieldName("arguments");
          const args = given && name ? this.argumentsOf(child) : [];
          const value: IR.Expression = given && name ? { kind: "new", range: at, callee: this.identifier(name, at), args } : this.string(constant, at);
          members.push({ range: at, key: constant, value, isStatic: true, typeText: null });
          // A route table's entry (`MINIFY_SETTING(GET, "zones/{id-1}/settings/minify")`): the request it describes, at its path
          const method = args.find((arg) => arg.kind === "string" && HTTP_METHOD.test(arg.value));
          const path = args.find((arg) => arg !== method && (arg.kind === "string" || arg.kind === "template") && /[\w}]\/[\w{]/.test(arg.kind === "string" ? arg.value : arg.quasis.map((quasi) => quasi.value).join("{}")));
          if (method && path) routes.push({ kind: "expression", range: at, expression: this.request(path.range, path, method) });
        } else if (child.type === "enum_body_declarations") {
          for (const inner of child.namedChildren) if (inner) lowerMember(inner);
        }
      };
      for (const child of children) lowerMember(child);
    });
    if (constants.length > 0 && name && !context.methods.has("values")) {
      // for (Setting s : Setting.values()): the constants in order
      const at: IR.Range = [constants[0]!.range[0], constants.at(-1)!.range[1]];
      const list = this.array(constants.map((constant) => this.member(this.identifier(name, constant.range), constant.name, constant.range, constant.range)), at);
      members.push({ range: at, key: "values", value: this.fn("values", [], [], [{ kind: "return", range: at, argument: list }], at), isStatic: true, typeText: null });
    }
    const superclass = node.childForFieldName("superclass")?.namedChildren[0] ?? null;
    const cls: IR.ClassNode = { kind: "class", range, name, superClass: superclass ? this.identifier(typeNameOf(superclass), this.range(superclass)) : null, members };
    return [{ kind: "class-declaration", range, cls }, ...routes, ...nested];
  }

  private isStatic(node: SyntaxNode): boolean {
    const modifiers = node.namedChildren.find((child) => child?.type === "modifiers");
    return modifiers ? /\bstatic\b/.test(modifiers.text) : false;
  }

  private methodNode(node: SyntaxNode): IR.FunctionNode {
    const name = node.type === "method_declaration" ? (node.childForFieldName("name")?.text ?? null) : "constructor";
    const parameters = this.parametersOf(node.childForFieldName("parameters"));
    const body = node.childForFieldName("body");
    return this.inFunctionScope(
      parameters.map((p) => p.name),
      () => this.fn(name, parameters.map((p) => p.name), parameters.map((p) => p.range), body ? this.statements(body.namedChildren) : [], this.range(node), parameters.map((p) => p.type)),
    );
  }

  private parametersOf(list: SyntaxNode | null): { name: string; range: IR.Range; type: string | null }[] {
    if (!list) return [];
    if (list.type === "identifier") return [{ name: list.text, range: this.range(list), type: null }];
    return list.namedChildren.flatMap((parameter) => {
      if (!parameter) return [];
      if (parameter.type === "identifier") return [{ name: parameter.text, range: this.range(parameter), type: null }];
      const name = parameter.childForFieldName("name") ?? parameter.namedChildren.find((child) => child?.type === "variable_declarator")?.childForFieldName("name") ?? null;
      return name ? [{ name: name.text, range: this.range(name), type: parameter.childForFieldName("type")?.text ?? null }] : [];
    });
  }

  // ---- expressions ---------------------------------------------------------------------------

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "identifier": {
        const declared = this.isDeclared(node.text);
        // GET, PATCH…: an HTTP method enum's constants imported statically (`import static …HttpMethod.*`)
        if (!declared && HTTP_METHOD.test(node.text) && !this.scope.receiverOf(node.text, "fields", range)) return this.string(node.text, range);
        return this.scope.name(node.text, range, declared);
      }
      case "this":
        return { kind: "this", range };
      case "string_literal":
        return this.stringLiteral(node);
      case "character_literal":
        return this.string(unescapeText(node.text.slice(1, -1)), range);
      case "decimal_integer_literal":
      case "hex_integer_literal":
      case "decimal_floating_point_literal":
        return { kind: "number", range, value: Number(node.text.replace(/[_lLfFdD]/g, "")), raw: node.text };
      case "true":
      case "false":
        return { kind: "boolean", range, value: node.type === "true" };
      case "null_literal":
        return { kind: "null", range };
      case "parenthesized_expression":
      case "cast_expression": {
        const value = node.childForFieldName("value") ?? node.namedChildren.filter((child): child is SyntaxNode => child !== null).at(-1);
        return value ? this.expression(value) : null;
      }
      case "binary_expression": {
        const operator = node.childForFieldName("operator")?.text ?? "";
        // Other operators (arithmetic, comparisons) give no text: their operands are kept as unknown's children.
        return ["+", "==", "!=", "&&", "||"].includes(operator) ? this.fieldBinary(node, range) : null;
      }
      case "unary_expression": {
        const operand = node.childForFieldName("operand");
        if (operand && node.childForFieldName("operator")?.text === "!") return { kind: "unary", range, operator: "!", argument: this.expression(operand) };
        return null;
      }
      case "ternary_expression":
        return this.conditionalNode(node, range);
      case "field_access": {
        const object = node.childForFieldName("object");
        const field = node.childForFieldName("field");
        if (!object || !field) return null;
        // HttpMethod.PATCH: the method's name
        if (METHOD_ENUMS.test(object.text) && HTTP_METHOD.test(field.text)) return this.string(field.text, range);
        return this.member(this.expression(object), field.text, range, this.range(field));
      }
      case "array_access": {
        const array = node.childForFieldName("array");
        const index = node.childForFieldName("index");
        if (!array || !index) return null;
        const key = this.expression(index);
        return this.member(this.expression(array), key.kind === "string" ? key.value : key.kind === "number" ? String(key.value) : null, range, this.range(index), key);
      }
      case "array_initializer":
        return this.array(node.namedChildren.flatMap((child) => (child && !this.isComment(child) ? [this.expression(child)] : [])), range);
      case "array_creation_expression": {
        const initializer = node.childForFieldName("value") ?? node.namedChildren.find((child) => child?.type === "array_initializer") ?? null;
        return initializer ? this.expression(initializer) : null;
      }
      case "assignment_expression": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (!left || !right) return null;
        const operator = node.childForFieldName("operator")?.text ?? "=";
        let value = this.expression(right);
        if (operator === "+=") value = this.binary("+", this.expression(left), value, range);
        return { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(left), expression: this.expression(left) }, value };
      }
      case "lambda_expression":
        return this.lambda(node);
      case "method_invocation":
        return this.invocation(node);
      case "object_creation_expression":
        return this.creation(node);
    }
    return null;
  }


  /** The JSON of a response whose body is a call's first argument (`readTree(resp.body())`, `new JSONObject(response.body().string())`); null otherwise. */
  private parsedResponseBody(node: SyntaxNode, range: IR.Range): IR.Expression | null {
    const source = node.childForFieldName("arguments")?.namedChildren.find((child) => child !== null && !this.isComment(child));
    const response = source ? responseOfBody(source) : null;
    return response ? this.responseJson(this.expression(response), range) : null;
  }

  /** `"…"` with its escapes read, and `"""` text blocks with their common indentation removed. */
  private stringLiteral(node: SyntaxNode): IR.Expression {
    return this.string(this.stringText(node), this.range(node));
  }

  private stringText(node: SyntaxNode): string {
    const value = node.namedChildren.map((child) => (child?.type === "escape_sequence" ? unescapeText(child.text) : (child?.text ?? ""))).join("");
    return node.text.startsWith('"""') ? textBlock(value) : value;
  }

  private lambda(node: SyntaxNode): IR.FunctionNode {
    const parameters = this.parametersOf(node.childForFieldName("parameters"));
    const body = node.childForFieldName("body");
    return this.lambdaNode(node, parameters, body);
  }

  private argumentsOf(node: SyntaxNode): IR.Expression[] {
    const list = node.childForFieldName("arguments");
    return (list?.namedChildren ?? []).flatMap((child) => (child && !this.isComment(child) ? [this.expression(child)] : []));
  }

  /**
   * The record a builder's receiver stands for: a builder call already read as one, or a new,
   * empty document (`new JsonObject()`, `Document.newJsonDocument()`, `Json.createObjectBuilder()`);
   * null for anything else (a variable: its `put` is a field set, below).
   */
  private builtRecord(receiver: SyntaxNode): IR.ObjectLiteral | null {
    if (isEmptyDocument(receiver)) return this.object([], this.range(receiver));
    // A chain of setters down to an empty document (read once: only then is the receiver lowered here).
    let root: SyntaxNode | null = receiver;
    while (root?.type === "method_invocation" && isKeyedSetter(root)) root = root.childForFieldName("object");
    if (root === receiver || !root || !isEmptyDocument(root)) return null;
    const lowered = this.expression(receiver);
    return lowered.kind === "object" ? lowered : null;
  }

  /**
   * `switch (setting) { case "brotli": case "early_hints": … break; default: … }` and the arrow form
   * (`case "a", "b" -> …`, which does not fall through: its body ends with a `break`): each label's
   * value a case of its own, the last of a group holding the body, as the core reads a `switch`.
   */
  private switchStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const condition = node.childForFieldName("condition");
    const subject = condition?.type === "parenthesized_expression" ? (condition.namedChildren.find((child) => child !== null && !this.isComment(child)) ?? null) : condition;
    const cases: IR.SwitchStatement["cases"] = [];
    for (const group of node.childForFieldName("body")?.namedChildren ?? []) {
      if (group?.type !== "switch_block_statement_group" && group?.type !== "switch_rule") continue;
      const parts = group.namedChildren.filter((child): child is SyntaxNode => child !== null && !this.isComment(child));
      const body = this.statements(parts.filter((part) => part.type !== "switch_label"));
      if (group.type === "switch_rule") body.push({ kind: "break", range: this.range(group) });
      const tests = parts.filter((part) => part.type === "switch_label").flatMap((label) => {
        const values = label.namedChildren.filter((child): child is SyntaxNode => child !== null && !this.isComment(child));
        return values.length === 0 ? [null] : values.map((value) => this.expression(value));
      });
      cases.push(...this.switchCases(tests, body, this.range(group)));
    }
    return { kind: "switch", range, discriminant: subject ? this.expression(subject) : this.opaque(range), cases };
  }

  /** `new HttpPatch(url)`, `new URL(u)`, `new CfClient(token)`. */
  private creation(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const typeNode = node.childForFieldName("type");
    const type = typeNode ? typeNameOf(typeNode) : "";
    const args = this.argumentsOf(node);
    const verb = APACHE_REQUESTS[type];
    if (verb) return this.request(range, args[0] ?? null, verb, null, args.slice(1));
    if (type === "URL" || type === "URI") return args[0] ?? this.opaque(range);
    // `Map<String, Object> body = new HashMap<>()`, `JsonObject data = new JsonObject()`: a record, its keys put in afterwards.
    if (args.length === 0 && EMPTY_RECORD_TYPE.test(type)) return this.object([], range);
    // org.json's `new JSONObject(response.body().string())`: the body's JSON; of any other text, that text parsed.
    if ((type === "JSONObject" || type === "JSONArray") && args.length === 1) {
      const parsed = this.parsedResponseBody(node, range);
      if (parsed) return parsed;
      if (args[0]!.kind !== "string") return this.parsedJson(args[0]!, range);
    }
    // `new BufferedReader(new InputStreamReader(conn.getInputStream()))`, `new String(bytes)`: what they read, as it is;
    // `new StringBuilder()`: an empty text, grown by `append`.
    if (TEXT_READERS.has(type) && args.length >= 1) return args[0]!;
    if (type === "StringBuilder" || type === "StringBuffer") {
      const declarator = node.parent?.type === "variable_declarator" ? node.parent.childForFieldName("name") : null;
      if (declarator) this.textBuilders.add(declarator.text);
      return args[0] ?? this.string("", range);
    }
    return { kind: "new", range, callee: this.identifier(type || "%anonymous", typeNode ? this.range(typeNode) : range), args };
  }

  private invocation(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const object = node.childForFieldName("object");
    const nameNode = node.childForFieldName("name");
    const name = nameNode?.text ?? "";
    const args = this.argumentsOf(node);
    const qualified = object ? `${object.text}.${name}` : name;
    if (!nameNode) return this.unknown(node);
    // String.format("%s/zones/%s", base, zone), "…".formatted(zone)
    if (qualified === "String.format" && args[0]?.kind === "string") return this.template(formatPieces(args[0].value, args.slice(1), () => this.opaque(range)), range);
    if (name === "formatted" && object) {
      const format = this.expression(object);
      if (format.kind === "string") return this.template(formatPieces(format.value, args, () => this.opaque(range)), range);
    }
    if (TEXT_KEEPING.has(qualified) && args[0]) return args[0];
    // sb.append(line) on a StringBuilder held by a name: the text grows (`sb += line`).
    if (name === "append" && object?.type === "identifier" && args.length === 1 && this.textBuilders.has(object.text)) {
      const target = this.identifier(object.text, this.range(object));
      return { kind: "assign", range, operator: "+=", target: { kind: "expression-pattern", range: target.range, expression: target }, value: args[0]! };
    }
    // String.join("/", parts…)
    if (qualified === "String.join" && args.length >= 2) {
      const parts = args.length === 2 ? args[1]! : this.array(args.slice(1), range);
      return this.call(this.member(parts, "join", range, this.range(nameNode)), [args[0]!], range);
    }
    if ((qualified === "List.of" || qualified === "Arrays.asList" || qualified === "Set.of" || qualified === "Stream.of") && object) return this.array(args, range);
    if (qualified === "Map.of") {
      const properties: IR.Property[] = [];
      for (let index = 0; index + 1 < args.length; index += 2) {
        const key = args[index]!;
        properties.push(this.property(key.kind === "string" ? key.value : null, key.range, args[index + 1]!, key.range, key.kind === "string" ? null : key));
      }
      return this.object(properties, range);
    }
    // A JSON document put together by a builder: `Document.newJsonDocument().append("service", s)…`,
    // `new JSONObject().put("k", v)…`, `Json.createObjectBuilder().add("k", v)….build()`: the record it is.
    if (object && isKeyedSetter(node) && args[0]!.kind === "string") {
      const built = this.builtRecord(object);
      if (built) return this.object([...built.properties.filter((property) => property.kind === "property"), this.property(args[0].value, args[0].range, args[1]!, range)], range);
    }
    if (object && BUILDER_RESULT.test(name) && args.length === 0) {
      const built = this.builtRecord(object);
      if (built) return built;
      // HttpRequest.newBuilder(uri).GET().build(), OkHttp's `…get().build()`: the request built.
      const request = object.type === "method_invocation" ? this.expression(object) : null;
      if (request?.kind === "call" && request.callee.kind === "identifier" && request.callee.name === "%request") return request;
    }
    // http.send(req, BodyHandlers.ofString()), OkHttp's client.newCall(req).execute(): req's response.
    if (object && (name === "send" || name === "sendAsync" || name === "newCall") && args[0]?.kind === "identifier") return args[0];
    if (object && name === "execute" && args.length === 0 && object.type === "method_invocation" && object.childForFieldName("name")?.text === "newCall") return this.expression(object);
    // mapper.readTree(resp.body()), gson.fromJson(resp.body(), …), JsonParser.parseString(response.body().string()): the body's JSON.
    if (JSON_PARSERS.has(name) && args.length >= 1) {
      const parsed = this.parsedResponseBody(node, range);
      if (parsed) return parsed;
    }
    // Gson's element.getAsJsonObject(), getAsJsonArray(), Jackson's deepCopy(): the same JSON.
    if (object && args.length === 0 && JSON_VIEWS.has(name)) return this.expression(object);
    // node.get("result"), json.getJSONArray("result"), record.path("zone_name"): a field read, where its key is written.
    if (object && args.length === 1 && args[0]!.kind === "string" && JSON_FIELD_READERS.has(name)) return this.member(this.expression(object), args[0].value, range, args[0].range, args[0]);
    // records.getJSONObject(0), node.get(0), node.path(0): an element, by its index.
    if (object && args.length === 1 && args[0]!.kind === "number" && JSON_FIELD_READERS.has(name)) return this.member(this.expression(object), String(args[0].value), range, args[0].range, args[0]);
    // records.getJSONObject(i) in a counted loop: an element, by an index known at run time.
    if (object && args.length === 1 && args[0]!.kind === "identifier" && JSON_INDEXED_READERS.has(name)) return this.member(this.expression(object), null, range, args[0].range, args[0]);
    // new URL(u).openConnection(): a connection to u, its method set apart (`setRequestMethod`)
    if (name === "openConnection" && object) return this.request(range, this.expression(object), this.connectionMethod);
    // OkHttp's and java.net.http's builders: the URL given before the verb
    if (object && (BUILDER_VERBS[name] || name === "method")) {
      const url = builderUrl(object);
      if (url) {
        const method = name === "method" ? (args[0] ?? null) : BUILDER_VERBS[name]!;
        const body = name === "method" ? (args[1] ?? null) : (args[0] ?? null);
        // The chain that gave the URL is not lowered again: its URL has this one model.
        return this.request(range, this.expression(url), method, body);
      }
    }
    // WebClient: client.patch().uri("/zones/{id}/settings/minify", id)
    if (object?.type === "method_invocation" && (name === "uri" || name === "url") && args[0]) {
      const verbName = object.childForFieldName("name")?.text ?? "";
      const verbArgs = object.childForFieldName("arguments")?.namedChildren.filter((child) => child !== null) ?? [];
      const verb = WEBCLIENT_VERBS[verbName] && verbArgs.length === 0 ? WEBCLIENT_VERBS[verbName]! : verbName === "method" && verbArgs[0] ? this.expression(verbArgs[0]) : null;
      if (verb !== null) return this.request(range, uriTemplate(this, args[0], args.slice(1)), verb, null, [this.expression(object)]);
    }
    // RestTemplate: exchange(url, HttpMethod.PATCH, entity, …), getForObject(url, …), patchForObject(url, body, …)
    if (object && name === "exchange" && args.length >= 2) return this.request(range, args[0]!, args[1]!, args[2] ?? null, [this.expression(object), ...args.slice(3)]);
    const known = REST_TEMPLATE[name];
    if (object && known && args[0]) return this.request(range, args[0], known.method, known.body === null ? null : (args[known.body] ?? null), [this.expression(object), ...args.slice(1)]);
    if (object && (name === "put" || name === "delete") && CLIENT_NAME.test(object.text) && args[0] && (name === "delete" ? args.length >= 1 : args.length === 2) && !/map|param|header|body/i.test(object.text)) {
      return this.request(range, args[0], name.toUpperCase(), name === "put" ? (args[1] ?? null) : null, [this.expression(object)]);
    }
    // params.put("value", v), Gson's data.addProperty("proto", p): the record gets the field
    if (object && args.length === 2 && (name === "put" || isKeyedSetter(node))) {
      const key = args[0]!;
      const target = this.member(this.expression(object), key.kind === "string" ? key.value : null, range, key.range, key.kind === "string" ? null : key);
      return { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: target.range, expression: target }, value: args[1]! };
    }
    if (!object) {
      // patch(path, params) in a class with that method: the class's own
      const receiver = this.scope.receiverOf(name, "methods", range);
      if (receiver) return this.call(this.member(receiver, name, range, this.range(nameNode)), args, range);
      return this.call(this.identifier(name, this.range(nameNode)), args, range);
    }
    const receiver = this.expression(object);
    // "/zones/{zone_identifier}/filters".replaceAll("\\{" + "zone_identifier" + "\\}", id): a regular expression
    const patternNode = node.childForFieldName("arguments")?.namedChildren.find((child) => child !== null && !this.isComment(child)) ?? null;
    const pattern = (name === "replaceAll" || name === "replaceFirst") && args.length === 2 && patternNode ? constantText(patternNode) : null;
    if (pattern !== null) {
      const regex: IR.Expression = { kind: "regex", range: args[0]!.range, pattern, flags: name === "replaceAll" ? "g" : "" };
      return this.call(this.member(receiver, "replace", range, this.range(nameNode)), [regex, args[1]!], range);
    }
    return this.call(this.member(receiver, STRING_METHODS[name] ?? name, range, this.range(nameNode)), args, range);
  }
}

/** The URL a request builder was given before the call at hand (`.url(u)`, `.uri(URI.create(u))`, `newBuilder(URI.create(u))`), or `null`. */
function builderUrl(node: SyntaxNode): SyntaxNode | null {
  let current: SyntaxNode | null = node;
  for (let steps = 0; current && steps < 20; steps++) {
    if (current.type !== "method_invocation") return null;
    const name = current.childForFieldName("name")?.text;
    const argument = current.childForFieldName("arguments")?.namedChildren.find((child) => child !== null) ?? null;
    if ((name === "url" || name === "uri") && argument) return argument;
    if (name === "newBuilder" && argument && current.childForFieldName("object")?.text === "HttpRequest") return argument;
    current = current.childForFieldName("object");
  }
  return null;
}

/** Spring's URI template (`"/zones/{id}/settings/minify"` with its variables): each `{name}` the next variable, or unknown. */
function uriTemplate(lowering: TreeLowering, template: IR.Expression, variables: IR.Expression[]): IR.Expression {
  if (template.kind !== "string" || !template.value.includes("{")) return template;
  let next = 0;
  const pieces: (string | IR.Expression)[] = [];
  let last = 0;
  for (const match of template.value.matchAll(/\{[^{}]*\}/g)) {
    pieces.push(template.value.slice(last, match.index));
    pieces.push(variables[next++] ?? lowering.opaque(template.range));
    last = match.index! + match[0].length;
  }
  pieces.push(template.value.slice(last));
  return lowering.template(pieces, template.range);
}

/** The text of a string literal, or of `+` between string literals (`"\\{" + "zone" + "\\}"`), or `null`. */
function constantText(node: SyntaxNode): string | null {
  if (node.type === "string_literal" && !node.text.startsWith('"""')) {
    return node.namedChildren.map((child) => (child?.type === "escape_sequence" ? unescapeText(child.text) : (child?.text ?? ""))).join("");
  }
  if (node.type === "parenthesized_expression") return node.namedChildren[0] ? constantText(node.namedChildren[0]) : null;
  if (node.type !== "binary_expression" || node.childForFieldName("operator")?.text !== "+") return null;
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  const a = left ? constantText(left) : null;
  const b = right ? constantText(right) : null;
  return a !== null && b !== null ? a + b : null;
}

/** A type's simple name (`Request.Builder` → `Builder`, `List<String>` → `List`). */
function typeNameOf(node: SyntaxNode): string {
  const text = node.text.replace(/<.*$/s, "").trim();
  return text.slice(text.lastIndexOf(".") + 1);
}

/** A text block's content: from the line after `"""`, its lines' common indentation removed. */
function textBlock(raw: string): string {
  const lines = raw.replace(/^[ \t]*\r?\n/, "").split(/\r?\n/);
  const indents = lines.filter((line) => line.trim() !== "").map((line) => /^[ \t]*/.exec(line)![0].length);
  const common = indents.length > 0 ? Math.min(...indents) : 0;
  return lines.map((line) => line.slice(common)).join("\n").replace(/[ \t]+$/, "");
}

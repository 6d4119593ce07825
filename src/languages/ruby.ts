/**
 * Ruby: `"#{x}"` templates and `+`; assignments (the first in a method declares), methods,
 * blocks (`records.each do |rec|` as a callback over the elements); hashes (`{ type: "SRV" }`,
 * `"k" => v`) as records, symbols as their names; `rec["k"]`, `rec[:k]`, `rec.fetch("k")`,
 * `rec.dig("k")` as field reads; `Net::HTTP::Patch.new(uri)`, `Net::HTTP.get(uri)` as requests,
 * `URI(x)`/`URI.parse(x)` as their string; Faraday, HTTParty and RestClient read as calls with a
 * path (`conn.patch(path)`, `method: :patch, url: …`). `require`/`require_relative` import the
 * file whole (Ruby has one namespace), and a module's classes and constants are the file's own
 * (`Cloudflare::HttpClient` names `HttpClient`).
 */
import type * as IR from "../core/ir.js";
import { TreeLowering, unescapeText, withImplicitReturn, type LoweredFile } from "./lowering.js";
import { RUBY_FEATURE_SOURCE } from "../core/libraries.js";
import { rubyAutoloadedFeatures, rubyFeature } from "../core/import-graph.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

const NET_HTTP_VERBS: Readonly<Record<string, string>> = { Get: "GET", Post: "POST", Put: "PUT", Patch: "PATCH", Delete: "DELETE", Head: "HEAD", Options: "OPTIONS" };
const BLOCK_METHODS: Readonly<Record<string, string>> = {
  each: "forEach",
  each_pair: "forEach",
  each_with_index: "forEach",
  map: "map",
  collect: "map",
  flat_map: "flatMap",
  select: "filter",
  filter: "filter",
  reject: "filter",
  find: "find",
  detect: "find",
  "any?": "some",
  "all?": "every",
};
const FIELD_READERS = new Set(["fetch", "dig"]);
const IDENTITY_METHODS = new Set(["freeze", "dup", "to_s", "to_str"]);
const JSON_WRITERS = new Set(["generate", "dump", "pretty_generate"]);
const FARADAY_VERBS = new Set(["get", "post", "put", "patch", "delete", "head"]);
/** Methods every Ruby object has from Kernel (never a class's own, so never `self`'s inherited request helper). */
const KERNEL_METHODS = new Set(["puts", "print", "p", "pp", "raise", "fail", "require", "require_relative", "load", "format", "sprintf", "loop", "lambda", "proc", "sleep", "rand", "catch", "throw", "warn", "exit", "abort", "binding", "block_given?", "caller", "freeze", "frozen?", "send", "public_send", "respond_to?", "instance_variable_get", "instance_variable_set", "attr_reader", "attr_accessor", "attr_writer", "include", "extend", "private", "protected", "public", "super", "Integer", "Float", "String", "Array", "Hash", "URI"]);

export function lowerRuby(tree: Tree, text: string, file: string): LoweredFile {
  // The files its constants are autoloaded from (see `rubyAutoloadedFeatures`), as if required.
  const autoloaded = rubyAutoloadedFeatures(text)
    .filter((feature) => !file.endsWith(`/${feature}.rb`))
    .map((feature): IR.Statement => ({ kind: "import", range: [0, 0], source: RUBY_FEATURE_SOURCE + feature, specifiers: [], all: true }));
  return new RubyLowering(file, text, topLevelMethods(tree.rootNode)).lowerTree(tree, autoloaded);
}

/** The methods defined at the top of a script without parameters (`def cf_headers`): a bare `cf_headers` elsewhere calls one. */
function topLevelMethods(root: SyntaxNode): Set<string> {
  const names = new Set<string>();
  for (const child of root.namedChildren) {
    if (child?.type !== "method" || child.childForFieldName("parameters")?.namedChildren.some((parameter) => parameter !== null)) continue;
    const name = child.childForFieldName("name")?.text;
    if (name) names.add(name);
  }
  return names;
}

/** Whether a node names `Net::HTTP` (the connection class). */
function isNetHttp(node: SyntaxNode | null | undefined): boolean {
  return node?.text.replace(/\s+|^::/g, "") === "Net::HTTP";
}

/** The one statement of a branch's body (`then`, `else`), or null when it holds none or several. */
function onlyStatement(body: SyntaxNode | null | undefined): SyntaxNode | null {
  const parts = body?.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment") ?? [];
  return parts.length === 1 ? parts[0]! : null;
}

/** `when` labels whose `===` is equality: `case` over them is a choice by value (see `caseExpression`). */
const LITERAL_LABELS = new Set(["simple_symbol", "string", "integer", "float", "nil", "true", "false", "hash_key_symbol"]);

class RubyLowering extends TreeLowering {
  protected readonly grammarLabel = "Ruby";

  constructor(
    file: string,
    text: string,
    /** See `topLevelMethods`. */
    private readonly scriptMethods: ReadonlySet<string>,
  ) {
    super(file, text);
  }

  /** The class being lowered: its name, its methods (instance and `def self.…`) and `attr_*` readers. */
  private classContext: { name: string; instanceMethods: Set<string>; classMethods: Set<string>; readers: Set<string>; inherits: boolean } | null = null;
  /** In a method of that class: an instance method (`self` is the instance) or a class method. */
  private methodKind: "instance" | "class" | null = null;

  /**
   * `case setting when "brotli", "early_hints" … else … end` as a `switch`: each pattern of a `when`
   * a case of its own, the last holding its body, which ends with a `break` (Ruby does not fall
   * through); `else` the default. Without a value (`case when x > 1`) the tests are not known.
   */
  private caseStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const subject = node.childForFieldName("value");
    const cases: IR.SwitchStatement["cases"] = [];
    for (const clause of node.namedChildren) {
      if (clause?.type !== "when" && clause?.type !== "else") continue;
      const parts = clause.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
      const bodyNodes = clause.type === "else" ? parts : parts.filter((part) => part.type === "then").flatMap((then) => then.namedChildren.filter((child): child is SyntaxNode => child !== null));
      const body = [...this.statements(bodyNodes), { kind: "break", range: this.range(clause) } as IR.Statement];
      const tests = clause.type === "else" ? [null] : parts.filter((part) => part.type === "pattern").map((pattern) => (subject && pattern.namedChildren[0] ? this.expression(pattern.namedChildren[0]) : this.opaque(this.range(pattern))));
      cases.push(...this.switchCases(tests, body, this.range(clause)));
    }
    return { kind: "switch", range, discriminant: subject ? this.expression(subject) : this.opaque(range), cases };
  }

  /**
   * `req = case verb when :get then Net::HTTP::Get.new(uri) when :patch then … else … end`: a value
   * chosen by the subject, as nested conditionals (`verb == "get" ? … : …`), so that a call known
   * to pass `:patch` makes a PATCH. Only where every label is a literal (`===` is `==` for them)
   * and every branch one expression; else null (the children are kept as they are).
   */
  private caseExpression(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    const subject = node.childForFieldName("value");
    if (!subject) return null;
    const clauses = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    const fallback = clauses.find((clause) => clause.type === "else");
    const fallbackValue = fallback ? onlyStatement(fallback) : null;
    if (fallback && !fallbackValue) return null;
    const arms: { labels: SyntaxNode[]; value: SyntaxNode; range: IR.Range }[] = [];
    for (const clause of clauses.filter((candidate) => candidate.type === "when")) {
      const labels = clause.childrenForFieldName("pattern").flatMap((pattern) => pattern?.namedChildren[0] ?? []);
      const value = onlyStatement(clause.childForFieldName("body"));
      if (!value || labels.length === 0 || !labels.every((label) => LITERAL_LABELS.has(label.type))) return null;
      arms.push({ labels, value, range: this.range(clause) });
    }
    return this.choiceBySubject(() => this.expression(subject), arms, fallbackValue ? this.expression(fallbackValue) : { kind: "null", range });
  }

  /**
   * `req = if verb == :patch then Net::HTTP::Patch.new(uri) else Net::HTTP::Get.new(uri) end` (with
   * `elsif`, or `unless`): a conditional, so that the branch a call's arguments take decides.
   * Only where each branch is one expression; else null (the children kept as they are). No
   * `else`: nil.
   */
  private ifExpression(node: SyntaxNode): IR.Expression | null {
    // The chain read first, lowered only when every branch is one expression.
    const branches: { node: SyntaxNode; condition: SyntaxNode; value: SyntaxNode }[] = [];
    let otherwise: SyntaxNode | null = null;
    for (let current: SyntaxNode | null = node; current; ) {
      const condition = current.childForFieldName("condition");
      const value = onlyStatement(current.childForFieldName("consequence"));
      if (!condition || !value) return null;
      branches.push({ node: current, condition, value });
      const alternative = current.childForFieldName("alternative");
      if (alternative?.type === "elsif") current = alternative;
      else {
        if (alternative && !(otherwise = onlyStatement(alternative))) return null;
        current = null;
      }
    }
    let result: IR.Expression = otherwise ? this.expression(otherwise) : { kind: "null", range: this.range(node) };
    for (const branch of branches.reverse()) {
      const holds = this.expression(branch.condition);
      const test: IR.Expression = branch.node.type === "unless" ? { kind: "unary", range: holds.range, operator: "!", argument: holds } : holds;
      result = { kind: "conditional", range: this.range(branch.node), test, consequent: this.expression(branch.value), alternate: result };
    }
    return result;
  }

  /**
   * `require "cloudflare/http_client"`, `require_relative "client"`: the file's classes, modules and
   * constants become everyone's (Ruby has one namespace), so the file is imported whole.
   */
  private requireStatement(node: SyntaxNode): IR.Statement | null {
    const verb = node.childForFieldName("method")?.text ?? "";
    if (node.childForFieldName("receiver") || (verb !== "require" && verb !== "require_relative" && verb !== "load")) return null;
    const args = node.childForFieldName("arguments")?.namedChildren.filter((child): child is SyntaxNode => child !== null) ?? [];
    const feature = args.length === 1 ? this.expression(args[0]!) : null;
    if (feature?.kind !== "string") return null;
    return { kind: "import", range: this.range(node), source: RUBY_FEATURE_SOURCE + rubyFeature(verb, feature.value), specifiers: [], all: true };
  }

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    switch (node.type) {
      case "call": {
        const required = this.requireStatement(node);
        if (required) return required;
        break;
      }
      case "assignment":
      case "operator_assignment": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (!left || !right) return null;
        if (node.type === "assignment") {
          this.noteFaradayBase(left.text, right);
          this.noteNetHttp(left.text, right);
        }
        let value = this.expression(right);
        if (node.type === "operator_assignment") value = this.binary("+", this.expression(left), value, range);
        // @zone = zone in a method: the instance's field
        if (left.type === "instance_variable" && this.methodKind === "instance") {
          const target: IR.Expression = this.member({ kind: "this", range: this.range(left) }, left.text.slice(1), this.range(left), this.range(left));
          return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(left), expression: target }, value } };
        }
        if (left.type === "identifier" || left.type === "constant" || left.type === "instance_variable" || left.type === "global_variable" || left.type === "class_variable") {
          return this.assignment(left.text, this.range(left), value, range);
        }
        return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(left), expression: this.expression(left) }, value } };
      }
      case "method":
      case "singleton_method":
        return { kind: "function-declaration", range, fn: this.methodNode(node) };
      case "class":
        return this.classDeclaration(node);
      // `module Cloudflare … end`: its classes and constants are named as the file's own
      // (`Cloudflare::HttpClient` is read as `HttpClient`), and are what a file requiring it gets.
      case "module": {
        const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child?.type === "body_statement") ?? null;
        return body ? this.statements(body.namedChildren) : [];
      }
      case "singleton_class": {
        const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child?.type === "body_statement") ?? null;
        return { kind: "block", range, body: body ? this.inFunctionScope([], () => this.statements(body.namedChildren)) : [] };
      }
      case "body_statement":
      case "block_body":
      case "begin":
      case "then":
      case "else":
      case "ensure":
      case "rescue":
      case "do":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "if":
      case "unless":
      case "elsif": {
        const condition = node.childForFieldName("condition");
        const consequence = node.childForFieldName("consequence");
        const alternative = node.childForFieldName("alternative");
        return this.ifNode(range, condition, consequence, alternative ? (this.statement(alternative) as IR.Statement) : null);
      }
      case "for": {
        // for s in ["brotli", "minify"] … end: each element in turn
        const pattern = node.childForFieldName("pattern");
        const value = node.childForFieldName("value")?.namedChildren[0];
        const body = node.childForFieldName("body");
        if (pattern?.type === "identifier" && value && body) {
          const target: IR.Pattern = { kind: "identifier-pattern", range: this.range(pattern), name: pattern.text, typeText: null };
          return { kind: "for-of", range, declarationKind: "var", target, right: this.expression(value), body: { kind: "block", range: this.range(body), body: this.statements(body.namedChildren) } };
        }
        return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child ? [this.statement(child)].flat() : [])) };
      }
      case "case":
        return this.caseStatement(node);
      case "when":
      case "while":
      case "until":
        return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child ? [this.statement(child)].flat() : [])) };
      case "return": {
        const value = node.namedChildren[0]?.namedChildren[0] ?? node.namedChildren[0];
        return { kind: "return", range, argument: value ? this.expression(value) : null };
      }
    }
    return null;
  }

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "identifier": {
        // In a method, a name that is no local: the class's reader (`attr_reader :zone`) or method called without arguments.
        const context = this.classContext;
        if (context && this.methodKind === "instance" && !this.isDeclared(node.text)) {
          if (context.readers.has(node.text)) return this.member({ kind: "this", range }, node.text, range, range);
          if (context.instanceMethods.has(node.text)) return this.call(this.member({ kind: "this", range }, node.text, range, range), [], range);
        }
        // A script's own method called without arguments (`RestClient.get(url, cf_headers)`).
        if (!context && this.scriptMethods.has(node.text) && !this.isDeclared(node.text)) return this.call(this.identifier(node.text, range), [], range);
        return this.identifier(node.text, range);
      }
      case "instance_variable":
        return this.methodKind === "instance" ? this.member({ kind: "this", range }, node.text.slice(1), range, range) : this.identifier(node.text, range);
      case "self":
        if (this.methodKind === "instance") return { kind: "this", range };
        return this.classContext ? this.identifier(this.classContext.name, range) : null;
      case "constant":
      case "global_variable":
      case "class_variable":
        return this.identifier(node.text, range);
      case "string":
      case "heredoc_body":
      case "subshell":
        return this.interpolated(node);
      case "chained_string":
        return this.template(node.namedChildren.flatMap((child) => (child ? [this.expression(child)] : [])), range);
      case "simple_symbol":
        return this.string(node.text.replace(/^:/, ""), range);
      case "hash_key_symbol":
        return this.string(node.text, range);
      case "delimited_symbol":
        return this.interpolated(node);
      case "integer":
      case "float":
        return { kind: "number", range, value: Number(node.text.replace(/_/g, "")), raw: node.text };
      case "true":
      case "false":
        return { kind: "boolean", range, value: node.type === "true" };
      case "nil":
        return { kind: "null", range };
      case "parenthesized_statements":
        return node.namedChildren[0] ? this.expression(node.namedChildren[0]) : null;
      case "case":
        return this.caseExpression(node);
      case "if":
      case "unless":
      case "elsif":
        return this.ifExpression(node);
      case "binary": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const operator = node.childForFieldName("operator")?.text ?? "";
        if (!left || !right) return null;
        if (operator === "&&" || operator === "||" || operator === "and" || operator === "or") {
          return { kind: "logical", range, operator: operator === "&&" || operator === "and" ? "&&" : "||", left: this.expression(left), right: this.expression(right) };
        }
        return this.binary(operator === "==" ? "===" : operator === "!=" ? "!==" : operator, this.expression(left), this.expression(right), range);
      }
      case "hash":
        return this.hash(node);
      case "array":
        return this.array(node.namedChildren.flatMap((child) => (child && child.type !== "comment" ? [this.expression(child)] : [])), range);
      // %w[brotli minify], %i[brotli minify]: lists of words
      case "string_array":
      case "symbol_array":
        return this.array(node.namedChildren.flatMap((child) => (child?.type === "bare_string" || child?.type === "bare_symbol" ? [this.interpolated(child)] : [])), range);
      case "element_reference": {
        const object = node.childForFieldName("object");
        const key = node.namedChildren.find((child) => child !== null && child.id !== object?.id) ?? null;
        if (!object) return null;
        const keyExpression = key ? this.expression(key) : null;
        const property = keyExpression?.kind === "string" ? keyExpression.value : keyExpression?.kind === "number" ? String(keyExpression.value) : null;
        return this.member(this.expression(object), property, range, key ? this.range(key) : range, keyExpression);
      }
      case "scope_resolution": {
        const scope = node.childForFieldName("scope");
        const name = node.childForFieldName("name");
        if (!name) return null;
        // `Cloudflare::HttpClient`, `Api::BASE_URL`: a class or constant of a module, named as the module's contents are (see `module`).
        if (!scope || (name.type === "constant" && isConstantPath(scope))) return this.identifier(name.text, range);
        return this.member(this.expression(scope), name.text, range, this.range(name));
      }
      case "call":
        return this.callExpression(node);
      case "lambda":
      case "block":
      case "do_block":
        return this.blockFunction(node);
    }
    return null;
  }

  private interpolated(node: SyntaxNode): IR.Expression {
    const single = node.text.startsWith("'");
    const pieces: (string | IR.Expression)[] = [];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === "string_content") pieces.push(single ? child.text.replace(/\\(['\\])/g, "$1") : child.text);
      else if (child.type === "escape_sequence") pieces.push(unescapeText(child.text));
      else if (child.type === "interpolation") {
        const inner = child.namedChildren.filter((n): n is SyntaxNode => n !== null);
        pieces.push(inner.length === 1 ? this.expression(inner[0]!) : this.opaque(this.range(child), inner.map((n) => this.expression(n))));
      }
    }
    return this.template(pieces, this.range(node));
  }

  private hash(node: SyntaxNode): IR.ObjectLiteral {
    return this.object(
      node.namedChildren.flatMap((pair) => (pair?.type === "pair" ? this.pairProperty(pair) : [])),
      this.range(node),
    );
  }

  private pairProperty(pair: SyntaxNode): IR.Property[] {
    const key = pair.childForFieldName("key");
    const value = pair.childForFieldName("value");
    if (!key || !value) return [];
    const keyExpression = this.expression(key);
    const keyText = keyExpression.kind === "string" ? keyExpression.value : null;
    return [this.property(keyText, this.range(key), this.expression(value), this.range(pair), keyText === null ? keyExpression : null)];
  }

  private argumentsOf(node: SyntaxNode): IR.Expression[] {
    const list = node.childForFieldName("arguments");
    const positional: IR.Expression[] = [];
    const pairs: IR.Property[] = [];
    for (const argument of list?.namedChildren ?? []) {
      if (!argument || argument.type === "comment") continue;
      if (argument.type === "pair") pairs.push(...this.pairProperty(argument));
      else positional.push(this.expression(argument));
    }
    if (pairs.length > 0) positional.push(this.object(pairs, this.range(list!)));
    return positional;
  }

  /** The names holding a Net::HTTP connection (`http = Net::HTTP.new(host, port)`, a `Net::HTTP.start` block's parameter). */
  private readonly netHttpConnections = new Set<string>();

  private noteNetHttp(name: string, right: SyntaxNode): void {
    this.netHttpConnections.delete(name);
    if (right.type === "call" && isNetHttp(right.childForFieldName("receiver")) && /^(?:new|start)$/.test(right.childForFieldName("method")?.text ?? "")) this.netHttpConnections.add(name);
  }

  /** The `url:` (or first argument) of `Faraday.new`, by the name it is assigned to (`conn`, `@conn`). */
  private readonly faradayBases = new Map<string, SyntaxNode>();

  private noteFaradayBase(name: string, right: SyntaxNode): void {
    this.faradayBases.delete(name);
    if (right.type !== "call" || right.childForFieldName("method")?.text !== "new" || right.childForFieldName("receiver")?.text !== "Faraday") return;
    const list = right.childForFieldName("arguments")?.namedChildren.filter((argument): argument is SyntaxNode => argument !== null) ?? [];
    const url = list.find((argument) => argument.type === "pair" && argument.childForFieldName("key")?.text.replace(/^:|:$/g, "") === "url")?.childForFieldName("value") ?? (list[0] && list[0].type !== "pair" ? list[0] : undefined);
    if (url) this.faradayBases.set(name, url);
  }

  private callExpression(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    const receiver = node.childForFieldName("receiver");
    const method = node.childForFieldName("method");
    const block = node.childForFieldName("block");
    if (!method) return null;
    const name = method.text;
    const args = this.argumentsOf(node);
    // Net::HTTP::Patch.new(uri)
    if (name === "new" && receiver?.type === "scope_resolution" && receiver.text.replace(/\s+/g, "").startsWith("Net::HTTP::")) {
      const verb = NET_HTTP_VERBS[receiver.childForFieldName("name")?.text ?? ""];
      if (verb) return this.request(range, args[0] ?? null, verb, null, args.slice(1));
    }
    // Net::HTTP.get(uri), Net::HTTP.get_response(uri), Net::HTTP.post(uri, data)
    if (isNetHttp(receiver) && /^(?:get|get_response|post|post_form)$/.test(name)) {
      return this.request(range, args[0] ?? null, name.startsWith("post") ? "POST" : "GET", args[1] ?? null, args.slice(1));
    }
    // RestClient::Request.execute(options): the request its `method:`, `url:` and `payload:` make (a literal hash or one built before)
    if (name === "execute" && args.length === 1 && receiver?.text.replace(/\s+|^::/g, "") === "RestClient::Request" && args[0]!.kind !== "object") {
      const options = args[0]!;
      return this.request(range, this.member(options, "url", range, range), this.member(options, "method", range, range), this.member(options, "payload", range, range), args);
    }
    // JSON.parse(response.body): the response's JSON; JSON.parse(Net::HTTP.get(uri)): the JSON of the body it gives
    if (receiver?.text === "JSON" && name === "parse") {
      const argument = node.childForFieldName("arguments")?.namedChildren[0];
      if (argument?.type === "call" && argument.childForFieldName("method")?.text === "body" && argument.childForFieldName("receiver")) {
        return this.responseJson(this.expression(argument.childForFieldName("receiver")!), range);
      }
      if (argument?.type === "call" && argument.childForFieldName("method")?.text === "get" && isNetHttp(argument.childForFieldName("receiver"))) {
        return this.responseJson(this.expression(argument), range);
      }
      // JSON.parse(text), JSON.parse(RestClient.get(url)) (a response that is its body's text): as JSON.parse reads it
      if (args[0]) return this.parsedJson(args[0], range);
    }
    // HTTParty's response.parsed_response: the body's JSON
    if (name === "parsed_response" && receiver && args.length === 0) return this.responseJson(this.expression(receiver), range);
    // http.request(req) on a Net::HTTP connection: the response of the request `req` is (`Net::HTTP::Get.new(uri)`)
    if (name === "request" && args.length === 1 && receiver && this.netHttpConnections.has(receiver.text)) return args[0]!;
    // Net::HTTP.start(host, port) { |http| http.request(req) }: what the block gives, its parameter a connection
    if (name === "start" && isNetHttp(receiver) && block) {
      const parameter = block.childForFieldName("parameters")?.namedChildren.find((child) => child?.type === "identifier");
      if (parameter) this.netHttpConnections.add(parameter.text);
      const body = block.namedChildren.filter((child) => child !== null && child.type !== "block_parameters" && child.type !== "comment");
      const statements = body.length === 1 && (body[0]!.type === "block_body" || body[0]!.type === "body_statement") ? body[0]!.namedChildren.filter((child) => child !== null && child.type !== "comment") : body;
      const last = statements.at(-1);
      if (last) return this.expression(last);
    }
    // { where: … }.to_json, JSON.generate(…): the JSON text of the value
    if (receiver && args.length === 0 && !block && name === "to_json") return this.jsonText(this.expression(receiver), range);
    if (receiver?.text === "JSON" && JSON_WRITERS.has(name) && args.length === 1) return this.jsonText(args[0]!, range);
    // API_BASE = "…".freeze, x.to_s: the value itself
    if (receiver && args.length === 0 && !block && IDENTITY_METHODS.has(name)) return this.expression(receiver);
    // URI("…"), URI.parse("…"): the string itself
    if ((name === "URI" && !receiver) || (receiver?.text === "URI" && name === "parse")) return args[0] ?? this.opaque(range);
    if (receiver && FIELD_READERS.has(name) && args.length >= 1 && args[0]!.kind === "string" && !block) {
      let object = this.expression(receiver);
      const keys = name === "dig" ? args : args.slice(0, 1);
      for (const key of keys) {
        if (key.kind !== "string") break;
        object = this.member(object, key.value, [range[0], key.range[1]], key.range, key);
      }
      return object;
    }
    // conn.patch("zones/…", body) on conn = Faraday.new(url: "https://…"): the path after that address
    const faradayBase = receiver ? this.faradayBases.get(receiver.text) : undefined;
    if (faradayBase && !block && FARADAY_VERBS.has(name) && args[0]) {
      return this.request(range, this.afterBase(faradayBase, args[0]), name.toUpperCase(), args[1] ?? null, args.slice(1));
    }
    // conn.get do |req| req.url(path) end (Faraday's block form)
    if (receiver && block && args.length === 0 && FARADAY_VERBS.has(name)) {
      const request = this.faradayBlockRequest(name.toUpperCase(), block, range);
      if (request) return this.opaque(range, [request, this.blockFunction(block)]);
    }
    // Hash.new: an empty hash, filled key by key (`data["proto"] = "_tcp"`), as `{}` is
    if (name === "new" && !block && args.length === 0 && receiver?.type === "constant" && receiver.text === "Hash") return this.object([], range);
    // EdgeClient.new(token, zone): an instance of the class (`Api::Client.new`: of `Client`)
    if (name === "new" && !block && (receiver?.type === "constant" || receiver?.type === "scope_resolution")) {
      const className = receiver.type === "constant" ? receiver : receiver.childForFieldName("name");
      if (className) return { kind: "new", range, callee: this.identifier(className.text, this.range(className)), args };
    }
    const callee = receiver ? this.member(this.expression(receiver), BLOCK_METHODS[name] && block ? BLOCK_METHODS[name]! : name, range, this.range(method)) : this.ownMethod(name, this.range(method)) ?? this.identifier(name, this.range(method));
    if (block) args.push(this.blockFunction(block));
    return this.call(callee, args, range);
  }

  /** A call without a receiver, in a method, of a method of its class: `self`'s (the instance's, or the class's in a `def self.…`). */
  private ownMethod(name: string, range: IR.Range): IR.Expression | null {
    const context = this.classContext;
    if (!context || this.isDeclared(name)) return null;
    if (this.methodKind === "instance" && context.instanceMethods.has(name)) return this.member({ kind: "this", range }, name, range, range);
    if (this.methodKind === "class" && context.classMethods.has(name)) return this.member(this.identifier(context.name, range), name, range, range);
    // `cf_get(path: …)` in a subclass: a method it inherits (from a class in another file), `self`'s too.
    if (this.methodKind === "instance" && context.inherits && !KERNEL_METHODS.has(name)) return this.member({ kind: "this", range }, name, range, range);
    return null;
  }

  /**
   * A class: its methods (`initialize` as the constructor, `def self.…` as static ones) and
   * constants as members; `@x` in its methods is the instance's field, `self` the instance (the
   * class in a `def self.…`), and a call without a receiver of one of its methods is `self`'s.
   * Constants are also names of the scope around the class, as Ruby looks them up from its
   * methods; other statements of the body (`attr_reader`, `include`) are kept beside it.
   */
  private classDeclaration(node: SyntaxNode): IR.Statement[] {
    const range = this.range(node);
    const nameNode = node.childForFieldName("name");
    const name = (nameNode?.type === "scope_resolution" ? nameNode.childForFieldName("name") : nameNode)?.text ?? null;
    const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child?.type === "body_statement") ?? null;
    const children = (body?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    if (!name) return [{ kind: "block", range, body: this.inFunctionScope([], () => children.flatMap((child) => [this.statement(child)].flat())) }];
    // `class CloudflareClient; class Zone < CloudflareClient; … end; end`: a class reopened only to
    // nest others in it is their namespace, as a module is (its methods are where it is declared).
    if (!node.childForFieldName("superclass") && children.length > 0 && children.every((child) => child.type === "class" || child.type === "module")) {
      return children.flatMap((child) => [this.statement(child)].flat());
    }
    const context = { name, instanceMethods: new Set<string>(), classMethods: new Set<string>(), readers: new Set<string>(), inherits: node.childForFieldName("superclass") !== null };
    for (const child of children) {
      const methodName = child.childForFieldName("name")?.text;
      if (child.type === "method" && methodName) context.instanceMethods.add(methodName);
      else if (child.type === "singleton_method" && methodName) context.classMethods.add(methodName);
      else if (child.type === "call" && !child.childForFieldName("receiver") && /^attr_(?:reader|accessor)$/.test(child.childForFieldName("method")?.text ?? "")) {
        for (const symbol of child.childForFieldName("arguments")?.namedChildren ?? []) if (symbol?.type === "simple_symbol") context.readers.add(symbol.text.slice(1));
      }
    }
    const outer = { context: this.classContext, kind: this.methodKind };
    const members: IR.ClassMember[] = [];
    const constants: IR.Statement[] = [];
    const rest: IR.Statement[] = [];
    this.classContext = context;
    try {
      for (const child of children) {
        const at = this.range(child);
        if (child.type === "method" || child.type === "singleton_method") {
          this.methodKind = child.type === "method" ? "instance" : "class";
          const key = child.childForFieldName("name")?.text ?? null;
          members.push({ range: at, key: key === "initialize" && child.type === "method" ? "constructor" : key, value: this.methodNode(child), isStatic: child.type === "singleton_method", typeText: null });
          this.methodKind = null;
          continue;
        }
        const left = child.type === "assignment" ? child.childForFieldName("left") : null;
        const right = child.childForFieldName("right");
        if (left?.type === "constant" && right) {
          constants.push(this.assignment(left.text, this.range(left), this.expression(right), at));
          members.push({ range: at, key: left.text, value: this.identifier(left.text, this.range(left)), isStatic: true, typeText: null });
          continue;
        }
        rest.push(...[this.statement(child)].flat());
      }
    } finally {
      this.classContext = outer.context;
      this.methodKind = outer.kind;
    }
    const superclass = node.childForFieldName("superclass")?.namedChildren[0];
    const cls: IR.ClassNode = { kind: "class", range, name, superClass: superclass ? this.expression(superclass) : null, members };
    return [...constants, { kind: "class-declaration", range, cls }, ...rest];
  }

  private blockFunction(node: SyntaxNode): IR.FunctionNode {
    const parameters = node.childForFieldName("parameters");
    const body = node.childForFieldName("body");
    const names = (parameters?.namedChildren ?? []).flatMap((p) => (p?.type === "identifier" ? [p] : []));
    return this.inFunctionScope(
      names.map((n) => n.text),
      () => ({ ...this.fn(null, names.map((n) => n.text), names.map((n) => this.range(n)), body ? withImplicitReturn(this.statements(body.namedChildren), true) : [], this.range(node)), arrow: true }),
    );
  }

  /**
   * `def f(a, b = 1, path: nil, data: {})`: positional parameters, then the keyword parameters as
   * one record parameter (a call's `f(x, path: "…")` passes its pairs as one hash, last).
   */
  private methodNode(node: SyntaxNode): IR.FunctionNode {
    const name = node.childForFieldName("name");
    const parameters = node.childForFieldName("parameters");
    const body = node.childForFieldName("body") ?? node.namedChildren.find((child) => child?.type === "body_statement") ?? null;
    // Each parameter's name, and what it holds when the call passes nothing for it (`m = :get`, `verb: "GET"`).
    const positional: { name: SyntaxNode; defaultValue: IR.Expression | null }[] = [];
    const keywords: { name: SyntaxNode; defaultValue: IR.Expression | null }[] = [];
    for (const parameter of parameters?.namedChildren ?? []) {
      if (!parameter) continue;
      if (parameter.type === "identifier") {
        positional.push({ name: parameter, defaultValue: null });
        continue;
      }
      const inner = parameter.childForFieldName("name");
      if (!inner) continue;
      const value = parameter.childForFieldName("value");
      const defaultValue = value && (parameter.type === "optional_parameter" || parameter.type === "keyword_parameter") ? this.expression(value) : null;
      (parameter.type === "keyword_parameter" ? keywords : positional).push({ name: inner, defaultValue });
    }
    const names = [...positional, ...keywords].map((p) => p.name.text);
    return this.inFunctionScope(names, () => {
      const fn = this.fn(
        name?.text ?? null,
        positional.map((p) => p.name.text),
        positional.map((p) => this.range(p.name)),
        // A method returns its last statement's value; `initialize`'s is thrown away (`new` gives the object).
        body ? (name?.text === "initialize" ? this.statements(body.namedChildren) : withImplicitReturn(this.statements(body.namedChildren), true)) : [],
        this.range(node),
        [],
        positional.map((p) => p.defaultValue),
      );
      if (keywords.length > 0) {
        const range = this.range(parameters!);
        const record: IR.Pattern = {
          kind: "object-pattern",
          range,
          properties: keywords.map(({ name: keyword, defaultValue }) => {
            const target: IR.Pattern = { kind: "identifier-pattern", range: this.range(keyword), name: keyword.text, typeText: null };
            return {
              range: this.range(keyword),
              key: keyword.text,
              keyRange: this.range(keyword),
              computedKey: null,
              value: defaultValue ? { kind: "default-pattern", range: target.range, target, value: defaultValue } : target,
            };
          }),
          rest: null,
          typeText: null,
        };
        // A call that passes no keyword at all passes no hash: each keyword then holds its default.
        fn.params.push({ kind: "default-pattern", range, target: record, value: this.object([], range) });
      }
      return fn;
    });
  }

  /**
   * Faraday's block form, `conn.patch do |req| req.url(path); req.body = data end`: the request
   * the block describes. The URL and body are lowered once and kept where they are written.
   */
  private faradayBlockRequest(verb: string, block: SyntaxNode, range: IR.Range): IR.Expression | null {
    const parameter = block.childForFieldName("parameters")?.namedChildren.find((p) => p?.type === "identifier");
    if (!parameter) return null;
    let url: IR.Expression | null = null;
    let payload: IR.Expression | null = null;
    for (const call of block.descendantsOfType("call")) {
      if (call?.childForFieldName("receiver")?.text !== parameter.text || call.childForFieldName("method")?.text !== "url") continue;
      const argument = call.childForFieldName("arguments")?.namedChildren.find((a) => a !== null && a.type !== "comment");
      if (argument) url = this.keep(argument);
      break;
    }
    if (!url) return null;
    for (const assignment of block.descendantsOfType("assignment")) {
      const left = assignment?.childForFieldName("left");
      const right = assignment?.childForFieldName("right");
      if (left?.type === "call" && left.childForFieldName("receiver")?.text === parameter.text && left.childForFieldName("method")?.text === "body" && right) payload = this.keep(right);
    }
    return this.request(range, url, verb, payload);
  }

}

/** `Cloudflare`, `Cloudflare::Api`, `::Cloudflare`: constants only (not `client::X` or `foo.bar::X`). */
function isConstantPath(node: SyntaxNode): boolean {
  if (node.type === "constant") return true;
  if (node.type !== "scope_resolution") return false;
  const scope = node.childForFieldName("scope");
  return node.childForFieldName("name")?.type === "constant" && (!scope || isConstantPath(scope));
}

/**
 * Python: f-strings, `%` and `.format` templates, concatenation; assignments (the first in a
 * function declares the name); functions, decorators, `for`, `with … as`; dicts and lists;
 * `d["k"]`, `d.get("k")` and attributes as field reads; requests and httpx calls
 * (`requests.patch(url, json=…)`, `session.request("PATCH", url)`) as requests with their
 * method; the python-cloudflare client's attribute paths (`cf.zones.settings.minify.patch(id)`)
 * as the URL they call.
 */
import type * as IR from "../core/ir.js";
import { SDK_CONTAINER_PARAMS } from "../core/libraries.js";
import { isCurl } from "../core/curl-command.js";
import { bracePieces, formatPieces, TreeLowering, unescapeText, type LoweredFile } from "./lowering.js";
import { PythonStdlibNames, stdlibCall } from "./python-stdlib.js";
import { forwardedCall } from "./python-forwarders.js";
import { attributeChain, boundPrefix } from "./python-chains.js";
import { ModelUses, validatedModel } from "./python-models.js";
import { PYTHON_CLOUDFLARE_ROOTS, PYTHON_CLOUDFLARE_TYPE, generatedSdkRequest, getattrSegment, pythonCloudflareRequest } from "./python-cloudflare.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

const VERBS = new Set(["get", "post", "put", "patch", "delete", "head", "options"]);
/** Patterns of a `case` that are values to compare with (`case "minify":`, `case 1004:`). */
const LITERAL_PATTERNS = new Set(["string", "concatenated_string", "integer", "float", "true", "false", "none"]);
const FIELD_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Builtins that give the list they are given, its elements in another order or as an iterator. */
const LIST_KEEPING_BUILTINS = new Set(["sorted", "list", "reversed", "iter", "tuple"]);
const COMPARISONS: Readonly<Record<string, string>> = { "==": "===", "!=": "!==", in: "in", "not in": "in", is: "===", "is not": "!==" };

export function lowerPython(tree: Tree, text: string, file: string): LoweredFile {
  return new PythonLowering(file, text).lowerTree(tree);
}

/** A request library's client made by name (`requests.Session`, `httpx.Client`, `httpx.AsyncClient`, `aiohttp.ClientSession`). */
const CLIENT_CONSTRUCTOR = /(?:Session|Client)$/;

class PythonLowering extends TreeLowering {
  protected readonly grammarLabel = "Python";
  /** The name of a method's first parameter (`self`) while its body is lowered. */
  private selfName: string | null = null;
  /** Parameter names of the file's functions and of its classes' methods (without `self`), by name; `null` when two differ. */
  private readonly functionSignatures = new Map<string, readonly string[] | null>();
  private readonly methodSignatures = new Map<string, readonly string[] | null>();

  override lowerTree(tree: Tree): LoweredFile {
    this.gatherSignatures(tree.rootNode);
    this.clientFactories = null;
    this.root = tree.rootNode;
    this.modelUses = null;
    return super.lowerTree(tree);
  }
  private root: SyntaxNode | null = null;
  /** How the file uses its model classes (see `ModelUses`), read when a model is first met. */
  private modelUses: ModelUses | null = null;
  /**
   * Functions and methods that return what a call makes (`return httpx.AsyncClient(…)`), or an
   * attribute of `self` that such a call is assigned to (`self._client = httpx.AsyncClient(…)`
   * when first needed, then `return self._client`): the calls' callee texts, by function name.
   * Whether those make request clients is told when a name is bound to the function's result
   * (the imports that name the library are known by then).
   */
  private clientFactories: Map<string, string[]> | null = null;
  /** What a client factory's text must hold: a request library's client made (`Session(`, `Client(`). */
  private static readonly MAKES_CLIENT = /(?:Session|Client)\s*\(/;
  /** Names bound to request libraries (`import requests`, `import httpx as h`). */
  private readonly requestModules = new Set<string>();
  /** The names urllib and asyncio go by in the file. */
  private readonly stdlibNames = new PythonStdlibNames();
  /** Modules imported by their dotted name (`import app.paths`): `app.paths` in the code is that module. */
  private readonly dottedModules = new Set<string>();
  /**
   * Names bound to a request library's verb chosen at run time (`send = getattr(requests, method)`),
   * with the node naming the verb: a call of the name is a request with that method.
   */
  private readonly verbFunctions = new Map<string, SyntaxNode>();
  /** The `base_url` of clients made by a request library (`httpx.Client(base_url=…)`), by the name they are bound to. */
  private readonly requestBases = new Map<string, SyntaxNode>();
  /** Names bound to yarl's URL class: `URL("https://…")` is that text. */
  private readonly urlClasses = new Set<string>();
  /** Names and attribute chains (`self.base`) bound to a yarl URL, which `/` joins as a path. */
  private readonly urlValues = new Set<string>();
  /** Names given to the values of tuple assignments (`ok, data = …`), one each. */
  private tupleCount = 0;
  /** Names bound to the generated SDK's module or client class (`cloudflare`, `Cloudflare`). */
  private readonly generatedSdkNames = new Set<string>();
  /** Names (and attribute chains such as `self.client`) bound to a client of the generated SDK. */
  private readonly generatedSdkClients = new Set<string>();
  /** Names bound to the python-cloudflare client module or a client made from it. */
  private readonly cloudflareClients = new Set<string>();
  /** The file imports python-cloudflare (`import CloudFlare`): its functions' untyped parameters may be its clients. */
  private importsPythonCloudflare = false;

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    switch (node.type) {
      case "expression_statement": {
        const inner = node.namedChildren.filter((child): child is SyntaxNode => child !== null);
        if (inner.length === 1 && (inner[0]!.type === "assignment" || inner[0]!.type === "augmented_assignment")) return this.assignmentStatement(inner[0]!);
        return null;
      }
      case "block":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "function_definition":
        return { kind: "function-declaration", range, fn: this.functionNode(node) };
      case "decorated_definition": {
        const definition = node.childForFieldName("definition");
        if (!definition) return null;
        const declared = this.statement(definition);
        const name = definition.childForFieldName("name");
        const out: IR.Statement[] = Array.isArray(declared) ? [...declared] : [declared];
        // `@app.route("/path")` on `def handler` is `app.route("/path", handler)`: a route definition.
        for (const decorator of node.namedChildren) {
          if (decorator?.type !== "decorator") continue;
          const expression = decorator.namedChildren[0];
          if (!expression) continue;
          let lowered = this.expression(expression);
          if (lowered.kind === "call" && name && definition.type === "function_definition") {
            lowered = { ...lowered, args: [...lowered.args, this.identifier(name.text, this.range(name))] };
          }
          out.push({ kind: "expression", range: this.range(decorator), expression: lowered });
        }
        return out;
      }
      case "class_definition": {
        const model = validatedModel(node, this.range(node), (child) => this.range(child), this.root && (this.modelUses ??= new ModelUses(this.root)));
        const declaration: IR.Statement = { kind: "class-declaration", range, cls: this.classNode(node) };
        return model ? [declaration, model] : declaration;
      }
      case "if_statement":
      case "elif_clause":
        return this.ifStatement(node);
      case "else_clause": {
        const body = node.childForFieldName("body");
        return { kind: "block", range, body: body ? this.statements(body.namedChildren) : [] };
      }
      case "for_statement": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const body = node.childForFieldName("body");
        if (!left || !right || !body) return null;
        const pattern = this.pattern(left);
        // Iterating a dict takes its keys (`for name in SETTINGS:`), a list its elements.
        return {
          kind: "for-of",
          range,
          declarationKind: "var",
          target: pattern,
          right: this.expression(right),
          body: { kind: "block", range: this.range(body), body: this.statements(body.namedChildren) },
          iterates: "elements-or-keys",
        };
      }
      case "with_statement": {
        const out: IR.Statement[] = [];
        for (const item of node.descendantsOfType("with_item")) {
          const value = item?.childForFieldName("value");
          if (!value) continue;
          if (value.type === "as_pattern") {
            const expression = value.namedChildren[0];
            const alias = value.childForFieldName("alias")?.namedChildren[0] ?? value.namedChildren[1];
            if (expression && alias?.type === "identifier") {
              // with httpx.Client() as client: a client of the request library, as after `client = httpx.Client()`
              this.noteBinding(alias.text, expression);
              out.push(this.assignment(alias.text, this.range(alias), this.expression(expression), this.range(value)));
              continue;
            }
          }
          out.push({ kind: "expression", range: this.range(value), expression: this.expression(value) });
        }
        const body = node.childForFieldName("body");
        if (body) out.push({ kind: "block", range: this.range(body), body: this.statements(body.namedChildren) });
        return out;
      }
      case "match_statement":
        return this.matchStatement(node);
      case "while_statement":
      case "try_statement":
      case "except_clause":
      case "finally_clause":
      case "case_clause": {
        const children: (IR.Expression | IR.Statement)[] = [];
        for (const child of node.namedChildren) {
          if (!child || child.type === "comment") continue;
          children.push(child.type === "block" || child.type.endsWith("_clause") ? (this.statement(child) as IR.Statement) : this.expression(child));
        }
        return { kind: "other", range, children };
      }
      case "return_statement": {
        const value = node.namedChildren[0];
        return { kind: "return", range, argument: value ? this.expression(value) : null };
      }
      case "import_statement":
      case "import_from_statement":
        return this.importStatement(node);
      case "pass_statement":
      case "break_statement":
      case "continue_statement":
      case "global_statement":
      case "nonlocal_statement":
        return { kind: "other", range, children: [] };
    }
    return null;
  }

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "identifier":
        // `self` in a method is the instance (`self.base_url`, `self.get(…)`)
        if (this.selfName !== null && node.text === this.selfName) return { kind: "this", range };
        return this.identifier(node.text, range);
      case "string":
        return this.pythonString(node);
      case "concatenated_string":
        return this.template(node.namedChildren.flatMap((child) => (child ? [this.expression(child)] : [])), range);
      case "integer":
      case "float": {
        const value = Number(node.text.replace(/_/g, ""));
        return { kind: "number", range, value, raw: node.text };
      }
      case "true":
      case "false":
        return { kind: "boolean", range, value: node.type === "true" };
      case "none":
        return { kind: "null", range };
      case "parenthesized_expression":
        return node.namedChildren[0] ? this.expression(node.namedChildren[0]) : null;
      case "attribute": {
        const object = node.childForFieldName("object");
        const attribute = node.childForFieldName("attribute");
        if (!object || !attribute) return null;
        if (this.dottedModules.size > 0 && this.dottedModules.has(node.text)) return this.identifier(node.text, range);
        return this.member(this.expression(object), attribute.text, range, this.range(attribute));
      }
      case "subscript": {
        const value = node.childForFieldName("value");
        const key = node.childForFieldName("subscript");
        if (!value || !key) return null;
        return this.subscript(this.expression(value), this.expression(key), range);
      }
      case "call":
        return this.callExpression(node);
      case "binary_operator": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const operator = node.childForFieldName("operator")?.text ?? "";
        if (!left || !right) return null;
        if (operator === "%" && left.type === "string") {
          const format = this.pythonString(left);
          if (format.kind === "string") {
            const args = right.type === "tuple" ? right.namedChildren.flatMap((c) => (c ? [this.expression(c)] : [])) : [this.expression(right)];
            return this.template(formatPieces(format.value, args, () => this.opaque(this.range(right))), range);
          }
        }
        // endpoint % (API, zone), the format set elsewhere: filled when its text is known (a
        // number's remainder is no text either way). Not `% {…}` (named placeholders).
        if (operator === "%" && left.type !== "string" && left.type !== "integer" && left.type !== "float" && right.type !== "dictionary") {
          const args = right.type === "tuple" ? right.namedChildren.flatMap((c) => (c ? [this.expression(c)] : [])) : [this.expression(right)];
          return this.formatAtRunTime(this.expression(left), args, range);
        }
        // yarl's URL joined with `/` (`API / "zones" / zone / "settings"`, `API = URL("https://…")`):
        // a path join. Only from a URL: pathlib's `/` joins file paths the same way.
        if (operator === "/" && this.isUrl(left)) return this.template([this.expression(left), "/", this.expression(right)], range);
        return this.binary(operator, this.expression(left), this.expression(right), range);
      }
      case "boolean_operator": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        if (!left || !right) return null;
        const operator = node.childForFieldName("operator")?.text === "and" ? "&&" : "||";
        return { kind: "logical", range, operator, left: this.expression(left), right: this.expression(right) };
      }
      case "comparison_operator": {
        const operands = node.namedChildren.filter((c): c is SyntaxNode => c !== null);
        const operator = node.children.find((c) => c && !c.isNamed)?.text ?? "";
        if (operands.length !== 2 || !COMPARISONS[operator]) return null;
        return this.binary(COMPARISONS[operator]!, this.expression(operands[0]!), this.expression(operands[1]!), range);
      }
      case "not_operator": {
        const argument = node.childForFieldName("argument");
        return argument ? { kind: "unary", range, operator: "!", argument: this.expression(argument) } : null;
      }
      case "conditional_expression": {
        const [consequent, test, alternate] = node.namedChildren;
        if (!consequent || !test || !alternate) return null;
        return { kind: "conditional", range, test: this.expression(test), consequent: this.expression(consequent), alternate: this.expression(alternate) };
      }
      case "await":
        return node.namedChildren[0] ? { kind: "await", range, argument: this.expression(node.namedChildren[0]) } : null;
      case "dictionary":
        return this.object(
          node.namedChildren.flatMap((pair): (IR.Property | IR.SpreadElement)[] => {
            // `{**record, "zone": name}`: the record's keys, then those written after.
            if (pair?.type === "dictionary_splat" && pair.namedChildren[0]) return [{ kind: "spread", range: this.range(pair), argument: this.expression(pair.namedChildren[0]) }];
            if (pair?.type !== "pair") return [];
            const key = pair.childForFieldName("key");
            const value = pair.childForFieldName("value");
            if (!key || !value) return [];
            const keyValue = this.expression(key);
            return [this.property(keyValue.kind === "string" ? keyValue.value : null, this.range(key), this.expression(value), this.range(pair), keyValue.kind === "string" ? null : keyValue)];
          }),
          range,
        );
      case "list":
      case "tuple":
      case "expression_list":
      case "set": {
        // ["curl", "-X", "PATCH", url, …]: a curl command's argv (for subprocess), that request
        const first = node.namedChildren.find((child) => child !== null && child.type !== "comment");
        if (first?.type === "string" && node.type !== "set" && isCurl(/^(["'])([^"'\\]*)\1$/.exec(first.text)?.[2])) {
          const elements = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment").slice(1);
          return this.curlRequest(range, this.commandWords(elements.map((element) => this.expression(element))));
        }
        // `[API, "zones", *parts]`: a list's elements spread in place
        return this.array(
          node.namedChildren.flatMap((child): IR.Expression[] => {
            if (!child || child.type === "comment") return [];
            const spread = child.type === "list_splat" ? child.namedChildren[0] : null;
            return [spread ? { kind: "spread", range: this.range(child), argument: this.expression(spread) } : this.expression(child)];
          }),
          range,
        );
      }
      case "list_comprehension":
      case "set_comprehension":
      case "generator_expression":
      case "dictionary_comprehension":
        return this.comprehension(node);
      case "lambda": {
        const body = node.childForFieldName("body");
        const parameters = node.childForFieldName("parameters");
        const names = parameters ? this.parameterNames(parameters) : [];
        const fn = this.fn(null, names.map((p) => p.name), names.map((p) => p.range), [], range);
        return { ...fn, body: body ? this.inFunctionScope(names.map((p) => p.name), () => this.expression(body)) : this.opaque(range), arrow: true };
      }
    }
    return null;
  }

  /**
   * `[f(x) for x in items if ok(x)]` (and set, dict and generator comprehensions) as a function
   * run at once: `(() => { for (x of items) if (ok(x)) return [f(x)]; })()`. The requests made
   * in it are the loop's, `x` taking each of the values iterated (a dict's keys); its value is a
   * list of one element that stands for all (a dict comprehension's value is not followed).
   */
  private comprehension(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    return this.inFunctionScope([], () => {
      type Clause = { kind: "for"; range: IR.Range; target: IR.Pattern; right: IR.Expression } | { kind: "if"; range: IR.Range; test: IR.Expression };
      const clauses = node.namedChildren.flatMap((child): Clause[] => {
        if (child?.type === "for_in_clause") {
          const left = child.childForFieldName("left");
          const right = child.childForFieldName("right");
          return left && right ? [{ kind: "for", range: this.range(child), target: this.pattern(left), right: this.expression(right) }] : [];
        }
        if (child?.type === "if_clause" && child.namedChildren[0]) return [{ kind: "if", range: this.range(child), test: this.expression(child.namedChildren[0]) }];
        return [];
      });
      const body = node.childForFieldName("body");
      let inner: IR.Statement;
      if (body?.type === "pair") {
        // `{r["name"]: r for r in records}`: its values, as a list, so that a value looked up by a key
        // not known here (`by_name[name]`) is one of them; the key is still read where it is written.
        const key = body.childForFieldName("key");
        const value = body.childForFieldName("value");
        const keyRead: IR.Statement[] = key ? [{ kind: "expression", range: this.range(key), expression: this.expression(key) }] : [];
        inner = { kind: "block", range, body: [...keyRead, { kind: "return", range, argument: this.array(value ? [this.expression(value)] : [], range) }] };
      } else inner = { kind: "return", range, argument: this.array(body ? [this.expression(body)] : [], range) };
      for (const clause of clauses.reverse()) {
        inner = clause.kind === "if"
          ? { kind: "if", range: clause.range, test: clause.test, consequent: inner, alternate: null }
          : { kind: "for-of", range: clause.range, declarationKind: "var", target: clause.target, right: clause.right, body: inner, iterates: "elements-or-keys" };
      }
      const fn: IR.FunctionNode = { ...this.fn(null, [], [], [inner], range), arrow: true };
      return { kind: "call", range, callee: fn, args: [], optional: false };
    });
  }

  private assignmentStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    const typeText = node.childForFieldName("type")?.text ?? null;
    if (!left) return { kind: "other", range, children: [] };
    let value: IR.Expression = right ? this.expression(right) : this.opaque(range);
    if (node.type === "augmented_assignment") {
      const operator = node.childForFieldName("operator")?.text.replace(/=$/, "") ?? "+";
      // `url += "/firewall/rules"`, `records += page["result"]` on a name of this scope: appended
      // to it, as JavaScript's `+=` is (a string built up, a list extended).
      if (operator === "+" && left.type === "identifier" && this.inScope(left.text)) {
        const target: IR.Pattern = { kind: "expression-pattern", range: this.range(left), expression: this.identifier(left.text, this.range(left)) };
        return { kind: "expression", range, expression: { kind: "assign", range, operator: "+=", target, value } };
      }
      value = this.binary(operator, this.expression(left), value, range);
    }
    if (left.type === "identifier") {
      this.noteBinding(left.text, right);
      return this.assignment(left.text, this.range(left), value, range, typeText);
    }
    if (left.type === "attribute" || left.type === "subscript") {
      // self.session = requests.Session(), self.cf = CloudFlare.CloudFlare()
      const chain = left.type === "attribute" ? attributeChain(left) : null;
      if (chain) this.noteBinding(chain.join("."), right);
      return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(left), expression: this.expression(left) }, value } };
    }
    // `ok, data = call(…)`: the value once, in a name of its own, then each name its element.
    const targets = left.type === "pattern_list" || left.type === "tuple_pattern" ? left.namedChildren : [];
    if (targets.length > 0 && targets.every((target) => target?.type === "identifier")) {
      const tuple = `%tuple${this.tupleCount++}`;
      const statements = [this.assignment(tuple, this.range(left), value, range)];
      targets.forEach((target, index) => {
        const at = this.range(target!);
        const element = this.subscript(this.identifier(tuple, at), { kind: "number", range: at, value: index, raw: String(index) }, at);
        statements.push(this.assignment(target!.text, at, element, at));
      });
      return { kind: "block", range, body: statements };
    }
    // `a, *rest = …`, `a, (b, c) = …`: the names are declared, their values unknown.
    const names = left.descendantsOfType("identifier").filter((n): n is SyntaxNode => n !== null);
    return {
      kind: "other",
      range,
      children: [value, ...names.map((name) => this.assignment(name.text, this.range(name), this.opaque(this.range(name)), this.range(name)))],
    };
  }

  /** Remembers names bound to request libraries and python-cloudflare clients. */
  /** Whether a node is a yarl URL: `URL(…)`, a name or attribute bound to one, or a `/` join of one. */
  private isUrl(node: SyntaxNode): boolean {
    if (node.type === "parenthesized_expression") return node.namedChildren[0] ? this.isUrl(node.namedChildren[0]) : false;
    if (node.type === "call") {
      const callee = node.childForFieldName("function");
      return callee?.type === "identifier" && this.urlClasses.has(callee.text);
    }
    if (node.type === "identifier" || node.type === "attribute") return this.urlValues.has(attributeChain(node)?.join(".") ?? "");
    if (node.type === "binary_operator" && node.childForFieldName("operator")?.text === "/") {
      const left = node.childForFieldName("left");
      return left !== null && this.isUrl(left);
    }
    return false;
  }

  /**
   * `getattr(requests, method)` (or of a session, `getattr(self.session, method.lower())`): the
   * node naming the verb, when the object is a request library or client of this file; else null.
   */
  private getattrVerb(node: SyntaxNode): SyntaxNode | null {
    if (node.type !== "call" || node.childForFieldName("function")?.text !== "getattr") return null;
    const [object, verb] = (node.childForFieldName("arguments")?.namedChildren ?? []).filter((argument) => argument !== null && argument.type !== "comment" && argument.type !== "keyword_argument");
    if (!object || !verb) return null;
    const chain = attributeChain(object);
    return chain && this.requestModules.has(chain.join(".")) ? verb : null;
  }

  private noteBinding(name: string, right: SyntaxNode | null) {
    if (right && this.isUrl(right)) this.urlValues.add(name);
    // client = self._get_client(), await self._http(): a function of this file that makes one.
    if (right && this.madeByClientFactory(right)) this.requestModules.add(name);
    const verb = right ? this.getattrVerb(right) : null;
    if (verb) this.verbFunctions.set(name, verb);
    else this.verbFunctions.delete(name);
    if (!right || right.type !== "call") return;
    const callee = right.childForFieldName("function")?.text ?? "";
    const root = callee.split(".")[0]!;
    if (/^(?:CloudFlare|cloudflare)\.CloudFlare$|^CloudFlare$/.test(callee) || (this.cloudflareClients.has(root) && /CloudFlare$/.test(callee))) this.cloudflareClients.add(name);
    if (this.requestModules.has(root) && CLIENT_CONSTRUCTOR.test(callee)) {
      this.requestModules.add(name);
      // httpx's base_url (and requests_toolbelt's BaseUrlSession's)
      const base = right.childForFieldName("arguments")?.namedChildren.find((argument) => argument?.type === "keyword_argument" && argument.childForFieldName("name")?.text === "base_url")?.childForFieldName("value");
      if (base) this.requestBases.set(name, base);
      else this.requestBases.delete(name);
    }
    // client = Cloudflare(api_token=…), cloudflare.AsyncCloudflare()
    if (this.generatedSdkNames.has(root) && /(?:^|\.)(?:Async)?Cloudflare$/.test(callee)) this.generatedSdkClients.add(name);
  }

  private ifStatement(node: SyntaxNode): IR.Statement {
    const condition = node.childForFieldName("condition");
    const consequence = node.childForFieldName("consequence");
    const alternatives = node.childrenForFieldName("alternative").filter((n): n is SyntaxNode => n !== null);
    let alternate: IR.Statement | null = null;
    for (let index = alternatives.length - 1; index >= 0; index--) {
      const clause = alternatives[index]!;
      const lowered = this.statement(clause) as IR.Statement;
      alternate = lowered.kind === "if" && alternate ? { ...lowered, alternate } : lowered;
    }
    return {
      kind: "if",
      range: this.range(node),
      test: condition ? this.expression(condition) : this.opaque(this.range(node)),
      consequent: { kind: "block", range: consequence ? this.range(consequence) : this.range(node), body: consequence ? this.statements(consequence.namedChildren) : [] },
      alternate,
    };
  }

  /**
   * `match setting: case "minify": … case "a" | "b": … case _: …` as a `switch`: a literal pattern
   * is a case's test (each of an `|` or comma list a case of its own, falling through to the body,
   * as in a `switch`), `_` or a bare name the default; other patterns (classes, mappings,
   * sequences) a test not known. A guard is read at the start of its body.
   */
  private matchStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const subject = node.childForFieldName("subject") ?? node.namedChildren.find((child) => child !== null && child.type !== "block" && child.type !== "comment") ?? null;
    const cases: IR.SwitchStatement["cases"] = [];
    const block = node.childForFieldName("body") ?? node.namedChildren.find((child) => child?.type === "block") ?? null;
    for (const clause of block?.namedChildren ?? []) {
      if (clause?.type !== "case_clause") continue;
      const tests: (IR.Expression | null)[] = [];
      for (const pattern of clause.namedChildren) {
        if (pattern?.type !== "case_pattern") continue;
        const inner = pattern.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
        const alternatives = inner.length === 1 && inner[0]!.type === "union_pattern" ? inner[0]!.namedChildren.filter((child): child is SyntaxNode => child !== null) : inner;
        if (alternatives.length === 0 || (alternatives.length === 1 && alternatives[0]!.type === "identifier")) tests.push(null);
        else for (const alternative of alternatives) tests.push(LITERAL_PATTERNS.has(alternative.type) ? this.expression(alternative) : this.opaque(this.range(alternative)));
      }
      const guard = clause.namedChildren.find((child) => child?.type === "if_clause")?.namedChildren[0] ?? null;
      const body = clause.namedChildren.find((child) => child?.type === "block");
      const statements = [...(guard ? [{ kind: "expression" as const, range: this.range(guard), expression: this.expression(guard) }] : []), ...(body ? this.statements(body.namedChildren) : [])];
      cases.push(...this.switchCases(tests, statements, this.range(clause)));
    }
    return { kind: "switch", range, discriminant: subject ? this.expression(subject) : this.opaque(range), cases };
  }

  private importStatement(node: SyntaxNode): IR.Statement | IR.Statement[] {
    const range = this.range(node);
    const specifiers: IR.ImportSpecifier[] = [];
    let source = "";
    if (node.type === "import_statement") {
      const out: IR.Statement[] = [];
      for (const name of node.childrenForFieldName("name")) {
        if (!name) continue;
        const dotted = name.type === "aliased_import" ? name.childForFieldName("name")! : name;
        const alias = name.type === "aliased_import" ? name.childForFieldName("alias")!.text : dotted.text.split(".")[0]!;
        this.noteModule(alias, dotted.text);
        out.push({ kind: "import", range, source: `python:${dotted.text}`, specifiers: [{ local: alias, imported: "*", range: this.range(name) }] });
        // `import app.paths` binds `app`; `app.paths.RULES` reads the module `app.paths`, named so here.
        if (name.type !== "aliased_import" && dotted.text.includes(".")) {
          this.dottedModules.add(dotted.text);
          out.push({ kind: "import", range, source: `python:${dotted.text}`, specifiers: [{ local: dotted.text, imported: "*", range: this.range(name) }] });
        }
      }
      // One import per module (`import os, consts`): each declares its name, as a statement of the block.
      return out.length === 1 ? out[0]! : out;
    }
    source = node.childForFieldName("module_name")?.text ?? "";
    for (const name of node.childrenForFieldName("name")) {
      if (!name) continue;
      const imported = name.type === "aliased_import" ? name.childForFieldName("name")!.text : name.text;
      const local = name.type === "aliased_import" ? name.childForFieldName("alias")!.text : imported;
      this.noteModule(local, `${source}.${imported}`);
      specifiers.push({ local, imported, range: this.range(name) });
    }
    // `from consts import *`: every name of the module.
    if (specifiers.length === 0 && node.namedChildren.some((child) => child?.type === "wildcard_import")) return { kind: "import", range, source: `python:${source}`, specifiers, all: true };
    return { kind: "import", range, source: `python:${source}`, specifiers };
  }

  private noteModule(local: string, module: string) {
    if (module === "yarl.URL") this.urlClasses.add(local);
    this.stdlibNames.note(local, module);
    if (/^(?:requests|httpx|aiohttp)(?:\.|$)/.test(module)) this.requestModules.add(local);
    if (/^CloudFlare(?:\.CloudFlare)?$|^cloudflare\.CloudFlare$/.test(module)) {
      this.cloudflareClients.add(local);
      this.importsPythonCloudflare = true;
    }
    // The generated SDK (cloudflare-python v3+): `from cloudflare import Cloudflare`, `import cloudflare`
    if (/^cloudflare(?:\.(?:Async)?Cloudflare)?$/.test(module)) this.generatedSdkNames.add(local);
  }

  /** A function; one defined in a method sees the method's `self`, as an arrow function sees `this`. */
  private functionNode(node: SyntaxNode, dropFirst = false): IR.FunctionNode {
    const name = node.childForFieldName("name");
    const parameters = node.childForFieldName("parameters");
    const body = node.childForFieldName("body");
    const all = parameters ? this.parameterNames(parameters) : [];
    const params = dropFirst ? all.slice(1) : all;
    // `def test_rules(client: Cloudflare)`: a parameter typed as the generated SDK's client
    for (const param of params) if (param.type !== null && this.generatedSdkNames.has(param.type.replace(/^["']|["']$/g, ""))) this.generatedSdkClients.add(param.name);
    // `def apply(cf: CloudFlare.CloudFlare, …)`: typed as python-cloudflare's client; in a file that
    // imports python-cloudflare, `def create_rules(cf, zone_id)` is handed one (its attribute chains
    // under `zones`, `accounts`… are what it sends).
    for (const param of params) {
      const type = param.type?.replace(/^["']|["']$/g, "") ?? null;
      if (type !== null ? PYTHON_CLOUDFLARE_TYPE.test(type) : this.importsPythonCloudflare && !param.rest && !param.keywords) this.cloudflareClients.add(param.name);
    }
    // Default values are evaluated where the function is defined, in the scope around it.
    const defaults = params.map((p) => (p.defaultValue ? this.expression(p.defaultValue) : null));
    const outerSelf = this.selfName;
    if (dropFirst) this.selfName = all[0]?.name ?? null;
    else if (outerSelf !== null && params.some((p) => p.name === outerSelf)) this.selfName = null;
    try {
      const fn = this.scopedFunction(name?.text ?? null, params, body, this.range(node), defaults);
      // `def url(self, *parts)`: the last parameter holds the arguments from its place on.
      const gathering = params.at(-1)?.rest === true ? { ...fn, restParam: true as const } : fn;
      return !dropFirst && outerSelf !== null ? { ...gathering, arrow: true } : gathering;
    } finally {
      this.selfName = outerSelf;
    }
  }

  /**
   * A class: its methods (`__init__` as the constructor, `self` as `this`; `@staticmethod` and
   * `@classmethod` as static members), and its attributes, readable from the class and from
   * instances (`self.API`). Other statements of the body are kept, so nothing inside is missed.
   */
  private classNode(node: SyntaxNode): IR.ClassNode {
    const name = node.childForFieldName("name");
    const superClass = node.childForFieldName("superclasses")?.namedChildren.find((child) => child !== null && child.type !== "keyword_argument") ?? null;
    const body = node.childForFieldName("body");
    const members: IR.ClassMember[] = [];
    const member = (key: string | null, value: IR.Expression | null, range: IR.Range, isStatic: boolean) => members.push({ range, key, value, isStatic, typeText: null });
    const outerSelf = this.selfName;
    this.selfName = null;
    try {
      this.inFunctionScope([], () => {
        for (const child of body?.namedChildren ?? []) {
          if (!child || child.type === "comment") continue;
          const range = this.range(child);
          const definition = child.type === "decorated_definition" ? child.childForFieldName("definition") : child;
          if (definition?.type === "function_definition") {
            const decorators = child.type === "decorated_definition" ? child.namedChildren.filter((d) => d?.type === "decorator").map((d) => d!.text) : [];
            const isStatic = decorators.some((d) => /^@(?:staticmethod|classmethod)\b/.test(d));
            const dropFirst = !decorators.some((d) => /^@staticmethod\b/.test(d));
            const methodName = definition.childForFieldName("name")?.text ?? null;
            member(methodName === "__init__" ? "constructor" : methodName, this.functionNode(definition, dropFirst), range, isStatic);
            continue;
          }
          const assignment = child.type === "expression_statement" ? child.namedChildren[0] : null;
          const target = assignment?.type === "assignment" ? assignment.childForFieldName("left") : null;
          const value = assignment?.type === "assignment" ? assignment.childForFieldName("right") : null;
          if (target?.type === "identifier" && value) {
            const lowered = this.expression(value);
            member(target.text, lowered, range, true);
            member(target.text, lowered, range, false);
            continue;
          }
          member(null, { kind: "unknown", range, children: [this.statement(child)].flat() }, range, true);
        }
      });
    } finally {
      this.selfName = outerSelf;
    }
    return { kind: "class", range: this.range(node), name: name?.text ?? null, superClass: superClass ? this.expression(superClass) : null, members };
  }

  /** The parameters of each function and method of the file, for keyword arguments (`f(path=…)`). */
  /** Worked out when first asked, and only in a file that makes a client somewhere. */
  private factories(): Map<string, string[]> {
    if (this.clientFactories) return this.clientFactories;
    this.clientFactories = new Map();
    if (this.root && PythonLowering.MAKES_CLIENT.test(this.text)) this.gatherClientFactories(this.root, this.clientFactories);
    return this.clientFactories;
  }

  private gatherClientFactories(root: SyntaxNode, factories: Map<string, string[]>) {
    const madeBy = (node: SyntaxNode | null | undefined): SyntaxNode | null => (node?.type === "await" ? madeBy(node.namedChildren[0]) : node?.type === "call" ? node : null);
    /** `self.X = call(…)` anywhere: X's calls. */
    const attributes = new Map<string, string[]>();
    for (const assignment of root.descendantsOfType("assignment")) {
      const left = assignment?.childForFieldName("left");
      const call = madeBy(assignment?.childForFieldName("right"));
      const chain = left?.type === "attribute" ? attributeChain(left) : null;
      const callee = call?.childForFieldName("function")?.text;
      if (!chain || chain.length !== 2 || !callee) continue;
      attributes.set(chain[1]!, [...(attributes.get(chain[1]!) ?? []), callee]);
    }
    for (const definition of root.descendantsOfType("function_definition")) {
      const name = definition?.childForFieldName("name")?.text;
      if (!definition || !name) continue;
      const made: string[] = [];
      for (const statement of definition.descendantsOfType("return_statement")) {
        const value = statement?.namedChildren[0];
        const callee = madeBy(value)?.childForFieldName("function")?.text;
        if (callee) made.push(callee);
        const chain = value?.type === "attribute" ? attributeChain(value) : null;
        if (chain?.length === 2) made.push(...(attributes.get(chain[1]!) ?? []));
      }
      if (made.length > 0) factories.set(name, [...(factories.get(name) ?? []), ...made]);
    }
  }

  /** Whether a call (awaited or not) runs a function of this file that returns a request client (see `clientFactories`). */
  private madeByClientFactory(right: SyntaxNode): boolean {
    const call = right.type === "await" ? right.namedChildren[0] : right;
    if (call?.type !== "call") return false;
    const callee = call.childForFieldName("function");
    const name = callee?.type === "identifier" ? callee.text : callee?.type === "attribute" ? callee.childForFieldName("attribute")?.text : undefined;
    if (name === undefined) return false;
    return (this.factories().get(name) ?? []).some((made) => this.requestModules.has(made.split(".")[0]!) && CLIENT_CONSTRUCTOR.test(made));
  }

  private gatherSignatures(root: SyntaxNode) {
    for (const definition of root.descendantsOfType("function_definition")) {
      if (!definition) continue;
      const name = definition.childForFieldName("name")?.text;
      const parameters = definition.childForFieldName("parameters");
      if (!name || !parameters) continue;
      let container = definition.parent;
      if (container?.type === "decorated_definition") container = container.parent;
      const inClass = container?.type === "block" && container.parent?.type === "class_definition";
      // `**kwargs` keeps its stars: the keywords no other parameter names are gathered there.
      const names = this.parameterNames(parameters).map((p) => (p.keywords ? `**${p.name}` : p.name));
      const table = inClass ? this.methodSignatures : this.functionSignatures;
      const signature = inClass ? names.slice(1) : names;
      const known = table.get(name);
      table.set(name, known === undefined ? signature : known !== null && known.join() === signature.join() ? known : null);
    }
  }

  /**
   * Keyword arguments in the places of the parameters they name, when the callee is a function
   * of this file (`fetch_zone(zone_id=z)`) or a method called on `self`; the rest, as before,
   * follow as one record.
   */
  private bindKeywords(callee: SyntaxNode, positional: IR.Expression[], keywords: IR.Property[], range: IR.Range): IR.Expression[] | null {
    let signature: readonly string[] | null | undefined;
    if (callee.type === "identifier") signature = this.functionSignatures.get(callee.text);
    else if (callee.type === "attribute" && this.selfName !== null && callee.childForFieldName("object")?.text === this.selfName) {
      signature = this.methodSignatures.get(callee.childForFieldName("attribute")?.text ?? "");
    }
    if (!signature) return null;
    const args: IR.Expression[] = [...positional];
    const rest: IR.Property[] = [];
    for (const keyword of keywords) {
      const index = keyword.key === null ? -1 : signature.indexOf(keyword.key);
      if (index < positional.length) {
        rest.push(keyword);
        continue;
      }
      while (args.length < index) args.push(this.identifier("undefined", range));
      args[index] = keyword.value;
    }
    if (rest.length > 0) {
      // `def call(endpoint, method="get", **kwargs)` called `call(path, headers=h)`: `headers` is
      // in `kwargs`, and `method` keeps its default (an argument not passed).
      const gathering = signature.findIndex((name) => name.startsWith("**"));
      if (gathering >= args.length) {
        while (args.length < gathering) args.push(this.identifier("undefined", range));
        args[gathering] = this.object(rest, range);
      } else args.push(this.object(rest, range));
    }
    return args;
  }

  /** The parameters' names and declared types; `rest`: `*parts`, which gathers the arguments from its place on. */
  private parameterNames(parameters: SyntaxNode): { name: string; range: IR.Range; type: string | null; rest: boolean; keywords: boolean; defaultValue: SyntaxNode | null }[] {
    const out: { name: string; range: IR.Range; type: string | null; rest: boolean; keywords: boolean; defaultValue: SyntaxNode | null }[] = [];
    for (const parameter of parameters.namedChildren) {
      if (!parameter) continue;
      const nameNode = parameter.type === "identifier" ? parameter : (parameter.childForFieldName("name") ?? parameter.namedChildren.find((c) => c?.type === "identifier") ?? null);
      if (!nameNode) continue;
      out.push({
        name: nameNode.text,
        range: this.range(nameNode),
        type: parameter.childForFieldName("type")?.text ?? null,
        rest: parameter.type === "list_splat_pattern",
        keywords: parameter.type === "dictionary_splat_pattern",
        defaultValue: parameter.type === "default_parameter" || parameter.type === "typed_default_parameter" ? parameter.childForFieldName("value") : null,
      });
    }
    return out;
  }

  private pattern(node: SyntaxNode): IR.Pattern {
    if (node.type === "identifier") return { kind: "identifier-pattern", range: this.range(node), name: node.text, typeText: null };
    if (node.type === "pattern_list" || node.type === "tuple_pattern" || node.type === "list_pattern" || node.type === "tuple") {
      return {
        kind: "array-pattern",
        range: this.range(node),
        elements: node.namedChildren.map((child) => (child ? this.pattern(child) : null)),
        rest: null,
        typeText: null,
      };
    }
    return { kind: "expression-pattern", range: this.range(node), expression: this.expression(node) };
  }

  private subscript(object: IR.Expression, key: IR.Expression, range: IR.Range): IR.Expression {
    const property = key.kind === "string" ? key.value : key.kind === "number" ? String(key.value) : null;
    return this.member(object, property, range, key.range, key);
  }

  private pythonString(node: SyntaxNode): IR.Expression {
    const start = node.children[0]?.text ?? '"';
    const prefix = start.replace(/["']+$/, "");
    const raw = /r/i.test(prefix);
    // An f-string's `{{` and `}}` are its braces (`f'{{"name": "{host}"}}'` is JSON text).
    const braces = /f/i.test(prefix) ? (text: string) => text.replace(/\{\{|\}\}/g, (pair) => pair[0]!) : (text: string) => text;
    const pieces: (string | IR.Expression)[] = [];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === "string_content") pieces.push(braces(raw ? child.text : unescapeText(child.text)));
      else if (child.type === "escape_sequence") pieces.push(unescapeText(child.text));
      else if (child.type === "interpolation") {
        const expression = child.childForFieldName("expression") ?? child.namedChildren[0];
        pieces.push(expression ? this.expression(expression) : this.opaque(this.range(child)));
      }
    }
    return this.template(pieces, this.range(node));
  }

  private callExpression(node: SyntaxNode): IR.Expression | null {
    const callee = node.childForFieldName("function");
    const argumentList = node.childForFieldName("arguments");
    if (!callee) return null;
    const argumentNodes = (argumentList?.namedChildren ?? []).filter((argument): argument is SyntaxNode => argument !== null && argument.type !== "comment");
    const forwarded = forwardedCall(callee, argumentNodes);
    if (forwarded) return this.callOf(node, forwarded.callee, forwarded.args, argumentList);
    return this.callOf(node, callee, argumentNodes, argumentList);
  }

  /** A call of `callee` with these arguments (those written, or those a forwarder passes on: see `forwardedCall`), lowered at `node`. */
  private callOf(node: SyntaxNode, callee: SyntaxNode, argumentNodes: readonly SyntaxNode[], argumentList: SyntaxNode | null): IR.Expression | null {
    const range = this.range(node);
    const positional: IR.Expression[] = [];
    /** The positional arguments a request reads (not `**request_args`, which holds keywords). */
    const requestArgs: IR.Expression[] = [];
    let splat: { dict: IR.Expression; range: IR.Range } | null = null;
    const keywords: IR.Property[] = [];
    const named = new Map<string, IR.Expression>();
    for (const argument of argumentNodes) {
      if (argument.type === "keyword_argument") {
        const name = argument.childForFieldName("name");
        const value = argument.childForFieldName("value");
        if (!name || !value) continue;
        const lowered = this.expression(value);
        named.set(name.text, lowered);
        keywords.push(this.property(name.text, this.range(name), lowered, this.range(argument)));
      } else if (argument.type === "dictionary_splat" && argument.namedChildren[0]) {
        // Lowered once: the dict stands in the arguments as before (opaque) and is read by key below.
        const dict = this.expression(argument.namedChildren[0]);
        splat = { dict, range: this.range(argument) };
        positional.push({ kind: "unknown", range: splat.range, children: [dict] });
      } else {
        const lowered = this.expression(argument);
        positional.push(lowered);
        requestArgs.push(lowered);
      }
    }
    const options = keywords.length > 0 ? [this.object(keywords, this.range(argumentList!))] : [];
    // A request's URL and body by keyword, or from the dict spread into the call (`requests.post(**request_args)`).
    const spread = (key: string) => (splat ? this.member(splat.dict, key, splat.range, splat.range) : null);
    const urlArgument = (at: number) => requestArgs[at] ?? named.get("url") ?? spread("url");
    const bodyArgument = () => named.get("json") ?? named.get("data") ?? spread("json");

    // send = getattr(requests, method); send(url, json=…): or getattr(requests, method)(url)
    const verb = callee.type === "identifier" ? this.verbFunctions.get(callee.text) : this.getattrVerb(callee);
    if (verb) return this.request(range, urlArgument(0), this.expression(verb), bodyArgument(), [...positional.slice(1), ...options]);

    // asyncio.gather(…), urllib's Request and urlopen
    const stdlib = stdlibCall(this, this.stdlibNames, callee, { nodes: argumentNodes, positional, named, keywords, url: urlArgument(0) }, range);
    if (stdlib) return stdlib;

    if (callee.type === "attribute") {
      const object = callee.childForFieldName("object")!;
      const name = callee.childForFieldName("attribute")!.text;
      // "…{}…".format(a, b)
      if (name === "format" && object.type === "string") {
        const format = this.pythonString(object);
        if (format.kind === "string") return this.template(bracePieces(format.value, positional, named, () => this.opaque(range)), range);
      }
      // json.dumps({"where": …}): the JSON text of the value
      if (name === "dumps" && object.type === "identifier" && object.text === "json" && positional.length === 1) return this.jsonText(positional[0]!, range);
      // json.loads(r.text): the text parsed, as JSON.parse reads it; json.load(resp): the JSON of what it reads.
      if (name === "loads" && object.type === "identifier" && object.text === "json" && positional.length === 1) return this.parsedJson(positional[0]!, range);
      if (name === "load" && object.type === "identifier" && object.text === "json" && positional.length === 1) return this.responseJson(positional[0]!, range);
      // d.get("zone_id"): a field read of a dict
      const first = positional[0];
      // (Not `self.get("filters")`: a method of the class, a client's own `get` more often than not.)
      const onSelf = this.selfName !== null && object.type === "identifier" && object.text === this.selfName;
      if (name === "get" && !onSelf && first?.kind === "string" && FIELD_KEY.test(first.value) && positional.length <= 2 && keywords.length === 0) {
        return this.member(this.expression(object), first.value, range, first.range, first);
      }
      const chain = attributeChain(callee);
      // python-cloudflare: cf.zones.settings.minify.patch(zone_id, data=…), self.cf.zones…
      const client = chain ? boundPrefix(chain, this.cloudflareClients) : 0;
      if (chain && client > 0 && VERBS.has(name) && PYTHON_CLOUDFLARE_ROOTS.has(chain[client] ?? "")) {
        return pythonCloudflareRequest(this, callee, chain.slice(client, -1), name, positional, named, range, options);
      }
      // cf.zones.filters(zone_id): a resource called is its `get` (python-cloudflare's `__call__`).
      if (chain && client > 0 && PYTHON_CLOUDFLARE_ROOTS.has(chain[client] ?? "")) {
        return pythonCloudflareRequest(this, callee, chain.slice(client), "get", positional, named, range, options, callee);
      }
      // getattr(cf.zones.settings, name).patch(zone_id, data=…): the last segment named at run time.
      const runtimeNamed = VERBS.has(name) ? getattrSegment(this, object, this.cloudflareClients) : null;
      if (runtimeNamed) return pythonCloudflareRequest(this, callee, runtimeNamed, name, positional, named, range, options);
      // The generated SDK: client.firewall.rules.list(zone_id=…), self.cf.zones.settings.edit("minify", …)
      const generated = chain ? boundPrefix(chain, this.generatedSdkClients) : 0;
      if (chain && generated > 0) {
        const request = generatedSdkRequest(this, callee, chain.slice(generated, -1), name, positional, named, range, options);
        if (request) return request;
      }
      // The generated SDK through a client made out of sight (`self.client`, set by a base class
      // in another module): a resource chain of the SDK, called with the SDK's container keyword
      // (`zone_id=…`, `account_id=…`). The host is not seen: the path alone, as written.
      if (chain && generated === 0 && client === 0 && [...named.keys()].some((keyword) => SDK_CONTAINER_PARAMS.has(keyword))) {
        for (let receiver = 1; receiver < chain.length - 1; receiver++) {
          const request = generatedSdkRequest(this, callee, chain.slice(receiver, -1), name, positional, named, range, options, null);
          if (request) return request;
        }
      }
      // requests.patch(url, json=…), session.get(url), httpx.post(url), self.session.request(…)
      if (chain && boundPrefix(chain, this.requestModules) === chain.length - 1) {
        // httpx.Client(base_url=…): its requests' paths follow that address.
        const base = this.requestBases.get(chain.slice(0, -1).join("."));
        const withBase = (url: IR.Expression | null) => (url && base ? this.afterBase(base, url) : url);
        if (VERBS.has(name)) return this.request(range, withBase(urlArgument(0)), name.toUpperCase(), bodyArgument(), [...positional.slice(1), ...options]);
        if (name === "request") {
          const method = requestArgs[0] ?? named.get("method") ?? spread("method");
          return this.request(range, withBase(urlArgument(1)), method, bodyArgument(), [...positional.slice(2), ...options]);
        }
      }
    }
    // yarl's URL("https://…"): the text, joined with `/` afterwards; `str(url)` is that text again
    if (callee.type === "identifier" && (this.urlClasses.has(callee.text) || callee.text === "str") && positional.length === 1 && keywords.length === 0) return positional[0]!;
    // dict(brotli="on", ssl="full"): the dict its keywords make; dict(): an empty one, filled key by key
    if (callee.type === "identifier" && callee.text === "dict" && positional.length === 0 && options.length === 1) return options[0]!;
    // dict(record), copy.copy(record), copy.deepcopy(record), record.copy(): a copy, read as the value copied.
    if (callee.type === "identifier" && callee.text === "dict" && !this.isDeclared("dict") && positional.length === 1 && keywords.length === 0) return positional[0]!;
    if (callee.type === "attribute" && positional.length === 0 && keywords.length === 0 && callee.childForFieldName("attribute")?.text === "copy") return this.expression(callee.childForFieldName("object")!);
    if ((callee.text === "copy.copy" || callee.text === "copy.deepcopy") && positional.length === 1 && keywords.length === 0) return positional[0]!;
    // The builtins that keep a list's elements: map(f, xs) and filter(f, xs) as the list's own
    // methods (f receives each element), sorted(xs)/list(xs)/reversed(xs)/iter(xs) as the list,
    // next(it, default) as its first element. Not when the file gives the name another meaning.
    if (callee.type === "identifier" && !this.isDeclared(callee.text)) {
      const builtin = callee.text;
      if ((builtin === "map" || builtin === "filter") && positional.length === 2 && keywords.length === 0) return this.call(this.member(positional[1]!, builtin, range, range), [positional[0]!], range);
      if (LIST_KEEPING_BUILTINS.has(builtin) && positional.length === 1) return positional[0]!;
      if (builtin === "next" && positional.length >= 1 && positional.length <= 2 && keywords.length === 0) return this.member(positional[0]!, "0", range, range);
    }
    if (callee.type === "identifier" && callee.text === "dict" && positional.length === 0 && keywords.length === 0) return this.object([], range);
    // urljoin(API, f"zones/{zone}/rate_limits"), urllib.parse.urljoin(…): resolved as `new URL(path, base)` is
    if ((callee.text === "urljoin" || callee.text.endsWith(".urljoin")) && positional.length === 2) {
      return { kind: "new", range, callee: this.identifier("URL", this.range(callee)), args: [positional[1]!, positional[0]!] };
    }
    return this.call(this.expression(callee), this.bindKeywords(callee, positional, keywords, range) ?? [...positional, ...options], range);
  }
}

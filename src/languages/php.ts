/**
 * PHP: `"$x"`, `"{$x}"` and heredocs as templates, `.` as concatenation; variables (the first
 * assignment in a function declares), functions and methods, `foreach`; arrays (`['k' => v]`) as
 * records; `$r['k']` and `$r->k` as field reads; Guzzle and Laravel (`$client->patch($url)`,
 * `->request('PATCH', $url)`: read as calls with a path), WordPress `wp_remote_*`, and
 * `curl_init` with the `curl_setopt` calls on its handle as requests. Text outside `<?php` is
 * not code.
 */
import type * as IR from "../core/ir.js";
import { PHP_CLASS_SOURCE } from "../core/libraries.js";
import { formatPieces, TreeLowering, unescapeText, type LoweredFile } from "./lowering.js";
import { branchTests } from "./php-branches.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";
import { PHP_SDK_ENDPOINTS_NAMESPACE, PHP_SDK_NAMESPACE, PHP_SDK_ROUTES } from "./tables/cloudflare-php.js";

const WP_REMOTE: Readonly<Record<string, string | null>> = {
  wp_remote_get: "GET",
  wp_safe_remote_get: "GET",
  wp_remote_post: "POST",
  wp_safe_remote_post: "POST",
  wp_remote_head: "HEAD",
  wp_remote_request: null,
  wp_safe_remote_request: null,
};

/** The `method` of a stream context made in place (`stream_context_create(['http' => ['method' => 'PATCH']])`), or `null`. */
function streamContextMethod(context: IR.Expression): IR.Expression | null {
  if (context.kind !== "call" || context.callee.kind !== "identifier" || context.callee.name !== "stream_context_create") return null;
  const property = (object: IR.Expression | undefined, key: string) =>
    object?.kind === "object" ? ((object.properties.find((p) => p.kind === "property" && p.key === key) as IR.Property | undefined)?.value ?? undefined) : undefined;
  return property(property(context.args[0], "http"), "method") ?? null;
}

/** PHP's string functions as the evaluator's string methods (`trim($path, '/')` takes any of the characters given, as Python's `strip`). */
const PHP_STRING_FUNCTIONS: Readonly<Record<string, string>> = { strtoupper: "toUpperCase", strtolower: "toLowerCase", trim: "strip", ltrim: "lstrip", rtrim: "rstrip" };

/** Where a class is named as one: `new C`, `extends C`, `C::m()`, `C::X`, `C::$p`, and a type (`Client $client`, `?Client`, `: Client`). */
const CLASS_NAME_PLACES = ["object_creation_expression", "base_clause", "scoped_call_expression", "class_constant_access_expression", "scoped_property_access_expression", "named_type"];
const RELATIVE_CLASS_NAMES = new Set(["self", "static", "parent"]);

/**
 * The classes a PHP file takes from other files, as imports, and those it declares, as exports:
 * each `use A\B\C [as D];`, each class named by a qualified name (`new \A\B\C`), and each
 * class named alone that the file neither declares nor imports, which is its namespace's
 * (`new WordPressClientAPI(…)` in `namespace CF\WordPress;`). Resolved by the scanner
 * through the project's Composer autoload map; a class not found is unknown, as before.
 */
function classesOf(root: SyntaxNode): { imports: IR.Statement[]; exports: IR.Statement[] } {
  const rangeOf = (node: SyntaxNode): IR.Range => [node.startIndex, node.endIndex];
  const namespace = root.descendantsOfType("namespace_definition")[0]?.childForFieldName("name")?.text ?? "";
  const declared = new Map<string, SyntaxNode>();
  for (const declaration of root.descendantsOfType(["class_declaration", "interface_declaration", "trait_declaration"])) {
    const name = declaration?.childForFieldName("name");
    if (name) declared.set(name.text, declaration!);
  }
  /** By the name the file uses, the class's fully qualified name and where it is first named. */
  const imported = new Map<string, { qualified: string; at: SyntaxNode }>();
  for (const declaration of root.descendantsOfType("namespace_use_declaration")) {
    // `use function …` and `use const …` import no class.
    if (!declaration || declaration.children.some((child) => child?.type === "function" || child?.type === "const")) continue;
    for (const clause of declaration.descendantsOfType("namespace_use_clause")) {
      if (!clause || clause.childForFieldName("type")) continue;
      const name = clause.namedChildren.find((child) => child?.type === "qualified_name" || child?.type === "name");
      if (!name) continue;
      const qualified = name.text.replace(/^\\/, "");
      const local = clause.childForFieldName("alias")?.text ?? qualified.slice(qualified.lastIndexOf("\\") + 1);
      imported.set(local, { qualified, at: clause });
    }
  }
  for (const place of root.descendantsOfType(CLASS_NAME_PLACES)) {
    if (!place) continue;
    const names =
      place.type === "base_clause" || place.type === "named_type"
        ? place.namedChildren
        : place.type === "object_creation_expression"
          ? [place.namedChildren.find((child) => child?.type === "name" || child?.type === "qualified_name") ?? null]
          : [place.childForFieldName("scope") ?? place.namedChildren[0] ?? null];
    for (const name of names) {
      if (!name || imported.has(name.text)) continue;
      if (name.type === "qualified_name") {
        const qualified = name.text.startsWith("\\") ? name.text.slice(1) : namespace ? `${namespace}\\${name.text}` : name.text;
        imported.set(name.text, { qualified, at: name });
      } else if (name.type === "name" && !declared.has(name.text) && !RELATIVE_CLASS_NAMES.has(name.text)) {
        imported.set(name.text, { qualified: namespace ? `${namespace}\\${name.text}` : name.text, at: name });
      }
    }
  }
  const imports: IR.Statement[] = [...imported].map(([local, { qualified, at }]) => ({
    kind: "import",
    range: rangeOf(at),
    source: PHP_CLASS_SOURCE + qualified,
    specifiers: [{ local, imported: qualified.slice(qualified.lastIndexOf("\\") + 1), range: rangeOf(at) }],
  }));
  const exports: IR.Statement[] = [...declared].map(([name, declaration]) => ({
    kind: "export-named",
    range: rangeOf(declaration),
    declaration: null,
    specifiers: [{ local: name, exported: name }],
    source: null,
  }));
  return { imports, exports };
}

const FUNCTION_TYPES = new Set(["function_definition", "method_declaration", "anonymous_function", "anonymous_function_creation_expression", "arrow_function"]);
const isFunction = (node: SyntaxNode) => FUNCTION_TYPES.has(node.type);

export function lowerPhp(tree: Tree, text: string, file: string): LoweredFile {
  return new PhpLowering(file, text).lowerTree(tree);
}

/** The name an SDK endpoint object is held by: `$dns`, or `this.dns` for `$this->dns`; null for anything else. */
function sdkHolderKey(node: SyntaxNode | null | undefined): string | null {
  if (!node) return null;
  if (node.type === "variable_name") return node.text;
  if (node.type !== "member_access_expression" || node.childForFieldName("object")?.text !== "$this") return null;
  const name = node.childForFieldName("name");
  return name?.type === "name" ? `this.${name.text}` : null;
}

/** One write of a cURL option: its value, and where it is written (the call, and the assignment of an options array it comes from). */
interface OptionWrite {
  value: SyntaxNode;
  at: SyntaxNode[];
}

/** The options that make a cURL request's URL, method and body. */
const CURL_METHOD_OPTIONS = ["CURLOPT_URL", "CURLOPT_CUSTOMREQUEST", "CURLOPT_POSTFIELDS", "CURLOPT_POST", "CURLOPT_PUT"];

interface CurlHandle {
  url: IR.Expression | null;
  method: IR.Expression | string | null;
  body: IR.Expression | null;
}

class PhpLowering extends TreeLowering {
  protected readonly grammarLabel = "PHP";
  /** The options set on each cURL handle (by function and name), gathered before lowering. */
  private readonly curlHandles = new Map<string, CurlHandle>();

  /** The names holding an instance of the PHP SDK's endpoint classes (`$dns`, `this.zoneSettings`), and its class. */
  private readonly sdkEndpoints = new Map<string, string>();

  override lowerTree(tree: Tree): LoweredFile {
    this.gatherCurlOptions(tree.rootNode);
    this.gatherSdkEndpoints(tree.rootNode);
    const classes = classesOf(tree.rootNode);
    const lowered = super.lowerTree(tree, classes.imports);
    lowered.module.body.push(...classes.exports);
    return lowered;
  }

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    switch (node.type) {
      case "namespace_definition": {
        // `namespace A { … }`: its declarations are the file's (`namespace A;` has no body).
        const body = node.childForFieldName("body");
        return body ? this.statements(body.namedChildren) : { kind: "other", range, children: [] };
      }
      case "php_tag":
      case "text":
      case "text_interpolation":
      case "namespace_use_declaration":
        return { kind: "other", range, children: [] };
      case "expression_statement": {
        const inner = node.namedChildren[0];
        if (inner?.type === "assignment_expression") {
          const left = inner.childForFieldName("left");
          const right = inner.childForFieldName("right");
          if (left?.type === "variable_name" && right) return this.assignment(this.variableName(left), this.range(left), this.expression(right), range);
          // `$conditions[] = [...]`: added to the list, as `array_push($conditions, …)` and JS's `push`.
          const appendedTo = left?.type === "subscript_expression" && left.namedChildren.length === 1 && left.namedChildren[0]?.type === "variable_name" ? left.namedChildren[0] : null;
          if (appendedTo && right) return { kind: "expression", range, expression: this.call(this.member(this.expression(appendedTo), "push", this.range(left!), this.range(left!)), [this.expression(right)], range) };
          // `$this->base = "https://…"` in a constructor, `$request->url = …`: a property set;
          // `$this->args['method'] = $method`: a key of a property's array set.
          const keyOfField = left?.type === "subscript_expression" && left.namedChildren[0]?.type === "member_access_expression" && left.namedChildren[0].childForFieldName("object")?.text === "$this";
          // `$data["type"] = "SRV"`, `$data["data"]["service"] = $s`: a key of an array in a variable set.
          const keyOfVariable = left?.type === "subscript_expression" && isKeyedSubscriptOfVariable(left);
          if ((left?.type === "member_access_expression" || left?.type === "nullsafe_member_access_expression" || keyOfField || keyOfVariable) && left && right) {
            const target: IR.Pattern = { kind: "expression-pattern", range: this.range(left), expression: this.expression(left) };
            return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target, value: this.expression(right) } };
          }
        }
        return null;
      }
      case "compound_statement":
      case "declaration_list":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "function_definition":
      case "method_declaration":
        return { kind: "function-declaration", range, fn: this.functionNode(node) };
      case "class_declaration":
        return this.classDeclaration(node);
      case "interface_declaration":
      case "trait_declaration": {
        const body = node.childForFieldName("body");
        return { kind: "block", range, body: body ? this.statements(body.namedChildren) : [] };
      }
      case "foreach_statement": {
        const [subject, binding] = node.namedChildren;
        const body = node.childForFieldName("body");
        if (!subject || !binding || !body) return null;
        // `foreach ($records as $rec)`: the values; `foreach ($settings as $name => $value)`: the keys too.
        const variable = (node: SyntaxNode | null | undefined): IR.Pattern | null =>
          node?.type === "variable_name" ? { kind: "identifier-pattern", range: this.range(node), name: this.variableName(node), typeText: null } : null;
        const [key, value] = binding.type === "pair" ? [variable(binding.namedChildren[0]), variable(binding.namedChildren[1])] : [null, variable(binding)];
        if (!value) return null;
        const right = this.expression(subject);
        const loopBody = this.statement(body) as IR.Statement;
        if (!key) return { kind: "for-of", range, declarationKind: "var", target: value, right, body: loopBody, iterates: "values" };
        const target: IR.Pattern = { kind: "array-pattern", range: this.range(binding), elements: [key, value], rest: null, typeText: null };
        return { kind: "for-of", range, declarationKind: "var", target, right, body: loopBody, iterates: "pairs" };
      }
      case "if_statement": {
        const condition = node.childForFieldName("condition");
        const body = node.childForFieldName("body");
        const alternatives = node.childrenForFieldName("alternative").filter((n): n is SyntaxNode => n !== null);
        return this.ifNode(range, condition, body, alternatives.length > 0 ? { kind: "block", range: this.range(alternatives[0]!), body: alternatives.flatMap((a) => [this.statement(a)].flat()) } : null);
      }
      case "else_clause":
      case "else_if_clause":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "return_statement": {
        const value = node.namedChildren[0];
        return { kind: "return", range, argument: value ? this.expression(value) : null };
      }
      case "switch_statement":
        return this.switchStatement(node);
      case "break_statement":
      case "continue_statement":
        return { kind: "break", range };
      case "echo_statement":
        // Printed text is prose, not a request: kept so its strings are still seen.
        return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child ? [this.expression(child)] : [])) };
    }
    return null;
  }

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "variable_name":
        // `$this` in a method: the instance, as `this` (in a closure: unknown, as JavaScript's `function`'s).
        if (node.text === "$this") return { kind: "this", range };
        return this.identifier(this.variableName(node), range);
      case "name":
        return this.identifier(node.text, range);
      // `\CF\API\Request` in `new`, `extends` and `::`: the class imported under that very name (see `classesOf`).
      case "qualified_name":
        return this.identifier(node.text, range);
      case "string":
        return this.string(node.text.startsWith("'") ? node.text.slice(1, -1).replace(/\\(['\\])/g, "$1") : unescapeText(node.text.slice(1, -1)), range);
      case "encapsed_string":
      case "heredoc":
      case "heredoc_body":
      case "nowdoc":
        return this.interpolated(node);
      case "integer":
      case "float":
        return { kind: "number", range, value: Number(node.text), raw: node.text };
      case "boolean":
        return { kind: "boolean", range, value: node.text.toLowerCase() === "true" };
      case "null":
        return { kind: "null", range };
      case "parenthesized_expression":
        return node.namedChildren[0] ? this.expression(node.namedChildren[0]) : null;
      case "cast_expression": {
        // `(string) $x` is the text `$x` holds; other casts make values this model does not follow.
        const value = node.childForFieldName("value");
        if (!value) return null;
        return node.childForFieldName("type")?.text.toLowerCase() === "string" ? this.expression(value) : { kind: "unknown", range, children: [this.expression(value)] };
      }
      case "binary_expression": {
        const left = node.childForFieldName("left");
        const right = node.childForFieldName("right");
        const operator = node.childForFieldName("operator")?.text ?? node.children.find((c) => c && !c.isNamed)?.text ?? "";
        if (!left || !right) return null;
        const mapped = operator === "." ? "+" : operator === "==" ? "===" : operator === "!=" ? "!==" : operator;
        if (operator === "&&" || operator === "||" || operator === "and" || operator === "or") {
          return { kind: "logical", range, operator: operator === "&&" || operator === "and" ? "&&" : "||", left: this.expression(left), right: this.expression(right) };
        }
        return this.binary(mapped, this.expression(left), this.expression(right), range);
      }
      case "subscript_expression": {
        const [object, key] = node.namedChildren;
        if (!object) return null;
        const keyExpression = key ? this.expression(key) : null;
        const property = keyExpression?.kind === "string" ? keyExpression.value : keyExpression?.kind === "number" ? String(keyExpression.value) : null;
        return this.member(this.expression(object), property, range, key ? this.range(key) : range, keyExpression);
      }
      case "member_access_expression":
      case "nullsafe_member_access_expression": {
        const object = node.childForFieldName("object");
        const name = node.childForFieldName("name");
        if (!object || !name) return null;
        return this.member(this.expression(object), name.type === "name" ? name.text : null, range, this.range(name));
      }
      case "array_creation_expression":
        return this.arrayLiteral(node);
      case "function_call_expression":
        return this.functionCall(node);
      case "member_call_expression":
      case "nullsafe_member_call_expression": {
        const object = node.childForFieldName("object");
        const name = node.childForFieldName("name");
        if (!object || !name) return null;
        // $http->{$method}($url), $http->$method($url): the method named by a value
        if (name.type !== "name") return this.call(this.member(this.expression(object), null, range, this.range(name), this.expression(name)), this.argumentsOf(node), range);
        const sdkRequest = this.sdkEndpointCall(object, name, range, node);
        if (sdkRequest) return sdkRequest;
        return this.call(this.member(this.expression(object), name.text, range, this.range(name)), this.argumentsOf(node), range);
      }
      // self::send(…), static::BASE, Client::$base: the class's static members
      case "scoped_call_expression": {
        const scope = node.childForFieldName("scope");
        const name = node.childForFieldName("name");
        if (!scope || !name) return null;
        return this.call(this.member(this.classScope(scope), name.text, range, this.range(name)), this.argumentsOf(node), range);
      }
      case "class_constant_access_expression":
      case "scoped_property_access_expression": {
        const scope = node.childForFieldName("scope") ?? node.namedChildren[0];
        const name = node.childForFieldName("name") ?? node.namedChildren[1];
        if (!scope || !name) return null;
        return this.member(this.classScope(scope), name.type === "variable_name" ? this.variableName(name) : name.text, range, this.range(name));
      }
      case "object_creation_expression": {
        // new ZoneClient($zone): an instance of a class of this file, or of one imported (see `classesOf`)
        const type = node.namedChildren.find((child) => child?.type === "name" || child?.type === "qualified_name");
        if (type) return { kind: "new", range, callee: this.identifier(type.text, this.range(type)), args: this.argumentsOf(node) };
        return this.opaque(range, this.argumentsOf(node));
      }
      // `$a ? $b : $c`, and `$a ?: $c` (the test itself when it holds).
      case "conditional_expression": {
        const test = node.childForFieldName("condition");
        const body = node.childForFieldName("body");
        const alternative = node.childForFieldName("alternative");
        if (!test || !alternative) return null;
        if (!body) return { kind: "logical", range, operator: "||", left: this.expression(test), right: this.expression(alternative) };
        return { kind: "conditional", range, test: this.expression(test), consequent: this.expression(body), alternate: this.expression(alternative) };
      }
      case "match_expression":
        return this.matchExpression(node);
      case "unary_op_expression": {
        // `!$sub`: a test; other operators (`-`, `~`) make numbers this model does not follow.
        const argument = node.childForFieldName("argument");
        if (!argument) return null;
        return node.childForFieldName("operator")?.text === "!" ? { kind: "unary", range, operator: "!", argument: this.expression(argument) } : { kind: "unknown", range, children: [this.expression(argument)] };
      }
      case "anonymous_function":
      case "arrow_function":
        return this.functionNode(node);
    }
    return null;
  }

  /**
   * `switch ($type) { case self::PATCH: …; break; default: … }`: a switch of the model, its cases
   * falling through as PHP's do (a setter that picks a field's value by its argument).
   */
  private switchStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const written = node.childForFieldName("condition");
    const subject = written?.type === "parenthesized_expression" ? written.namedChildren[0] : written;
    const cases: IR.SwitchStatement["cases"] = [];
    for (const child of node.childForFieldName("body")?.namedChildren ?? []) {
      if (child?.type !== "case_statement" && child?.type !== "default_statement") continue;
      const value = child.childForFieldName("value");
      const statements = child.namedChildren.filter((part): part is SyntaxNode => part !== null && part.id !== value?.id);
      cases.push({ test: value ? this.expression(value) : null, body: this.statements(statements), range: this.range(child) });
    }
    return { kind: "switch", range, discriminant: subject ? this.expression(subject) : this.opaque(range), cases };
  }

  /**
   * `match ($method) { 'GET', 'HEAD' => $a, 'POST' => $b, default => $c }`: the arms as nested
   * conditionals (`$method === 'GET' || $method === 'HEAD' ? $a : …`), so that the arm a known
   * value takes is the one followed; no `default`: unknown (PHP throws).
   */
  private matchExpression(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const written = node.childForFieldName("condition");
    const subjectNode = written?.type === "parenthesized_expression" ? (written.namedChildren[0] ?? written) : written;
    // Lowered anew for each test: one node of the model has one parent.
    const subject = () => (subjectNode ? this.expression(subjectNode) : this.opaque(range));
    const arms = node.childForFieldName("body")?.namedChildren.filter((arm): arm is SyntaxNode => arm !== null && arm.type !== "comment") ?? [];
    const fallback = arms.find((arm) => arm.type === "match_default_expression")?.childForFieldName("return_expression");
    const choices = arms.flatMap((arm) => {
      if (arm.type !== "match_conditional_expression") return [];
      const value = arm.childForFieldName("return_expression");
      const labels = arm.childForFieldName("conditional_expressions")?.namedChildren.filter((c): c is SyntaxNode => c !== null && c.type !== "comment") ?? [];
      return value && labels.length > 0 ? [{ labels, value, range: this.range(arm) }] : [];
    });
    return this.choiceBySubject(subject, choices, fallback ? this.expression(fallback) : this.opaque(range), "===");
  }

  /** The class a `::` is taken on: named, or `self`/`static`/`parent` of the class it is written in. */
  private classScope(scope: SyntaxNode): IR.Expression {
    if (scope.type !== "relative_scope") return this.expression(scope);
    let around: SyntaxNode | null = scope.parent;
    while (around && around.type !== "class_declaration") around = around.parent;
    const named =
      scope.text === "parent"
        ? around?.namedChildren.find((child) => child?.type === "base_clause")?.namedChildren.find((child) => child?.type === "name")
        : around?.childForFieldName("name");
    return named ? this.identifier(named.text, this.range(scope)) : this.opaque(this.range(scope));
  }

  private variableName(node: SyntaxNode): string {
    return node.text.replace(/^\$/, "");
  }

  private interpolated(node: SyntaxNode): IR.Expression {
    const pieces: (string | IR.Expression)[] = [];
    for (const child of node.namedChildren) {
      if (!child) continue;
      if (child.type === "string_content" || child.type === "string_value" || child.type === "heredoc_body" || child.type === "nowdoc_body") {
        if (child.type === "heredoc_body") pieces.push(this.interpolated(child));
        else pieces.push(child.text);
      } else if (child.type === "escape_sequence") pieces.push(unescapeText(child.text));
      else if (child.type === "heredoc_start" || child.type === "heredoc_end") continue;
      else pieces.push(this.expression(child));
    }
    return this.template(pieces, this.range(node));
  }

  private arrayLiteral(node: SyntaxNode): IR.Expression {
    const elements = node.namedChildren.filter((child): child is SyntaxNode => child?.type === "array_element_initializer");
    const keyed = elements.some((element) => element.namedChildren.length === 2);
    if (!keyed) return this.array(elements.flatMap((element) => (element.namedChildren[0] ? [this.expression(element.namedChildren[0])] : [])), this.range(node));
    return this.object(
      elements.flatMap((element): IR.Property[] => {
        const [key, value] = element.namedChildren;
        if (!key) return [];
        if (!value) return [this.property(null, this.range(key), this.expression(key), this.range(element))];
        const keyExpression = this.expression(key);
        const keyText = keyExpression.kind === "string" ? keyExpression.value : keyExpression.kind === "number" ? String(keyExpression.value) : null;
        return [this.property(keyText, this.range(key), this.expression(value), this.range(element), keyText === null ? keyExpression : null)];
      }),
      this.range(node),
    );
  }

  private argumentsOf(node: SyntaxNode): IR.Expression[] {
    // A call's arguments are its `arguments` field; those of `new C(…)` a child of that type.
    const list = node.childForFieldName("arguments") ?? node.namedChildren.find((child) => child?.type === "arguments");
    return (list?.namedChildren ?? []).flatMap((argument) => {
      if (!argument) return [];
      const value = argument.type === "argument" ? argument.namedChildren.at(-1) : argument;
      return value ? [this.expression(value)] : [];
    });
  }

  private functionCall(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    const callee = node.childForFieldName("function");
    if (!callee) return null;
    const name = callee.text.replace(/^\\/, "");
    const args = this.argumentsOf(node);
    if (name in WP_REMOTE) {
      // The options' `method` and `body`: written in place, or read from the array given (`$args`).
      const options = args[1];
      const option = (key: string): IR.Expression | null => {
        if (options?.kind === "object") return (options.properties.find((p) => p.kind === "property" && p.key === key) as IR.Property | undefined)?.value ?? null;
        return options ? this.member(options, key, options.range, options.range) : null;
      };
      return this.request(range, args[0] ?? null, WP_REMOTE[name] ?? option("method"), option("body"), args.slice(1));
    }
    if (name === "curl_init") {
      const parent = node.parent;
      const handle = parent?.type === "assignment_expression" ? parent.childForFieldName("left") : null;
      const options = handle?.type === "variable_name" ? this.curlHandles.get(this.scopedName(parent!, handle)) : undefined;
      return this.request(range, args[0] ?? options?.url ?? null, options?.method ?? "GET", options?.body ?? null, args);
    }
    if (name === "curl_setopt" || name === "curl_setopt_array") return this.opaque(range, args);
    // curl_exec($ch): the body's text of the request its handle makes (parsed with json_decode).
    if (name === "curl_exec" && args.length === 1) return this.call(this.member(args[0]!, "text", range, range), [], range);
    // WordPress's add_query_arg($params, $url) and add_query_arg($key, $value, $url): the URL, with a query.
    if (name === "add_query_arg" && args.length >= 2) return this.binary("+", this.binary("+", args.at(-1)!, this.string("?", range), range), this.opaque(range, args.slice(0, -1)), range);
    // strtoupper($method), strtolower($name), trim($path): the string methods that do the same.
    const stringMethod = PHP_STRING_FUNCTIONS[name];
    if (stringMethod && (args.length === 1 || (args.length === 2 && stringMethod.endsWith("strip")))) return this.call(this.member(args[0]!, stringMethod, range, range), args.slice(1), range);
    // array_filter($records, fn($r) => …), array_map(fn($r) => …, $records): the list's methods, so
    // that the callback's parameter is an element of the list (as JavaScript's filter and map).
    if (name === "array_filter" && args.length === 2) return this.call(this.member(args[0]!, "filter", range, range), [args[1]!], range);
    if (name === "array_map" && args.length === 2) return this.call(this.member(args[1]!, "map", range, range), [args[0]!], range);
    // array_column($records, 'zone_name'): each element's value of that key, read where the key is written.
    const column = name === "array_column" && args.length >= 2 && args[1]!.kind === "string" ? args[1]! : null;
    if (column?.kind === "string") {
      const row = this.identifier("%row", column.range);
      const read: IR.Statement = { kind: "return", range: column.range, argument: this.member(row, column.value, column.range, column.range) };
      return this.call(this.member(args[0]!, "map", range, range), [{ ...this.fn(null, ["%row"], [column.range], [read], range), arrow: true }], range);
    }
    // array_push($conditions, $a, $b): added to the list.
    if (name === "array_push" && args.length >= 2) return this.call(this.member(args[0]!, "push", range, range), args.slice(1), range);
    // esc_url_raw($url): the URL as given.
    if (name === "esc_url_raw" && args[0]) return args[0];
    // json_encode(['where' => …]): the JSON text of the value
    if (name === "json_encode" && args[0]) return this.jsonText(args[0], range);
    // sprintf('%s/zones/%s/rate_limits', $api, $zone); implode('/', [$api, 'zones', $zone])
    const format = args[0];
    if (name === "sprintf" && format?.kind === "string") return this.template(formatPieces(format.value, args.slice(1), () => this.opaque(range)), range);
    if ((name === "implode" || name === "join") && args.length === 2) return this.call(this.member(args[1]!, "join", range, range), [args[0]!], range);
    // file_get_contents($url): a GET, or the method of its stream context (`stream_context_create(['http' => ['method' => 'PATCH']])`)
    // The body's text, as what it gives is (parsed with json_decode).
    if (name === "file_get_contents" && args[0]) {
      return this.call(this.member(this.request(range, args[0], args.length >= 3 ? streamContextMethod(args[2]!) : "GET", null, args.slice(1)), "text", range, range), [], range);
    }
    // json_decode(wp_remote_retrieve_body($response)), json_decode($response->getBody()): the response's JSON
    if (name === "json_decode") {
      const response = this.responseOfBody(node.childForFieldName("arguments")?.namedChildren[0]?.namedChildren.at(-1) ?? null);
      if (response) return this.responseJson(response, range);
      // json_decode($text): the text parsed, as JSON.parse reads it (a response's text: its JSON).
      if (args[0]) return this.parsedJson(args[0], range);
    }
    return this.call(this.expression(callee), args, range);
  }

  /** The response whose body `node` reads (`wp_remote_retrieve_body($r)`, `$r->getBody()`, `(string) $r->getBody()`), or `null`. */
  private responseOfBody(node: SyntaxNode | null): IR.Expression | null {
    if (!node) return null;
    if (node.type === "cast_expression") return this.responseOfBody(node.namedChildren.at(-1) ?? null);
    if (node.type === "function_call_expression" && node.childForFieldName("function")?.text === "wp_remote_retrieve_body") {
      const argument = node.childForFieldName("arguments")?.namedChildren[0]?.namedChildren.at(-1);
      return argument ? this.expression(argument) : null;
    }
    if (node.type === "member_call_expression" && /^(?:getBody|getContents)$/.test(node.childForFieldName("name")?.text ?? "")) {
      const object = node.childForFieldName("object");
      if (object?.type === "member_call_expression" && object.childForFieldName("name")?.text === "getBody") return this.responseOfBody(object);
      return object ? this.expression(object) : null;
    }
    return null;
  }

  /**
   * The names that hold an endpoint class of the PHP SDK (cloudflare/sdk): a variable or property
   * given `new DNS($adapter)`, or declared with that type (`private ZoneSettings $zoneSettings;`,
   * `function sync(DNS $dns)`), the class imported from `Cloudflare\API\Endpoints` or named in
   * full. Gathered before lowering; names are the file's (`$dns`, `this.dns`), as cURL handles are.
   */
  private gatherSdkEndpoints(root: SyntaxNode) {
    const classes = new Map<string, string>();
    let usesSdk = false;
    for (const clause of root.descendantsOfType("namespace_use_clause")) {
      const name = clause?.namedChildren.find((child) => child?.type === "qualified_name" || child?.type === "name");
      const qualified = name?.text.replace(/^\\/, "") ?? "";
      if (qualified.startsWith(PHP_SDK_NAMESPACE)) usesSdk = true;
      if (!qualified.startsWith(PHP_SDK_ENDPOINTS_NAMESPACE)) continue;
      const className = qualified.slice(PHP_SDK_ENDPOINTS_NAMESPACE.length);
      if (PHP_SDK_ROUTES[className]) classes.set(clause!.childForFieldName("alias")?.text ?? className, className);
    }
    const classOf = (type: SyntaxNode | null | undefined): string | null => {
      if (!type) return null;
      const text = type.text.replace(/^\?/, "").replace(/^\\/, "");
      if (text.startsWith(PHP_SDK_ENDPOINTS_NAMESPACE)) {
        const className = text.slice(PHP_SDK_ENDPOINTS_NAMESPACE.length);
        return PHP_SDK_ROUTES[className] ? className : null;
      }
      // A project's own class named as the SDK's (`class ZoneSettings extends \Cloudflare\API\Endpoints\ZoneSettings`,
      // declared in another file), in a file that uses the SDK: its inherited methods are the SDK's.
      return classes.get(text) ?? (usesSdk && PHP_SDK_ROUTES[text] ? text : null);
    };
    if (!usesSdk && !root.text.includes("Cloudflare\\API\\Endpoints")) return;
    for (const assignment of root.descendantsOfType("assignment_expression")) {
      const right = assignment?.childForFieldName("right");
      const type = right?.type === "object_creation_expression" ? right.namedChildren.find((child) => child?.type === "name" || child?.type === "qualified_name") : null;
      const className = classOf(type);
      const key = className ? sdkHolderKey(assignment!.childForFieldName("left")) : null;
      if (key) this.sdkEndpoints.set(key, className!);
    }
    for (const declaration of root.descendantsOfType(["property_declaration", "simple_parameter", "property_promotion_parameter"])) {
      const className = classOf(declaration?.childForFieldName("type") ?? declaration?.namedChildren.find((child) => child?.type === "named_type"));
      if (!className) continue;
      const variable = declaration!.type === "property_declaration" ? declaration!.descendantsOfType("variable_name")[0] : declaration!.childForFieldName("name");
      const name = variable?.text.replace(/^\$/, "");
      if (!name) continue;
      if (declaration!.type !== "simple_parameter") this.sdkEndpoints.set(`this.${name}`, className);
      if (declaration!.type !== "property_declaration") this.sdkEndpoints.set(`$${name}`, className);
    }
  }

  /** `$zoneSettings->updateMinifySetting($zoneId, …)` on a name holding an SDK endpoint class: that request (see `PHP_SDK_ROUTES`). */
  private sdkEndpointCall(object: SyntaxNode, name: SyntaxNode, range: IR.Range, node: SyntaxNode): IR.Expression | null {
    if (this.sdkEndpoints.size === 0) return null;
    const key = sdkHolderKey(object);
    const route = key ? PHP_SDK_ROUTES[this.sdkEndpoints.get(key) ?? ""]?.[name.text] : undefined;
    if (!route) return null;
    const args = this.argumentsOf(node);
    const at = this.range(name);
    const request = this.request(range, this.routeUrl(route.path, at, args), route.method, route.method === "GET" || route.method === "DELETE" ? null : (args.at(-1) ?? null), args);
    return route.gives === "body" ? this.responseJson(request, range) : this.resultOf(request, range);
  }

  /**
   * The cURL options set on each handle, by function and handle name: `curl_setopt($ch,
   * CURLOPT_X, v)`, `curl_setopt_array($ch, [CURLOPT_X => v, …])`, and `curl_setopt_array($ch,
   * $options)` with `$options[CURLOPT_X] = v` or `$options = [CURLOPT_X => v]` in the same function.
   * Each value is lowered once, here, and that model is kept where the value is written too.
   */
  private gatherCurlOptions(root: SyntaxNode) {
    const optionSets = new Map<string, Map<string, OptionWrite[]>>();
    const writesIn = <K>(sets: Map<K, Map<string, OptionWrite[]>>, key: K, option: string) => {
      let set = sets.get(key);
      if (!set) sets.set(key, (set = new Map()));
      let writes = set.get(option);
      if (!writes) set.set(option, (writes = []));
      return writes;
    };
    const arrayOptions = (array: SyntaxNode, write: (option: string, value: SyntaxNode) => void) => {
      for (const element of array.namedChildren) {
        if (element?.type !== "array_element_initializer" || element.namedChildren.length !== 2) continue;
        const [key, value] = element.namedChildren;
        if (key && value && /^CURLOPT_/.test(key.text)) write(key.text, value);
      }
    };
    // Option arrays built in a variable.
    for (const assignment of root.descendantsOfType("assignment_expression")) {
      const left = assignment?.childForFieldName("left");
      const right = assignment?.childForFieldName("right");
      if (!assignment || !left || !right) continue;
      if (left.type === "subscript_expression") {
        const [target, index] = left.namedChildren;
        if (target?.type === "variable_name" && index && /^CURLOPT_/.test(index.text)) writesIn(optionSets, this.scopedName(assignment, target), index.text).push({ value: right, at: [assignment] });
      } else if (left.type === "variable_name" && right.type === "array_creation_expression") {
        const key = this.scopedName(assignment, left);
        arrayOptions(right, (option, value) => writesIn(optionSets, key, option).push({ value, at: [assignment] }));
      }
    }
    const handles = new Map<string, Map<string, OptionWrite[]>>();
    for (const call of root.descendantsOfType("function_call_expression")) {
      const name = call?.childForFieldName("function")?.text.replace(/^\\/, "");
      if (!call || (name !== "curl_setopt" && name !== "curl_setopt_array")) continue;
      const [handle, first, second] = (call.childForFieldName("arguments")?.namedChildren ?? []).map((argument) => argument?.namedChildren.at(-1) ?? null);
      if (handle?.type !== "variable_name" || !first) continue;
      const key = this.scopedName(call, handle);
      if (name === "curl_setopt") {
        if (second && /^CURLOPT_/.test(first.text)) writesIn(handles, key, first.text).push({ value: second, at: [call] });
      } else if (first.type === "array_creation_expression") arrayOptions(first, (option, value) => writesIn(handles, key, option).push({ value, at: [call] }));
      else if (first.type === "variable_name") {
        for (const [option, writes] of optionSets.get(this.scopedName(call, first)) ?? []) writesIn(handles, key, option).push(...writes.map((write) => ({ value: write.value, at: [...write.at, call] })));
      }
    }
    for (const [key, options] of handles) this.curlHandles.set(key, this.curlHandle(options));
  }

  /**
   * What a handle's options make of its request. Each option's value is the last written, unless
   * some are written in branches (`if ($method === 'patch') curl_setopt($ch, CURLOPT_CUSTOMREQUEST,
   * 'PATCH')`): then the writes in turn, each counting when its branch's tests hold, so that a
   * call known to pass `'get'` makes a GET. The method: `CURLOPT_CUSTOMREQUEST`, else PUT with
   * `CURLOPT_PUT`, else POST with `CURLOPT_POST` or a body, else GET.
   */
  private curlHandle(options: Map<string, OptionWrite[]>): CurlHandle {
    const writes = (option: string) => options.get(option) ?? [];
    const isOff = (value: SyntaxNode) => /^(?:false|0)$/i.test(value.text);
    const branched = CURL_METHOD_OPTIONS.some((option) => writes(option).length > 1 || writes(option).some((write) => write.at.some((at) => branchTests(at, isFunction).length > 0)));
    if (!branched) {
      const last = (option: string) => {
        const node = writes(option).at(-1)?.value;
        return node ? this.keep(node) : null;
      };
      const custom = last("CURLOPT_CUSTOMREQUEST");
      const body = last("CURLOPT_POSTFIELDS");
      const post = writes("CURLOPT_POST").length > 0 && !isOff(writes("CURLOPT_POST").at(-1)!.value);
      return { url: last("CURLOPT_URL"), method: custom ?? (writes("CURLOPT_PUT").length > 0 ? "PUT" : post || body ? "POST" : "GET"), body };
    }
    // Each write over what the earlier ones (or `otherwise`) give, when its branch is taken.
    const inTurn = (ofOption: readonly OptionWrite[], valueOf: (write: OptionWrite) => IR.Expression, otherwise: IR.Expression): IR.Expression => {
      let value = otherwise;
      for (const write of ofOption) {
        const range = this.range(write.value);
        const test = this.branchCondition(write.at, range);
        value = test ? { kind: "conditional", range, test, consequent: valueOf(write), alternate: value } : valueOf(write);
      }
      return value;
    };
    const kept = (write: OptionWrite) => this.keep(write.value);
    const text = (method: string) => (write: OptionWrite): IR.Expression => this.string(method, this.range(write.value));
    const none = (range: IR.Range): IR.Expression => ({ kind: "null", range });
    const at: IR.Range = this.range(writes(CURL_METHOD_OPTIONS.find((option) => writes(option).length > 0)!)[0]!.value);
    // `CURLOPT_POST` or a body make a POST (`CURLOPT_POST` false a GET again), `CURLOPT_PUT` a PUT.
    const postWrites = [...writes("CURLOPT_POST"), ...writes("CURLOPT_POSTFIELDS")].sort((a, b) => a.at.at(-1)!.startIndex - b.at.at(-1)!.startIndex);
    const postedBy = (write: OptionWrite) => text(writes("CURLOPT_POST").includes(write) && isOff(write.value) ? "GET" : "POST")(write);
    const posted = inTurn(postWrites, postedBy, this.string("GET", at));
    const put = inTurn(writes("CURLOPT_PUT").filter((write) => !isOff(write.value)), text("PUT"), posted);
    const method = inTurn(writes("CURLOPT_CUSTOMREQUEST"), kept, put);
    return { url: writes("CURLOPT_URL").length > 0 ? inTurn(writes("CURLOPT_URL"), kept, none(at)) : null, method, body: writes("CURLOPT_POSTFIELDS").length > 0 ? inTurn(writes("CURLOPT_POSTFIELDS"), kept, none(at)) : null };
  }

  /** The tests of the branches a statement sits in, as one condition of the model (null: none). */
  private branchCondition(at: readonly SyntaxNode[], range: IR.Range): IR.Expression | null {
    let all: IR.Expression | null = null;
    for (const test of at.flatMap((node) => branchTests(node, isFunction))) {
      let holds: IR.Expression;
      if ("condition" in test) holds = this.expression(test.condition);
      else {
        // Lowered anew for each comparison: one node of the model has one parent.
        const equal = test.values.map((value): IR.Expression => this.binary("==", this.expression(test.subject), this.expression(value), range));
        holds = equal.reduce((left, right): IR.Expression => ({ kind: "logical", range, operator: "||", left, right }));
      }
      if (!test.truth) holds = { kind: "unary", range, operator: "!", argument: holds };
      all = all ? { kind: "logical", range, operator: "&&", left: all, right: holds } : holds;
    }
    return all;
  }

  /** A variable's name qualified by the function (or file) it is written in. */
  private scopedName(at: SyntaxNode, variable: SyntaxNode): string {
    let scope: SyntaxNode | null = at.parent;
    while (scope && !FUNCTION_TYPES.has(scope.type)) scope = scope.parent;
    return `${scope?.id ?? 0}:${this.variableName(variable)}`;
  }

  /**
   * A class: its methods (`__construct` as the constructor), properties with their defaults and
   * constants, as members; `$this` in its methods is the instance. Other statements of the body
   * (`use SomeTrait;`) are kept beside it.
   */
  private classDeclaration(node: SyntaxNode): IR.Statement[] {
    const range = this.range(node);
    const members: IR.ClassMember[] = [];
    const rest: IR.Statement[] = [];
    const member = (at: SyntaxNode, key: string | null, value: IR.Expression | null, isStatic: boolean): IR.ClassMember => ({ range: this.range(at), key, value, isStatic, typeText: null });
    for (const child of node.childForFieldName("body")?.namedChildren ?? []) {
      if (!child || child.type === "comment") continue;
      const isStatic = child.namedChildren.some((modifier) => modifier?.type === "static_modifier");
      if (child.type === "method_declaration") {
        const key = child.childForFieldName("name")?.text ?? null;
        members.push(member(child, key === "__construct" ? "constructor" : key, this.functionNode(child), isStatic));
      } else if (child.type === "property_declaration") {
        for (const element of child.namedChildren) {
          if (element?.type !== "property_element") continue;
          const name = element.childForFieldName("name");
          const value = element.childForFieldName("default_value");
          members.push(member(element, name ? this.variableName(name) : null, value ? this.expression(value) : null, isStatic));
        }
      } else if (child.type === "const_declaration") {
        for (const element of child.namedChildren) {
          if (element?.type !== "const_element") continue;
          const [name, value] = element.namedChildren;
          members.push(member(element, name?.text ?? null, value ? this.expression(value) : null, true));
        }
      } else rest.push(...[this.statement(child)].flat());
    }
    const name = node.childForFieldName("name")?.text ?? null;
    const base = node.namedChildren.find((child) => child?.type === "base_clause")?.namedChildren.find((child) => child?.type === "name" || child?.type === "qualified_name") ?? null;
    const cls: IR.ClassNode = { kind: "class", range, name, superClass: base ? this.identifier(base.text, this.range(base)) : null, members };
    return [{ kind: "class-declaration", range, cls }, ...rest];
  }

  private functionNode(node: SyntaxNode): IR.FunctionNode {
    const name = node.childForFieldName("name");
    const parameters = node.childForFieldName("parameters");
    const body = node.childForFieldName("body");
    const params: { name: string; range: IR.Range; type: string | null; defaultValue: IR.Expression | null }[] = [];
    const documented = documentedParameterTypes(node);
    for (const parameter of parameters?.namedChildren ?? []) {
      const variable = parameter?.childForFieldName("name");
      const defaultValue = parameter?.childForFieldName("default_value");
      if (!variable) continue;
      const name = this.variableName(variable);
      params.push({ name, range: this.range(variable), type: parameter?.childForFieldName("type")?.text ?? documented.get(name) ?? null, defaultValue: defaultValue ? this.expression(defaultValue) : null });
    }
    const lowered = this.inFunctionScope(params.map((p) => p.name), () => {
      if (!body) return [];
      if (body.type === "compound_statement") return this.statements(body.namedChildren);
      return [{ kind: "return", range: this.range(body), argument: this.expression(body) } as IR.Statement];
    });
    return this.fn(name?.text ?? null, params.map((p) => p.name), params.map((p) => p.range), lowered, this.range(node), params.map((p) => p.type), params.map((p) => p.defaultValue));
  }
}

/**
 * The classes a function's doc comment gives its untyped parameters (`@param \Extension_CloudFlare_Api
 * $api`: W3 Total Cache's settings, sent through an API object it is handed): one class each, not a
 * scalar, a union or a list.
 */
function documentedParameterTypes(node: SyntaxNode): Map<string, string> {
  const types = new Map<string, string>();
  const comment = node.previousNamedSibling;
  if (comment?.type !== "comment" || !comment.text.startsWith("/**")) return types;
  // By the class's own name (`\W3TC\Extension_CloudFlare_Api` as `Extension_CloudFlare_Api`), as the file's classes are known.
  for (const match of comment.text.matchAll(/@param\s+\??(\\?[A-Z][\w\\]*)\s+(?:\.\.\.)?\$([A-Za-z_]\w*)/g)) types.set(match[2]!, match[1]!.split("\\").at(-1)!);
  return types;
}

/** `$a["k"]`, `$a["k"][$i]`: subscripts, each with its key, down to a variable (not `$a[] = x`, which appends). */
function isKeyedSubscriptOfVariable(node: SyntaxNode): boolean {
  let current: SyntaxNode | null = node;
  while (current?.type === "subscript_expression") {
    if (current.namedChildren.length < 2) return false;
    current = current.namedChildren[0] ?? null;
  }
  return current?.type === "variable_name";
}

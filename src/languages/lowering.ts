/**
 * What every tree-sitter front end shares: building model nodes (src/core/ir.ts) from syntax
 * nodes, the generic fallback that keeps every child of a construct it does not know (so a
 * string inside one is never missed), scopes for "first assignment declares", comments, and the
 * one shape a recognised request takes in the model.
 *
 * A language module says what its syntax means (this string has holes, this call is a request
 * with this method, this subscript reads a field); it holds no detection logic. Matching,
 * confidence, messages and findings stay in src/core.
 */
import type * as IR from "../core/ir.js";
import { loweringDepthBudget } from "../core/ir.js";
import { readCurlWords } from "../core/curl-command.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

/**
 * The local name a front end gives the request function it writes recognised requests through:
 * `fetch(url, { method, body })`, imported from a fetch module so that the core reads it as
 * fetch. No language can spell this name, so no code of the file can shadow it.
 */
export const REQUEST_FUNCTION = "%request";
/** Where the API is, for requests a front end knows by name (an SDK method, a Terraform resource). */
export const API_BASE = "https://api.cloudflare.com/client/v4";
const REQUEST_MODULE = "node-fetch";
/** A comment can be a directive only if the file holds one of these words (see scanner/suppressions). */
const DIRECTIVE_WORD = /(?:sunset-lint|eslint)-(?:disable|enable)/;

export type Child = IR.Expression | IR.Statement;

/** A word of a command line: its model, and its text when it has no expansion. */
export interface CommandWord {
  expression: IR.Expression;
  literal: string | null;
  range: IR.Range;
}


/** The function `formatAtRunTime` calls: Node's `util.format`, which the core evaluates. */
const FORMAT_FUNCTION = "%format";
function formatImport(): IR.Statement {
  const range: IR.Range = [0, 0];
  return { kind: "import", range, source: "node:util", specifiers: [{ local: FORMAT_FUNCTION, imported: "format", range }] };
}

/** The import that makes `%request(…)` calls requests (first in every lowered module). */
export function requestImport(): IR.Statement {
  const range: IR.Range = [0, 0];
  return { kind: "import", range, source: REQUEST_MODULE, specifiers: [{ local: REQUEST_FUNCTION, imported: "default", range }] };
}

export interface LoweredFile {
  module: IR.Module;
  /** Always empty: tree-sitter recovers from errors (see `partly`). */
  syntaxErrors: string[];
  /** Set when the grammar could not make out most of the file. */
  partly: string | null;
}

export abstract class TreeLowering {
  readonly comments: IR.Module["comments"] = [];
  readonly deeper = loweringDepthBudget();
  private readonly scopes: Set<string>[] = [new Set()];

  constructor(
    readonly file: string,
    readonly text: string,
    /** The comment node types of the grammar. */
    private readonly commentTypes: ReadonlySet<string> = new Set(["comment"]),
  ) {}

  // ---- what each language says --------------------------------------------------------------

  /** The model of an expression node, or `null` to fall back to keeping its children. */
  protected abstract expressionOf(node: SyntaxNode): IR.Expression | null;
  /** The model of a statement node, or `null` when the node is an expression (or unknown). */
  protected abstract statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null;
  /** Strips a comment's markers (`#`, `//`, a block comment's opening and closing). */
  protected commentText(raw: string): string {
    return raw.replace(/^(?:#|\/\/|\/\*+|<!--)/, "").replace(/(?:\*+\/|-->)$/, "");
  }

  // ---- the walk ----------------------------------------------------------------------------

  lowerTree(tree: Tree, prelude: IR.Statement[] = []): LoweredFile {
    const root = tree.rootNode;
    this.collectComments(root);
    const statements = this.statements(root.namedChildren);
    const body = [requestImport(), ...(this.formatsAtRunTime ? [formatImport()] : []), ...prelude, ...statements];
    return { module: { file: this.file, text: this.text, body, comments: this.comments }, syntaxErrors: [], partly: this.errorNoteOf(root) };
  }

  /** Whether `formatAtRunTime` was used (its function is then imported). */
  private formatsAtRunTime = false;

  /**
   * A printf-style format (`%s`, `%d`) whose text is not written where it is used (Python's
   * `endpoint % (API, zone)`, `endpoint` set elsewhere): filled when the format's value is known,
   * as the core fills Node's `util.format`.
   */
  formatAtRunTime(format: IR.Expression, args: IR.Expression[], range: IR.Range): IR.Expression {
    this.formatsAtRunTime = true;
    return this.call(this.identifier(FORMAT_FUNCTION, range), [format, ...args], range);
  }

  /** Statements of a block, with expressions wrapped as expression statements. */
  statements(nodes: readonly (SyntaxNode | null)[]): IR.Statement[] {
    const out: IR.Statement[] = [];
    for (const node of nodes) {
      if (!node || this.commentTypes.has(node.type)) continue;
      const lowered = this.statement(node);
      if (Array.isArray(lowered)) out.push(...lowered);
      else out.push(lowered);
    }
    return out;
  }

  statement(node: SyntaxNode): IR.Statement | IR.Statement[] {
    return this.deeper(node, this.lowerStatement, this.opaqueStatement);
  }

  private readonly lowerStatement = (node: SyntaxNode): IR.Statement | IR.Statement[] => {
    // What the grammar could not make out is still read, statement by statement.
    if (node.type === "ERROR") return { kind: "block", range: this.range(node), body: this.statements(node.namedChildren) };
    const own = this.statementOf(node);
    if (own) return own;
    const expression = this.expression(node);
    return { kind: "expression", range: this.range(node), expression } as IR.Statement;
  };
  private readonly opaqueStatement = (node: SyntaxNode): IR.Statement => ({ kind: "other", range: this.range(node), children: [] });

  /** Models made ahead of the place they are written (see `keep`), by node id. */
  private readonly keptValues = new Map<number, IR.Expression>();

  /**
   * Lowers a node ahead of its place (a request's URL read from a later option) and keeps that
   * model for the place itself, so that each written value has one model in the file.
   */
  protected keep(node: SyntaxNode): IR.Expression {
    const model = this.expression(node);
    this.keptValues.set(node.id, model);
    return model;
  }

  expression(node: SyntaxNode): IR.Expression {
    const kept = this.keptValues.get(node.id);
    if (kept) return kept;
    return this.deeper(node, this.lowerExpression, this.opaqueExpression);
  }

  private readonly lowerExpression = (node: SyntaxNode): IR.Expression => this.expressionOf(node) ?? this.unknown(node);
  private readonly opaqueExpression = (node: SyntaxNode): IR.Expression => ({ kind: "unknown", range: this.range(node), children: [] });

  /** A construct the front end does not model: its named children, so nothing inside is missed. */
  unknown(node: SyntaxNode, children?: readonly (SyntaxNode | null)[]): IR.UnknownExpression {
    const kept: Child[] = [];
    for (const child of children ?? node.namedChildren) {
      if (!child || this.commentTypes.has(child.type)) continue;
      if (node.type === "ERROR") kept.push(...[this.statement(child)].flat());
      else kept.push(this.expression(child));
    }
    return { kind: "unknown", range: this.range(node), children: kept };
  }

  // ---- scopes: the first assignment of a name in a function declares it ---------------------

  inFunctionScope<T>(names: readonly string[], lower: () => T): T {
    this.scopes.push(new Set(names));
    try {
      return lower();
    } finally {
      this.scopes.pop();
    }
  }

  /** Whether `name` is a parameter or an assigned name of the function being lowered or one around it. */
  isDeclared(name: string): boolean {
    return this.scopes.some((scope) => scope.has(name));
  }

  /** `name = value` as a declaration the first time the function (or file) assigns the name, a write after. */
  /** Whether a name is declared in the innermost scope (assigned before, in a language without declarations). */
  inScope(name: string): boolean {
    return this.scopes.at(-1)!.has(name);
  }

  assignment(name: string, nameRange: IR.Range, value: IR.Expression, range: IR.Range, typeText: string | null = null): IR.Statement {
    const scope = this.scopes.at(-1)!;
    if (!scope.has(name)) {
      scope.add(name);
      return {
        kind: "var",
        range,
        declarationKind: "var",
        declarations: [{ range, target: { kind: "identifier-pattern", range: nameRange, name, typeText }, init: value }],
      };
    }
    // Given again (Go's `records, err = api.DNSRecords(…)` after `var records []DNSRecord`): the type goes with the value.
    const typed: IR.Expression = typeText === null ? value : { kind: "typed", range: value.range, expression: value, typeText };
    return {
      kind: "expression",
      range,
      expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: nameRange, expression: this.identifier(name, nameRange) }, value: typed },
    };
  }

  // ---- builders ----------------------------------------------------------------------------

  range(node: SyntaxNode): IR.Range {
    return [node.startIndex, node.endIndex];
  }

  string(value: string, range: IR.Range): IR.StringLiteral {
    return { kind: "string", range, value };
  }

  /** Text with holes: literal pieces and expressions in order. A single piece is a plain string. */
  template(pieces: readonly (string | IR.Expression)[], range: IR.Range): IR.Expression {
    const quasis: IR.TemplateQuasi[] = [];
    const expressions: IR.Expression[] = [];
    let pendingText = "";
    for (const piece of pieces) {
      if (typeof piece === "string") pendingText += piece;
      else {
        quasis.push({ range, value: pendingText });
        expressions.push(piece);
        pendingText = "";
      }
    }
    quasis.push({ range, value: pendingText });
    if (expressions.length === 0) return this.string(pendingText, range);
    return { kind: "template", range, quasis, expressions, tag: null };
  }

  /**
   * A path after the address a client was made with (httpx's `base_url`, `Faraday.new(url:)`,
   * resty's `SetBaseURL`): the two joined with a `/` (a doubled one is harmless to the URL's reading).
   */
  afterBase(base: SyntaxNode, path: IR.Expression): IR.Expression {
    return this.template([this.expression(base), "/", path], path.range);
  }

  identifier(name: string, range: IR.Range): IR.Identifier {
    return { kind: "identifier", range, name };
  }

  member(object: IR.Expression, property: string | null, range: IR.Range, propertyRange: IR.Range, computed: IR.Expression | null = null): IR.MemberExpression {
    return { kind: "member", range, object, property, computed, propertyRange, optional: false };
  }

  call(callee: IR.Expression, args: IR.Expression[], range: IR.Range): IR.CallExpression {
    return { kind: "call", range, callee, args, optional: false };
  }

  /** The parsed JSON body of a response (`response.json()`), as the model reads what a request gives. */
  responseJson(response: IR.Expression, range: IR.Range): IR.CallExpression {
    return this.call(this.member(response, "json", range, range), [], range);
  }

  /** The envelope's `result` of a response (`response.json().result`): what the API's SDKs give back. */
  resultOf(response: IR.Expression, range: IR.Range): IR.Expression {
    return this.member(this.responseJson(response, range), "result", range, range);
  }

  /**
   * A text parsed as JSON (Python's `json.loads`, PHP's `json_decode`, Ruby's `JSON.parse`, C#'s
   * `JsonSerializer.Deserialize`, PowerShell's `ConvertFrom-Json`): what the model reads as
   * `JSON.parse(text)`, so that a response's text parsed gives its body.
   */
  parsedJson(text: IR.Expression, range: IR.Range): IR.CallExpression {
    return this.call(this.member(this.identifier("JSON", range), "parse", range, range), [text], range);
  }

  /**
   * A value serialized as JSON (Python's `json.dumps`, Terraform's `jsonencode`, PHP's
   * `json_encode`, Ruby's `to_json`): what the model reads as `JSON.stringify(value)`, so that a
   * Logpush filter written as a structure is checked as the text it becomes.
   */
  jsonText(value: IR.Expression, range: IR.Range): IR.CallExpression {
    return this.call(this.member(this.identifier("JSON", range), "stringify", range, range), [value], range);
  }

  property(key: string | null, keyRange: IR.Range, value: IR.Expression, range: IR.Range, computedKey: IR.Expression | null = null): IR.Property {
    return { kind: "property", range, key, keyRange, computedKey, value, shorthand: false };
  }

  object(properties: (IR.Property | IR.SpreadElement)[], range: IR.Range): IR.ObjectLiteral {
    return { kind: "object", range, properties };
  }

  array(elements: IR.Expression[], range: IR.Range): IR.ArrayLiteral {
    return { kind: "array", range, elements };
  }

  binary(operator: string, left: IR.Expression, right: IR.Expression, range: IR.Range): IR.BinaryExpression {
    return { kind: "binary", range, operator, left, right };
  }

  /**
   * A binary expression of a grammar with `left`, `operator` and `right` fields and C's operators
   * (Go, Rust, Java): `&&`/`||` as logical, `==`/`!=` as strict equality, others as written.
   */
  fieldBinary(node: SyntaxNode, range: IR.Range): IR.Expression | null {
    const left = node.childForFieldName("left");
    const right = node.childForFieldName("right");
    const operator = node.childForFieldName("operator")?.text ?? "";
    if (!left || !right) return null;
    if (operator === "&&" || operator === "||") return { kind: "logical", range, operator, left: this.expression(left), right: this.expression(right) };
    return this.binary(operator === "==" ? "===" : operator === "!=" ? "!==" : operator, this.expression(left), this.expression(right), range);
  }

  /** A lambda (`x -> …`, `x => …`): its body a block of statements, or an expression it returns. */
  lambdaNode(node: SyntaxNode, parameters: readonly { name: string; range: IR.Range }[], body: SyntaxNode | null): IR.FunctionNode {
    return this.inFunctionScope(
      parameters.map((p) => p.name),
      () => {
        const statements: IR.Statement[] = !body ? [] : body.type === "block" ? this.statements(body.namedChildren) : [{ kind: "return", range: this.range(body), argument: this.expression(body) }];
        return { ...this.fn(null, parameters.map((p) => p.name), parameters.map((p) => p.range), statements, this.range(node)), arrow: true };
      },
    );
  }

  /** `test ? a : b` whose grammar names the parts `condition`, `consequence` and `alternative` (Java's, C#'s): a choice of the two. */
  conditionalNode(node: SyntaxNode, range: IR.Range): IR.Expression | null {
    const test = node.childForFieldName("condition");
    const consequent = node.childForFieldName("consequence");
    const alternate = node.childForFieldName("alternative");
    if (!test || !consequent || !alternate) return null;
    return { kind: "conditional", range, test: this.expression(test), consequent: this.expression(consequent), alternate: this.expression(alternate) };
  }

  opaque(range: IR.Range, children: Child[] = []): IR.UnknownExpression {
    return { kind: "unknown", range, children };
  }

  /** A function of named parameters; `paramDefaults`: what a parameter holds when the call passes nothing in its place (`method="GET"`). */
  /** A function whose parameters are in scope while its body's statements are lowered. */
  scopedFunction(name: string | null, params: readonly { name: string; range: IR.Range; type: string | null }[], body: SyntaxNode | null, range: IR.Range, paramDefaults: (IR.Expression | null)[] = []): IR.FunctionNode {
    return this.inFunctionScope(
      params.map((p) => p.name),
      () => this.fn(name, params.map((p) => p.name), params.map((p) => p.range), body ? this.statements(body.namedChildren) : [], range, params.map((p) => p.type), paramDefaults),
    );
  }

  fn(name: string | null, params: string[], paramRanges: IR.Range[], body: IR.Statement[], range: IR.Range, paramTypes: (string | null)[] = [], paramDefaults: (IR.Expression | null)[] = []): IR.FunctionNode {
    return {
      kind: "function",
      range,
      name,
      params: params.map((param, index) => {
        const target: IR.Pattern = { kind: "identifier-pattern", range: paramRanges[index] ?? range, name: param, typeText: paramTypes[index] ?? null };
        const value = paramDefaults[index];
        return value ? { kind: "default-pattern", range: target.range, target, value } : target;
      }),
      body,
      async: false,
      arrow: false,
      returnType: null,
    };
  }

  /**
   * A request the language's code makes, as the model reads requests: `fetch(url, { method,
   * body })`. `method` is the method's text where the code writes it (a node that may be a
   * name), a fixed method where the construct implies one (curl's default GET), or `null` when
   * the code does not say (every deprecated method then matches, at the confidence the URL gives).
   */
  request(range: IR.Range, url: IR.Expression | null, method: IR.Expression | string | null, body: IR.Expression | null = null, extra: Child[] = []): IR.Expression {
    const properties: IR.Property[] = [];
    const methodValue: IR.Expression = typeof method === "string" ? this.string(method, range) : (method ?? this.opaque(range));
    properties.push(this.property("method", range, methodValue, range));
    if (body) properties.push(this.property("body", body.range, body, body.range));
    // Other arguments follow, unread by fetch, so that their strings and literals are still seen.
    const args: IR.Expression[] = [url ?? this.opaque(range), this.object(properties, range)];
    for (const child of extra) args.push(isExpression(child) ? child : { kind: "unknown", range: child.range, children: [child] });
    return this.call(this.identifier(REQUEST_FUNCTION, range), args, range);
  }


  /**
   * A curl command from its words (a shell command's, or the argv a program passes: Python's
   * `["curl", "-X", "PATCH", url]`, Go's `exec.Command("curl", …)`, Rust's
   * `Command::new("curl").args([…])`): the method of `-X`/`--request` (POST with data, GET
   * otherwise), the URL (`--url`, or the first word that is no option or option's value), the
   * data as the body (`dataOf` may read it as a record).
   */
  curlRequest(range: IR.Range, words: readonly CommandWord[], dataOf: (word: CommandWord) => IR.Expression | null = () => null, extra: IR.Expression | null = null): IR.Expression {
    const read = readCurlWords(words.map((word) => word.literal));
    const data = read.data.map((index) => dataOf(words[index]!) ?? words[index]!.expression);
    const rest = [...data, ...read.rest.map((index) => words[index]!.expression)];
    if (extra && !rest.includes(extra)) rest.push(extra);
    const method = "text" in read.method ? read.method.text : words[read.method.word]!.expression;
    return this.request(range, read.url === null ? null : words[read.url]!.expression, method, data[0] ?? null, rest);
  }

  /** The words of a program's argv given as expressions (a string is a word with that text). */
  commandWords(expressions: readonly IR.Expression[]): CommandWord[] {
    return expressions.map((expression) => ({ expression, literal: expression.kind === "string" ? expression.value : null, range: expression.range }));
  }

  /** An `if` from the parts a grammar names: a missing condition is unknown, a missing branch empty. */
  /**
   * The cases of one clause of a `switch` that lists several values (`case "brotli", "ssl":`, `when
   * "a", "b"`, `"a" | "b" =>`): a case per value, the last holding the body, so that the others
   * fall through to it; no value is the default.
   */
  switchCases(tests: readonly (IR.Expression | null)[], body: IR.Statement[], range: IR.Range): IR.SwitchStatement["cases"] {
    const values = tests.length > 0 ? tests : [null];
    return values.map((test, index) => ({ test, body: index === values.length - 1 ? body : [], range }));
  }

  /**
   * A value chosen by comparing a subject with labels (PHP's `match`, a Ruby `case` or a C# switch
   * expression used as a value): nested conditionals, the first arm with a label equal to the
   * subject giving its value, `otherwise` when none has. `subject` is lowered anew for each
   * comparison: one node of the model has one parent.
   */
  choiceBySubject(subject: () => IR.Expression, arms: readonly { labels: readonly SyntaxNode[]; value: SyntaxNode; range: IR.Range }[], otherwise: IR.Expression, operator = "=="): IR.Expression {
    let result = otherwise;
    for (const arm of [...arms].reverse()) {
      const test = arm.labels
        .map((label): IR.Expression => this.binary(operator, subject(), this.expression(label), this.range(label)))
        .reduce((left, right): IR.Expression => ({ kind: "logical", range: arm.range, operator: "||", left, right }));
      result = { kind: "conditional", range: arm.range, test, consequent: this.expression(arm.value), alternate: result };
    }
    return result;
  }

  ifNode(range: IR.Range, condition: SyntaxNode | null, consequence: SyntaxNode | null, alternate: IR.Statement | null): IR.IfStatement {
    return {
      kind: "if",
      range,
      test: condition ? this.expression(condition) : this.opaque(range),
      consequent: consequence ? (this.statement(consequence) as IR.Statement) : { kind: "block", range, body: [] },
      alternate,
    };
  }

  /**
   * The URL of a route known by name (`/zones/:zone_id/firewall/rules`, an SDK's
   * `/zones/:param/settings/{0}`): `:param` segments are unknown, `{N}` is `args[N]` (unknown when
   * not given), located at `at`; after `base`, the API's address (null: the path alone).
   */
  routeUrl(path: string, at: IR.Range, args: readonly (IR.Expression | undefined)[] = [], base: string | null = API_BASE): IR.Expression {
    const pieces: (string | IR.Expression)[] = base === null ? [] : [base];
    for (const segment of path.split("/").filter(Boolean)) {
      pieces.push("/");
      const argument = /^\{(\d+)\}$/.exec(segment);
      pieces.push(argument ? (args[Number(argument[1])] ?? this.opaque(at)) : segment.startsWith(":") ? this.opaque(at) : segment);
    }
    return this.template(pieces, at);
  }

  // ---- comments and errors -------------------------------------------------------------------

  /**
   * The comments that can be directives (`sunset-lint-disable-next-line`, `eslint-disable`): the
   * only use of comments beyond JS/TS. A file without either word has none, and is not walked.
   */
  private collectComments(root: SyntaxNode) {
    if (!DIRECTIVE_WORD.test(this.text)) return;
    const cursor = root.walk();
    // Iterative preorder walk: deep trees must not overflow the stack. The cursor's type is read
    // without making a node object; only comments are made into nodes.
    let descend = true;
    for (;;) {
      if (descend && this.commentTypes.has(cursor.nodeType)) {
        const node = cursor.currentNode;
        this.comments.push({ text: this.commentText(node.text), range: this.range(node), block: node.text.startsWith("/*") || node.text.startsWith("<!--") });
        descend = false;
      }
      if (descend && cursor.gotoFirstChild()) continue;
      if (cursor.gotoNextSibling()) {
        descend = true;
        continue;
      }
      let climbed = false;
      while (cursor.gotoParent()) {
        if (cursor.gotoNextSibling()) {
          climbed = true;
          break;
        }
      }
      if (!climbed) break;
      descend = true;
    }
    cursor.delete();
  }

  /**
   * Tree-sitter recovers from errors, so a file with a mistake is still analysed; a file the
   * grammar could not make out for the most part is named as only partly analysed.
   */
  private errorNoteOf(root: SyntaxNode): string | null {
    if (!root.hasError) return null;
    let errorLength = 0;
    let first: SyntaxNode | null = null;
    const visit = (node: SyntaxNode, depth: number) => {
      if (node.type === "ERROR" || node.isMissing) {
        // Only code counts: a grammar that leaves a file of comments alone an ERROR (PowerShell's
        // does, for a script that is one `<# … #>` block) has not failed to read any code.
        const length = this.codeLength(node);
        errorLength += length;
        if (length > 0) first ??= node;
        return;
      }
      if (depth > 400 || !node.hasError) return;
      for (const child of node.children) if (child) visit(child, depth + 1);
    };
    visit(root, 0);
    if (first === null || errorLength * 2 < Math.max(1, this.codeLength(root))) return null;
    const at = (first as SyntaxNode).startPosition;
    return `the ${this.grammarLabel} parser could not make out most of the file (from line ${at.row + 1}, column ${at.column + 1})`;
  }

  protected abstract readonly grammarLabel: string;

  /** The characters of a node that are code: neither blanks nor inside its comments. */
  private codeLength(node: SyntaxNode): number {
    let length = node.text.replace(/\s+/g, "").length;
    for (const type of this.commentTypes) for (const comment of node.descendantsOfType(type)) if (comment) length -= comment.text.replace(/\s+/g, "").length;
    return Math.max(0, length);
  }
}

const STATEMENT_KINDS = new Set(["var", "function-declaration", "class-declaration", "expression", "return", "if", "block", "for-of", "loop", "switch", "try", "import", "export-named", "export-default", "export-all", "type-declaration", "other"]);
const isExpression = (node: Child): node is IR.Expression => !STATEMENT_KINDS.has(node.kind);

/**
 * A body whose last statement's value is what the function returns (Ruby's methods and blocks,
 * PowerShell's pipeline output): its last expression becomes a return, and so does the last of
 * each branch when it ends with an `if`, a `case` or a block. `assignments`: whether an
 * assignment last gives its value (Ruby's `@url = …` does; PowerShell's puts nothing out).
 */
export function withImplicitReturn(body: IR.Statement[], assignments: boolean): IR.Statement[] {
  const last = body.at(-1);
  if (!last) return body;
  // A case clause's closing `break` (added so that clauses do not fall through) comes after its value.
  if (last.kind === "break" && body.length > 1) {
    const before = withImplicitReturn(body.slice(0, -1), assignments);
    return before.at(-1) === body.at(-2) ? body : [...before, last];
  }
  const returned = implicitReturn(last, assignments);
  return returned === last ? body : [...body.slice(0, -1), returned];
}

function implicitReturn(statement: IR.Statement, assignments: boolean): IR.Statement {
  switch (statement.kind) {
    case "expression":
      if (statement.expression.kind === "assign" && !assignments) return statement;
      return { kind: "return", range: statement.range, argument: statement.expression };
    case "block": {
      const body = withImplicitReturn(statement.body, assignments);
      return body === statement.body ? statement : { ...statement, body };
    }
    case "if": {
      const consequent = implicitReturn(statement.consequent, assignments);
      const alternate = statement.alternate && implicitReturn(statement.alternate, assignments);
      return consequent === statement.consequent && alternate === statement.alternate ? statement : { ...statement, consequent, alternate };
    }
    case "switch": {
      const cases = statement.cases.map((clause) => {
        const body = withImplicitReturn(clause.body, assignments);
        return body === clause.body ? clause : { ...clause, body };
      });
      return cases.every((clause, index) => clause === statement.cases[index]) ? statement : { ...statement, cases };
    }
    default:
      return statement;
  }
}

/** Decodes the common backslash escapes of double-quoted strings (`\n`, `\"`, `\\`, `\/`, `\$`). */
export function unescapeText(raw: string): string {
  return raw.replace(/\\(.)/g, (_, char: string) => (char === "n" ? "\n" : char === "t" ? "\t" : char === "r" ? "\r" : char));
}

/** `printf`-style verbs (`%s`, `%d`, `%v`, `%(name)s`, `%-5d`) split a format into text and holes. */
export const FORMAT_VERB = /%(?:\([^)]*\))?[-+ #0]*\d*(?:\.\d+)?[a-zA-Z]|%%/g;

/**
 * Fills a format's verbs with the given arguments in order; `%%` is a percent sign. `cursor`: where
 * the arguments start, moved past those taken (a format in several written parts shares one).
 */
export function formatPieces(format: string, args: readonly IR.Expression[], hole: () => IR.Expression, cursor = { next: 0 }): (string | IR.Expression)[] {
  const pieces: (string | IR.Expression)[] = [];
  let last = 0;
  for (const match of format.matchAll(FORMAT_VERB)) {
    pieces.push(format.slice(last, match.index));
    if (match[0] === "%%") pieces.push("%");
    else pieces.push(args[cursor.next++] ?? hole());
    last = match.index! + match[0].length;
  }
  pieces.push(format.slice(last));
  return pieces;
}

/** Python's and Ruby's `{}` / `{0}` / `{name}` placeholders. */
export function bracePieces(format: string, positional: readonly IR.Expression[], named: ReadonlyMap<string, IR.Expression>, hole: () => IR.Expression): (string | IR.Expression)[] {
  const pieces: (string | IR.Expression)[] = [];
  let last = 0;
  let next = 0;
  for (const match of format.matchAll(/\{\{|\}\}|\{([^{}]*)\}/g)) {
    pieces.push(format.slice(last, match.index));
    if (match[0] === "{{") pieces.push("{");
    else if (match[0] === "}}") pieces.push("}");
    else {
      const field = match[1]!.split(/[!:]/)[0]!;
      const value = field === "" ? positional[next++] : /^\d+$/.test(field) ? positional[Number(field)] : named.get(field);
      pieces.push(value ?? hole());
    }
    last = match.index! + match[0].length;
  }
  pieces.push(format.slice(last));
  return pieces;
}

/** The operands of a chain of `+` (`"a" + b + "c"`), in order: Go's and Java's `binary_expression`. */
export function concatenatedOperands(node: SyntaxNode): SyntaxNode[] {
  if (node.type !== "binary_expression" || node.childForFieldName("operator")?.text !== "+") return [node];
  const left = node.childForFieldName("left");
  const right = node.childForFieldName("right");
  return [...(left ? concatenatedOperands(left) : []), ...(right ? [right] : [])];
}

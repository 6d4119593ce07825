/**
 * PowerShell (`.ps1`, `.psm1`): variables (`$base`, `$Script:APIURI`; names are case-insensitive,
 * so they are lowered in lower case), expandable strings (`"$base/zones/$($zone.id)/…"`, here-strings),
 * `-f` format strings and `[string]::Format`, `+`, hashtables (`@{ value = "on" }`) as records,
 * arrays (`@("a", "b")`, `"a", "b"`), member and index reads, functions (`param(…)` blocks or
 * parameter lists; a command naming a function of the file calls it, its `-Name value` arguments
 * bound by name, its last bare value returned), `foreach`, `if`, pipelines (`$body | ConvertTo-Json`
 * as the JSON text, `ForEach-Object { … $_ … }` and `Where-Object` as callbacks over the elements).
 *
 * Requests: `Invoke-RestMethod` and `Invoke-WebRequest` (`irm`, `iwr`) with `-Uri` (or the first
 * positional argument), `-Method` (GET when not given), `-Body`, or all of them splatted from a
 * hashtable (`Invoke-RestMethod @params`); `curl.exe` as curl; `WebClient`'s `UploadString(uri,
 * method, data)` and `DownloadString(uri)`. A command the file does not define is read as a call
 * given its positional arguments and a record of its named ones (`Invoke-CFRequest -Uri $u -Method
 * Patch`), so that a wrapper defined in another file is read as other languages' wrappers are.
 */
import type * as IR from "../core/ir.js";
import { jsonDocumentModel, jsonToModelWithHoles } from "./json.js";
import { bracePieces, TreeLowering, withImplicitReturn, type CommandWord, type LoweredFile } from "./lowering.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

/** The cmdlets (and their aliases) that send a request. */
const REQUEST_CMDLETS = new Set(["invoke-restmethod", "invoke-webrequest", "irm", "iwr"]);
/** Their parameters that take no value. */
const REQUEST_SWITCHES = new Set([
  "-usebasicparsing",
  "-skipcertificatecheck",
  "-passthru",
  "-disablekeepalive",
  "-usedefaultcredentials",
  "-allowunencryptedauthentication",
  "-skipheadervalidation",
  "-resume",
  "-noproxy",
  "-skiphttperrorcheck",
  "-allowinsecureredirect",
  "-preserveauthorizationonredirect",
  "-followrellink",
]);
/** Commands whose arguments are messages (the core's message callees), never requests. */
const MESSAGE_COMMANDS = /^(?:write-(?:host|verbose|warning|error|debug|information|progress|log)|out-host|out-file|add-content|set-content|throw)$/;
/** Pipeline stages that pass their input on as it is (for what the model reads). */
const PASSING_STAGES = new Set(["select-object", "select", "sort-object", "sort", "tee-object", "out-string", "write-output", "echo"]);
/** .NET string methods, as the model's JavaScript names. */
const STRING_METHODS: Readonly<Record<string, string>> = {
  tolower: "toLowerCase",
  tolowerinvariant: "toLowerCase",
  toupper: "toUpperCase",
  toupperinvariant: "toUpperCase",
  replace: "replace",
  trim: "trim",
  contains: "includes",
  startswith: "startsWith",
  endswith: "endsWith",
  split: "split",
  tostring: "toString",
};
/** Static .NET methods that return their first argument's text, for what the model reads (`[uri]::EscapeDataString($id)`). */
const TEXT_KEEPING_STATICS = /^(?:escapedatastring|escapeuristring|urlencode|urlpathencode|htmlencode)$/;
/** Variables that are PowerShell's own: the pipeline's element, and the constants. */
const AUTOMATIC: Readonly<Record<string, "_" | "true" | "false" | "null">> = { _: "_", psitem: "_", true: "true", false: "false", null: "null" };

export function lowerPowerShell(tree: Tree, text: string, file: string): LoweredFile {
  return new PowerShellLowering(file, text).lowerTree(tree);
}

/** A function of the file: its parameters in order (lower case) and which are switches. */
interface FunctionShape {
  params: string[];
  switches: Set<string>;
}

/** A command's elements: the arguments without a name, and those given by name (`-Uri $u`, `-Force`). */
interface CommandElements {
  positional: SyntaxNode[];
  named: { name: string; range: IR.Range; value: SyntaxNode | null }[];
  splats: SyntaxNode[];
}

class PowerShellLowering extends TreeLowering {
  protected readonly grammarLabel = "PowerShell";
  private readonly functions = new Map<string, FunctionShape>();
  /** The classes of the file, by name in lower case (`[Zone]::new()` and `New-Object Zone` make instances). */
  private readonly classes = new Set<string>();
  /** In a class's method: `$this` is the instance. */
  private inClass = false;

  override lowerTree(tree: Tree): LoweredFile {
    for (const definition of tree.rootNode.descendantsOfType("function_statement")) {
      if (!definition) continue;
      const name = definition.namedChildren.find((child) => child?.type === "function_name")?.text.toLowerCase();
      if (name) this.functions.set(name, this.shapeOf(definition));
    }
    for (const definition of tree.rootNode.descendantsOfType("class_statement")) {
      const name = definition?.namedChildren.find((child) => child?.type === "simple_name")?.text.toLowerCase();
      if (name) this.classes.add(name);
    }
    return super.lowerTree(tree);
  }

  /**
   * `class Zone : Base { [string]$Id = "…"; Zone($id) { $this.Id = $id } [object] Rules() { return … } }`:
   * its properties (with their defaults) and methods as members, the method named after the class
   * as the constructor, `static` ones static. A method returns what its `return` gives (no implicit output).
   */
  private classDeclaration(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const names = node.namedChildren.filter((child): child is SyntaxNode => child?.type === "simple_name");
    const name = names[0]?.text.toLowerCase() ?? null;
    const base = names[1] ?? null;
    const members: IR.ClassMember[] = [];
    const outer = this.inClass;
    this.inClass = true;
    try {
      for (const child of node.namedChildren) {
        if (!child) continue;
        const isStatic = child.namedChildren.some((part) => part?.type === "class_attribute" && part.text.toLowerCase() === "static");
        if (child.type === "class_property_definition") {
          const variable = child.namedChildren.find((part) => part?.type === "variable");
          const property = variable ? variableName(variable.text) : null;
          const fallback = child.namedChildren.filter((part): part is SyntaxNode => part !== null && part.type !== "class_attribute" && part.type !== "type_literal" && part.type !== "variable").at(-1);
          if (property?.kind === "name") members.push({ range: this.range(child), key: variable!.text.replace(/^\$/, ""), value: fallback ? this.expression(fallback) : null, isStatic, typeText: null });
        } else if (child.type === "class_method_definition") {
          const methodName = child.namedChildren.find((part) => part?.type === "simple_name")?.text ?? null;
          const parameters = (child.namedChildren.find((part) => part?.type === "class_method_parameter_list")?.namedChildren ?? []).flatMap((parameter) => {
            const variable = parameter?.namedChildren.find((part) => part?.type === "variable");
            const parameterName = variable ? variableName(variable.text) : null;
            return variable && parameterName?.kind === "name" ? [{ name: parameterName.name, range: this.range(variable) }] : [];
          });
          const body = child.namedChildren.find((part) => part?.type === "statement_list" || part?.type === "script_block") ?? null;
          const fn = this.inFunctionScope(
            parameters.map((p) => p.name),
            () => this.fn(methodName, parameters.map((p) => p.name), parameters.map((p) => p.range), body ? this.statements(body.namedChildren) : [], this.range(child)),
          );
          const isConstructor = methodName !== null && methodName.toLowerCase() === name;
          members.push({ range: this.range(child), key: isConstructor ? "constructor" : methodName, value: fn, isStatic, typeText: null });
        }
      }
    } finally {
      this.inClass = outer;
    }
    const cls: IR.ClassNode = { kind: "class", range, name: name === null ? null : classBinding(name), superClass: base ? this.identifier(classBinding(base.text), this.range(base)) : null, members };
    return { kind: "class-declaration", range, cls };
  }

  protected override commentText(raw: string): string {
    return raw.replace(/^<#|#>$/g, "").replace(/^#/, "");
  }

  // ---- statements ----------------------------------------------------------------------------

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    // A statement wrapped in the grammar's precedence levels (`pipeline` > … > `assignment_expression`).
    const inner = unwrapped(node);
    if (inner !== node) return this.statement(inner);
    switch (node.type) {
      case "statement_list":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "statement_block": {
        const list = node.childForFieldName("statement_list") ?? node.namedChildren.find((child) => child?.type === "statement_list") ?? null;
        return { kind: "block", range, body: list ? this.statements(list.namedChildren) : [] };
      }
      case "assignment_expression":
        return this.assignmentStatement(node);
      case "function_statement":
        return { kind: "function-declaration", range, fn: this.functionNode(node) };
      case "class_statement":
        return this.classDeclaration(node);
      case "param_block":
        // A script's own parameters: each holds its default when the script is run without it.
        return this.parameters(node).flatMap((parameter) => (parameter.defaultValue ? [this.assignment(parameter.name, parameter.range, parameter.defaultValue, parameter.range)] : []));
      case "foreach_statement": {
        // foreach ($s in @("brotli", "minify")) { … }: each element in turn
        const children = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
        const variable = children.find((child) => child.type === "variable");
        const body = children.find((child) => child.type === "statement_block");
        const collection = children.find((child) => child !== variable && child !== body && child.type !== "foreach_parameter");
        const name = variable ? variableName(variable.text) : null;
        if (!variable || !body || !collection || !name || name.kind !== "name") break;
        const target: IR.Pattern = { kind: "identifier-pattern", range: this.range(variable), name: name.name, typeText: null };
        return { kind: "for-of", range, declarationKind: "var", target, right: this.expression(collection), body: this.statement(body) as IR.Statement };
      }
      case "if_statement": {
        const blocks = node.namedChildren.filter((child): child is SyntaxNode => child?.type === "statement_block");
        const elseifs = node.childForFieldName("elseif_clauses")?.namedChildren.filter((child): child is SyntaxNode => child?.type === "elseif_clause") ?? [];
        const elseClause = node.childForFieldName("else_clause");
        let alternate: IR.Statement | null = elseClause ? { kind: "block", range: this.range(elseClause), body: this.statements(elseClause.namedChildren) } : null;
        for (const clause of [...elseifs].reverse()) {
          const block = clause.namedChildren.find((child) => child?.type === "statement_block") ?? null;
          alternate = this.ifNode(this.range(clause), clause.childForFieldName("condition"), block, alternate);
        }
        return this.ifNode(range, node.childForFieldName("condition"), blocks[0] ?? null, alternate);
      }
      case "flow_control_statement": {
        // `break` and `continue` leave a switch's clause (or a loop's turn).
        if (/^(?:break|continue)\s*$/i.test(node.text)) return { kind: "break", range };
        if (!/^return\b/i.test(node.text)) return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child ? [this.expression(child)] : [])) };
        const value = node.namedChildren.find((child) => child !== null && child.type !== "comment") ?? null;
        return { kind: "return", range, argument: value ? this.expression(value) : null };
      }
      case "try_statement":
      case "catch_clause":
      case "catch_clauses":
      case "finally_clause":
      case "named_block":
      case "named_block_list":
      case "script_block_body":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
      case "while_statement":
      case "do_statement":
      case "for_statement":
      case "switch_statement":
        return this.switchStatement(node);
      case "trap_statement":
      case "data_statement":
        return { kind: "other", range, children: node.namedChildren.flatMap((child) => (child && child.type !== "comment" ? [this.statement(child)].flat() : [])) };
    }
    return null;
  }

  private assignmentStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const left = node.namedChildren[0] ? unwrapped(node.namedChildren[0]) : null;
    const right = node.childForFieldName("value");
    const operator = node.namedChildren.find((child) => child?.type === "assignement_operator" || child?.type === "assignment_operator")?.text ?? "=";
    if (!left || !right) return { kind: "expression", range, expression: this.unknown(node) };
    let value = this.expression(right);
    // [string]$x = …: the cast says the type, the name is the variable
    const target = left.type === "cast_expression" ? (left.namedChildren.filter((child): child is SyntaxNode => child !== null).at(-1) ?? left) : left;
    const leftModel = (): IR.Expression => this.expression(target);
    if (operator === "+=") value = this.binary("+", leftModel(), value, range);
    else if (operator !== "=") value = this.opaque(range, [value]);
    if (target.type === "variable") {
      const name = variableName(target.text);
      if (name.kind === "name") return this.assignment(name.name, this.range(target), value, range);
    }
    return { kind: "expression", range, expression: { kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(target), expression: leftModel() }, value } };
  }

  // ---- functions -----------------------------------------------------------------------------

  /** The parameters of a function (its parameter list, or the `param(…)` block of its body). */
  private parameterNodes(definition: SyntaxNode): SyntaxNode | null {
    const declaration = definition.namedChildren.find((child) => child?.type === "function_parameter_declaration");
    if (declaration) return declaration;
    const block = definition.namedChildren.find((child) => child?.type === "script_block");
    return block?.namedChildren.find((child) => child?.type === "param_block") ?? null;
  }

  private shapeOf(definition: SyntaxNode): FunctionShape {
    const list = this.parameterNodes(definition);
    const shape: FunctionShape = { params: [], switches: new Set() };
    for (const parameter of list ? this.parameterList(list) : []) {
      shape.params.push(parameter.name);
      if (parameter.type === "switch") shape.switches.add(parameter.name);
    }
    return shape;
  }

  private parameterList(node: SyntaxNode): { name: string; range: IR.Range; type: string | null; node: SyntaxNode }[] {
    const list = node.type === "parameter_list" ? node : (node.namedChildren.find((child) => child?.type === "parameter_list") ?? null);
    const out: { name: string; range: IR.Range; type: string | null; node: SyntaxNode }[] = [];
    for (const parameter of list?.namedChildren ?? []) {
      if (!parameter) continue;
      const variable = parameter.type === "variable" ? parameter : parameter.descendantsOfType("variable").find((found) => found?.parent?.id === parameter.id) ?? null;
      if (!variable) continue;
      const name = variableName(variable.text);
      if (name.kind !== "name") continue;
      const types = parameter.descendantsOfType("type_identifier").map((found) => found?.text.toLowerCase() ?? "");
      out.push({ name: name.name, range: this.range(variable), type: types.includes("switch") ? "switch" : (types.at(-1) ?? null), node: parameter });
    }
    return out;
  }

  private parameters(node: SyntaxNode): { name: string; range: IR.Range; defaultValue: IR.Expression | null }[] {
    return this.parameterList(node).map((parameter) => {
      const fallback = parameter.node.namedChildren.find((child) => child?.type === "script_parameter_default");
      const value = fallback?.namedChildren.find((child) => child !== null) ?? null;
      return { name: parameter.name, range: parameter.range, defaultValue: value ? this.expression(value) : null };
    });
  }

  private functionNode(definition: SyntaxNode): IR.FunctionNode {
    const name = definition.namedChildren.find((child) => child?.type === "function_name")?.text.toLowerCase() ?? null;
    const list = this.parameterNodes(definition);
    const block = definition.namedChildren.find((child) => child?.type === "script_block") ?? null;
    const shape = name ? this.functions.get(name) : undefined;
    return this.inFunctionScope(shape?.params ?? [], () => {
      const parameters = list ? this.parameters(list) : [];
      const body = block ? this.statements(block.namedChildren.filter((child) => child?.type !== "param_block")) : [];
      return this.fn(name, parameters.map((p) => p.name), parameters.map((p) => p.range), withImplicitReturn(body, false), this.range(definition), [], parameters.map((p) => p.defaultValue));
    });
  }

  /** `{ … $_ … }` given to `ForEach-Object`, `Where-Object`: a function of the element. */
  private scriptBlockFunction(node: SyntaxNode): IR.FunctionNode {
    // Its own `$_`, not the subject of a `switch` around it.
    const subject = this.switchSubject;
    this.switchSubject = null;
    try {
      return this.inFunctionScope(["_"], () => {
        const fn = this.fn(null, ["_"], [this.range(node)], withImplicitReturn(this.statements(node.namedChildren), false), this.range(node));
        return { ...fn, arrow: true };
      });
    } finally {
      this.switchSubject = subject;
    }
  }

  /** The variable a `switch` around tests (`switch ($Setting)`): what `$_` is in its clauses. */
  private switchSubject: string | null = null;

  /**
   * `switch ($Setting) { "brotli" { … } minify { … } default { … } }`: a `switch` whose clauses
   * each end with a `break` (PowerShell runs every clause that matches; no clause falls through),
   * a clause's value narrowing the subject, `$_` in a clause being the subject. A clause tested by
   * a script block (`{ $_ -like "b*" }`), and every clause of `-Wildcard`, `-Regex` or `-File`,
   * has a test not known. (An array subject runs the clauses per element: not narrowed.)
   */
  private switchStatement(node: SyntaxNode): IR.Statement {
    const range = this.range(node);
    const children = node.namedChildren.filter((child): child is SyntaxNode => child !== null);
    const patterns = /-(?:wildcard|regex|file)\b/i.test(children.find((child) => child.type === "switch_parameters")?.text ?? "");
    const condition = children.find((child) => child.type === "switch_condition")?.namedChildren.find((child) => child !== null && child.type !== "comment") ?? null;
    const discriminant = condition ? this.expression(condition) : this.opaque(range);
    const clauses = children.find((child) => child.type === "switch_body")?.namedChildren.find((child) => child?.type === "switch_clauses")?.namedChildren.filter((child): child is SyntaxNode => child?.type === "switch_clause") ?? [];
    const outer = this.switchSubject;
    this.switchSubject = discriminant.kind === "identifier" ? discriminant.name : null;
    try {
      const cases = clauses.map((clause): IR.SwitchStatement["cases"][number] => {
        const test = clause.namedChildren.find((child) => child?.type === "switch_clause_condition") ?? null;
        const block = clause.namedChildren.find((child) => child?.type === "statement_block") ?? null;
        const body = [...(block ? [this.statement(block)].flat() : []), { kind: "break", range: this.range(clause) } as IR.Statement];
        return { test: this.switchClauseTest(test, patterns, this.range(clause)), body, range: this.range(clause) };
      });
      return { kind: "switch", range, discriminant, cases };
    } finally {
      this.switchSubject = outer;
    }
  }

  /** A clause's value: `"brotli"`, `'brotli'` or a bare `brotli`; null for `default`; else not known. */
  private switchClauseTest(test: SyntaxNode | null, patterns: boolean, range: IR.Range): IR.Expression | null {
    if (!test) return this.opaque(range);
    const text = test.text.trim();
    if (/^default$/i.test(text)) return null;
    if (patterns || test.namedChildCount > 0) return this.opaque(this.range(test));
    const quoted = /^(["'])([^"'$`]*)\1$/.exec(text);
    const value = quoted ? quoted[2]! : /^[\w.:/-]+$/.test(text) ? text : null;
    return value === null ? this.opaque(this.range(test)) : { kind: "string", range: this.range(test), value };
  }

  // ---- expressions ---------------------------------------------------------------------------

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    const range = this.range(node);
    switch (node.type) {
      case "variable":
        return this.variable(node);
      case "expandable_string_literal":
      case "expandable_here_string_literal":
        return this.expandable(node);
      case "verbatim_string_characters":
        return this.literalText(node.text.slice(1, -1).replace(/''/g, "'"), node.startIndex + 1, range);
      case "verbatim_here_string_characters": {
        const open = /^@'\r?\n?/.exec(node.text)![0].length;
        return this.literalText(node.text.slice(open).replace(/\r?\n?'@$/, ""), node.startIndex + open, range);
      }
      case "decimal_integer_literal":
      case "hexadecimal_integer_literal":
      case "real_literal":
        return { kind: "number", range, value: Number(node.text.replace(/[lLdD]$/, "")), raw: node.text };
      case "generic_token":
      case "command_name_expr":
        return this.string(node.text, range);
      case "hash_literal_expression":
        return this.hashtable(node);
      case "array_expression": {
        // @( … ): the list its statements give (one list, or each value)
        const statements = node.childForFieldName("statements") ?? node.namedChildren.find((child) => child !== null) ?? null;
        if (!statements) return this.array([], range);
        const value = this.expression(statements);
        return value.kind === "array" ? value : this.array([value], range);
      }
      case "array_literal_expression":
        // "a", "b": a list (a single element is the element itself)
        if (node.namedChildren.length > 1) return this.array(node.namedChildren.flatMap((child) => (child ? [this.expression(child)] : [])), range);
        break;
      case "parenthesized_expression":
      case "sub_expression": {
        const inner = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
        if (inner.length === 1) return this.expression(inner[0]!.type === "statement_list" && inner[0]!.namedChildren.length === 1 ? inner[0]!.namedChildren[0]! : inner[0]!);
        return this.opaque(range, inner.flatMap((child) => [this.statement(child)].flat()));
      }
      case "cast_expression": {
        // [pscustomobject]@{ … }, [string]$x: the value
        const value = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "type_literal").at(-1);
        return value ? this.expression(value) : null;
      }
      case "expression_with_unary_operator": {
        const operand = node.namedChildren.find((child) => child !== null) ?? null;
        if (operand && /^(?:-not\b|!)/i.test(node.text)) return { kind: "unary", range, operator: "!", argument: this.expression(operand) } as IR.Expression;
        break;
      }
      case "logical_expression":
      case "bitwise_expression":
      case "comparison_expression":
      case "additive_expression":
      case "multiplicative_expression":
      case "format_expression":
      case "range_expression":
        if (node.namedChildren.length >= 2) return this.operatorExpression(node);
        break;
      case "member_access":
        return this.memberAccess(node);
      case "element_access": {
        const [object, index] = node.namedChildren.filter((child): child is SyntaxNode => child !== null);
        if (!object || !index) break;
        const key = this.expression(index);
        const property = key.kind === "string" ? key.value : key.kind === "number" ? String(key.value) : null;
        return this.member(this.expression(object), property, range, this.range(index), key);
      }
      case "invokation_expression":
        return this.invocation(node);
      case "pipeline_chain":
      case "pipeline":
        if (node.namedChildren.filter((child) => child !== null && child.type !== "comment").length > 1) return this.pipelineValue(node);
        break;
      case "command":
        return this.command(node);
      case "foreach_command":
        break;
      case "script_block_expression":
      case "script_block":
        return this.scriptBlockFunction(node.type === "script_block_expression" ? (node.namedChildren.find((child) => child?.type === "script_block") ?? node) : node);
      case "assignment_expression": {
        const statement = this.assignmentStatement(node);
        return statement.kind === "expression" ? statement.expression : this.opaque(range, [statement]);
      }
    }
    // The grammar's precedence levels (`pipeline` > `logical_expression` > … > `unary_expression`)
    // wrap a single operand: the operand itself.
    const named = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    if (named.length === 1 && node.type !== "ERROR") return this.expression(named[0]!);
    return null;
  }

  private variable(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const name = variableName(node.text);
    if (name.kind !== "name") return this.opaque(range);
    if (name.name === "this" && this.inClass) return { kind: "this", range };
    const automatic = AUTOMATIC[name.name];
    if (automatic === "true" || automatic === "false") return { kind: "boolean", range, value: automatic === "true" };
    if (automatic === "null") return { kind: "null", range };
    // `$_` in a clause of `switch ($Setting)`: that variable, here (where the clause narrows it).
    if (automatic === "_" && this.switchSubject !== null) return this.identifier(this.switchSubject, range);
    return this.identifier(automatic ?? name.name, range);
  }

  /** `"…$x…$(expr)…"` and `@"…"@`: the text between the expansions, with backtick escapes read. */
  private expandable(node: SyntaxNode): IR.Expression {
    const here = node.type === "expandable_here_string_literal";
    const open = here ? /^@"\r?\n?/.exec(node.text)![0].length : 1;
    const close = here ? /\r?\n?"@$/.exec(node.text)?.[0].length ?? 0 : 1;
    const start = node.startIndex + open;
    const end = node.endIndex - close;
    const pieces: (string | IR.Expression)[] = [];
    let at = start;
    for (const child of node.namedChildren) {
      if (!child || child.startIndex < start || child.endIndex > end) continue;
      pieces.push(unescapePowerShell(this.text.slice(at, child.startIndex), here));
      pieces.push(this.expression(child));
      at = child.endIndex;
    }
    pieces.push(unescapePowerShell(this.text.slice(at, Math.max(at, end)), here));
    if (pieces.length === 1) return this.literalText(pieces[0] as string, start, this.range(node));
    // A JSON body with variables in it (`@"{"name": "$pool", "notification_email": "$mail"}"@`): the record.
    return jsonToModelWithHoles(pieces, start) ?? this.template(pieces, this.range(node));
  }

  /** Text without expansions; a JSON document written as text (`'{"value":"off"}'`, a here-string body) is read as the record it is. */
  private literalText(text: string, offset: number, range: IR.Range): IR.Expression {
    return jsonDocumentModel(text, offset) ?? this.string(text, range);
  }

  private hashtable(node: SyntaxNode): IR.ObjectLiteral {
    const body = node.namedChildren.find((child) => child?.type === "hash_literal_body");
    const properties: IR.Property[] = [];
    for (const entry of body?.namedChildren ?? []) {
      if (entry?.type !== "hash_entry") continue;
      const [key, value] = entry.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
      if (!key || !value) continue;
      const keyModel = this.expression(key);
      const keyText = keyModel.kind === "string" ? keyModel.value : key.type === "key_expression" || key.type === "simple_name" ? key.text : null;
      properties.push(this.property(keyText, this.range(key), this.expression(value), this.range(entry), keyText === null ? keyModel : null));
    }
    return this.object(properties, this.range(node));
  }

  private operatorExpression(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const operands = node.namedChildren.filter((child): child is SyntaxNode => child !== null && !/operator$/.test(child.type) && child.type !== "comment");
    const operatorNode = node.namedChildren.find((child) => child !== null && /operator$/.test(child.type));
    const operator = (operatorNode?.text ?? node.children.find((child) => child !== null && !child.isNamed)?.text ?? "").toLowerCase();
    const [left, right] = operands;
    if (!left || !right) return this.unknown(node);
    switch (operator) {
      case "+":
        return this.binary("+", this.expression(left), this.expression(right), range);
      case "-and":
      case "-or":
        return { kind: "logical", range, operator: operator === "-and" ? "&&" : "||", left: this.expression(left), right: this.expression(right) };
      case "-eq":
      case "-ieq":
      case "-ceq":
        return this.binary("===", this.expression(left), this.expression(right), range);
      case "-ne":
      case "-ine":
      case "-cne":
        return this.binary("!==", this.expression(left), this.expression(right), range);
      case "-join":
        return this.call(this.member(this.expression(left), "join", range, this.range(operatorNode ?? node)), [this.expression(right)], range);
      case "-f":
        return this.formatted(this.expression(left), right, range);
    }
    return this.unknown(node);
  }

  /** `"/zones/{0}/settings/{1}" -f $zone, $name` and `[string]::Format(…)`: the text with each `{N}` filled. */
  private formatted(format: IR.Expression, argumentsNode: SyntaxNode | IR.Expression[], range: IR.Range): IR.Expression {
    const args = Array.isArray(argumentsNode) ? argumentsNode : this.formatArguments(argumentsNode);
    const hole = () => this.opaque(range);
    if (format.kind === "string") return this.template(bracePieces(format.value, args, new Map(), hole), range);
    if (format.kind === "template") {
      const pieces: (string | IR.Expression)[] = [];
      format.quasis.forEach((quasi, index) => {
        pieces.push(...bracePieces(quasi.value, args, new Map(), hole));
        const expression = format.expressions[index];
        if (expression) pieces.push(expression);
      });
      return this.template(pieces, range);
    }
    return this.opaque(range, [format, ...args]);
  }

  private formatArguments(node: SyntaxNode): IR.Expression[] {
    const value = this.expression(node);
    return value.kind === "array" ? value.elements.filter((element): element is IR.Expression => element !== null && element.kind !== "spread") : [value];
  }

  private memberAccess(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const [object, member] = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    if (!object || !member) return this.unknown(node);
    const name = memberName(member);
    // [Microsoft.PowerShell.Commands.WebRequestMethod]::Patch: the method's name
    if (object.type === "type_literal") {
      if (/WebRequestMethod\s*\]$/i.test(object.text) && name) return this.string(name, range);
      return this.opaque(range);
    }
    return this.member(this.expression(object), name, range, this.range(member), name === null ? this.expression(member) : null);
  }

  private argumentList(node: SyntaxNode): IR.Expression[] {
    const list = node.namedChildren.find((child) => child?.type === "argument_list");
    const expressions = list?.childForFieldName("argument_expression_list") ?? list?.namedChildren.find((child) => child?.type === "argument_expression_list") ?? null;
    return (expressions?.namedChildren ?? []).flatMap((child) => (child && child.type !== "comment" ? [this.expression(child)] : []));
  }

  /** `$x.Method(args)`, `[Type]::Method(args)`. */
  private invocation(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const [object, member] = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    if (!object || !member) return this.unknown(node);
    const name = memberName(member);
    const method = name?.toLowerCase() ?? "";
    const args = this.argumentList(node);
    if (object.type === "type_literal") {
      // [string]::Format("{0}/zones/{1}", $base, $zone)
      if (method === "format" && args[0]) return this.formatted(args[0], args.slice(1), range);
      if (TEXT_KEEPING_STATICS.test(method) && args[0]) return args[0];
      // [Zone]::new($id): an instance of a class of the file
      const type = typeName(object);
      if (method === "new" && type !== null && this.classes.has(type.toLowerCase())) return { kind: "new", range, callee: this.identifier(classBinding(type), this.range(object)), args };
      return this.opaque(range, args);
    }
    const receiver = this.expression(object);
    // WebClient: UploadString(uri, method, data) / UploadString(uri, data), DownloadString(uri)
    if ((method === "uploadstring" || method === "uploaddata") && args.length >= 2) {
      return args.length >= 3 ? this.request(range, args[0]!, args[1]!, args[2]!, [receiver]) : this.request(range, args[0]!, "POST", args[1]!, [receiver]);
    }
    if ((method === "downloadstring" || method === "downloaddata") && args.length === 1) return this.request(range, args[0]!, "GET", null, [receiver]);
    const renamed = STRING_METHODS[method] ?? (method === "add" && args.length === 1 ? "push" : name);
    return this.call(this.member(receiver, renamed, range, this.range(member)), args, range);
  }

  // ---- pipelines and commands ----------------------------------------------------------------

  /** `$a | ConvertTo-Json`, `$list | ForEach-Object { … }`: each stage given the value before it. */
  private pipelineValue(node: SyntaxNode): IR.Expression {
    const stages = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "comment");
    let value = this.expression(stages[0]!);
    for (const written of stages.slice(1)) {
      const stage = unwrapped(written);
      const range: IR.Range = [node.startIndex, stage.endIndex];
      const block = stage.type === "foreach_command" ? (stage.namedChildren.find((child) => child?.type === "script_block_expression" || child?.type === "script_block") ?? null) : null;
      if (stage.type === "foreach_command") {
        value = this.call(this.member(value, "map", range, this.range(stage)), block ? [this.expression(block)] : [], range);
        continue;
      }
      // (A command without arguments unwraps to its name: `| ConvertFrom-Json`.)
      const name = stage.type === "command" ? commandName(stage) : stage.type === "command_name" ? stage.text.toLowerCase() : null;
      const elements = stage.type === "command" ? this.elementsOf(stage) : null;
      if (name === "convertto-json") value = this.jsonText(value, range);
      // `$r.Content | ConvertFrom-Json`: the text parsed, as JSON.parse reads it.
      else if (name === "convertfrom-json") value = this.parsedJson(value, range);
      else if ((name === "foreach-object" || name === "%" || name === "where-object" || name === "?" || name === "where") && elements?.positional[0]) {
        const callback = this.expression(elements.positional[0]);
        value = this.call(this.member(value, name === "foreach-object" || name === "%" ? "map" : "filter", range, this.range(stage)), [callback], range);
      } else if (name !== null && PASSING_STAGES.has(name)) continue;
      else value = this.opaque(range, [value, this.expression(stage)]);
    }
    return value;
  }

  private elementsOf(command: SyntaxNode): CommandElements {
    const list = command.childForFieldName("command_elements") ?? command.namedChildren.find((child) => child?.type === "command_elements") ?? null;
    const out: CommandElements = { positional: [], named: [], splats: [] };
    const children = (list?.namedChildren ?? []).filter((child): child is SyntaxNode => child !== null && child.type !== "command_argument_sep" && child.type !== "comment");
    for (let index = 0; index < children.length; index++) {
      const child = children[index]!;
      if (child.type === "command_parameter") {
        // -Method:Patch carries its value; -Method Patch takes the next element unless it is a parameter
        const [flag, attached] = splitOnce(child.text, ":");
        const next = children[index + 1];
        const takesValue = attached === null && next !== undefined && next.type !== "command_parameter" && !REQUEST_SWITCHES.has(flag.toLowerCase());
        out.named.push({ name: flag.slice(1).toLowerCase(), range: this.range(child), value: takesValue ? next : null });
        if (takesValue) index++;
        continue;
      }
      if (unwrapped(child).type === "variable" && unwrapped(child).text.startsWith("@")) out.splats.push(unwrapped(child));
      else out.positional.push(child);
    }
    return out;
  }

  private command(node: SyntaxNode): IR.Expression {
    const range = this.range(node);
    const nameNode = node.childForFieldName("command_name");
    const name = commandName(node);
    const elements = this.elementsOf(node);
    const valueOf = (element: SyntaxNode | null | undefined) => (element ? this.expression(element) : null);
    const everything = (): IR.Expression[] => [...elements.positional.map((p) => this.expression(p)), ...elements.named.flatMap((n) => (n.value ? [this.expression(n.value)] : [])), ...elements.splats.map((s) => this.expression(s))];
    if (name === null || !nameNode) return this.opaque(range, [...(nameNode ? [this.expression(nameNode)] : []), ...everything()]);
    const named = (key: string) => elements.named.find((element) => element.name === key);
    if (REQUEST_CMDLETS.has(name) || ((name === "curl" || name === "wget") && !this.looksLikeCurl(elements))) {
      const splat = elements.splats[0] ? this.variable(elements.splats[0]) : null;
      const option = (...keys: string[]): IR.Expression | null => {
        if (!splat) return null;
        return keys.map((key) => this.member(splat, key, splat.range, splat.range) as IR.Expression).reduce((left, right) => ({ kind: "logical", range: splat.range, operator: "||", left, right }));
      };
      const uriElement = named("uri") ?? named("url");
      const url = uriElement ? valueOf(uriElement.value) : elements.positional[0] ? this.expression(elements.positional[0]) : option("Uri", "uri", "URI");
      const methodElement = named("method") ?? named("custommethod");
      const method = methodElement?.value ? this.expression(methodElement.value) : splat ? option("Method", "method") : "GET";
      const bodyElement = named("body");
      const body = bodyElement ? valueOf(bodyElement.value) : option("Body", "body");
      const rest = [...elements.named.filter((element) => element !== uriElement && element !== methodElement && element !== bodyElement).flatMap((element) => (element.value ? [this.expression(element.value)] : [])), ...elements.positional.slice(uriElement ? 0 : 1).map((p) => this.expression(p))];
      const request = this.request(range, url, method, body, rest);
      // Invoke-RestMethod gives the response's JSON, read (`$r.result`); Invoke-WebRequest the response.
      return name === "invoke-restmethod" || name === "irm" ? this.responseJson(request, range) : request;
    }
    if (name === "curl" || name === "curl.exe") return this.curlRequest(range, this.commandWordsOf(node));
    if (MESSAGE_COMMANDS.test(name)) return this.call(this.identifier("print", this.range(nameNode)), everything(), range);
    if (name === "write-output" || name === "echo") return elements.positional.length === 1 ? this.expression(elements.positional[0]!) : this.opaque(range, everything());
    if (name === "convertto-json" && elements.named.some((element) => element.name === "inputobject")) return this.jsonText(valueOf(named("inputobject")!.value) ?? this.opaque(range), range);
    // ConvertFrom-Json $r.Content, ConvertFrom-Json -InputObject $text
    const parsed = name === "convertfrom-json" ? (named("inputobject")?.value ?? elements.positional[0] ?? null) : null;
    if (parsed) return this.parsedJson(valueOf(parsed) ?? this.opaque(range), range);
    // New-Object Zone -ArgumentList $id, $name: an instance of a class of the file
    const created = name === "new-object" ? (named("typename")?.value ?? elements.positional[0] ?? null) : null;
    if (created && this.classes.has(created.text.toLowerCase())) {
      const argumentList = named("argumentlist")?.value ?? elements.positional[1] ?? null;
      const given = argumentList ? this.expression(argumentList) : null;
      const args = given === null ? [] : given.kind === "array" ? given.elements.filter((element): element is IR.Expression => element !== null && element.kind !== "spread") : [given];
      return { kind: "new", range, callee: this.identifier(classBinding(created.text), this.range(created)), args };
    }
    const shape = this.functions.get(name);
    if (shape) return this.call(this.identifier(name, this.range(nameNode)), this.boundArguments(shape, elements, range), range);
    // A command defined elsewhere (another file's function, a module's cmdlet): its positional
    // arguments, then its named ones as a record (`-Uri $u -Method Patch` → `{ uri, method }`).
    const args = elements.positional.map((p) => this.expression(p));
    const options = elements.named.map((element) => this.property(element.name, element.range, element.value ? this.expression(element.value) : { kind: "boolean", range: element.range, value: true }, element.range));
    if (options.length > 0) args.push(this.object(options, range));
    for (const splat of elements.splats) args.push(this.variable(splat));
    return this.call(this.identifier(name, this.range(nameNode)), args, range);
  }

  /** The arguments of a call of a function of the file, in its parameters' order: by name, then the positional ones in the gaps. */
  private boundArguments(shape: FunctionShape, elements: CommandElements, range: IR.Range): IR.Expression[] {
    const bound: (IR.Expression | null)[] = shape.params.map(() => null);
    const extra: IR.Expression[] = [];
    for (const element of elements.named) {
      // PowerShell takes any unambiguous prefix of a parameter's name (`-Zone` for `-ZoneId`).
      const exact = shape.params.indexOf(element.name);
      const prefixed = shape.params.filter((param) => param.startsWith(element.name));
      const index = exact !== -1 ? exact : prefixed.length === 1 ? shape.params.indexOf(prefixed[0]!) : -1;
      const value = element.value ? this.expression(element.value) : ({ kind: "boolean", range: element.range, value: true } as IR.Expression);
      if (index === -1) extra.push(value);
      else bound[index] = value;
    }
    let next = 0;
    for (const positional of elements.positional) {
      while (next < bound.length && (bound[next] !== null || shape.switches.has(shape.params[next]!))) next++;
      const value = this.expression(positional);
      if (next < bound.length) bound[next++] = value;
      else extra.push(value);
    }
    const lastGiven = bound.reduce((last, value, index) => (value !== null ? index : last), -1);
    const undefinedValue = (): IR.Expression => this.identifier("undefined", range);
    return [...bound.slice(0, lastGiven + 1).map((value) => value ?? undefinedValue()), ...(extra.length > 0 ? [this.opaque(range, extra)] : [])];
  }

  /** Whether a `curl` command is curl's (PowerShell 7; `-X PATCH`, `-H`, `-d`) rather than Windows PowerShell's alias of `Invoke-WebRequest`. */
  private looksLikeCurl(elements: CommandElements): boolean {
    return elements.named.some((element) => /^(?:x|h|d|data.*|request|header|url|s|k|l|i|u|o)$/.test(element.name) && element.name !== "uri");
  }

  private commandWordsOf(node: SyntaxNode): CommandWord[] {
    const list = node.childForFieldName("command_elements") ?? node.namedChildren.find((child) => child?.type === "command_elements") ?? null;
    const words: CommandWord[] = [];
    for (const child of list?.namedChildren ?? []) {
      if (!child || child.type === "command_argument_sep" || child.type === "comment") continue;
      const expression = child.type === "command_parameter" ? this.string(child.text, this.range(child)) : this.expression(child);
      words.push({ expression, literal: expression.kind === "string" ? expression.value : null, range: this.range(child) });
    }
    return words;
  }
}

/** A variable's name in lower case (`$Script:APIURI` → `apiuri`, `${Zone Id}` → `zone id`), or an environment variable's. */
function variableName(text: string): { kind: "name"; name: string } | { kind: "environment"; name: string } {
  let name = text.replace(/^[$@]/, "");
  if (name.startsWith("{") && name.endsWith("}")) name = name.slice(1, -1);
  const environment = /^env:(.*)$/i.exec(name);
  if (environment) return { kind: "environment", name: environment[1]! };
  name = name.replace(/^(?:script|global|local|private|using|variable):/i, "");
  return { kind: "name", name: name.toLowerCase() };
}

/** The name a class is bound to: `[zone]`, apart from the variables (`$zone = [Zone]::new()`). */
const classBinding = (name: string) => `[${name.toLowerCase()}]`;

/** The name a type literal writes (`[Zone]` → `Zone`, `[System.Net.WebClient]` → `WebClient`), or `null`. */
function typeName(node: SyntaxNode): string | null {
  const match = /^\[\s*(?:[\w.]+\.)?(\w+)\s*\]$/.exec(node.text);
  return match ? match[1]! : null;
}

/** A command's name in lower case, or `null` when it is computed (`& $command`). */
function commandName(node: SyntaxNode): string | null {
  const nameNode = node.childForFieldName("command_name");
  if (!nameNode || nameNode.type !== "command_name") return null;
  return nameNode.text.toLowerCase();
}

/** A member's name (`.Result`, `.'zone-id'`), or `null` when it is computed (`.$field`). */
function memberName(node: SyntaxNode): string | null {
  const inner = unwrapped(node);
  if (inner.type === "simple_name" || inner.type === "member_name") return inner.text;
  if (inner.type === "verbatim_string_characters") return inner.text.slice(1, -1);
  if (inner.type === "expandable_string_literal" && inner.namedChildren.length === 0) return inner.text.slice(1, -1);
  return null;
}

/** The node a chain of single-child wrappers holds. */
function unwrapped(node: SyntaxNode): SyntaxNode {
  let current = node;
  while (current.namedChildren.length === 1 && current.childCount === 1 && current.namedChildren[0]) current = current.namedChildren[0];
  return current;
}

function splitOnce(text: string, separator: string): [string, string | null] {
  const at = text.indexOf(separator);
  return at === -1 ? [text, null] : [text.slice(0, at), text.slice(at + 1)];
}

/** Backtick escapes (`` `n ``, `` `" ``, `` `$ ``) and, outside here-strings, a doubled quote. */
function unescapePowerShell(raw: string, here: boolean): string {
  const text = raw.replace(/`(.)/gs, (_whole, character: string) => ({ n: "\n", t: "\t", r: "\r", "0": "\0" })[character] ?? character);
  return here ? text : text.replace(/""/g, '"');
}


/**
 * A bound module: scopes and bindings, parent links, exports, and the node lists the detectors
 * iterate. Built once per lowered module and shared by every detector.
 */
import type {
  ArrayLiteral,
  CallExpression,
  ClassNode,
  Expression,
  ForOfStatement,
  FunctionNode,
  Identifier,
  MemberExpression,
  Module,
  NewExpression,
  Node,
  ObjectLiteral,
  ObjectPattern,
  Pattern,
  IdentifierPattern,
  ExpressionPattern,
  Range,
  Statement,
  SwitchStatement,
  TryStatement,
  TypeDeclaration,
} from "./ir.js";
import { memberKey } from "./ir.js";
import { forEachChild } from "./walk.js";
import { mayBeJsonText, readJsonText } from "./json-text.js";
import { LIST_ADDERS } from "./libraries.js";

/** One step from a destructured value to a binding: a property, an array index, or a rest. */
export type PathStep = { key: string } | { index: number } | { rest: true };

export type BindingSource =
  | { kind: "init"; init: Expression | null; steps: PathStep[]; fallback: Expression | null; declarationKind: string }
  | { kind: "param"; fn: FunctionNode; index: number; steps: PathStep[]; fallback: Expression | null; rest: boolean }
  | { kind: "for-of"; statement: ForOfStatement; steps: PathStep[]; fallback: Expression | null }
  | { kind: "catch"; statement: TryStatement; steps: PathStep[] }
  | { kind: "function"; fn: FunctionNode }
  | { kind: "class"; cls: ClassNode }
  | { kind: "import"; source: string; imported: string };

export interface Binding {
  name: string;
  range: Range;
  source: BindingSource;
  /** Declared type text (`DnsRecord[]`), from the pattern or its enclosing declaration. */
  typeText: string | null;
  /** Later assignments (`x = ...`, `x ??= ...`) to a `let`/`var` binding. */
  writes: Expression[];
  /** Loops that write it on each turn (`let name; for (name in SETTINGS)`), and the part of each turn it takes. */
  loopWrites: { loop: ForOfStatement; steps: PathStep[] }[];
  /** What later `x += ...` append to it, in the order they are written. */
  appends: Expression[];
  /**
   * Elements added to the list it holds (`x.push(a)`, Python's `x.append(a)`, Go's `x = append(x,
   * a)`), anywhere in its scope: the list holds them after its own.
   */
  pushed: Expression[];
  /** Whether it is written some other way (`x -= …`, `x++`, `[x] = …`): its value is not known from its writes. */
  writtenOtherwise: boolean;
  /**
   * Properties set on it after its declaration (`init.method = "DELETE"`, `headers["Content-Length"]
   * = n`): the key (`null` when computed from a value) and what is written (`null` when it builds on
   * what was there, `+=` and the like).
   */
  /** `x.key = value` (and `x["key"] = …`) on the binding's value: `keyRange` where the key is written. */
  memberWrites: { key: string | null; value: Expression | null; keyRange: Range }[];
  scope: Scope;
}

export class Scope {
  readonly bindings = new Map<string, Binding>();
  constructor(
    readonly parent: Scope | null,
    readonly isFunction: boolean,
  ) {}

  lookup(name: string): Binding | null {
    for (let scope: Scope | null = this; scope; scope = scope.parent) {
      const binding = scope.bindings.get(name);
      if (binding) return binding;
    }
    return null;
  }

  functionScope(): Scope {
    let scope: Scope = this;
    while (!scope.isFunction && scope.parent) scope = scope.parent;
    return scope;
  }
}

export type ExportTarget =
  | { kind: "local"; name: string }
  | { kind: "expression"; expression: Expression }
  | { kind: "reexport"; source: string; imported: string };

export class Program {
  readonly parents = new Map<Node, Node>();
  readonly moduleScope = new Scope(null, true);
  private readonly scopeOfIdentifier = new Map<Identifier, Scope>();
  readonly exports = new Map<string, ExportTarget>();
  /** Interfaces and object type aliases of the module, by name: their property names. */
  readonly typeDeclarations = new Map<string, readonly string[]>();
  /** Structures JSON is decoded into that require members (Rust's serde `Deserialize`: see `TypeDeclaration.decodedRequires`). */
  readonly decodedDeclarations: TypeDeclaration[] = [];
  readonly starExports: string[] = [];
  /** Modules whose every name is in this module's scope (Python's `from consts import *`): a name bound nowhere here is looked for there. */
  readonly starImports: string[] = [];
  /** CommonJS `module.exports = x`. */
  commonJsExport: Expression | null = null;
  private readonly objectBindings = new Map<ObjectLiteral, Binding>();

  readonly calls: CallExpression[] = [];
  readonly news: NewExpression[] = [];
  readonly members: MemberExpression[] = [];
  readonly objects: ObjectLiteral[] = [];
  readonly objectPatterns: ObjectPattern[] = [];
  readonly functions: FunctionNode[] = [];
  /** The classes of the module, declared or as values. */
  readonly classes: ClassNode[] = [];
  /** String literals and templates: every place text is written. */
  readonly strings: Expression[] = [];
  readonly numbers: Expression[] = [];
  readonly statements: Statement[] = [];
  readonly switches: SwitchStatement[] = [];
  /** What the file compares with a text, by name and by field (see evaluator/narrowing.ts): found when first asked. */
  comparedNames: { keys: ReadonlySet<string>; fields: ReadonlyMap<string, readonly string[]> } | null = null;

  constructor(readonly module: Module) {
    const pendingWrites: { identifier: Identifier; value: Expression; operator: string }[] = [];
    const pendingLoopWrites: { identifier: Identifier; loop: ForOfStatement }[] = [];
    const pendingMemberWrites: { identifier: Identifier; key: string | null; value: Expression | null; keyRange: Range }[] = [];
    const pendingPushes: { identifier: Identifier; values: Expression[] }[] = [];
    const visit = (node: Node, parent: Node | null, scope: Scope) => {
      if (parent) this.parents.set(node, parent);
      switch (node.kind) {
        case "identifier":
          this.scopeOfIdentifier.set(node, scope);
          return;
        case "call":
          this.calls.push(node);
          {
            const pushed = pushedOnto(node);
            if (pushed) pendingPushes.push(pushed);
          }
          break;
        case "new":
          this.news.push(node);
          break;
        case "member":
          this.members.push(node);
          break;
        case "object":
          this.objects.push(node);
          break;
        case "object-pattern":
          this.objectPatterns.push(node);
          break;
        case "string":
        case "template":
          this.strings.push(node);
          this.readJsonText(node);
          break;
        case "binary":
          if (node.operator === "+") this.readJsonText(node);
          break;
        case "number":
          this.numbers.push(node);
          break;
        case "assign":
          if (node.target.kind === "expression-pattern" && node.target.expression.kind === "identifier") {
            pendingWrites.push({ identifier: node.target.expression, value: node.value, operator: node.operator });
          } else if (node.target.kind === "expression-pattern" && node.target.expression.kind === "member" && node.target.expression.object.kind === "identifier") {
            const target = node.target.expression;
            const key = memberKey(target);
            pendingMemberWrites.push({ identifier: target.object as Identifier, key, value: node.operator === "=" ? node.value : null, keyRange: target.propertyRange });
          } else if (node.target.kind === "array-pattern" || node.target.kind === "object-pattern") {
            // `[path] = pick()`, `({ base } = config)`: each name is written with a part of a value.
            for (const identifier of assignedNames(node.target)) pendingWrites.push({ identifier, value: node.value, operator: "destructured" });
          }
          break;
        case "function": {
          this.functions.push(node);
          const inner = new Scope(scope, true);
          if (node.name && parent?.kind !== "function-declaration") {
            this.declare(inner, node.name, node.range, { kind: "function", fn: node }, null);
          }
          node.params.forEach((param, index) => {
            this.declarePattern(inner, param, (steps, fallback) => ({
              kind: "param",
              fn: node,
              index,
              steps,
              fallback,
              rest: node.restParam === true && index === node.params.length - 1,
            }), null);
          });
          for (const param of node.params) visit(param, node, inner);
          if (Array.isArray(node.body)) this.visitBlock(node.body, node, inner, visit);
          else visit(node.body as Expression, node, inner);
          return;
        }
        case "block":
          this.visitBlock(node.body, node, new Scope(scope, false), visit);
          return;
        case "for-of": {
          const loopScope = new Scope(scope, false);
          if (node.declarationKind) {
            const target = node.declarationKind === "var" ? scope.functionScope() : loopScope;
            this.declarePattern(target, node.target, (steps, fallback) => ({ kind: "for-of", statement: node, steps, fallback }), null);
          } else if (node.target.kind === "expression-pattern" && node.target.expression.kind === "identifier") {
            // `let name; for (name in SETTINGS)`: each turn writes the variable.
            pendingLoopWrites.push({ identifier: node.target.expression, loop: node });
          } else {
            for (const identifier of assignedNames(node.target)) pendingWrites.push({ identifier, value: node.right, operator: "destructured" });
          }
          forEachChild(node, visit, node, loopScope);
          return;
        }
        case "try": {
          visit(node.block, node, scope);
          const catchScope = new Scope(scope, false);
          if (node.param) {
            this.declarePattern(catchScope, node.param, (steps) => ({ kind: "catch", statement: node, steps }), null);
            visit(node.param, node, catchScope);
          }
          if (node.handler) visit(node.handler, node, catchScope);
          if (node.finalizer) visit(node.finalizer, node, scope);
          return;
        }
        case "loop": {
          const loopScope = new Scope(scope, false);
          this.hoist(node.children.filter((child): child is Statement => child.kind === "var"), loopScope);
          forEachChild(node, visit, node, loopScope);
          return;
        }
        case "switch": {
          this.switches.push(node);
          visit(node.discriminant, node, scope);
          const switchScope = new Scope(scope, false);
          this.hoist(node.cases.flatMap((c) => c.body), switchScope);
          for (const switchCase of node.cases) {
            if (switchCase.test) visit(switchCase.test, node, switchScope);
            for (const statement of switchCase.body) visit(statement, node, switchScope);
          }
          return;
        }
        case "class": {
          this.classes.push(node);
          const classScope = new Scope(scope, false);
          if (node.name && parent?.kind !== "class-declaration") {
            this.declare(classScope, node.name, node.range, { kind: "class", cls: node }, null);
          }
          forEachChild(node, visit, node, classScope);
          return;
        }
      }
      forEachChild(node, visit, node, scope);
    };
    this.visitBlock(module.body, null, this.moduleScope, visit);
    for (const { identifier, values } of pendingPushes) this.resolve(identifier)?.pushed.push(...values);
    for (const { identifier, value, operator } of pendingWrites) {
      const binding = this.resolve(identifier);
      if (!binding) continue;
      // Go's `names = append(names, "brotli")`: elements added, not a new value.
      if (operator === "=" && isAppendTo(value, identifier.name)) continue;
      // `x ??= y` (and `||=`, `&&=`) leaves x as it was or gives it y: one more value it may hold.
      if (operator === "=" || operator === "??=" || operator === "||=" || operator === "&&=") binding.writes.push(value);
      else if (operator === "+=") binding.appends.push(value);
      else binding.writtenOtherwise = true;
    }
    for (const { identifier, loop } of pendingLoopWrites) this.resolve(identifier)?.loopWrites.push({ loop, steps: [] });
    for (const { identifier, key, value, keyRange } of pendingMemberWrites) this.resolve(identifier)?.memberWrites.push({ key, value, keyRange });
    this.collectExports();
  }

  /**
   * JSON written as text (`'{"type":"SRV","data":{…}}'`, or concatenated with values): its objects
   * are the module's objects too, placed in the literal (see json-text.ts). The values written in
   * it are visited where they stand in the code, not again here.
   */
  private readJsonText(node: Expression) {
    if (this.module.data || this.jsonTextParts?.has(node) || !mayBeJsonText(node)) return;
    this.jsonTextParts ??= new Set();
    const json = readJsonText(node, this.module.text, this.jsonTextParts);
    if (!json) return;
    const register = (child: Expression, parent: Node) => {
      if (json.holes.has(child)) return;
      this.parents.set(child, parent);
      if (child.kind === "object") {
        this.objects.push(child);
        this.jsonTextObjects.add(child);
        for (const property of child.properties) if (property.kind === "property") register(property.value, child);
      } else if (child.kind === "array") for (const element of child.elements) if (element) register(element, child);
    };
    register(json.model, node);
    // A body sent as this text is read as the model (the request's value is the text: its first piece's origin).
    let first = node;
    while (first.kind === "binary") first = first.left;
    this.jsonTexts.set(node, json.model).set(first, json.model);
  }
  private readonly jsonTexts = new Map<Node, ObjectLiteral | ArrayLiteral>();

  /** The JSON a string literal, template or concatenation writes (see `readJsonText`), read as its model. */
  jsonTextAt(node: Node): ObjectLiteral | ArrayLiteral | null {
    return this.jsonTexts.get(node) ?? null;
  }
  /** The nodes of concatenations already read as JSON text, or found not to be. */
  private jsonTextParts: Set<Node> | null = null;
  /** Objects written as JSON text (see `readJsonText`): their ranges are in a literal, so no edit is offered on them. */
  readonly jsonTextObjects = new Set<ObjectLiteral>();

  private visitBlock(
    body: readonly Statement[],
    parent: Node | null,
    scope: Scope,
    visit: (node: Node, parent: Node | null, scope: Scope) => void,
  ) {
    this.hoist(body, scope);
    for (const statement of body) {
      this.statements.push(statement);
      visit(statement, parent, scope);
    }
  }

  /** Declares the names a statement list introduces before any of it is visited. */
  private hoist(body: readonly Statement[], scope: Scope) {
    for (const statement of body) {
      const declaration = statement.kind === "export-named" ? statement.declaration : statement;
      if (!declaration) continue;
      if (declaration.kind === "type-declaration") {
        if (scope === this.moduleScope) this.typeDeclarations.set(declaration.name, declaration.members);
        if (declaration.decodedRequires) this.decodedDeclarations.push(declaration);
      } else if (declaration.kind === "var") {
        const target = declaration.declarationKind === "var" ? scope.functionScope() : scope;
        for (const declarator of declaration.declarations) {
          this.declarePattern(target, declarator.target, (steps, fallback) => ({
            kind: "init",
            init: declarator.init,
            steps,
            fallback,
            declarationKind: declaration.declarationKind,
          }), null);
        }
      } else if (declaration.kind === "function-declaration" && declaration.fn.name) {
        this.declare(scope, declaration.fn.name, declaration.fn.range, { kind: "function", fn: declaration.fn }, null);
      } else if (declaration.kind === "class-declaration" && declaration.cls.name) {
        this.declare(scope, declaration.cls.name, declaration.cls.range, { kind: "class", cls: declaration.cls }, null);
      } else if (declaration.kind === "import") {
        for (const specifier of declaration.specifiers) {
          this.declare(scope, specifier.local, specifier.range, { kind: "import", source: declaration.source, imported: specifier.imported }, null);
        }
      }
    }
  }

  private declare(scope: Scope, name: string, range: Range, source: BindingSource, typeText: string | null) {
    if (scope.bindings.has(name) && source.kind === "init" && source.declarationKind === "var") return;
    // A function's variable a second loop takes again (`for name in SPEED: …` then `for name in
    // CURRENT: …`, in Python, PHP or with `var`): one variable, written by each.
    const existing = scope.bindings.get(name);
    if (existing && source.kind === "for-of" && source.statement.declarationKind === "var") {
      existing.loopWrites.push({ loop: source.statement, steps: source.steps });
      return;
    }
    const binding: Binding = { name, range, source, typeText, writes: [], loopWrites: [], appends: [], pushed: [], writtenOtherwise: false, memberWrites: [], scope };
    scope.bindings.set(name, binding);
    if (source.kind === "init" && source.init && source.steps.length === 0) {
      let init = source.init;
      while (init.kind === "typed") init = init.expression;
      if (init.kind === "object") this.objectBindings.set(init, binding);
    }
  }

  /** The variable an object literal is the whole initial value of (`const job = { … }`), if any. */
  bindingOfObject(object: ObjectLiteral): Binding | null {
    return this.objectBindings.get(object) ?? null;
  }

  private declarePattern(
    scope: Scope,
    pattern: Pattern,
    source: (steps: PathStep[], fallback: Expression | null) => BindingSource,
    inheritedType: string | null,
    steps: PathStep[] = [],
    fallback: Expression | null = null,
  ) {
    switch (pattern.kind) {
      case "identifier-pattern":
        this.declare(scope, pattern.name, pattern.range, source(steps, fallback), pattern.typeText ?? (steps.length === 0 ? inheritedType : null));
        return;
      case "default-pattern":
        this.declarePattern(scope, pattern.target, source, inheritedType, steps, pattern.value);
        return;
      case "object-pattern":
        for (const property of pattern.properties) {
          const step: PathStep = property.key === null ? { rest: true } : { key: property.key };
          this.declarePattern(scope, property.value, source, null, [...steps, step]);
        }
        if (pattern.rest) this.declarePattern(scope, pattern.rest, source, null, [...steps, { rest: true }]);
        return;
      case "array-pattern":
        pattern.elements.forEach((element, index) => {
          if (element) this.declarePattern(scope, element, source, null, [...steps, { index }]);
        });
        if (pattern.rest) this.declarePattern(scope, pattern.rest, source, null, [...steps, { rest: true }]);
        return;
      case "expression-pattern":
        return;
    }
  }

  /** The binding an identifier refers to, or `null` for a global. */
  resolve(identifier: Identifier): Binding | null {
    return this.scopeOfIdentifier.get(identifier)?.lookup(identifier.name) ?? null;
  }

  parentOf(node: Node): Node | null {
    return this.parents.get(node) ?? null;
  }

  /** Skips parentheses-like wrappers (`typed` nodes) upward. */
  meaningfulParent(node: Node): Node | null {
    let parent = this.parentOf(node);
    while (parent && parent.kind === "typed") parent = this.parentOf(parent);
    return parent;
  }

  /** The nearest enclosing function, or `null` at module level. */
  enclosingFunction(node: Node): FunctionNode | null {
    for (let current = this.parentOf(node); current; current = this.parentOf(current)) {
      if (current.kind === "function") return current;
    }
    return null;
  }

  text(range: Range): string {
    return this.module.text.slice(range[0], range[1]);
  }

  /** `module.exports`, or `exports` where the module does not declare a binding of that name. */
  private isCommonJsExports(expression: Expression): boolean {
    return isModuleExportsMember(expression) || (expression.kind === "identifier" && expression.name === "exports" && !this.moduleScope.lookup("exports"));
  }

  private collectExports() {
    if (this.module.value) this.commonJsExport = this.module.value;
    for (const statement of this.module.body) {
      switch (statement.kind) {
        case "export-named":
          if (statement.declaration) {
            const declaration = statement.declaration;
            if (declaration.kind === "var") {
              for (const declarator of declaration.declarations) {
                for (const name of patternNames(declarator.target)) this.exports.set(name, { kind: "local", name });
              }
            } else if (declaration.kind === "function-declaration" && declaration.fn.name) {
              this.exports.set(declaration.fn.name, { kind: "local", name: declaration.fn.name });
            } else if (declaration.kind === "class-declaration" && declaration.cls.name) {
              this.exports.set(declaration.cls.name, { kind: "local", name: declaration.cls.name });
            }
          }
          for (const specifier of statement.specifiers) {
            this.exports.set(
              specifier.exported,
              statement.source ? { kind: "reexport", source: statement.source, imported: specifier.local } : { kind: "local", name: specifier.local },
            );
          }
          break;
        case "export-default":
          this.exports.set("default", { kind: "expression", expression: statement.expression });
          break;
        case "import":
          // Python's `from consts import *`: its names are this module's, and pass on with it.
          if (statement.all) {
            this.starImports.push(statement.source);
            this.starExports.push(statement.source);
          }
          break;
        case "export-all":
          if (statement.exported) this.exports.set(statement.exported, { kind: "reexport", source: statement.source, imported: "*" });
          else this.starExports.push(statement.source);
          break;
        case "expression": {
          const expression = statement.expression;
          // `Object.assign(module.exports, require("./a"), …)`: the module exports what the call merges.
          if (expression.kind === "call" && isObjectAssignTo(expression, (e) => this.isCommonJsExports(e))) {
            this.commonJsExport = expression;
            break;
          }
          if (expression.kind !== "assign" || expression.operator !== "=" || expression.target.kind !== "expression-pattern") break;
          const target = expression.target.expression;
          if (target.kind !== "member" || target.property === null) break;
          const object = target.object;
          const isModuleExports = isModuleExportsMember;
          if (isModuleExports(target)) {
            this.commonJsExport = expression.value;
          } else if ((object.kind === "identifier" && object.name === "exports" && !this.moduleScope.lookup("exports")) || isModuleExports(object)) {
            this.exports.set(target.property, { kind: "expression", expression: expression.value });
          }
          break;
        }
      }
    }
  }
}

/** The leaves of a pattern: the names it declares and the targets it assigns to. */
function patternLeaves(pattern: Pattern): (IdentifierPattern | ExpressionPattern)[] {
  switch (pattern.kind) {
    case "identifier-pattern":
    case "expression-pattern":
      return [pattern];
    case "default-pattern":
      return patternLeaves(pattern.target);
    case "object-pattern":
      return [...pattern.properties.flatMap((p) => patternLeaves(p.value)), ...(pattern.rest ? patternLeaves(pattern.rest) : [])];
    case "array-pattern":
      return [...pattern.elements.flatMap((e) => (e ? patternLeaves(e) : [])), ...(pattern.rest ? patternLeaves(pattern.rest) : [])];
  }
}

/** The names a destructuring assignment writes (`[a, { b }] = …`): the references in its pattern. */
function assignedNames(pattern: Pattern): Identifier[] {
  return patternLeaves(pattern).flatMap((leaf) => (leaf.kind === "expression-pattern" && leaf.expression.kind === "identifier" ? [leaf.expression] : []));
}

export function patternNames(pattern: Pattern): string[] {
  return patternLeaves(pattern).flatMap((leaf) => (leaf.kind === "identifier-pattern" ? [leaf.name] : []));
}

const programs = new WeakMap<Module, Program>();

/** The bound program of a module, built once. */
export function programOf(module: Module): Program {
  let program = programs.get(module);
  if (!program) programs.set(module, (program = new Program(module)));
  return program;
}

const isModuleExportsMember = (e: Expression) => e.kind === "member" && e.property === "exports" && e.object.kind === "identifier" && e.object.name === "module";

/** `Object.assign(target, …)` with the target `isTarget` accepts. */
function isObjectAssignTo(call: Extract<Expression, { kind: "call" }>, isTarget: (e: Expression) => boolean): boolean {
  const callee = call.callee;
  return callee.kind === "member" && callee.property === "assign" && callee.object.kind === "identifier" && callee.object.name === "Object" && call.args[0] !== undefined && isTarget(call.args[0]);
}

/** `names.push("brotli")`, `names.append(x)`, Go's `append(names, a, b)`: the list's name and what is added. */
function pushedOnto(call: CallExpression): { identifier: Identifier; values: Expression[] } | null {
  const callee = call.callee;
  if (callee.kind === "member" && callee.property !== null && LIST_ADDERS.has(callee.property) && callee.object.kind === "identifier" && call.args.length > 0) {
    // `all.push(...page.result)`: the spread list's elements (see `Evaluator.spreadElements`).
    return { identifier: callee.object, values: call.args };
  }
  // Python's `records.extend(page["result"])`: the list's elements, as `push(...list)` adds them.
  if (callee.kind === "member" && callee.property === "extend" && callee.object.kind === "identifier" && call.args.length === 1 && call.args[0]!.kind !== "spread") {
    return { identifier: callee.object, values: [{ kind: "spread", range: call.args[0]!.range, argument: call.args[0]! }] };
  }
  if (callee.kind === "identifier" && callee.name === "append" && call.args[0]?.kind === "identifier" && call.args.length > 1) {
    return { identifier: call.args[0], values: call.args.slice(1) };
  }
  return null;
}

/** `append(names, …)` given `names` itself: Go's way of adding to a slice. */
function isAppendTo(value: Expression, name: string): boolean {
  return value.kind === "call" && value.callee.kind === "identifier" && value.callee.name === "append" && value.args[0]?.kind === "identifier" && value.args[0].name === name;
}

/**
 * The abstract evaluator: what an expression is as far as the code shows, across constants,
 * object members, small helper functions, closures, imports (through a `ModuleHost`), request
 * libraries and the values that flow out of their responses.
 *
 * It never executes anything; unknown pieces become holes or `unknown`. Every recursion is
 * bounded (call depth, binding cycles), so a pathological file costs time linear in its size.
 */
import type { CatalogueIndex } from "../catalogue/load.js";
import type { HttpMethod } from "../catalogue/types.js";
import type { CallExpression, ClassNode, Expression, FunctionNode, Module, Node, ObjectLiteral, Pattern, Statement } from "./ir.js";
import {
  API_BASE_URL,
  BODY_SECOND,
  ELEMENT_CALLBACKS,
  ELEMENT_METHODS,
  GLOBAL_LIBRARIES,
  GLOBAL_OBJECTS,
  LIBRARY_OF_MODULE,
  MESSAGE_CALLEES,
  METHOD_OF_NAME,
  ROUTE_METHOD_NAMES,
  SDK_DNS_RECORD_METHODS,
  SDK_DNS_RECORD_PATHS,
  SUBSET_METHODS,
  methodFromText,
} from "./libraries.js";
import { programOf, type Binding, type PathStep, type Program } from "./program.js";
import { SDK_ROUTES } from "./sdk-routes.js";
import { parseUrl } from "./url.js";
import {
  UNKNOWN,
  concat,
  isHole,
  partsOf,
  staticText,
  stringValue,
  text,
  type Env,
  type LibraryName,
  type ObjectValue,
  type RequestInfo,
  type StringValue,
  type Value,
} from "./values.js";
import { forEachChild } from "./walk.js";

/** Gives the evaluator the modules that relative imports name (the scanner's files, or the disk). */
export interface ModuleHost {
  load(fromFile: string, specifier: string): Module | null;
}

/** Declared or inferred type text of an expression, when a type checker is available. */
export interface TypeOracle {
  typeTextOf(program: Program, node: Expression): string | null;
}

export interface EvaluatorContext {
  catalogue: CatalogueIndex;
  host: ModuleHost | null;
  types: TypeOracle | null;
}

const MAX_CALL_DEPTH = 4;
const HTTP_METHOD_TEXT = /^(?:GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|get|post|put|patch|delete|head|options)$/;
const DNS_RECORD_TYPE = /\b(?:Dns|DNS)_?Records?\b|\b(?:Dns|DNS)Record(?:Response|Result|Row)?\b|\bRecord(?:Get|List|Create|Edit|Update)?Response\b|\b(?:A|AAAA|CNAME|MX|TXT|SRV|NS|CAA|PTR|NAPTR)Record\b|\bRecords\.[A-Z]\w*\b/;
const SRV_TYPE = /\bSRV(?:Record)?\b|\bSrvRecord\b/;

export function dnsRecordValueOfType(typeText: string | null): Value | null {
  if (!typeText || !DNS_RECORD_TYPE.test(typeText)) return null;
  if (/Params\b|Input\b|Param\b/.test(typeText)) return null;
  const srv = SRV_TYPE.test(typeText);
  const many = /\[\]\s*$|^\s*(?:readonly\s+)?(?:Array|ReadonlyArray|Promise<\s*(?:Array|[\w.]+\[\]))|\[\]\s*>\s*$/.test(typeText) || /List|Page\b/.test(typeText);
  return { kind: many ? "records" : "record", srv, via: `declared type ${typeText}` };
}

export class Evaluator {
  // Weak, so that one evaluator can serve a whole scan without keeping every file's tree alive.
  private readonly cache = new WeakMap<Expression, Value>();
  private readonly active = new Set<object>();
  private readonly callsInFunction = new WeakMap<FunctionNode, CallExpression[]>();
  private readonly classOfFunction = new WeakMap<FunctionNode, ClassNode | null>();

  constructor(readonly context: EvaluatorContext) {}

  // ---- expressions ---------------------------------------------------------------------------

  value(program: Program, expression: Expression, env: Env | null = null): Value {
    if (env === null) {
      const cached = this.cache.get(expression);
      if (cached) return cached;
    }
    if (this.active.has(expression)) return UNKNOWN;
    this.active.add(expression);
    let result: Value;
    try {
      result = this.compute(program, expression, env);
    } finally {
      this.active.delete(expression);
    }
    if (env === null) this.cache.set(expression, result);
    return result;
  }

  private compute(program: Program, node: Expression, env: Env | null): Value {
    switch (node.kind) {
      case "string":
        return text(node.value, { program, node });
      case "number":
        return { kind: "number", value: node.value };
      case "boolean":
        return { kind: "boolean", value: node.value };
      case "null":
        return { kind: "null" };
      case "template": {
        if (node.tag && !this.isStringRaw(program, node.tag)) return UNKNOWN;
        const parts = [];
        for (let index = 0; index < node.quasis.length; index++) {
          parts.push({ text: node.quasis[index]!.value, origin: { program, node } });
          const expression = node.expressions[index];
          if (expression) parts.push(...partsOf(this.value(program, expression, env), hintOf(expression)));
        }
        return stringValue(parts);
      }
      case "identifier":
        return this.identifier(program, node, env);
      case "this":
        return UNKNOWN;
      case "member":
        return this.member(program, node, env);
      case "call":
        return this.call(program, node, env).result;
      case "new":
        return this.construct(program, node, env);
      case "object":
        return this.object(program, node, env);
      case "array": {
        const elements = node.elements;
        return {
          kind: "array",
          elements: () =>
            elements.flatMap((element) => {
              if (!element) return [UNKNOWN];
              if (element.kind === "spread") {
                const spread = this.value(program, element.argument, env);
                return spread.kind === "array" ? spread.elements() : [UNKNOWN];
              }
              return [this.value(program, element, env)];
            }),
        };
      }
      case "function":
        return { kind: "function", fn: node, program, env };
      case "binary":
        if (node.operator === "+") {
          const left = this.value(program, node.left, env);
          const right = this.value(program, node.right, env);
          if (left.kind === "number" && right.kind === "number") return { kind: "number", value: left.value + right.value };
          if (left.kind === "string" || right.kind === "string") {
            return stringValue([...partsOf(left, hintOf(node.left)), ...partsOf(right, hintOf(node.right))]);
          }
        }
        return UNKNOWN;
      case "logical": {
        const left = this.value(program, node.left, env);
        if (node.operator === "&&") return this.value(program, node.right, env);
        // `process.env.API ?? "https://api…"`: the written default is the best knowledge we have.
        if (left.kind === "unknown" || left.kind === "null") return this.value(program, node.right, env);
        return left;
      }
      case "conditional": {
        const consequent = this.value(program, node.consequent, env);
        const alternate = this.value(program, node.alternate, env);
        if (consequent.kind === "string" && alternate.kind === "string" && staticText(consequent) !== null && staticText(consequent) === staticText(alternate)) {
          return consequent;
        }
        if (consequent.kind === "unknown") return alternate.kind === "records" || alternate.kind === "record" ? alternate : UNKNOWN;
        if (alternate.kind === "unknown" || alternate.kind === "null") return consequent.kind === "records" || consequent.kind === "record" ? consequent : UNKNOWN;
        return UNKNOWN;
      }
      case "await":
        return this.value(program, node.argument, env);
      case "typed": {
        const inner = this.value(program, node.expression, env);
        if (inner.kind !== "unknown") return inner;
        return dnsRecordValueOfType(node.typeText) ?? UNKNOWN;
      }
      case "sequence":
        return node.expressions.length ? this.value(program, node.expressions.at(-1)!, env) : UNKNOWN;
      case "assign":
        return node.operator === "=" ? this.value(program, node.value, env) : UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  private isStringRaw(program: Program, tag: Expression): boolean {
    return tag.kind === "member" && tag.property === "raw" && tag.object.kind === "identifier" && tag.object.name === "String" && !program.resolve(tag.object);
  }

  private identifier(program: Program, node: Extract<Expression, { kind: "identifier" }>, env: Env | null): Value {
    const binding = program.resolve(node);
    if (binding) return this.binding(program, binding, env);
    const library = GLOBAL_LIBRARIES[node.name];
    if (library) return { kind: "library", library, path: [] };
    return UNKNOWN;
  }

  // ---- bindings ------------------------------------------------------------------------------

  binding(program: Program, binding: Binding, env: Env | null): Value {
    const source = binding.source;
    if (source.kind === "param") {
      const args = lookupArgs(env, source.fn);
      if (args) {
        const argument = args[source.index] ?? UNKNOWN;
        const value = this.steps(program, argument, source.steps, source.fallback, env);
        return value.kind === "unknown" ? (dnsRecordValueOfType(binding.typeText) ?? value) : value;
      }
    }
    if (this.active.has(binding)) return UNKNOWN;
    this.active.add(binding);
    try {
      const value = this.bindingUncached(program, binding, env);
      if (value.kind === "unknown") return dnsRecordValueOfType(binding.typeText) ?? value;
      return value;
    } finally {
      this.active.delete(binding);
    }
  }

  private bindingUncached(program: Program, binding: Binding, env: Env | null): Value {
    const source = binding.source;
    switch (source.kind) {
      case "init": {
        if (source.declarationKind !== "const" && binding.writes.length > 0) return UNKNOWN;
        const base = source.init ? this.value(program, source.init, env) : UNKNOWN;
        return this.steps(program, base, source.steps, source.fallback, env);
      }
      case "param": {
        const base = this.callbackArgument(program, source.fn, source.index, env);
        return this.steps(program, base, source.steps, source.fallback, env);
      }
      case "for-of": {
        const iterated = this.value(program, source.statement.right, env);
        return this.steps(program, this.elementOf(iterated), source.steps, source.fallback, env);
      }
      case "catch":
        return UNKNOWN;
      case "function":
        return { kind: "function", fn: source.fn, program, env: null };
      case "class":
        return UNKNOWN;
      case "import":
        return this.imported(program, source.source, source.imported);
    }
  }

  private steps(program: Program, base: Value, steps: readonly PathStep[], fallback: Expression | null, env: Env | null): Value {
    let value = base;
    for (const step of steps) {
      if ("key" in step) value = this.property(value, step.key) ?? UNKNOWN;
      else if ("index" in step) value = this.index(value, step.index);
      // a rest element keeps the same kind of value
    }
    if ((value.kind === "unknown" || value.kind === "null") && fallback) return this.value(program, fallback, env);
    return value;
  }

  /** The value a destructuring pattern takes apart. */
  patternValue(program: Program, pattern: Pattern): Value {
    const found = this.patternValueUntyped(program, pattern);
    if (found.kind !== "unknown") return found;
    const typeText = "typeText" in pattern ? pattern.typeText : null;
    return dnsRecordValueOfType(typeText) ?? found;
  }

  private patternValueUntyped(program: Program, pattern: Pattern): Value {
    const parent = program.parentOf(pattern);
    if (!parent) return UNKNOWN;
    switch (parent.kind) {
      case "var": {
        const declarator = parent.declarations.find((candidate) => candidate.target === pattern);
        return declarator?.init ? this.value(program, declarator.init) : UNKNOWN;
      }
      case "function": {
        const index = parent.params.indexOf(pattern);
        return index === -1 ? UNKNOWN : this.callbackArgument(program, parent, index, null);
      }
      case "for-of":
        return parent.target === pattern ? this.elementOf(this.value(program, parent.right)) : UNKNOWN;
      case "object-pattern": {
        const property = parent.properties.find((candidate) => candidate.value === pattern);
        if (!property?.key) return UNKNOWN;
        return this.property(this.patternValue(program, parent), property.key) ?? UNKNOWN;
      }
      case "array-pattern": {
        const index = parent.elements.indexOf(pattern);
        return index === -1 ? UNKNOWN : this.index(this.patternValue(program, parent), index);
      }
      case "default-pattern":
        return parent.target === pattern ? this.patternValue(program, parent) : UNKNOWN;
      case "assign":
        return parent.target === pattern ? this.value(program, parent.value) : UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  /** The value a callback parameter receives: an element of the array it iterates, a promise's value. */
  private callbackArgument(program: Program, fn: FunctionNode, paramIndex: number, env: Env | null): Value {
    const parent = program.meaningfulParent(fn);
    if (!parent || parent.kind !== "call" || !parent.args.includes(fn)) return UNKNOWN;
    const callee = parent.callee;
    if (callee.kind !== "member" || callee.property === null) return UNKNOWN;
    const method = callee.property;
    const elementParam = ELEMENT_CALLBACKS[method];
    if (elementParam !== undefined && paramIndex === elementParam && parent.args[0] === fn) {
      return this.elementOf(this.value(program, callee.object, env));
    }
    if (method === "then" && parent.args[0] === fn && paramIndex === 0) return this.value(program, callee.object, env);
    return UNKNOWN;
  }

  elementOf(value: Value): Value {
    switch (value.kind) {
      case "records":
        return { kind: "record", srv: value.srv, via: value.via };
      case "array": {
        const elements = value.elements();
        const first = elements[0];
        if (first && (first.kind === "record" || first.kind === "records")) return first;
        if (first && elements.every((element) => sameStatic(element, first))) return first;
        return UNKNOWN;
      }
      default:
        return UNKNOWN;
    }
  }

  private index(value: Value, index: number): Value {
    if (value.kind === "array") return value.elements()[index] ?? UNKNOWN;
    return this.elementOf(value);
  }

  // ---- imports -------------------------------------------------------------------------------

  private imported(program: Program, specifier: string, imported: string): Value {
    const library = LIBRARY_OF_MODULE[specifier];
    if (library) return { kind: "library", library, path: imported === "default" || imported === "*" ? [] : [imported] };
    const target = this.load(program, specifier);
    if (!target) return UNKNOWN;
    if (imported === "*") return { kind: "namespace", program: target };
    return this.exported(target, imported, new Set());
  }

  private load(program: Program, specifier: string): Program | null {
    if (!this.context.host || !(specifier.startsWith(".") || specifier.startsWith("/"))) return null;
    const module = this.context.host.load(program.module.file, specifier);
    return module ? programOf(module) : null;
  }

  exported(program: Program, name: string, seen: Set<Program>): Value {
    if (seen.has(program)) return UNKNOWN;
    seen.add(program);
    const target = program.exports.get(name);
    if (target) {
      switch (target.kind) {
        case "local": {
          const binding = program.moduleScope.lookup(target.name);
          return binding ? this.binding(program, binding, null) : UNKNOWN;
        }
        case "expression":
          return this.value(program, target.expression);
        case "reexport":
          return this.imported(program, target.source, target.imported);
      }
    }
    if (program.commonJsExport) {
      const exported = this.value(program, program.commonJsExport);
      if (name === "default") return exported;
      return this.property(exported, name) ?? UNKNOWN;
    }
    for (const source of program.starExports) {
      const next = this.load(program, source);
      if (!next) continue;
      const value = this.exported(next, name, seen);
      if (value.kind !== "unknown") return value;
    }
    return UNKNOWN;
  }

  // ---- members -------------------------------------------------------------------------------

  private member(program: Program, node: Extract<Expression, { kind: "member" }>, env: Env | null): Value {
    let key = node.property;
    if (key === null && node.computed) {
      const computed = this.value(program, node.computed, env);
      key = computed.kind === "number" ? String(computed.value) : staticText(computed);
    }
    if (node.object.kind === "this") {
      return key === null ? UNKNOWN : this.thisMember(program, node, key);
    }
    if (node.object.kind === "identifier" && GLOBAL_OBJECTS.has(node.object.name) && !program.resolve(node.object) && key && GLOBAL_LIBRARIES[key]) {
      return { kind: "library", library: GLOBAL_LIBRARIES[key]!, path: [] };
    }
    const object = this.value(program, node.object, env);
    if (key === null) {
      return object.kind === "records" || object.kind === "array" ? this.elementOf(object) : UNKNOWN;
    }
    return this.property(object, key) ?? UNKNOWN;
  }

  /** A property of a value; `undefined` when the value is known to lack it. */
  property(object: Value, key: string): Value | undefined {
    switch (object.kind) {
      case "object":
        return object.get(key) ?? (object.open ? UNKNOWN : undefined);
      case "array":
        return /^\d+$/.test(key) ? (object.elements()[Number(key)] ?? UNKNOWN) : UNKNOWN;
      case "namespace":
        return this.exported(object.program, key, new Set());
      case "library":
        return { kind: "library", library: object.library, path: [...object.path, key] };
      case "client":
        return { ...object, path: [...object.path, key] };
      case "response": {
        const library = object.request.library;
        if (library === "axios" && key === "data") return { kind: "body", request: object.request };
        if (library === "got" && key === "body") return { kind: "body", request: object.request };
        if (library === "undici" && key === "body") return { kind: "stream", request: object.request };
        if (library === "cloudflare" && key === "result") return { kind: "body", request: object.request };
        return UNKNOWN;
      }
      case "body":
        if (key === "result" && object.request.dnsRecords) {
          return { kind: object.request.dnsRecords.single ? "record" : "records", srv: false, via: describeRequest(object.request) };
        }
        return UNKNOWN;
      case "records":
        if (/^\d+$/.test(key)) return { kind: "record", srv: object.srv, via: object.via };
        if (key === "result" || key === "records" || key === "items") return object;
        return UNKNOWN;
      case "string":
        return key === "href" ? object : UNKNOWN;
      case "stringified":
        return UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  /** `this.http` inside a class: its field initializer or the constructor's `this.http = …`. */
  private thisMember(program: Program, node: Node, key: string): Value {
    const cls = this.enclosingClass(program, node);
    if (!cls) return UNKNOWN;
    for (const member of cls.members) {
      if (member.key !== key || !member.value) continue;
      // a method: `this._request(...)` runs it like any helper
      if (member.value.kind === "function" && !member.isStatic) return { kind: "function", fn: member.value, program, env: null };
      return this.value(program, member.value);
    }
    const constructor = cls.members.find((member) => member.key === "constructor")?.value;
    if (constructor?.kind === "function" && Array.isArray(constructor.body)) {
      for (const statement of constructor.body) {
        const assignment = statement.kind === "expression" ? statement.expression : null;
        if (
          assignment?.kind === "assign" &&
          assignment.target.kind === "expression-pattern" &&
          assignment.target.expression.kind === "member" &&
          assignment.target.expression.object.kind === "this" &&
          assignment.target.expression.property === key
        ) {
          return this.value(program, assignment.value);
        }
      }
    }
    return dnsRecordValueOfType(cls.members.find((member) => member.key === key)?.typeText ?? null) ?? UNKNOWN;
  }

  private enclosingClass(program: Program, node: Node): ClassNode | null {
    let fn = program.enclosingFunction(node);
    while (fn) {
      let cached = this.classOfFunction.get(fn);
      if (cached === undefined) {
        const parent = program.parentOf(fn);
        cached = parent?.kind === "class" ? parent : null;
        this.classOfFunction.set(fn, cached);
      }
      if (cached) return cached;
      // arrow functions see the `this` of their enclosing function
      if (!fn.arrow) return null;
      fn = program.enclosingFunction(fn);
    }
    return null;
  }

  // ---- objects -------------------------------------------------------------------------------

  object(program: Program, node: ObjectLiteral, env: Env | null): ObjectValue {
    const evaluator = this;
    let open: boolean | undefined;
    return {
      kind: "object",
      node,
      program,
      /** Open when a computed key or a spread of something not fully known may add properties. */
      get open() {
        open ??= node.properties.some((property) => {
          if (property.kind === "property") return property.key === null;
          const spread = evaluator.value(program, property.argument, env);
          return !(spread.kind === "null" || (spread.kind === "object" && !spread.open));
        });
        return open;
      },
      get(key: string) {
        for (let index = node.properties.length - 1; index >= 0; index--) {
          const property = node.properties[index]!;
          if (property.kind === "spread") {
            const spread = evaluator.value(program, property.argument, env);
            if (spread.kind === "object") {
              const value = spread.get(key);
              if (value !== undefined) return value;
            } else if (spread.kind !== "null") return UNKNOWN;
          } else if (property.key === key) {
            return evaluator.value(program, property.value, env);
          } else if (property.key === null) {
            return UNKNOWN;
          }
        }
        return undefined;
      },
      keys() {
        const keys = new Set<string>();
        for (const property of node.properties) {
          if (property.kind === "spread") {
            const spread = evaluator.value(program, property.argument, env);
            if (spread.kind === "object") for (const key of spread.keys()) keys.add(key);
          } else if (property.key !== null) keys.add(property.key);
        }
        return [...keys];
      },
    };
  }

  // ---- calls ---------------------------------------------------------------------------------

  /** What a call returns, and the request it makes when it is one. */
  call(program: Program, node: CallExpression, env: Env | null): { result: Value; request: RequestInfo | null } {
    const callee = node.callee;
    if (callee.kind === "member" && callee.property !== null) {
      const name = callee.property;
      if (callee.object.kind === "identifier" && !program.resolve(callee.object)) {
        const global = this.globalMethod(program, callee.object.name, name, node, env);
        if (global) return { result: global, request: null };
      }
      const receiver = this.value(program, callee.object, env);
      if (receiver.kind === "library" || receiver.kind === "client") {
        return this.libraryCall(program, node, { ...receiver, path: [...receiver.path, name] }, env);
      }
      const method = this.methodCall(program, node, receiver, name, env);
      if (method) return { result: method, request: null };
      const property = this.property(receiver, name);
      if (property?.kind === "function") return { result: this.invoke(property, this.args(program, node, env), env), request: null };
      return { result: UNKNOWN, request: null };
    }
    if (callee.kind === "identifier" && !program.resolve(callee)) {
      const global = this.globalFunction(program, callee.name, node, env);
      if (global) return { result: global, request: null };
    }
    const value = this.value(program, callee, env);
    if (value.kind === "library" || value.kind === "client") return this.libraryCall(program, node, value, env);
    if (value.kind === "function") return { result: this.invoke(value, this.args(program, node, env), env), request: null };
    return { result: UNKNOWN, request: null };
  }

  args(program: Program, node: { args: Expression[] }, env: Env | null): Value[] {
    return node.args.map((arg) => (arg.kind === "spread" ? UNKNOWN : this.value(program, arg, env)));
  }

  /** Runs a known function abstractly: its return value with the parameters bound to `args`. */
  invoke(fn: Extract<Value, { kind: "function" }>, args: Value[], env: Env | null): Value {
    const depth = (env?.depth ?? 0) + 1;
    if (depth > MAX_CALL_DEPTH) return UNKNOWN;
    const inner: Env = { values: new Map([[fn.fn, args]]), parent: fn.env, depth };
    const body = fn.fn.body;
    if (!Array.isArray(body)) return this.value(fn.program, body, inner);
    for (const returned of returnsOf(body)) {
      const value = this.value(fn.program, returned, inner);
      if (value.kind !== "unknown") return value;
    }
    return dnsRecordValueOfType(fn.fn.returnType) ?? UNKNOWN;
  }

  private globalFunction(program: Program, name: string, node: CallExpression, env: Env | null): Value | null {
    const first = node.args[0];
    switch (name) {
      case "require": {
        const specifier = first ? staticText(this.value(program, first, env)) : null;
        if (specifier === null) return UNKNOWN;
        const library = LIBRARY_OF_MODULE[specifier];
        if (library) return { kind: "library", library, path: [] };
        const target = this.load(program, specifier);
        if (!target) return UNKNOWN;
        return target.commonJsExport ? this.value(target, target.commonJsExport) : { kind: "namespace", program: target };
      }
      case "String":
        return first ? this.value(program, first, env) : text("");
      case "encodeURIComponent":
      case "encodeURI":
      case "escape": {
        const value = first ? this.value(program, first, env) : UNKNOWN;
        const literal = staticText(value);
        return literal !== null && /^[\w.~-]*$/.test(literal) ? value : stringValue([{ hole: true, hint: first ? hintOf(first) : null }]);
      }
      default:
        return null;
    }
  }

  private globalMethod(program: Program, object: string, name: string, node: CallExpression, env: Env | null): Value | null {
    if (object === "JSON" && name === "stringify") {
      return { kind: "stringified", value: node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN };
    }
    if (object === "Object" && name === "assign") {
      const sources = this.args(program, node, env);
      return mergedObject(sources);
    }
    return null;
  }

  private methodCall(program: Program, node: CallExpression, receiver: Value, name: string, env: Env | null): Value | null {
    switch (receiver.kind) {
      case "response":
        if (name === "json") return { kind: "body", request: receiver.request };
        if (name === "then") return this.thenCallback(program, node, receiver, env);
        return UNKNOWN;
      case "stream":
        return name === "json" ? { kind: "body", request: receiver.request } : UNKNOWN;
      case "body":
        return name === "then" ? this.thenCallback(program, node, receiver, env) : UNKNOWN;
      case "records":
        if (name === "then") return this.thenCallback(program, node, receiver, env);
        if (SUBSET_METHODS.has(name)) {
          const srv = receiver.srv || (name === "filter" && isSrvPredicate(node.args[0]));
          return { kind: "records", srv, via: receiver.via };
        }
        if (ELEMENT_METHODS.has(name)) {
          const srv = receiver.srv || ((name === "find" || name === "findLast") && isSrvPredicate(node.args[0]));
          return { kind: "record", srv, via: receiver.via };
        }
        return UNKNOWN;
      case "string": {
        if (name === "toString" || name === "trim" || name === "valueOf") return receiver;
        if (name === "concat") return concat(receiver, ...this.args(program, node, env).map((arg) => stringValue(partsOf(arg, null))));
        if ((name === "replace" || name === "replaceAll") && node.args.length === 2) {
          const pattern = staticText(this.value(program, node.args[0]!, env));
          if (pattern) return replaceText(receiver, pattern, this.value(program, node.args[1]!, env), node.args[1]!);
        }
        return UNKNOWN;
      }
      case "array":
        if (name === "join") {
          const separator = node.args[0] ? staticText(this.value(program, node.args[0], env)) : ",";
          if (separator === null) return UNKNOWN;
          const parts = receiver.elements().flatMap((element, index) => [
            ...(index > 0 ? [{ text: separator, origin: null }] : []),
            ...partsOf(element, null),
          ]);
          return stringValue(parts);
        }
        return null;
      default:
        if (name === "then") return this.thenCallback(program, node, receiver, env);
        // `anything.filter(r => r.type === 'SRV')`: the predicate itself says these are SRV records.
        if (name === "filter" && isSrvPredicate(node.args[0])) return { kind: "records", srv: true, via: "records filtered on type SRV" };
        if ((name === "find" || name === "findLast") && isSrvPredicate(node.args[0])) return { kind: "record", srv: true, via: "a record found by type SRV" };
        return null;
    }
  }

  private thenCallback(program: Program, node: CallExpression, receiver: Value, env: Env | null): Value {
    const callback = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
    if (callback.kind !== "function") return UNKNOWN;
    return this.invoke(callback, [receiver], env);
  }

  private construct(program: Program, node: Extract<Expression, { kind: "new" }>, env: Env | null): Value {
    const callee = node.callee;
    if (callee.kind === "identifier" && !program.resolve(callee)) {
      if (callee.name === "URL") return this.newUrl(program, node, env);
      if (callee.name === "Headers" || callee.name === "URLSearchParams") return UNKNOWN;
    }
    const value = this.value(program, callee, env);
    if (value.kind === "library") {
      if (value.library === "cloudflare") {
        const options = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
        const base = options.kind === "object" ? options.get("baseURL") : undefined;
        return { kind: "client", library: "cloudflare", base: base?.kind === "string" ? base : text(API_BASE_URL), method: null, path: [] };
      }
      if (value.library === "undici" && (value.path[0] === "Client" || value.path[0] === "Pool" || value.path[0] === "Agent")) {
        const origin = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
        return { kind: "client", library: "undici", base: origin.kind === "string" ? origin : null, method: null, path: [] };
      }
      if (value.library === "url" && value.path[0] === "URL") return this.newUrl(program, node, env);
    }
    return UNKNOWN;
  }

  /** `new URL(path, base)` with URL semantics: an absolute path replaces the base's path. */
  private newUrl(program: Program, node: Extract<Expression, { kind: "new" }>, env: Env | null): Value {
    const [input, baseArg] = this.args(program, node, env);
    if (!input || input.kind !== "string") return UNKNOWN;
    if (!baseArg) return input;
    if (baseArg.kind !== "string") return stringValue([{ hole: true, hint: null }, ...input.parts]);
    const first = input.parts[0];
    const inputText = first && !isHole(first) ? first.text : "";
    if (/^[a-z][a-z0-9+.-]*:/i.test(inputText)) return input;
    if (inputText.startsWith("/")) {
      const origin = originOf(baseArg);
      return origin ? concat(origin, input) : stringValue([{ hole: true, hint: null }, ...input.parts]);
    }
    return joinUrl(directoryOf(baseArg), input);
  }

  // ---- requests ------------------------------------------------------------------------------

  /**
   * The requests a call makes: directly through a library, or through a project's own wrapper
   * (a function whose body makes the request with this call's arguments). Route definitions and
   * bare calls with a path argument come back with `library: "unknown"`.
   */
  requestsOf(program: Program, node: CallExpression, env: Env | null = null, depth = 0): RequestInfo[] {
    const direct = this.call(program, node, env).request;
    if (direct) return [direct];
    const callee = this.calleeFunction(program, node, env);
    if (callee && depth < MAX_CALL_DEPTH - 1) {
      if (!this.makesRequests(callee.program, callee.fn)) return [];
      const args = this.args(program, node, env);
      const inner: Env = { values: new Map([[callee.fn, args]]), parent: callee.env, depth: (env?.depth ?? 0) + 1 };
      const found: RequestInfo[] = [];
      for (const innerCall of this.requestCallsIn(callee.program, callee.fn)) {
        for (const request of this.requestsOf(callee.program, innerCall, inner, depth + 1)) {
          if (request.library === "unknown") continue;
          found.push({ ...request, call: node, program });
        }
      }
      if (found.length > 0) return found;
      return [];
    }
    const generic = this.genericRequest(program, node, env);
    return generic ? [generic] : [];
  }

  private calleeFunction(program: Program, node: CallExpression, env: Env | null): Extract<Value, { kind: "function" }> | null {
    const value = this.value(program, node.callee, env);
    return value.kind === "function" ? value : null;
  }

  private readonly requestCalls = new WeakMap<FunctionNode, CallExpression[] | null>();

  /**
   * The calls inside a function that make requests: through a library, or through another
   * function that does. Computed once per function, without arguments, so that following
   * wrappers costs the number of request paths, not the size of the call graph.
   */
  private requestCallsIn(program: Program, fn: FunctionNode): CallExpression[] {
    const known = this.requestCalls.get(fn);
    if (known !== undefined) return known ?? [];
    this.requestCalls.set(fn, null); // recursion guard: a cycle makes no requests of its own
    const found = this.callsIn(fn).filter((call) => {
      if (this.call(program, call, null).request) return true;
      const callee = this.calleeFunction(program, call, null);
      return callee !== null && callee.fn !== fn && this.makesRequests(callee.program, callee.fn);
    });
    this.requestCalls.set(fn, found);
    return found;
  }

  private makesRequests(program: Program, fn: FunctionNode): boolean {
    return this.requestCallsIn(program, fn).length > 0;
  }

  private callsIn(fn: FunctionNode): CallExpression[] {
    let calls = this.callsInFunction.get(fn);
    if (!calls) {
      calls = [];
      const collect = (node: Node) => {
        if (node.kind === "call") calls!.push(node);
        forEachChild(node, collect);
      };
      forEachChild(fn, collect);
      this.callsInFunction.set(fn, calls);
    }
    return calls;
  }

  /** A call we do not know, with a string argument: a project's own client, or a route definition. */
  private genericRequest(program: Program, node: CallExpression, env: Env | null): RequestInfo | null {
    const calleeName = node.callee.kind === "member" ? node.callee.property : node.callee.kind === "identifier" ? node.callee.name : null;
    if (calleeName !== null && MESSAGE_CALLEES.has(calleeName)) return null;
    // `request("GET", "/zones/…")`: a method name given as a string is the method, not the URL.
    const values = node.args.map((arg) => (arg.kind === "function" ? UNKNOWN : this.value(program, arg, env)));
    const methodArgument = values.findIndex((value) => HTTP_METHOD_TEXT.test(staticText(value) ?? ""));
    const urlIndex = values.findIndex((value, index) => value.kind === "string" && index !== methodArgument);
    if (urlIndex === -1) return null;
    const url = values[urlIndex] as StringValue;
    const routeDefinition =
      calleeName !== null && ROUTE_METHOD_NAMES.has(calleeName.toLowerCase()) && node.args.slice(urlIndex + 1).some((arg) => arg.kind === "function" || (arg.kind === "identifier" && this.value(program, arg, env).kind === "function"));
    let method = methodArgument === -1 ? methodFromText(calleeName) : methodFromText(staticText(values[methodArgument]));
    const options = node.args.slice(urlIndex + 1).map((arg) => this.value(program, arg, env)).find((value) => value.kind === "object");
    if (options?.kind === "object") {
      const written = options.get("method");
      if (written) method = methodFromText(staticText(written));
    }
    return this.request(program, node, { library: "unknown", url, method, body: null, routeDefinition });
  }

  private request(
    program: Program,
    call: CallExpression,
    fields: { library: RequestInfo["library"]; url: StringValue | null; method: HttpMethod | null; body: Value | null; sdk?: boolean; routeDefinition?: boolean },
  ): RequestInfo {
    return {
      library: fields.library,
      url: fields.url,
      method: fields.method,
      body: fields.body,
      call,
      program,
      sdk: fields.sdk ?? false,
      routeDefinition: fields.routeDefinition ?? false,
      dnsRecords: fields.url ? this.dnsRecordsOf(fields.url) : null,
    };
  }

  private dnsRecordsOf(url: StringValue): { single: boolean } | null {
    const shape = parseUrl(url.parts, this.context.catalogue.dnsRecordEndpoints.anchors);
    if (!shape) return null;
    const matches = this.context.catalogue.dnsRecordEndpoints.match(shape.segments.map((segment) => segment.value));
    if (matches.length === 0) return null;
    return { single: matches[0]!.path.split("/").length > 4 };
  }

  private libraryCall(
    program: Program,
    node: CallExpression,
    callee: Extract<Value, { kind: "library" | "client" }>,
    env: Env | null,
  ): { result: Value; request: RequestInfo | null } {
    const args = this.args(program, node, env);
    const [first = UNKNOWN, second = UNKNOWN] = args;
    const path = callee.path;
    const last = path.at(-1) ?? null;
    const base = callee.kind === "client" ? callee.base : null;
    const respond = (request: RequestInfo) => ({ result: { kind: "response", request } as Value, request });
    const asString = (value: Value | undefined) => (value?.kind === "string" ? value : null);
    const get = (options: Value, key: string) => (options.kind === "object" ? options.get(key) : undefined);
    /** Options passed at `index`: absent options are empty, unknown options stay unknown. */
    const options = (index: number): Value => (node.args[index] ? (args[index] ?? UNKNOWN) : EMPTY_OBJECT);
    const methodOf = (options: Value, fallback: HttpMethod): HttpMethod | null => {
      if (options.kind !== "object") return null;
      const written = options.get("method");
      if (written === undefined) return options.open ? null : fallback;
      return methodFromText(staticText(written));
    };

    switch (callee.library) {
      case "fetch": {
        if (path.length > 0 && last !== "fetch") return { result: UNKNOWN, request: null };
        const init = options(1);
        return respond(this.request(program, node, { library: "fetch", url: asString(first), method: methodOf(init, "GET"), body: bodyOf(get(init, "body")) }));
      }
      case "axios": {
        if (last === "create") {
          const config = first;
          return { result: { kind: "client", library: "axios", base: asString(get(config, "baseURL")) ?? base, method: null, path: [] }, request: null };
        }
        let url: StringValue | null;
        let config: Value;
        let method: HttpMethod | null;
        let body: Value | null = null;
        const relative = (config: Value) => asString(get(config, "baseURL")) ?? base;
        if (last === null || last === "request") {
          if (first.kind === "string") {
            url = first;
            config = options(1);
          } else {
            config = first;
            url = asString(get(config, "url"));
          }
          method = methodOf(config, "GET");
          body = bodyOf(get(config, "data"));
        } else if (METHOD_OF_NAME[last] && path.length === 1) {
          url = asString(first);
          method = METHOD_OF_NAME[last]!;
          config = options(BODY_SECOND.has(last) ? 2 : 1);
          if (BODY_SECOND.has(last)) body = bodyOf(second);
        } else return { result: UNKNOWN, request: null };
        return respond(this.request(program, node, { library: "axios", url: joinBase(relative(config), url), method, body }));
      }
      case "got":
      case "ky": {
        const library = callee.library;
        if (last === "extend" || last === "create") {
          const prefix = asString(get(first, "prefixUrl"));
          return { result: { kind: "client", library, base: prefix ?? base, method: null, path: [] }, request: null };
        }
        let url: StringValue | null;
        let settings: Value;
        let method: HttpMethod | null;
        if (last === null) {
          if (first.kind === "string" || first.kind === "unknown") {
            url = asString(first);
            settings = options(1);
          } else {
            settings = first;
            url = asString(get(settings, "url"));
          }
          method = methodOf(settings, "GET");
        } else if (METHOD_OF_NAME[last] && path.length === 1) {
          url = asString(first);
          settings = options(1);
          method = METHOD_OF_NAME[last]!;
        } else return { result: UNKNOWN, request: null };
        const prefix = asString(get(settings, "prefixUrl")) ?? base;
        const body = bodyOf(get(settings, "json") ?? get(settings, "body"));
        return respond(this.request(program, node, { library, url: joinBase(prefix, url), method, body }));
      }
      case "undici": {
        if (last === "fetch" && path.length === 1) {
          return respond(this.request(program, node, { library: "fetch", url: asString(first), method: methodOf(options(1), "GET"), body: bodyOf(get(second, "body")) }));
        }
        if (last === "request" && path.length === 1) {
          if (callee.kind === "client") {
            const url = joinBase(base, asString(get(first, "path")));
            return respond(this.request(program, node, { library: "undici", url, method: methodOf(first, "GET"), body: bodyOf(get(first, "body")) }));
          }
          return respond(this.request(program, node, { library: "undici", url: asString(first), method: methodOf(options(1), "GET"), body: bodyOf(get(second, "body")) }));
        }
        return { result: UNKNOWN, request: null };
      }
      case "http": {
        if ((last !== "request" && last !== "get") || path.length !== 1) return { result: UNKNOWN, request: null };
        let url = asString(first);
        const settings = url ? options(1) : first;
        if (!url && settings.kind === "object") {
          const host = asString(get(settings, "hostname") ?? get(settings, "host"));
          const pathValue = asString(get(settings, "path"));
          const protocol = staticText(get(settings, "protocol")) ?? "https:";
          url = pathValue ? concat(text(`${protocol}//`), host ?? stringValue([{ hole: true, hint: "host" }]), pathValue) : null;
        }
        const method = last === "get" ? "GET" : methodOf(settings, "GET");
        return respond(this.request(program, node, { library: "http", url, method, body: null }));
      }
      case "superagent": {
        const method = last ? METHOD_OF_NAME[last] : undefined;
        if (!method || path.length !== 1) return { result: UNKNOWN, request: null };
        return respond(this.request(program, node, { library: "superagent", url: asString(first), method, body: null }));
      }
      case "cloudflare": {
        if (callee.kind !== "client") return { result: UNKNOWN, request: null };
        if (path.length === 1 && last && METHOD_OF_NAME[last]) {
          const url = joinBase(base, asString(first));
          return respond(this.request(program, node, { library: "cloudflare", url, method: METHOD_OF_NAME[last]!, body: bodyOf(get(second, "body")), sdk: true }));
        }
        const resource = path.slice(0, -1);
        const sdkRoute = last ? SDK_ROUTES[resource.join(".")]?.[last] : undefined;
        if (sdkRoute) {
          // Parameters are holes; `{0}` is the first argument, so `settings.get("brotli")` is reported at "brotli".
          const parts = sdkRoute.path.split("/").flatMap((segment, index) => {
            const slash = index > 0 ? [{ text: "/", origin: null }] : [];
            if (segment.startsWith(":")) return [...slash, { hole: true as const, hint: segment.slice(1) }];
            if (segment === "{0}") return [...slash, ...partsOf(first, node.args[0] ? hintOf(node.args[0]) : null)];
            return [...slash, { text: segment, origin: null }];
          });
          const url = joinBase(base, stringValue(parts));
          return respond(this.request(program, node, { library: "cloudflare", url, method: sdkRoute.method, body: null, sdk: true }));
        }
        if (last && SDK_DNS_RECORD_PATHS.some((candidate) => sameArray(candidate, resource))) {
          const kind = SDK_DNS_RECORD_METHODS[last];
          if (kind) return { result: { kind, srv: false, via: `the SDK's ${resource.join(".")}.${last}()` }, request: null };
        }
        return { result: UNKNOWN, request: null };
      }
      case "path": {
        if (last !== "join" && last !== "resolve") return { result: UNKNOWN, request: null };
        const parts = args.flatMap((arg, index) => [...(index > 0 ? [{ text: "/", origin: null }] : []), ...partsOf(arg, null)]);
        return { result: stringValue(parts), request: null };
      }
      case "url": {
        if (last === "resolve" && args.length === 2 && first.kind === "string" && second.kind === "string") {
          return { result: joinUrl(directoryOf(first), second), request: null };
        }
        return { result: UNKNOWN, request: null };
      }
    }
  }
}

// ---- helpers -----------------------------------------------------------------------------------

const EMPTY_OBJECT: ObjectValue = { kind: "object", get: () => undefined, keys: () => [], open: false, node: null, program: null };

function lookupArgs(env: Env | null, fn: FunctionNode): Value[] | null {
  for (let current = env; current; current = current.parent) {
    const args = current.values.get(fn);
    if (args) return args;
  }
  return null;
}

export function hintOf(expression: Expression): string | null {
  if (expression.kind === "identifier") return expression.name;
  if (expression.kind === "member") return expression.property;
  if (expression.kind === "typed") return hintOf(expression.expression);
  return null;
}

/** The expressions a block returns, not counting nested functions. */
export function returnsOf(body: readonly Statement[]): Expression[] {
  const found: Expression[] = [];
  const visit = (node: Node) => {
    if (node.kind === "function" || node.kind === "class") return;
    if (node.kind === "return" && node.argument) found.push(node.argument);
    forEachChild(node, visit);
  };
  for (const statement of body) visit(statement);
  return found;
}

/** `r => r.type === 'SRV'` */
function isSrvPredicate(fn: Expression | undefined): boolean {
  if (!fn || fn.kind !== "function") return false;
  const body = Array.isArray(fn.body) ? returnsOf(fn.body)[0] : fn.body;
  return body !== undefined && isTypeComparison(body, "SRV");
}

/** `x.type === 'SRV'` (either side, `==` too). */
export function isTypeComparison(expression: Expression, type: string): boolean {
  if (expression.kind === "logical" && expression.operator === "&&") {
    return isTypeComparison(expression.left, type) || isTypeComparison(expression.right, type);
  }
  if (expression.kind !== "binary" || (expression.operator !== "===" && expression.operator !== "==")) return false;
  const isType = (e: Expression) => e.kind === "member" && e.property === "type";
  const isLiteral = (e: Expression) => e.kind === "string" && e.value === type;
  return (isType(expression.left) && isLiteral(expression.right)) || (isType(expression.right) && isLiteral(expression.left));
}

function bodyOf(value: Value | undefined): Value | null {
  if (!value) return null;
  return value.kind === "stringified" ? value.value : value;
}

function sameArray(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

function sameStatic(a: Value, b: Value): boolean {
  const left = staticText(a);
  return left !== null && left === staticText(b);
}

function mergedObject(sources: Value[]): Value {
  const objects = sources.filter((source): source is ObjectValue => source.kind === "object");
  if (objects.length === 0) return UNKNOWN;
  return {
    kind: "object",
    node: null,
    program: null,
    open: sources.some((source) => source.kind !== "object"),
    get(key) {
      for (let index = objects.length - 1; index >= 0; index--) {
        const value = objects[index]!.get(key);
        if (value !== undefined) return value;
      }
      return undefined;
    },
    keys: () => [...new Set(objects.flatMap((object) => object.keys()))],
  };
}

/** Joins a base URL and a path with one slash (axios's baseURL, got's and ky's prefixUrl); an absolute URL wins. */
function joinBase(base: StringValue | null, url: StringValue | null): StringValue | null {
  if (!url) return null;
  if (!base) return url;
  const first = url.parts[0];
  if (first && !isHole(first) && /^[a-z][a-z0-9+.-]*:\/\//i.test(first.text)) return url;
  return joinUrl(base, url);
}

function joinUrl(base: StringValue, path: StringValue): StringValue {
  const baseLast = base.parts.at(-1);
  const pathFirst = path.parts[0];
  const baseSlash = baseLast && !isHole(baseLast) && baseLast.text.endsWith("/");
  const pathSlash = pathFirst && !isHole(pathFirst) && pathFirst.text.startsWith("/");
  if (baseSlash || pathSlash) return concat(base, path);
  return concat(base, text("/"), path);
}

/** `https://host` of a URL value, when its scheme and host are written. */
function originOf(url: StringValue): StringValue | null {
  const first = url.parts[0];
  if (!first || isHole(first)) return null;
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(first.text);
  if (!match) return null;
  if (match[0].length === first.text.length && url.parts.length > 1) return null;
  return text(match[0], first.origin);
}

/** The base for a relative reference: everything up to the last slash. */
function directoryOf(url: StringValue): StringValue {
  const last = url.parts.at(-1);
  if (!last || isHole(last)) return concat(url, text("/"));
  const cut = last.text.lastIndexOf("/");
  const afterScheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*$/i.test(last.text);
  if (cut === -1 || afterScheme) return concat(url, text("/"));
  return stringValue([...url.parts.slice(0, -1), { text: last.text.slice(0, cut + 1), origin: last.origin }]);
}

/** `'/zones/:zone_id/x'.replace(':zone_id', id)` */
function replaceText(value: StringValue, pattern: string, replacement: Value, replacementNode: Expression): StringValue {
  const parts = [];
  let replaced = false;
  for (const part of value.parts) {
    if (replaced || isHole(part)) {
      parts.push(part);
      continue;
    }
    const at = part.text.indexOf(pattern);
    if (at === -1) {
      parts.push(part);
      continue;
    }
    parts.push({ text: part.text.slice(0, at), origin: part.origin });
    parts.push(...partsOf(replacement, hintOf(replacementNode)));
    parts.push({ text: part.text.slice(at + pattern.length), origin: part.origin });
    replaced = true;
  }
  return stringValue(parts);
}

export function describeRequest(request: RequestInfo): string {
  return `a response of ${request.method ?? "a request to"} ${request.url ? shortUrl(request.url) : "the DNS record endpoints"}`;
}

function shortUrl(url: StringValue): string {
  return url.parts.map((part) => (isHole(part) ? "…" : part.text)).join("");
}

export type { LibraryName };

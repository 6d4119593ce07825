/**
 * Classes and their instances: static members of a class (`Zones.setSettings(…)`), members of
 * an instance (`new Api().getRules()`, `this.http`), fields set in the constructor or given as
 * constructor parameters (`constructor(private client: Cloudflare)`), through `extends` and
 * `super(…)`; `this` in a method called on an instance made where the code shows it.
 */
import type { ClassNode, FunctionNode, Node } from "../ir.js";
import type { Program } from "../program.js";
import { UNKNOWN, choiceOf, type Env, type Value } from "../values.js";
import { forEachChild } from "../walk.js";
import { valueOfDeclaredType } from "./declared-types.js";
import type { Evaluator } from "./evaluator.js";

const MAX_SUPERCLASS_DEPTH = 8;

/**
 * A member of a class: static members when `isStatic`, else what an instance holds. `undefined`
 * when neither the class nor its superclasses declare it.
 */
export function classMember(evaluator: Evaluator, program: Program, cls: ClassNode, key: string, isStatic: boolean, depth = 0, args: Value[] | null = null): Value | undefined {
  if (args !== null) return memberUncached(evaluator, program, cls, key, isStatic, depth, args);
  // Without arguments a member is the same wherever it is asked for: worked out once (through
  // `super(…)`, a superclass's members are read with arguments, which the value cache does not keep).
  let byClass = remembered.get(evaluator);
  if (!byClass) remembered.set(evaluator, (byClass = new WeakMap()));
  let members = byClass.get(cls);
  if (!members) byClass.set(cls, (members = new Map()));
  const memoKey = `${isStatic ? "static " : ""}${key}`;
  if (members.has(memoKey)) return members.get(memoKey);
  members.set(memoKey, UNKNOWN); // a member defined through itself
  const member = memberUncached(evaluator, program, cls, key, isStatic, depth, null);
  members.set(memoKey, member);
  return member;
}

const remembered = new WeakMap<Evaluator, WeakMap<ClassNode, Map<string, Value | undefined>>>();

function memberUncached(evaluator: Evaluator, program: Program, cls: ClassNode, key: string, isStatic: boolean, depth: number, args: Value[] | null): Value | undefined {
  let declaredType: string | null = null;
  for (const member of cls.members) {
    if (member.key !== key || member.isStatic !== isStatic || member.accessor === "set") continue;
    if (!member.value) {
      declaredType ??= member.typeText;
      continue;
    }
    // A getter is read by calling it (`this.rulesPath` with `get rulesPath() { return … }`).
    if (member.accessor === "get" && member.value.kind === "function") return evaluator.invoke({ kind: "function", fn: member.value, program, env: null }, [], null);
    if (member.value.kind === "function") return { kind: "function", fn: member.value, program, env: null };
    return orSetLater(evaluator, program, cls, key, evaluator.value(program, member.value));
  }
  // A Go struct made by a composite literal (`&Client{Token: t}`): the field given.
  if (!isStatic && cls.struct && args?.[0]) {
    const field = evaluator.property(args[0], key);
    if (field !== undefined && field.kind !== "unknown") return field;
  }
  if (!isStatic) {
    const constructor = cls.members.find((member) => member.key === "constructor")?.value;
    if (constructor?.kind === "function" && Array.isArray(constructor.body)) {
      // An instance made with `new Api(base)`: the constructor runs with what it was given.
      const given = args ? evaluator.callEnv({ kind: "function", fn: constructor, program, env: null }, args, null) : null;
      for (const statement of constructor.body) {
        const assignment = statement.kind === "expression" ? statement.expression : null;
        if (
          assignment?.kind === "assign" &&
          assignment.target.kind === "expression-pattern" &&
          assignment.target.expression.kind === "member" &&
          assignment.target.expression.object.kind === "this" &&
          assignment.target.expression.property === key
        ) {
          return orSetLater(evaluator, program, cls, key, evaluator.value(program, assignment.value, given));
        }
      }
      // `constructor(private readonly client: Cloudflare)`: a parameter property; with a default
      // (`private readonly base = API`), that value unless `new` is given another.
      for (const [index, param] of constructor.params.entries()) {
        const target = param.kind === "default-pattern" ? param.target : param;
        if (target.kind !== "identifier-pattern" || target.name !== key) continue;
        const argument = args?.[index];
        if (argument && argument.kind !== "unknown") return argument;
        if (param.kind === "default-pattern") return evaluator.value(program, param.value);
        declaredType ??= target.typeText;
      }
    }
  }
  const declared = valueOfDeclaredType(program, declaredType, evaluator);
  if (declared) return declared;
  if (cls.superClass && depth < MAX_SUPERCLASS_DEPTH) {
    const superClass = evaluator.value(program, cls.superClass);
    if (superClass.kind === "class") return classMember(evaluator, superClass.program, superClass.cls, key, isStatic, depth + 1, isStatic ? null : superArguments(evaluator, program, cls, args));
  }
  return declaredType === null ? undefined : UNKNOWN;
}

/**
 * A field declared empty (`= null`, `None`) and set by a method when first needed (`if
 * (!this.http) this.http = axios.create(…)`, `self._client = httpx.AsyncClient(…)`): what those
 * methods set it to. Any other declared value as it is.
 */
function orSetLater(evaluator: Evaluator, program: Program, cls: ClassNode, key: string, declared: Value): Value {
  if (declared.kind !== "null") return declared;
  const later: Value[] = [];
  for (const member of cls.members) {
    if (member.key === "constructor" || member.value?.kind !== "function" || !Array.isArray(member.value.body)) continue;
    const visit = (node: Node) => {
      if (node.kind === "function" || later.length >= MAX_LATER_WRITES) return;
      if (node.kind === "assign" && node.operator === "=" && node.target.kind === "expression-pattern") {
        const target = node.target.expression;
        if (target.kind === "member" && target.object.kind === "this" && target.property === key) later.push(evaluator.value(program, node.value));
      }
      forEachChild(node, visit);
    };
    for (const statement of member.value.body) visit(statement);
  }
  const known = later.filter((value) => value.kind !== "unknown" && value.kind !== "null");
  return known.length > 0 ? choiceOf(known) : declared;
}

/** Most later writes of one field read (see `orSetLater`). */
const MAX_LATER_WRITES = 8;

/**
 * What a class gives its superclass's constructor: the arguments of its `super(…)` call (with
 * what `new` gave its own constructor, when known), or, with no constructor of its own, what
 * `new` gave it. `null` when not known.
 */
function superArguments(evaluator: Evaluator, program: Program, cls: ClassNode, args: Value[] | null): Value[] | null {
  const constructor = cls.members.find((member) => member.key === "constructor")?.value;
  if (!constructor) return args;
  if (constructor.kind !== "function" || !Array.isArray(constructor.body)) return null;
  for (const statement of constructor.body) {
    const call = statement.kind === "expression" ? statement.expression : null;
    if (call?.kind !== "call" || call.callee.kind !== "identifier" || call.callee.name !== "super") continue;
    const given = args ? evaluator.callEnv({ kind: "function", fn: constructor, program, env: null }, args, null) : null;
    return evaluator.args(program, call, given);
  }
  return null;
}

const classOfFunction = new WeakMap<FunctionNode, ClassNode | null>();
/** Members of instances made with known arguments, by instance. */
const instanceMembers = new WeakMap<Value, Map<string, Value | undefined>>();

/** `this` where the code runs: the instance a method was called on, if known. */
export function selfOf(env: Env | null): Value | undefined {
  for (let current = env; current; current = current.parent) if (current.self) return current.self;
  return undefined;
}

/**
 * The `this` of a method called as `this.m()` from `node`: the caller's own, else an instance of
 * the class whose method holds `node` (so a base class's method reads that class's overrides:
 * `protected $path = "settings/minify"` for a `target()` the base class composes).
 */
export function thisOfCaller(program: Program, node: Node, env: Env | null): Value | undefined {
  const self = selfOf(env);
  if (self !== undefined) return self;
  const cls = enclosingClass(program, node);
  if (!cls) return undefined;
  // One value for each class, so that the calls it makes are run in the same environments.
  let instance = plainInstances.get(cls);
  if (instance?.program !== program) plainInstances.set(cls, (instance = { kind: "instance", cls, program }));
  return instance;
}

/** An instance of each class with nothing known of how it was made (see `thisOfCaller`). */
const plainInstances = new WeakMap<ClassNode, Extract<Value, { kind: "instance" }>>();

/**
 * PHP's `parent::getValue()` (`B::m()` from a method of a class that extends `B`, `self::m()`):
 * an instance method of that class, run on the caller's `$this`. `null` when `name` is no such
 * method or the caller is not in a class that descends from it (a static call).
 */
export function instanceMethodThroughClass(evaluator: Evaluator, program: Program, node: Node, target: Extract<Value, { kind: "class" }>, name: string, env: Env | null): { fn: Extract<Value, { kind: "function" }>; self: Value } | null {
  const self = thisOfCaller(program, node, env);
  if (self?.kind !== "instance" || !descendsFrom(evaluator, self, target.cls)) return null;
  const method = classMember(evaluator, target.program, target.cls, name, false);
  return method?.kind === "function" ? { fn: method, self } : null;
}

/**
 * `this.http` inside a class: an instance member (or, in a static method, a static one). In a
 * method called on an instance made with `new Api(base)`, that instance's member first.
 */
export function thisMember(evaluator: Evaluator, program: Program, node: Node, key: string, env: Env | null): Value {
  const cls = enclosingClass(program, node);
  const self = selfOf(env);
  if (cls && self?.kind === "instance" && descendsFrom(evaluator, self, cls)) {
    // What a method called on it before set (`$request->setType(PATCH)`), then the instance's own
    // class: a subclass's override, or the step a base class leaves to it.
    const field = self.fields?.get(key);
    if (field !== undefined && field.kind !== "unknown") return field;
    const member = self.args ? instanceMember(evaluator, self, key) : classMember(evaluator, self.program, self.cls, key, false);
    if (member !== undefined && member.kind !== "unknown") return member;
  }
  if (cls) {
    const member = classMember(evaluator, program, cls, key, false) ?? classMember(evaluator, program, cls, key, true);
    if (member !== undefined && member.kind !== "unknown") return member;
    // A step of a template method (`$this->sendRequest($r)` in a base class that leaves it to a
    // subclass), run with no instance in sight: the one subclass of this file that declares it.
    // (An instance of this very class, made for no call in sight, says no more than none.)
    if (self === undefined || (self.kind === "instance" && self.cls === cls && !self.args)) return subclassMethod(evaluator, program, cls, key) ?? member ?? UNKNOWN;
    return member ?? UNKNOWN;
  }
  // A method of an object literal (`{ base: API, rules(zone) { … this.base … } }`): that object.
  let fn = program.enclosingFunction(node);
  while (fn?.arrow) fn = program.enclosingFunction(fn);
  const owner = fn ? program.parentOf(fn) : null;
  return owner?.kind === "object" ? (evaluator.property(evaluator.object(program, owner, null), key) ?? UNKNOWN) : UNKNOWN;
}

/**
 * A member of an instance read from outside its class (`setting.id` of `new Setting("brotli")`):
 * what a method called on it set, else the member as made with the instance's arguments.
 */
export function instanceProperty(evaluator: Evaluator, instance: Extract<Value, { kind: "instance" }>, key: string): Value | undefined {
  const field = instance.fields?.get(key);
  if (field !== undefined && field.kind !== "unknown") return field;
  return instance.args ? instanceMember(evaluator, instance, key) : classMember(evaluator, instance.program, instance.cls, key, false);
}

/** A member of an instance made with known arguments, worked out once per instance. */
function instanceMember(evaluator: Evaluator, instance: Extract<Value, { kind: "instance" }>, key: string): Value | undefined {
  let members = instanceMembers.get(instance);
  if (!members) instanceMembers.set(instance, (members = new Map()));
  if (members.has(key)) return members.get(key);
  members.set(key, UNKNOWN); // a member defined through itself
  const member = classMember(evaluator, instance.program, instance.cls, key, false, 0, instance.args?.() ?? null);
  members.set(key, member);
  return member;
}

const subclassMethods = new WeakMap<ClassNode, Map<string, Value | undefined>>();

/** The method `key` of the one class of this file that extends `cls` and declares it (none, or several: `undefined`). */
function subclassMethod(evaluator: Evaluator, program: Program, cls: ClassNode, key: string): Value | undefined {
  let byKey = subclassMethods.get(cls);
  if (!byKey) subclassMethods.set(cls, (byKey = new Map()));
  if (byKey.has(key)) return byKey.get(key);
  let found: Value | undefined;
  for (const candidate of program.classes) {
    if (candidate === cls) continue;
    const member = candidate.members.find((m) => m.key === key && !m.isStatic && m.value?.kind === "function");
    if (!member || !descendsFrom(evaluator, { kind: "instance", cls: candidate, program }, cls)) continue;
    if (found) {
      found = undefined; // which one runs depends on the instance
      break;
    }
    found = { kind: "function", fn: member.value as FunctionNode, program, env: null };
  }
  byKey.set(key, found);
  return found;
}

/**
 * The methods `cls` inherits and does not declare (nearest superclass first), with the program
 * each is written in: what runs with this class's fields when one of its instances calls them.
 * None unless the class gives a field a superclass declares another value (`protected $_endpoint
 * = "settings/brotli"` over the base class's `""`): otherwise they run as in the superclass.
 */
export function inheritedMethods(evaluator: Evaluator, program: Program, cls: ClassNode): Extract<Value, { kind: "function" }>[] {
  const declared = new Set(cls.members.map((member) => member.key));
  const fields = new Set(cls.members.flatMap((member) => (!member.isStatic && member.value !== null && member.value.kind !== "function" ? [member.key] : [])));
  let overrides = false;
  const found: Extract<Value, { kind: "function" }>[] = [];
  let current: Value = cls.superClass ? evaluator.value(program, cls.superClass) : UNKNOWN;
  for (let depth = 0; depth < MAX_SUPERCLASS_DEPTH && current.kind === "class"; depth++) {
    for (const member of current.cls.members) {
      if (member.isStatic) continue;
      if (fields.has(member.key) && member.value?.kind !== "function") overrides = true;
      if (member.key === "constructor" || declared.has(member.key) || member.value?.kind !== "function") continue;
      declared.add(member.key);
      found.push({ kind: "function", fn: member.value, program: current.program, env: null });
    }
    current = current.cls.superClass ? evaluator.value(current.program, current.cls.superClass) : UNKNOWN;
  }
  return overrides ? found : [];
}

/** Whether an instance is of `cls` or of a class that extends it (a few levels deep). */
function descendsFrom(evaluator: Evaluator, instance: Extract<Value, { kind: "instance" }>, cls: ClassNode): boolean {
  let current: Value = { kind: "class", cls: instance.cls, program: instance.program };
  for (let depth = 0; depth < 8 && current.kind === "class"; depth++) {
    if (current.cls === cls) return true;
    if (!current.cls.superClass) return false;
    current = evaluator.value(current.program, current.cls.superClass);
  }
  return false;
}

/** The class whose method (or an arrow function inside one) holds `node`. */
function enclosingClass(program: Program, node: Node): ClassNode | null {
  let fn = program.enclosingFunction(node);
  while (fn) {
    let cached = classOfFunction.get(fn);
    if (cached === undefined) {
      const parent = program.parentOf(fn);
      cached = parent?.kind === "class" ? parent : null;
      classOfFunction.set(fn, cached);
    }
    if (cached) return cached;
    // arrow functions see the `this` of their enclosing function
    if (!fn.arrow) return null;
    fn = program.enclosingFunction(fn);
  }
  return null;
}

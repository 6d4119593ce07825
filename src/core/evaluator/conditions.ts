/**
 * Tests written in code, for known values: whether a value is truthy, and what `s !== "ssl"`,
 * `!SKIPPED.includes(name)`, `a && b` or `Boolean` give. Each answer is `true`, `false`, or `null`
 * when the code does not show it. Lists narrowed by a test (`filter`, `find`) drop an element
 * only when the test is known to fail for it, so a test we cannot read keeps every element; a
 * function's `return`s behind a branch known not to be taken (`if (legacy)` with `legacy` false,
 * a `case` that is not the value switched on) are not what it returns.
 */
import type { CallExpression, Expression, FunctionNode, Node, Statement } from "../ir.js";
import type { Binding, Program } from "../program.js";
import { isHole, staticText, type Env, type Value } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { returnsIn, returnsOf } from "./hints.js";
import { forEachChild } from "../walk.js";

export type Truth = boolean | null;

type FunctionValue = Extract<Value, { kind: "function" }>;

/** Whether a value is truthy, when that is known. */
export function truthiness(value: Value): Truth {
  switch (value.kind) {
    case "string": {
      const literal = staticText(value);
      if (literal !== null) return literal !== "";
      // Some text around the holes makes it non-empty whatever they hold.
      return value.parts.some((part) => !isHole(part) && part.text !== "") ? true : null;
    }
    case "number":
      return value.value !== 0 && !Number.isNaN(value.value);
    case "boolean":
      return value.value;
    case "null":
      return false;
    case "choice": {
      const each = value.options.map(truthiness);
      return each.every((truth) => truth === each[0]) ? (each[0] ?? null) : null;
    }
    case "unknown":
      return null;
    default:
      // Objects, lists, functions, classes, clients, responses, serialised JSON: never empty.
      return true;
  }
}

/**
 * What a test expression gives. Only tests read cheaply are read (names, members, literals, `!`,
 * `&&`/`||`, comparisons, `includes`/`startsWith`/`endsWith`): one that calls the project's
 * functions or awaits (`if (await exists(path))`) is unknown without being evaluated.
 */
export function condition(evaluator: Evaluator, program: Program, node: Expression, env: Env | null): Truth {
  return isReadCheaply(node, 0) ? readCondition(evaluator, program, node, env) : null;
}

const CONTAINMENT = new Set(["includes", "has", "startsWith", "endsWith"]);

function isReadCheaply(node: Expression, depth: number): boolean {
  if (depth > 8) return false;
  switch (node.kind) {
    case "identifier":
    case "this":
    case "string":
    case "number":
    case "boolean":
    case "null":
      return true;
    case "member":
      return isReadCheaply(node.object, depth + 1) && (node.computed === null || isReadCheaply(node.computed, depth + 1));
    case "unary":
      return node.operator === "!" && isReadCheaply(node.argument, depth + 1);
    case "logical":
    case "binary":
      return (node.kind === "logical" || EQUALITY.has(node.operator)) && isReadCheaply(node.left, depth + 1) && isReadCheaply(node.right, depth + 1);
    case "call":
      return node.callee.kind === "member" && node.callee.property !== null && CONTAINMENT.has(node.callee.property) && node.args.length === 1 && isReadCheaply(node.callee.object, depth + 1) && isReadCheaply(node.args[0]!, depth + 1);
    case "array":
      return node.elements.length <= 64 && node.elements.every((element) => element !== null && element.kind !== "spread" && isReadCheaply(element, depth + 1));
    case "typed":
      return isReadCheaply(node.expression, depth + 1);
    default:
      return false;
  }
}

function readCondition(evaluator: Evaluator, program: Program, node: Expression, env: Env | null): Truth {
  switch (node.kind) {
    case "unary":
      if (node.operator === "!") return not(readCondition(evaluator, program, node.argument, env));
      break;
    case "logical": {
      if (node.operator === "??") break;
      const left = readCondition(evaluator, program, node.left, env);
      // `a && b` is false when either is, true when both are; `a || b` the other way round.
      const decided = node.operator === "||";
      if (left === decided) return decided;
      const right = readCondition(evaluator, program, node.right, env);
      if (left === !decided) return right;
      return right === decided ? decided : null;
    }
    case "binary":
      if (EQUALITY.has(node.operator)) return equality(node.operator, evaluator.value(program, node.left, env), evaluator.value(program, node.right, env));
      break;
    case "call": {
      const contained = containment(evaluator, program, node, env);
      if (contained !== undefined) return contained;
      break;
    }
  }
  return truthiness(evaluator.value(program, node, env));
}

/** What a callback given to `filter` or `find` returns for these arguments, as a test. */
export function callbackTest(evaluator: Evaluator, fn: FunctionValue, args: Value[], env: Env | null): Truth {
  const inner = evaluator.callEnv(fn, args, env);
  if (!inner) return null;
  const body = fn.fn.body;
  if (!Array.isArray(body)) return condition(evaluator, fn.program, body, inner);
  // Every `return` must agree; a body whose returns we cannot see tells nothing.
  const results = returnsOf(body).map((returned) => condition(evaluator, fn.program, returned, inner));
  return results.length > 0 && results.every((result) => result === results[0]) ? results[0]! : null;
}

/**
 * The expressions a function body may return for the arguments it was given, in the order
 * written: a `return` behind an `if` whose test is known to fail, or in a `case` known not to be
 * the one switched to, is left out; where a test is unknown both ways are taken. What `returnsOf`
 * gives when nothing is known.
 */
export function reachableReturns(evaluator: Evaluator, program: Program, body: readonly Statement[], env: Env | null): Expression[] {
  const written = returnsOf(body);
  // With one return there is nothing to leave out.
  if (written.length <= 1) return written;
  const found: Expression[] = [];
  /** Runs statements in turn, until one surely returns or leaves the `switch` (`break`). */
  const run = (statements: readonly Statement[]): Ending => {
    for (const statement of statements) {
      const ending = visit(statement);
      if (ending !== "falls") return ending;
    }
    return "falls";
  };
  const visit = (statement: Statement): Ending => {
    switch (statement.kind) {
      case "return":
        if (statement.argument) found.push(statement.argument);
        return "returns";
      case "break":
        return "breaks";
      case "block":
        return run(statement.body);
      case "if": {
        const test = condition(evaluator, program, statement.test, env);
        if (test === true) return visit(statement.consequent);
        if (test === false) return statement.alternate ? visit(statement.alternate) : "falls";
        const consequent = visit(statement.consequent);
        const alternate = statement.alternate ? visit(statement.alternate) : "falls";
        // Either way taken: it returns only if both do, and goes on if either does.
        if (consequent === "falls" || alternate === "falls") return "falls";
        return consequent === "returns" && alternate === "returns" ? "returns" : "breaks";
      }
      case "switch":
        return switched(statement) ? "returns" : "falls";
      default:
        // Loops, `try`, and statements we do not follow: any return in them may be taken.
        found.push(...returnsIn(statement));
        return "falls";
    }
  };
  /** The cases a `switch` may start at, each run on from there (falling through) until a `break`; whether every one surely returns. */
  const switched = (statement: Extract<Statement, { kind: "switch" }>): boolean => {
    if (statement.cases.length > MAX_CASES_FOLLOWED) {
      found.push(...returnsIn(statement));
      return false;
    }
    const { matches, sure } = caseMatches(evaluator, program, statement, env);
    // A case surely taken is the only start; otherwise any case not surely passed over, `default` among them.
    const starts = statement.cases.flatMap((_, index) => ((sure === -1 ? matches[index] !== false : index === sure) ? [index] : []));
    let surely = sure !== -1 || statement.cases.some((entry) => entry.test === null);
    for (const start of starts) surely = run(statement.cases.slice(start).flatMap((entry) => entry.body)) === "returns" && surely;
    return surely && starts.length > 0;
  };
  run(body);
  return [...new Set(found)];
}

/**
 * Whether `node`, written in `fn`, may run when `fn` runs in `env`: not in the branch of an `if`,
 * a conditional (PHP's `match` arms among them), a `&&`/`||` or a `case` that a test known from
 * the arguments rules out (`if ($method === 'GET') return $http->get($url);` run with `'POST'`).
 * A test not known rules nothing out.
 */
export function mayRun(evaluator: Evaluator, program: Program, fn: FunctionNode, node: Node, env: Env | null): boolean {
  let child: Node = node;
  for (let parent = program.parentOf(child); parent && parent !== fn; child = parent, parent = program.parentOf(parent)) {
    if (parent.kind === "if" || parent.kind === "conditional") {
      if (child === parent.test) continue;
      const truth = settled(program, parent.test) ? condition(evaluator, program, parent.test, env) : null;
      if ((truth === false && child === parent.consequent) || (truth === true && child === parent.alternate)) return false;
    } else if (parent.kind === "logical" && child === parent.right && parent.operator !== "??") {
      const truth = settled(program, parent.left) ? condition(evaluator, program, parent.left, env) : null;
      if (truth === (parent.operator === "||")) return false;
    } else if (parent.kind === "switch") {
      const index = parent.cases.findIndex((entry) => entry.body.includes(child as Statement));
      if (index !== -1 && settled(program, parent.discriminant) && !caseMayRun(evaluator, program, parent, index, env)) return false;
    }
  }
  return true;
}

/**
 * Whether `node`, written in `fn`, surely runs when `fn` runs in `env`: every branch it sits in is
 * one a test known from the arguments takes (`case "PATCH":` switched on `"PATCH"`), and no loop or
 * `try` holds it (a loop may not run, a `try` may end early).
 */
export function surelyRuns(evaluator: Evaluator, program: Program, fn: FunctionNode, node: Node, env: Env | null): boolean {
  let child: Node = node;
  let parent = program.parentOf(child);
  for (; parent && parent !== fn; child = parent, parent = program.parentOf(parent)) {
    if (parent.kind === "if" || parent.kind === "conditional") {
      if (child === parent.test) continue;
      const truth = settled(program, parent.test) ? condition(evaluator, program, parent.test, env) : null;
      if (truth === null || (truth ? child !== parent.consequent : child !== parent.alternate)) return false;
    } else if (parent.kind === "logical") {
      if (child === parent.left) continue;
      const truth = parent.operator !== "??" && settled(program, parent.left) ? condition(evaluator, program, parent.left, env) : null;
      if (truth !== (parent.operator === "&&")) return false;
    } else if (parent.kind === "switch") {
      if (child === parent.discriminant) continue;
      const index = parent.cases.findIndex((entry) => entry.body.includes(child as Statement));
      if (index === -1 || !settled(program, parent.discriminant) || !caseSurelyRuns(evaluator, program, parent, index, env)) return false;
    } else if (BRANCHING.has(parent.kind)) return false;
  }
  return parent === fn;
}

/** Whether the case at `index` surely runs: the case surely taken is it, or falls through to it. */
function caseSurelyRuns(evaluator: Evaluator, program: Program, statement: Extract<Statement, { kind: "switch" }>, index: number, env: Env | null): boolean {
  if (statement.cases.length > MAX_CASES_FOLLOWED) return false;
  const { sure } = caseMatches(evaluator, program, statement, env);
  if (sure === -1 || sure > index) return false;
  for (let start = sure; start < index; start++) {
    const last = statement.cases[start]!.body.at(-1);
    if (last && (last.kind === "return" || last.kind === "break")) return false;
  }
  return true;
}

/** Whether `node` is in a branch or loop of `fn` (null: the module) that does not also hold `later` (it may not have run before `later`). */
export function inBranchWithout(program: Program, fn: FunctionNode | null, node: Node, later: Node): boolean {
  for (let parent = program.parentOf(node); parent && parent !== fn; parent = program.parentOf(parent)) {
    if (BRANCHING.has(parent.kind) && !within(later, parent)) return true;
  }
  return false;
}

const BRANCHING = new Set(["if", "switch", "conditional", "logical", "loop", "for-of", "try"]);
const LOOPS = new Set(["loop", "for-of"]);
const within = (inner: Node, outer: Node) => outer.range[0] <= inner.range[0] && inner.range[1] <= outer.range[1];

/**
 * The value a variable given other values after its declaration holds where `read` reads it,
 * when the code shows which: the last write (or the initializer) before the read in the same
 * function, which every path to the read passes (`url = a; get(url); url = b; post(url)`), and
 * no loop around the read holds a write that could come round to it. For a parameter read before
 * any write (`$method = strtoupper($method)` reads it as given): `"given"`. `null` when not so
 * plain: the caller takes any of the values written.
 */
export function writeReaching(program: Program, binding: Binding, read: Node): Expression | "given" | null {
  const source = binding.source;
  if ((source.kind !== "init" && source.kind !== "param") || source.steps.length > 0 || binding.appends.length > 0 || binding.loopWrites.length > 0 || binding.writtenOtherwise) return null;
  const fn = program.enclosingFunction(read);
  if (source.kind === "param" && fn !== source.fn) return null;
  const all = source.kind === "init" && source.init ? [source.init, ...binding.writes] : binding.writes;
  let last: Expression | null = null;
  for (const write of all) {
    if (write.range[1] > read.range[0] || program.enclosingFunction(write) !== fn) continue;
    if (!last || write.range[0] > last.range[0]) last = write;
  }
  if (last ? inBranchWithout(program, fn, last, read) : source.kind !== "param") return null;
  for (let parent = program.parentOf(read); parent && parent !== fn; parent = program.parentOf(parent)) {
    if (LOOPS.has(parent.kind) && all.some((write) => within(write, parent!))) return null;
  }
  return last ?? "given";
}

/**
 * The writes of a variable that may give `read` its value when the function runs in `env`, where
 * the code shows that more closely than `writeReaching` can (writes in branches): those after the
 * read and those in branches the arguments rule out are left out, and one that surely runs before
 * the read replaces the declaration and the writes before it (`let builder = newBuilder(u); switch
 * (verb) { case "PATCH": builder = builder.method("PATCH", b); break; default: builder =
 * builder.GET(); }` read with `"PATCH"`; a write that reads the variable reads the value that
 * reaches it in turn). null when not so plain (a write in another function, the read inside a
 * write, a loop around the read holding a write, appends): any value written.
 */
export function writesReaching(evaluator: Evaluator, program: Program, binding: Binding, read: Node, env: Env | null): Expression[] | null {
  const source = binding.source;
  if (source.kind !== "init" || source.steps.length > 0 || binding.appends.length > 0 || binding.loopWrites.length > 0 || binding.writtenOtherwise) return null;
  const fn = program.enclosingFunction(read);
  if (!fn) return null;
  const all = source.init ? [source.init, ...binding.writes] : binding.writes;
  if (all.some((write) => program.enclosingFunction(write) !== fn || within(read, write))) return null;
  for (let parent = program.parentOf(read); parent && parent !== fn; parent = program.parentOf(parent)) {
    if (LOOPS.has(parent.kind) && all.some((write) => within(write, parent!))) return null;
  }
  let reaching: Expression[] = [];
  for (const write of all.filter((candidate) => candidate.range[1] <= read.range[0]).sort((a, b) => a.range[0] - b.range[0])) {
    if (write === source.init) reaching = [write];
    else if (!mayRun(evaluator, program, fn, write, env)) continue;
    else if (surelyRuns(evaluator, program, fn, write, env)) reaching = [write];
    else reaching.push(write);
  }
  return reaching.length > 0 ? reaching : null;
}

/**
 * Whether a test reads no name given another value in its function (`$method = strtoupper($method)`
 * before `match ($method)`, `options.method = "PATCH"`) and no field of an instance (`$this->async`,
 * which any method may set): a parameter is read as what it was given wherever it is read, a
 * field as its constructor leaves it, which is not what such a test sees.
 */
function settled(program: Program, test: Expression): boolean {
  let reassigned = false;
  const visit = (node: Node) => {
    if (reassigned) return;
    // An instance's field (`$this->async`): set by any method, at any time.
    if (node.kind === "this") reassigned = true;
    else if (node.kind === "identifier") {
      const binding = program.resolve(node);
      // A name given other values is read as the one that reaches the test, when the code shows it.
      if (binding && (binding.appends.length > 0 || binding.loopWrites.length > 0 || binding.memberWrites.length > 0 || binding.writtenOtherwise || (binding.writes.length > 0 && writeReaching(program, binding, node) === null))) reassigned = true;
    } else forEachChild(node, visit);
  };
  visit(test);
  return !reassigned;
}

/** Whether each case of a `switch` matches the value switched on (`null`: not known; `default` is `null`), and the case surely taken (-1: none). */
function caseMatches(evaluator: Evaluator, program: Program, statement: Extract<Statement, { kind: "switch" }>, env: Env | null): { matches: Truth[]; sure: number } {
  const discriminant = evaluator.value(program, statement.discriminant, env);
  const matches = statement.cases.map((entry) => (entry.test === null ? null : equality("===", discriminant, evaluator.value(program, entry.test, env))));
  return { matches, sure: matches.indexOf(true) };
}

/** Whether the case at `index` may run: a case surely taken, or any not surely passed over, and those they fall through to. */
function caseMayRun(evaluator: Evaluator, program: Program, statement: Extract<Statement, { kind: "switch" }>, index: number, env: Env | null): boolean {
  if (statement.cases.length > MAX_CASES_FOLLOWED) return true;
  const { matches, sure } = caseMatches(evaluator, program, statement, env);
  for (let start = index; start >= 0; start--) {
    if (start < index) {
      // Reached from an earlier case only by falling through it.
      const last = statement.cases[start]!.body.at(-1);
      if (last && (last.kind === "return" || last.kind === "break")) return false;
    }
    if (sure === -1 ? matches[start] !== false : start === sure) return true;
  }
  return false;
}

/** How a run of statements ends: it surely returns, it leaves the `switch` it is in, or it goes on. */
type Ending = "returns" | "breaks" | "falls";

/** Beyond this many cases a `switch` is not followed case by case: all its returns may be taken. */
const MAX_CASES_FOLLOWED = 64;

const EQUALITY = new Set(["===", "!==", "==", "!="]);

function not(truth: Truth): Truth {
  return truth === null ? null : !truth;
}

/** `a === b` and its kin for values whose text, number, boolean or `null` is known. */
function equality(operator: string, left: Value, right: Value): Truth {
  const a = primitive(left);
  const b = primitive(right);
  if (a === undefined || b === undefined) return null;
  // Loose equality between different types (`"1" == 1`) is left unread.
  if (operator.length === 2 && typeof a !== typeof b) return null;
  const same = a === b;
  return operator.startsWith("!") ? !same : same;
}

/** The primitive a value is, when known; `undefined` when not. */
function primitive(value: Value): string | number | boolean | null | undefined {
  switch (value.kind) {
    case "string":
      return staticText(value) ?? undefined;
    case "number":
    case "boolean":
      return value.value;
    case "null":
      return null;
    default:
      return undefined;
  }
}

/**
 * `LIST.includes(x)`, `text.includes(x)`, `startsWith`, `endsWith`: their answer when the values are
 * known (for a list, `true` as soon as a known element matches); `undefined` for other calls.
 */
function containment(evaluator: Evaluator, program: Program, node: CallExpression, env: Env | null): Truth | undefined {
  const callee = node.callee;
  if (callee.kind !== "member" || node.args.length !== 1) return undefined;
  const method = callee.property;
  if (!CONTAINMENT.has(method ?? "")) return undefined;
  const receiver = evaluator.value(program, callee.object, env);
  const sought = primitive(evaluator.value(program, node.args[0]!, env));
  if (sought === undefined) return null;
  // A list's `includes`, a set's `has` (a set is the list it was made of).
  if (receiver.kind === "array" && (method === "includes" || method === "has")) {
    const elements = receiver.elements().map(primitive);
    if (elements.includes(sought)) return true;
    return elements.includes(undefined) ? null : false;
  }
  if (typeof sought !== "string" || method === "has" || receiver.kind !== "string") return null;
  const literal = staticText(receiver);
  if (literal !== null) {
    if (method === "includes") return literal.includes(sought);
    return method === "startsWith" ? literal.startsWith(sought) : literal.endsWith(sought);
  }
  // Text with holes (`/zones/${zone}/firewall/rules`): what its known start, end or pieces decide
  // (`url.startsWith("http") ? url : base + url`, a wrapper's own test of its path).
  if (method === "includes") return receiver.parts.some((part) => !isHole(part) && part.text.includes(sought)) ? true : null;
  const parts = method === "startsWith" ? receiver.parts : [...receiver.parts].reverse();
  let known = "";
  for (const part of parts) {
    if (isHole(part)) break;
    known = method === "startsWith" ? known + part.text : part.text + known;
  }
  const decided = method === "startsWith" ? known.startsWith(sought) : known.endsWith(sought);
  if (decided) return true;
  // The known text and the sought one already differ where both are known.
  const overlap = Math.min(known.length, sought.length);
  const differs = method === "startsWith" ? known.slice(0, overlap) !== sought.slice(0, overlap) : known.slice(known.length - overlap) !== sought.slice(sought.length - overlap);
  return differs ? false : null;
}

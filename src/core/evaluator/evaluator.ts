/**
 * The abstract evaluator: what an expression is as far as the code shows, across constants,
 * object members, small helper functions, closures and imports. It dispatches what it does not
 * own to the modules beside it: builtins.ts (the language's own functions), lists.ts (list
 * methods), objects.ts (object literals and what is set on them), conditions.ts (tests and the
 * branches they allow), classes.ts (classes and instances), modules.ts (imports and exports), library-calls.ts and sdk.ts (request libraries),
 * requests.ts (which calls make requests) and responses.ts (what flows out of them).
 *
 * It never executes anything; unknown pieces become holes or `unknown`. Every recursion is
 * bounded (call depth, binding cycles: what is being worked out is kept in in-progress.ts), so a
 * pathological file costs time linear in its size.
 */
import type { CatalogueIndex } from "../../catalogue/load.js";
import type { CallExpression, ClassNode, Expression, FunctionNode, Module, NewExpression, Node, ObjectLiteral, Pattern, Statement } from "../ir.js";
import { API_BASE_URL, GLOBAL_LIBRARIES, GLOBAL_OBJECTS, libraryOfModule } from "../libraries.js";
import type { Binding, PathStep, Program } from "../program.js";
import { forEachChild } from "../walk.js";
import { UNKNOWN, choiceOf, partsOf, pinnedTurn, sameStatic, staticText, stringValue, text, unkeyedLookup, type Env, type ObjectValue, type RequestInfo, type Value } from "../values.js";
import { globalFunctionCall, globalMethodCall, newMap, newRequest, newPromise, newSet, newUrl, stringMethodCall, tableList } from "./builtins.js";
import { hintOf } from "./hints.js";
import { arrayMethodCall, mappedUnlistedElements } from "./lists.js";
import { callbackArgument, isObservableToPromise } from "./callbacks.js";
import { loopTurns, loopValue, turnInLoop, turnOf } from "./loops.js";
import { objectValue, withMapSets, withMemberWrites } from "./objects.js";
import { condition, mayRun, reachableReturns, writeReaching, writesReaching } from "./conditions.js";
import { sdkCallOutOfSight } from "./sdk.js";
import { isGuzzleClientClass, libraryCall, UNKNOWN_VERB, type CallResult } from "./library-calls.js";
import { exportedValue, importedValue } from "./modules.js";
import { RequestFinder } from "./requests.js";
import { providerCall } from "./providers.js";
import { excludedField, narrowedField, narrowedValue } from "./narrowing.js";
import { classMember, instanceMethodThroughClass, instanceProperty, selfOf, thisMember, thisOfCaller } from "./classes.js";
import { fieldsSetBefore } from "./setters.js";
import { urlComponent } from "./url-values.js";
import { valueOfDeclaredType } from "./declared-types.js";
import { apiFieldOfRead, responseMethod, responseProperty, responseTextOfPieces, srvSelection } from "./responses.js";
import { InProgress } from "./in-progress.js";

/** Gives the evaluator the modules that relative imports name (the scanner's files, or the disk). */
export interface ModuleHost {
  /**
   * The module `specifier` names from `fromFile`. `name`: the one export wanted of it, if only one
   * is (a module whose text cannot export it need not be parsed: see `mayExport`).
   */
  load(fromFile: string, specifier: string, name?: string): Module | null;
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

/**
 * How many calls deep a value or a request is followed. Six reaches a dashboard's switch handler →
 * its apply function → the settings module → an HTTP helper's verb → its request function → fetch;
 * five missed it, seven found nothing more in 140 public repositories and cost 1.09x on the bench.
 */
export const MAX_CALL_DEPTH = 6;

/** How many environments of each function `callEnv` looks among for one to give again. */
const MAX_ENVIRONMENTS_KEPT = 8;

/**
 * How many lists' elements (and objects' properties) may be being worked out one inside another.
 * A list made from values that lead back to a list of the same making, in another scope each time
 * (a spread of a list built in a loop's turn or a call), is a new list at every step: no one list
 * is asked for twice.
 */
const MAX_NESTED_ELEMENTS = 64;

/** A table with no entries (see `bindingUncached`: entries are added by name after it is made). */
const EMPTY_TABLE: ObjectValue = { kind: "object", node: null, program: null, open: false, get: () => undefined, keys: () => [] };

/** SWR's functions that call the fetcher they are given with their key (`swr`, `swr/immutable`, `swr/mutation`; a default import has no name). */
const SWR_FETCHING = new Set(["default", "useSWR", "useSWRImmutable", "useSWRMutation", "preload"]);

export class Evaluator {
  // Weak, so that one evaluator can serve a whole scan without keeping every file's tree alive.
  private readonly cache = new WeakMap<Expression, Value>();
  /**
   * The same, for one environment of a call run abstractly (its arguments bound): a wrapper's body
   * reads its options and the names it destructures many times (`const { req, url } = await
   * this.buildRequest(options)`), each read otherwise running the call again. An environment is
   * never changed once made; it is dropped with the call that made it, or, given again by
   * `callEnv`, when the analysis of its file ends (`startFile`).
   */
  private readonly inEnvironment = new WeakMap<Env, Map<Expression, Value>>();
  /** What each call gave (see `call`): at the top level by node, otherwise by environment, as values are kept. */
  private readonly calls = new WeakMap<CallExpression, CallResult>();
  private readonly callsInEnvironment = new WeakMap<Env, Map<CallExpression, CallResult>>();
  /** The environments `callEnv` made in the analysis of the file under way (see `startFile`), by function. */
  private callEnvironments = new WeakMap<FunctionNode, Env[]>();
  private readonly active = new InProgress();
  /** Lists' elements and objects' properties being worked out, one inside another (see `nested`). */
  private nestedElements = 0;
  /** Lists whose pushed values are being worked out (see `bindingUncached`). */
  private readonly expandingPushes = new Set<Binding>();
  private readonly requests = new RequestFinder(this);

  constructor(readonly context: EvaluatorContext) {}

  /**
   * Work on a value worked out when first asked for (a list's elements, an object's properties)
   * inside others: beyond `MAX_NESTED_ELEMENTS` of them, `otherwise`.
   */
  nested<T>(work: () => T, otherwise: T): T {
    if (this.nestedElements >= MAX_NESTED_ELEMENTS) return otherwise;
    this.nestedElements++;
    try {
      return work();
    } finally {
      this.nestedElements--;
    }
  }

  /**
   * A list's elements worked out when first asked for, from values that may lead back to the list
   * itself (`groups.set(k, [...(groups.get(k) ?? []), v])`, read where the table is read): asked
   * for again while they are being worked out, or deeper than `MAX_NESTED_ELEMENTS` lists, they are
   * one unknown element, not a recursion without end.
   */
  private acyclic(elements: () => Value[]): () => Value[] {
    let working = false;
    return () => {
      if (working) return [UNKNOWN];
      working = true;
      try {
        return this.nested(elements, [UNKNOWN]);
      } finally {
        working = false;
      }
    };
  }

  /** A number per evaluation environment, for `testKey`. */
  private readonly environments = new WeakMap<Env, number>();

  /**
   * Which test a conditional is (see `ChoiceSides`): its text, in its function of its file, in the
   * same evaluation. Two conditionals of one function on the same test (`$id ? 'PUT' : 'POST'`,
   * then `$id ? "…/rules/$id" : "…/rules"`) make choices that go together.
   */
  private testKey(program: Program, test: Expression, env: Env | null): string {
    let environment = 0;
    if (env) {
      environment = this.environments.get(env) ?? 0;
      if (environment === 0) this.environments.set(env, (environment = ++this.environmentCount));
    }
    const scope = program.enclosingFunction(test)?.range[0] ?? -1;
    return `${program.module.file}\0${scope}\0${environment}\0${program.text(test.range).replace(/\s+/g, "")}`;
  }
  private environmentCount = 0;

  // ---- expressions ---------------------------------------------------------------------------

  value(program: Program, expression: Expression, env: Env | null = null): Value {
    const memo = env === null ? this.cache : this.inEnvironment.get(env);
    const cached = memo?.get(expression);
    if (cached) return cached;
    if (!this.active.enter(expression)) return UNKNOWN;
    let result: Value;
    try {
      result = this.compute(program, expression, env);
    } finally {
      this.active.leave(expression);
    }
    if (memo) memo.set(expression, result);
    else this.inEnvironment.set(env!, new Map([[expression, result]]));
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
        // Tags such as the SDK's path`/zones/${id}/rate_limits` (which escapes each hole) or
        // String.raw return the joined text: taken as a string, it is matched only when URL-shaped.
        const parts = [];
        for (let index = 0; index < node.quasis.length; index++) {
          parts.push({ text: node.quasis[index]!.value, origin: { program, node } });
          const expression = node.expressions[index];
          // A loop, not a spread: a value may hold more parts than a call takes arguments.
          if (expression) for (const inner of partsOf(this.value(program, expression, env), hintOf(expression))) parts.push(inner);
        }
        return stringValue(parts);
      }
      case "identifier":
        return this.identifier(program, node, env);
      case "this":
        // The instance a method runs on, when known (`return $this` of a fluent setter).
        return selfOf(env) ?? UNKNOWN;
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
          elements: this.acyclic(() =>
            elements.flatMap((element) => {
              if (!element) return [UNKNOWN];
              if (element.kind === "spread") return this.spreadElements(this.value(program, element.argument, env));
              return [this.value(program, element, env)];
            }),
          ),
        };
      }
      case "function":
        return { kind: "function", fn: node, program, env };
      case "class":
        return { kind: "class", cls: node, program };
      case "binary":
        if (node.operator === "+") {
          const left = this.value(program, node.left, env);
          const right = this.value(program, node.right, env);
          if (left.kind === "number" && right.kind === "number") return { kind: "number", value: left.value + right.value };
          if (left.kind === "string" || right.kind === "string") {
            return stringValue([...partsOf(left, hintOf(node.left)), ...partsOf(right, hintOf(node.right))]);
          }
        }
        // `path.length - 1`: a count to slice by.
        if (node.operator === "-") {
          const left = this.value(program, node.left, env);
          const right = left.kind === "number" ? this.value(program, node.right, env) : UNKNOWN;
          if (left.kind === "number" && right.kind === "number") return { kind: "number", value: left.value - right.value };
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
        // A test known for these values (`legacy ? "minify" : "ssl"` with `legacy` false) takes its branch.
        const test = condition(this, program, node.test, env);
        if (test !== null) return this.value(program, test ? node.consequent : node.alternate, env);
        const consequent = this.value(program, node.consequent, env);
        const alternate = this.value(program, node.alternate, env);
        if (consequent.kind === "string" && alternate.kind === "string" && staticText(consequent) !== null && staticText(consequent) === staticText(alternate)) {
          return consequent;
        }
        if (consequent.kind === "unknown") return alternate.kind === "records" || alternate.kind === "record" ? alternate : UNKNOWN;
        if (alternate.kind === "unknown" || alternate.kind === "null") return consequent.kind === "records" || consequent.kind === "record" ? consequent : UNKNOWN;
        // `settings/${legacy ? "minify" : "ssl"}`: either string, as an element of a table is; and
        // either table (`fast ? this.performance() : this.security()`, a Rust `match` of them), each
        // iterated or read in turn.
        const options = [consequent, alternate].flatMap((option) => (option.kind === "choice" ? option.options : [option]));
        if (options.length <= MAX_CHOICES && options.every((option) => option.kind === "string" || option.kind === "number" || option.kind === "array" || option.kind === "object")) {
          const chosen = choiceOf(options);
          // Two texts, one per side: the test that chose is remembered (see `ChoiceSides`).
          const texts = consequent.kind !== "choice" && alternate.kind !== "choice" && (consequent.kind === "string" || consequent.kind === "number") && (alternate.kind === "string" || alternate.kind === "number");
          return texts && chosen.kind === "choice" && chosen.options.length === 2 ? { ...chosen, by: { test: this.testKey(program, node.test, env), sides: [0, 1] } } : chosen;
        }
        return UNKNOWN;
      }
      case "await":
        return this.value(program, node.argument, env);
      case "typed": {
        const inner = this.value(program, node.expression, env);
        if (inner.kind !== "unknown") return inner;
        return valueOfDeclaredType(program, node.typeText, this) ?? UNKNOWN;
      }
      case "sequence":
        return node.expressions.length ? this.value(program, node.expressions.at(-1)!, env) : UNKNOWN;
      case "assign":
        // `cached ??= new Cloudflare(…)`, `client ||= make()`: a lazy singleton is what it is given
        // (the written value is the best knowledge we have, as for `??` with an unknown left).
        return node.operator === "=" || node.operator === "??=" || node.operator === "||=" || node.operator === "&&=" ? this.value(program, node.value, env) : UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  private identifier(program: Program, node: Extract<Expression, { kind: "identifier" }>, env: Env | null): Value {
    const binding = program.resolve(node);
    if (binding) {
      // Given other values after its declaration: the one that reaches this read, when the code shows it.
      const reaching = binding.writes.length > 0 ? writeReaching(program, binding, node) : null;
      // Written in branches: the writes that may reach this read for these arguments, if the code shows them.
      const inBranches = reaching === null && binding.writes.length > 0 ? writesReaching(this, program, binding, node, env) : null;
      const value =
        reaching === "given"
          ? this.binding(program, binding, env, true)
          : reaching
            ? this.value(program, reaching, env)
            : inBranches && inBranches.length <= MAX_CHOICES
              ? choiceOf(inBranches.map((write) => this.value(program, write, env)))
              : ((binding.loopWrites.length > 0 ? turnInLoop(this, program, binding, node.range, env) : null) ?? this.binding(program, binding, env));
      // Inside `if (setting === "minify")` or `case "minify":`, a name not known as one text is that text.
      if (value.kind !== "unknown" && value.kind !== "string" && value.kind !== "choice" && value.kind !== "object") return value;
      if (staticText(value) !== null) return value;
      const narrowed = value.kind === "object" ? null : narrowedValue(program, node);
      if (narrowed) return narrowed;
      // Inside `switch (setting.id) { case "minify": … }`, the object `setting` holds that `id`.
      const field = value.kind === "object" || value.kind === "unknown" ? narrowedField(program, node) : null;
      if (field) return withField(value, field.field, field.value);
      // One of several rows, inside `if (row.type === "onoff")`: the rows whose `type` may be that;
      // in its `else`, those whose `type` may be anything else.
      if (value.kind === "choice" && value.options.some((option) => option.kind === "object")) {
        const tested = narrowedField(program, node);
        const excluded = tested ? null : excludedField(program, node);
        if (tested || excluded) {
          const allowed = tested ? (tested.value.kind === "choice" ? tested.value.options : [tested.value]).map(staticText) : null;
          const field = tested ? tested.field : excluded!.field;
          return choiceOf(
            value.options.filter((option) => {
              if (option.kind !== "object") return true;
              const held = staticText(this.property(option, field));
              return held === null || (allowed ? allowed.includes(held) : !excluded!.texts.includes(held));
            }),
          );
        }
      }
      return value;
    }
    const library = GLOBAL_LIBRARIES[node.name];
    if (library) return { kind: "library", library, path: [] };
    // `f(a, undefined, b)`, and the slot a front end leaves for an argument passed by name elsewhere: nothing given.
    if (node.name === "undefined") return NULL;
    // Bound nowhere here: a name of a module imported whole (Python's `from consts import *`).
    for (const source of program.starImports) {
      const imported = importedValue(this, program, source, node.name);
      if (imported.kind !== "unknown") return imported;
    }
    return UNKNOWN;
  }

  // ---- bindings ------------------------------------------------------------------------------

  /** `asGiven`: a parameter as its argument, not as any text its function writes to it. */
  binding(program: Program, binding: Binding, env: Env | null, asGiven = false): Value {
    const source = binding.source;
    if (source.kind === "param") {
      const args = lookupArgs(env, source.fn);
      if (args) {
        // A rest parameter (`(...parts) => parts.join("/")`) holds the arguments from its place on.
        const argument: Value = source.rest ? { kind: "array", elements: () => args.slice(source.index) } : (args[source.index] ?? UNKNOWN);
        // An argument not passed (no default either) is `undefined`: no text, as `null` is.
        const omitted = !source.rest && source.index >= args.length && source.steps.length === 0 && !source.fallback;
        if (omitted && asGiven) return NULL;
        if (omitted && binding.writes.length > 0) {
          const written = this.rewrittenParameter(program, binding, NULL, env);
          if (written !== NULL) return written;
        }
        // An argument passed whose value is not known is not the default: `limitPath(zone, id)` with
        // an `id` from elsewhere may well be given (the default stands for an argument left out).
        const passedUnknown = !source.rest && source.index < args.length && source.steps.length === 0 && argument.kind === "unknown";
        const value = this.steps(program, argument, source.steps, passedUnknown ? null : source.fallback, env);
        if (!asGiven && (value.kind === "string" || value.kind === "boolean" || value.kind === "null") && binding.writes.length > 0) return this.rewrittenParameter(program, binding, value, env);
        return value.kind === "unknown" ? (valueOfDeclaredType(program, binding.typeText, this) ?? value) : value;
      }
    }
    if (!this.active.enter(binding)) return UNKNOWN;
    try {
      const value = this.bindingUncached(program, binding, env);
      if (value.kind === "unknown") return valueOfDeclaredType(program, binding.typeText, this) ?? value;
      return value;
    } finally {
      this.active.leave(binding);
    }
  }

  /**
   * What one `push` adds to a list: in a loop over a known list (`for arg in "$@"; do args+=("$arg")`,
   * `for (const a of parts) list.push(a)`) that the list is declared outside of, one value per turn
   * in order, so that `args[0]` is the first; otherwise the value the push is given.
   */
  private pushedValues(program: Program, binding: Binding, element: Expression, env: Env | null): Value[] {
    const valuesIn = (where: Env | null): Value[] => (element.kind === "spread" ? this.spreadElements(this.value(program, element.argument, where)) : [this.value(program, element, where)]);
    let loop: Node | null = program.parentOf(element);
    while (loop && loop.kind !== "for-of" && loop.kind !== "function") loop = program.parentOf(loop);
    if (loop?.kind === "for-of" && (loop.iterates ?? "elements") === "elements" && !(binding.range[0] >= loop.range[0] && binding.range[1] <= loop.range[1])) {
      const list = this.value(program, loop.right, env);
      if (list.kind === "array") {
        const turns = list.elements();
        if (turns.length <= MAX_CHOICES) {
          const forOf = loop;
          return turns.flatMap((turn) => valuesIn({ values: new Map(), parent: env, depth: env?.depth ?? 0, turns: new Map([[forOf, turn]]) }));
        }
      }
    }
    return valuesIn(env);
  }

  private bindingUncached(program: Program, binding: Binding, env: Env | null): Value {
    const source = binding.source;
    switch (source.kind) {
      case "init": {
        if (source.declarationKind !== "const" && (binding.writes.length > 0 || binding.loopWrites.length > 0 || binding.appends.length > 0 || binding.writtenOtherwise)) {
          return this.reassigned(program, binding, source, env);
        }
        const base = source.init ? this.value(program, source.init, env) : UNKNOWN;
        const value = this.steps(program, base, source.steps, source.fallback, env);
        // `const names = []; names.push("brotli")`: the list with what is added to it.
        if (binding.pushed.length > 0 && value.kind === "array") {
          const pushed = binding.pushed;
          const expanding = this.expandingPushes;
          return {
            kind: "array",
            elements: () => {
              // A push in a loop over the list itself (`for (const s of scopes) { …; scopes.push(x) }`):
              // its turns are the list as made, without what the loop pushes.
              if (expanding.has(binding)) return value.elements();
              expanding.add(binding);
              try {
                return [...value.elements(), ...pushed.flatMap((element) => this.pushedValues(program, binding, element, env))];
              } finally {
                expanding.delete(binding);
              }
            },
          };
        }
        if (value.kind === "object" && value.map) return withMapSets(this, program, value, binding, env);
        // PHP's `$updates = array(); $updates['minify'] = $v;`: an empty list given entries by name is a table.
        if (value.kind === "array" && binding.memberWrites.some((write) => write.key !== null && !/^\d+$/.test(write.key)) && value.elements().length === 0) {
          return withMemberWrites(this, program, EMPTY_TABLE, binding.memberWrites, env);
        }
        return binding.memberWrites.length > 0 && value.kind === "object" ? withMemberWrites(this, program, value, binding.memberWrites, env) : value;
      }
      case "param": {
        const base = callbackArgument(this, program, source.fn, source.index, env);
        return this.steps(program, base, source.steps, source.fallback, env);
      }
      case "for-of": {
        // One turn of the loop, when it is read turn by turn (see `pushedValues`)
        const pinned = pinnedTurn(env, source.statement);
        if (pinned) return this.steps(program, pinned, source.steps, source.fallback, env);
        const value = loopValue(this, program, source.statement, source.steps, source.fallback, env);
        return binding.loopWrites.length === 0 ? value : choiceOf([...(value.kind === "choice" ? value.options : [value]), ...loopTurns(this, program, binding, env)]);
      }
      case "catch":
        return UNKNOWN;
      case "function":
        return { kind: "function", fn: source.fn, program, env: null };
      case "class":
        return { kind: "class", cls: source.cls, program };
      case "import":
        return importedValue(this, program, source.source, source.imported);
    }
  }

  /**
   * A text parameter given a new value in its function (`$method = strtoupper($method)`), read
   * where no one write reaches (see `writeReaching`): what it was given or any text written to it. A write reading the parameter reads
   * what it was given; a write not known leaves it as given, as before. A parameter given no text
   * (`$path = false`, `path = null`) and then text (`$path = $path ? $path : $this->path`) is that
   * text: the placeholder is never text to read.
   */
  private rewrittenParameter(program: Program, binding: Binding, given: Value, env: Env | null): Value {
    if (binding.writes.length >= MAX_CHOICES || !this.active.enter(binding)) return given;
    try {
      // A write that keeps what was given (`$path = $path ?: $this->path` given a path) adds nothing;
      // nor one behind a test that what was given decides against (`if (!$sub) $sub = $this->path;`).
      const fn = binding.source.kind === "param" ? binding.source.fn : null;
      const written = binding.writes
        .filter((write) => !fn || mayRun(this, program, fn, write, env))
        .map((write) => this.value(program, write, env))
        .filter((value) => value !== given);
      if (written.length === 0 || written.some((value) => value.kind !== "string")) return given;
      return choiceOf(given.kind === "string" ? [given, ...written] : written);
    } finally {
      this.active.leave(binding);
    }
  }

  /**
   * A variable given another value after its declaration (`let path; switch (kind) { case "rules":
   * path = "firewall/rules"; … }`): any of the values written to it, as a conditional's is, when
   * it is a plain name (not taken apart from its initializer) and no write reads it (`path = path
   * + "/x"` builds on what came before: unknown); or built up with `+=`.
   */
  private reassigned(program: Program, binding: Binding, source: Extract<Binding["source"], { kind: "init" }>, env: Env | null): Value {
    if (source.steps.length > 0 || binding.writtenOtherwise || binding.writes.length + binding.loopWrites.length >= MAX_CHOICES) return UNKNOWN;
    // A write reading the name (`url = url + "&page=2"`) is known when an earlier write reaches
    // each such read (see `writeReaching`): that read is then an earlier value, never this one.
    const readsItself = (node: Node): boolean => {
      let found = false;
      const visit = (child: Node) => {
        if (found) return;
        if (child.kind === "identifier" && child.name === binding.name && program.resolve(child) === binding) found = writeReaching(program, binding, child) === null;
        else forEachChild(child, visit);
      };
      visit(node);
      return found;
    };
    if (binding.writes.some(readsItself) || binding.appends.some(readsItself)) return UNKNOWN;
    if (binding.appends.length > 0) {
      // Built up (`let path = "/zones/" + zone; path += "/firewall/rules"`): what it starts with and
      // the pieces appended, in order, each branch of an `if` or `switch` on its own. Not when it
      // is also given new values.
      if (binding.writes.length > 0 || binding.loopWrites.length > 0 || !source.init) return UNKNOWN;
      const start = this.value(program, source.init, env);
      // A list extended (Python's `records += page["result"]`): its elements and the pieces'.
      if (start.kind === "array") {
        const appends = binding.appends;
        return { kind: "array", elements: this.acyclic(() => [...start.elements(), ...appends.flatMap((piece) => this.spreadElements(this.value(program, piece, env)))]) };
      }
      if (start.kind !== "string") return UNKNOWN;
      // A response's text taken in chunks (`let body = ""; res.on("data", (chunk) => (body += chunk))`): that text.
      if (staticText(start) === "" && binding.appends.length === 1) {
        // (The piece may be a name declared before it is given the chunk: `String line;` then `line = in.readLine()`.)
        const piece = this.value(program, binding.appends[0]!, env);
        const text = responseTextOfPieces(piece.kind === "choice" ? piece.options : [piece]);
        if (text) return text;
      }
      const builds = appendedInTurn(program, source.init, binding.appends);
      const built = builds.map((pieces) => stringValue([...start.parts, ...pieces.flatMap((piece) => partsOf(this.value(program, piece, env), hintOf(piece)))]));
      return built.length === 1 ? built[0]! : choiceOf(built);
    }
    const written = [...(source.init ? [source.init] : []), ...binding.writes].map((value) => this.value(program, value, env));
    return choiceOf([...written, ...loopTurns(this, program, binding, env)]);
  }

  steps(program: Program, base: Value, steps: readonly PathStep[], fallback: Expression | null, env: Env | null): Value {
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
    return valueOfDeclaredType(program, typeText, this) ?? found;
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
        return index === -1 ? UNKNOWN : callbackArgument(this, program, parent, index, null);
      }
      case "for-of":
        return parent.target === pattern ? turnOf(this, this.value(program, parent.right), parent.iterates) : UNKNOWN;
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

  /** What `...list` puts in a list: its elements; a response's DNS records, each a record. */
  spreadElements(list: Value): Value[] {
    if (list.kind === "array") return list.elements();
    if (list.kind === "records") return [this.elementOf(list)];
    // One of several lists (`var page Page` then decoded into): the elements of those known.
    if (list.kind === "choice") {
      const known = list.options.filter((option) => option.kind === "array" || option.kind === "records");
      if (known.length > 0) return known.flatMap((option) => this.spreadElements(option));
    }
    return [UNKNOWN];
  }

  elementOf(value: Value): Value {
    switch (value.kind) {
      case "records":
        return { kind: "record", srv: value.srv, via: value.via };
      case "array": {
        const elements = value.elements();
        const first = elements[0];
        if (first && (first.kind === "record" || first.kind === "records")) return first;
        if (first && (elements.length === 1 || elements.every((element) => sameStatic(element, first)))) return first;
        // A table iterated (`for (const s of SETTINGS)`, `.map(s => …)`): each element in turn.
        if (elements.length > 1 && elements.length <= MAX_CHOICES) return { kind: "choice", options: elements };
        return UNKNOWN;
      }
      case "choice":
        return choiceOf(value.options.map((option) => this.elementOf(option)));
      case "object":
        // A Map iterated: its entries.
        return value.map ? this.elementOf(tableList(value, "entries")) : UNKNOWN;
      default:
        return UNKNOWN;
    }
  }

  private index(value: Value, index: number): Value {
    if (value.kind === "array") return value.elements()[index] ?? UNKNOWN;
    // One of several rows (`for (const [name] of Object.entries(SETTINGS))`): that element of each.
    if (value.kind === "choice") return choiceOf(value.options.map((option) => this.index(option, index)));
    return this.elementOf(value);
  }

  // ---- members -------------------------------------------------------------------------------

  private member(program: Program, node: Extract<Expression, { kind: "member" }>, env: Env | null): Value {
    let key = node.property;
    let keys: string[] | null = null;
    if (key === null && node.computed) {
      const computed = this.value(program, node.computed, env);
      key = computed.kind === "number" ? String(computed.value) : staticText(computed);
      // One of several known keys (`SETTINGS[name]` in `for (name in SETTINGS)`): any of their rows.
      if (computed.kind === "choice") {
        const texts = computed.options.map(staticText);
        if (texts.every((text): text is string => text !== null)) keys = texts;
      }
    }
    if (node.object.kind === "this") {
      return key === null ? UNKNOWN : thisMember(this, program, node, key, env);
    }
    if (node.object.kind === "identifier" && GLOBAL_OBJECTS.has(node.object.name) && !program.resolve(node.object) && key && GLOBAL_LIBRARIES[key]) {
      return { kind: "library", library: GLOBAL_LIBRARIES[key]!, path: [] };
    }
    const object = this.value(program, node.object, env);
    if (keys !== null && object.kind === "object") return choiceOf(keys.map((option) => this.property(object, option) ?? UNKNOWN));
    if (key === null) {
      // `axios[method](url)`: a verb of the library, not known here (see UNKNOWN_VERB)
      if (object.kind === "library" || object.kind === "client") return this.property(object, UNKNOWN_VERB)!;
      if (object.kind === "records" || object.kind === "array") return this.elementOf(object);
      return unkeyedLookup(object) ?? UNKNOWN;
    }
    // A property of the API's JSON as the language binds it (C#'s `page.Result` is `result`).
    if (object.kind === "body" || object.kind === "records" || object.kind === "record") key = apiFieldOfRead(program.module.file, key);
    const value = this.property(object, key) ?? UNKNOWN;
    // `setting.id` inside `switch (setting.id) { case "minify": … }`: that text, when not known otherwise.
    return node.object.kind === "identifier" && (value.kind === "unknown" || value.kind === "choice") ? (narrowedValue(program, node) ?? value) : value;
  }

  /** A property of a value; `undefined` when the value is known to lack it. */
  property(object: Value, key: string): Value | undefined {
    switch (object.kind) {
      case "object":
        // A key it was not given, of a table filled under keys not known (`byName["www"]` after `byName[r.name] = r`): one of those values.
        return object.get(key) ?? unkeyedLookup(object) ?? (object.open ? UNKNOWN : undefined);
      case "array":
        return /^\d+$/.test(key) ? (object.elements()[Number(key)] ?? UNKNOWN) : UNKNOWN;
      case "namespace":
        return exportedValue(this, object.program, key, new Set());
      case "library":
        return { kind: "library", library: object.library, path: [...object.path, key] };
      case "client":
        return { ...object, path: [...object.path, key] };
      case "string": {
        // `API.length - 1` in `API.substring(0, API.length - 1)`: the length of a text known whole.
        const known = key === "length" ? staticText(object) : null;
        if (known !== null) return { kind: "number", value: known.length };
        return urlComponent(object, key) ?? UNKNOWN;
      }
      case "class":
        return classMember(this, object.program, object.cls, key, true) ?? UNKNOWN;
      case "instance":
        return instanceProperty(this, object, key) ?? UNKNOWN;
      case "choice":
        return choiceOf(object.options.map((option) => this.property(option, key) ?? UNKNOWN));
      default:
        return responseProperty(object, key) ?? UNKNOWN;
    }
  }

  // ---- objects -------------------------------------------------------------------------------

  object(program: Program, node: ObjectLiteral, env: Env | null): ObjectValue {
    return objectValue(this, program, node, env);
  }

  // ---- calls ---------------------------------------------------------------------------------

  /** What a call returns, and the request it makes when it is one. */
  call(program: Program, node: CallExpression, env: Env | null): CallResult {
    // Asked again of the same call in the same environment (the search for a function's requests,
    // then each request followed from it): what it was, as `value` keeps values.
    const memo = env === null ? this.calls : this.callsInEnvironment.get(env);
    const known = memo?.get(node);
    if (known) return known;
    const result = this.callUncached(program, node, env);
    if (memo) memo.set(node, result);
    else this.callsInEnvironment.set(env!, new Map([[node, result]]));
    return result;
  }
  private callUncached(program: Program, node: CallExpression, env: Env | null): CallResult {
    const callee = node.callee;
    if (callee.kind === "member" && callee.property !== null) {
      const name = callee.property;
      if (callee.object.kind === "identifier" && !program.resolve(callee.object)) {
        const global = globalMethodCall(this, program, callee.object.name, name, node, env);
        if (global) return { result: global, request: null };
      }
      const receiver = this.value(program, callee.object, env);
      if (receiver.kind === "library" || receiver.kind === "client") {
        return libraryCall(this, program, node, { ...receiver, path: [...receiver.path, name] }, env);
      }
      if (receiver.kind === "function" && (name === "call" || name === "apply")) {
        return { result: this.invoke(receiver, forwardedArguments(name, this.args(program, node, env)), env), request: null };
      }
      const method = this.methodCall(program, node, receiver, name, env);
      if (method) return { result: method, request: null };
      // `this.listRecords(…)` runs the class's method (the receiver `this` itself has no value)
      const property = callee.object.kind === "this" ? this.value(program, callee, env) : this.property(receiver, name);
      if (property?.kind === "function") return { result: this.invoke(property, this.args(program, node, env), env, receiverOf(this, program, node, callee.object, receiver, env)), request: null };
      // A class of a module called (Python's `client.ZoneClient(token)`): an instance, as below.
      if (property?.kind === "class") return { result: this.instanceOf(property, program, node, env), request: null };
      const throughClass = receiver.kind === "class" ? instanceMethodThroughClass(this, program, node, receiver, name, env) : null;
      if (throughClass) return { result: this.invoke(throughClass.fn, this.args(program, node, env), env, throughClass.self), request: null };
      // A method of each of several instances (`s.getId()` for each `s` of `Setting.values()`): each run on its own instance.
      if (receiver.kind === "choice" && receiver.options.length <= MAX_CHOICES && receiver.options.every((option) => option.kind === "instance")) {
        const args = this.args(program, node, env);
        const results = receiver.options.map((option) => {
          const method = this.property(option, name);
          return method?.kind === "function" ? this.invoke(method, args, env, option) : UNKNOWN;
        });
        return { result: choiceOf(results), request: null };
      }
      // A function of each row of a table (`item.url(zone)` for each `item` of a list): each, in turn.
      if (property?.kind === "choice") return { result: this.invokeEach(property, this.args(program, node, env), env, receiverOf(this, program, node, callee.object, receiver, env)), request: null };
      if (receiver.kind === "unknown") return sdkCallOutOfSight(this, program, node, env) ?? { result: this.sentRequest(program, node, name, env) ?? this.requests.unknownClientResponse(program, node, env) ?? UNKNOWN, request: null };
      return { result: UNKNOWN, request: null };
    }
    if (callee.kind === "identifier" && !program.resolve(callee)) {
      const global = globalFunctionCall(this, program, callee.name, node, env);
      if (global) return { result: global, request: null };
    }
    // `await firstValueFrom(this.http.get(url))`: the value the observable gives, the response.
    if (callee.kind === "identifier" && isObservableToPromise(program, callee) && node.args[0]) {
      return { result: this.value(program, node.args[0], env), request: null };
    }
    const value = this.value(program, callee, env);
    if (value.kind === "library" || value.kind === "client") return libraryCall(this, program, node, value, env);
    if (value.kind === "function") return { result: this.invoke(value, this.args(program, node, env), env), request: null };
    if (value.kind === "choice") return { result: this.invokeEach(value, this.args(program, node, env), env), request: null };
    // A class called (Python's `ZoneClient(token)`): an instance, as `new` makes.
    if (value.kind === "class") return { result: this.instanceOf(value, program, node, env), request: null };
    return { result: UNKNOWN, request: null };
  }

  /**
   * A request made earlier sent by a client not known here (C#'s `client.SendAsync(request)`, an
   * injected `http.send(request)`): that request's response. `null` for any other call.
   */
  private sentRequest(program: Program, node: CallExpression, name: string, env: Env | null): Value | null {
    if (!SENDING_METHODS.has(name) || !node.args[0]) return null;
    const sent = this.value(program, node.args[0], env);
    return sent.kind === "response" ? sent : null;
  }

  /** An instance of a class made by this call, its arguments worked out when first asked for. */
  private instanceOf(value: Extract<Value, { kind: "class" }>, program: Program, node: CallExpression, env: Env | null): Value {
    let args: Value[] | null = null;
    return { kind: "instance", cls: value.cls, program: value.program, args: () => (args ??= this.args(program, node, env)) };
  }

  /**
   * The project function a call runs and the arguments it receives: `helper(a)`, `obj.method(a)`,
   * `helper.call(this, a)`, `helper.apply(this, [a])`. `null` for anything else.
   */
  callTarget(program: Program, node: CallExpression, env: Env | null): { fn: FunctionValue; args: Value[]; self?: Value } | null {
    const callee = node.callee;
    if (callee.kind === "member" && (callee.property === "call" || callee.property === "apply")) {
      const target = this.value(program, callee.object, env);
      if (target.kind === "function") return { fn: target, args: forwardedArguments(callee.property, this.args(program, node, env)) };
    }
    const value = this.value(program, callee, env);
    // `useSWR(key, fetcher)`, `preload(key, fetcher)`: SWR calls the fetcher with the key alone
    // (whole, an array as one argument), so a second parameter (`init`) is undefined; a mutation's
    // fetcher gets the trigger's argument there (`{ arg }`), not known.
    if (value.kind === "library" && value.library === "swr" && node.args.length >= 2 && (value.path.length === 0 || SWR_FETCHING.has(value.path.at(-1)!))) {
      const fetcher = this.value(program, node.args[1]!, env);
      // Which hook, by the name it is imported or called under (`swr/mutation` exports it as its default).
      const mutation = /Mutation$/.test(value.path.at(-1) ?? (callee.kind === "identifier" ? callee.name : ""));
      return fetcher.kind === "function" ? { fn: fetcher, args: [this.value(program, node.args[0]!, env), mutation ? UNKNOWN : NULL] } : null;
    }
    if (value.kind !== "function") {
      // `parent::getValue($page)`: the superclass's instance method, on this `$this`.
      if (callee.kind !== "member" || callee.property === null || callee.object.kind !== "identifier") return null;
      const target = this.value(program, callee.object, env);
      const throughClass = target.kind === "class" ? instanceMethodThroughClass(this, program, node, target, callee.property, env) : null;
      return throughClass ? { fn: throughClass.fn, args: this.args(program, node, env), self: throughClass.self } : null;
    }
    // A class's method called on an instance runs with it as `this`.
    const isMethod = callee.kind === "member" && value.program.parentOf(value.fn)?.kind === "class";
    const self = isMethod ? receiverOf(this, program, node, callee.object, callee.object.kind === "this" ? null : this.value(program, callee.object, env), env) : undefined;
    return { fn: value, args: this.args(program, node, env), ...(self ? { self } : {}) };
  }

  args(program: Program, node: { args: Expression[] }, env: Env | null): Value[] {
    return node.args.map((arg) => (arg.kind === "spread" ? UNKNOWN : this.value(program, arg, env)));
  }

  /**
   * A call of one of several functions (a property read from each row of a table): what each
   * returns, as a choice; unknown unless every option is a function.
   */
  private invokeEach(callee: Extract<Value, { kind: "choice" }>, args: Value[], env: Env | null, self?: Value): Value {
    const functions: FunctionValue[] = [];
    // Rows of several tables (`group.items` of each `group`) are choices within a choice.
    const gather = (option: Value): boolean => (option.kind === "choice" ? option.options.every(gather) : option.kind === "function" && functions.push(option) > 0);
    if (!gather(callee) || functions.length > MAX_CHOICES) return UNKNOWN;
    return choiceOf(functions.map((fn) => this.invoke(fn, args, env, self)));
  }

  /** Runs a known function abstractly: its return value with the parameters bound to `args`. */
  invoke(fn: Extract<Value, { kind: "function" }>, args: Value[], env: Env | null, self?: Value): Value {
    const inner = this.callEnv(fn, args, env, self);
    if (!inner) return UNKNOWN;
    const body = fn.fn.body;
    if (!Array.isArray(body)) return this.value(fn.program, body, inner);
    // The first return known; where it is text, a plain object or a list and other returns may be
    // taken, any of those of the same kind (`if (kind === "new") return "rulesets"; return
    // "firewall/rules"` with `kind` unknown; `return { url: …, method: "GET" }` in each case of a
    // switch; Python's `return False, {"errors": …}` before `return True, data`), as a
    // conditional's branches are.
    //
    // A return of nothing (`null`, `nil`, `None`, an empty list or text written out), as a guard
    // returns (`if (!res.ok) return null;`, Go's `return nil, err` and `return "", err`), is what the
    // function gives only when no other return is known: what it returns after its guards is its value.
    const options: Value[] = [];
    let family: "text" | "object" | "list" | null = null;
    let nothing: Value | null = null;
    for (const returned of reachableReturns(this, fn.program, body, inner)) {
      if ((returned.kind === "array" && returned.elements.length === 0) || (returned.kind === "string" && returned.value === "")) {
        nothing ??= this.value(fn.program, returned, inner);
        continue;
      }
      const value = this.value(fn.program, returned, inner);
      if (value.kind === "unknown") continue;
      if (value.kind === "null") {
        nothing ??= value;
        continue;
      }
      const kind = value.kind === "string" || value.kind === "number" ? "text" : value.kind === "object" && !value.map ? "object" : value.kind === "array" ? "list" : null;
      if (options.length === 0) {
        if (kind === null) return value;
        family = kind;
      }
      if (kind === family && options.length < MAX_CHOICES) options.push(value);
    }
    if (options.length > 0) return options.length === 1 ? options[0]! : choiceOf(options);
    return valueOfDeclaredType(fn.program, fn.fn.returnType, this) ?? nothing ?? UNKNOWN;
  }

  /**
   * Where a call of `fn` with `args` runs: its parameters bound; `null` beyond the call depth. The
   * same environment again for the same function, receiver and argument values at the same depth
   * (the last `MAX_ENVIRONMENTS_KEPT` of each function): what was worked out in it is kept, so a
   * wrapper run for its value and then followed for its requests is worked out once.
   */
  callEnv(fn: Extract<Value, { kind: "function" }>, args: Value[], env: Env | null, self?: Value): Env | null {
    const depth = (env?.depth ?? 0) + 1;
    if (depth > MAX_CALL_DEPTH) return null;
    let made = this.callEnvironments.get(fn.fn);
    if (!made) this.callEnvironments.set(fn.fn, (made = []));
    for (const known of made) {
      if (known.parent !== fn.env || known.depth !== depth || known.self !== self) continue;
      const given = known.values.get(fn.fn)!;
      if (given.length === args.length && given.every((value, index) => value === args[index])) return known;
    }
    const inner: Env = self ? { values: new Map([[fn.fn, args]]), parent: fn.env, depth, self } : { values: new Map([[fn.fn, args]]), parent: fn.env, depth };
    if (made.length >= MAX_ENVIRONMENTS_KEPT) made.shift();
    made.push(inner);
    return inner;
  }

  /**
   * Begins the analysis of a file. The environments made for calls are given again within one
   * file's analysis only: kept longer, an imported module's functions would hold the arguments
   * of the files that called them, and through those arguments their syntax trees (in an editor,
   * 12 MB of earlier keystrokes' trees).
   */
  startFile(): void {
    this.callEnvironments = new WeakMap();
  }

  /**
   * Ends the analysis of a file: what it marked as being worked out is let go (see `InProgress`),
   * so that an editor idle after a keystroke keeps none of that keystroke's syntax alive.
   */
  endFile(): void {
    this.active.release();
  }

  private methodCall(program: Program, node: CallExpression, receiver: Value, name: string, env: Env | null): Value | null {
    if (receiver.kind === "string") return stringMethodCall(this, program, node, receiver, name, env);
    // A text that is one of several (PHP's `trim($key)` of a table's keys, some not known): the method on each.
    if (receiver.kind === "choice" && receiver.options.some((option) => option.kind === "string") && receiver.options.every((option) => option.kind === "string" || option.kind === "unknown")) {
      return choiceOf(receiver.options.map((option) => (option.kind === "string" ? stringMethodCall(this, program, node, option, name, env) : UNKNOWN)));
    }
    if (receiver.kind === "array") return arrayMethodCall(this, program, node, receiver, name, env);
    if ((receiver.kind === "unknown" || receiver.kind === "records") && (name === "map" || name === "flatMap")) return mappedUnlistedElements(this, program, node, name, this.elementOf(receiver), env);
    if (receiver.kind === "object" && receiver.map) {
      if (name === "get") {
        const key = node.args[0] ? staticText(this.value(program, node.args[0], env)) : null;
        return (key === null ? null : receiver.get(key)) ?? unkeyedLookup(receiver) ?? UNKNOWN;
      }
      if (name === "keys" || name === "values" || name === "entries") return tableList(receiver, name);
    }
    // Python's `by_name.get(name)` of a dict filled under keys not known here: one of those values.
    if (name === "get" && receiver.kind === "object" && !receiver.map && receiver.unkeyed && receiver.get("get") === undefined && node.args.length >= 1) {
      const key = staticText(this.value(program, node.args[0]!, env));
      const found = (key === null ? null : receiver.get(key)) ?? unkeyedLookup(receiver);
      if (found) return found;
    }
    // A Python dict's `items()`, `keys()` and `values()` (an object without such a method of its own).
    const view = DICT_VIEWS.get(name);
    if (view && receiver.kind === "object" && !receiver.map && node.args.length === 0 && receiver.get(name) === undefined) return tableList(receiver, view);
    if (name === "then" && receiver.kind !== "stream") return this.thenCallback(program, node, receiver, env);
    return responseMethod(receiver, name, node.args[0]) ?? srvSelection(name, node.args[0]);
  }

  private thenCallback(program: Program, node: CallExpression, receiver: Value, env: Env | null): Value {
    const callback = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
    if (callback.kind !== "function") return UNKNOWN;
    return this.invoke(callback, [receiver], env);
  }

  private construct(program: Program, node: NewExpression, env: Env | null): Value {
    const callee = node.callee;
    if (callee.kind === "identifier" && !program.resolve(callee)) {
      if (callee.name === "URL") return newUrl(this, program, node, env);
      if (callee.name === "Map") return newMap(this, program, node, env);
      if (callee.name === "Set") return newSet(this, program, node, env);
      if (callee.name === "Promise") return newPromise(this, program, node, env);
      if (callee.name === "Request") return newRequest(this, program, node, env);
      // Headers made from an object hold its keys (read by the framing-headers rule); from anything else, unknown.
      if (callee.name === "Headers") {
        const init = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
        return init.kind === "object" ? init : UNKNOWN;
      }
      if (callee.name === "URLSearchParams") return UNKNOWN;
    }
    const value = this.value(program, callee, env);
    if (value.kind === "class") {
      let args: Value[] | null = null;
      return { kind: "instance", cls: value.cls, program: value.program, args: () => (args ??= this.args(program, node, env)) };
    }
    if (node.literal) return node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
    if (value.kind === "library") {
      if (value.library === "cloudflare") {
        const options = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
        const base = options.kind === "object" ? options.get("baseURL") : undefined;
        return { kind: "client", library: "cloudflare", base: base?.kind === "string" ? base : text(API_BASE_URL), method: null, path: [] };
      }
      // PHP's `new GuzzleHttp\Client(['base_uri' => …])`: a client whose requests are relative to its base.
      if (isGuzzleClientClass(value)) {
        const options = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
        const base = options.kind === "object" ? options.get("base_uri") : undefined;
        return { kind: "client", library: "guzzle", base: base?.kind === "string" ? base : null, method: null, path: [] };
      }
      if (value.library === "undici" && (value.path[0] === "Client" || value.path[0] === "Pool" || value.path[0] === "Agent")) {
        const origin = node.args[0] ? this.value(program, node.args[0], env) : UNKNOWN;
        return { kind: "client", library: "undici", base: origin.kind === "string" ? origin : null, method: null, path: [] };
      }
      if (value.library === "url" && value.path[0] === "URL") return newUrl(this, program, node, env);
      if (value.library === "terraform-provider") return providerCall(this, program, node, value.path, env).result;
    }
    return UNKNOWN;
  }

  /**
   * The request a `new` makes: a resource of the Terraform provider's packages (providers.ts). Only
   * a name imported from one is evaluated: the value of any other class may need its module parsed.
   */
  requestOfNew(program: Program, node: NewExpression): RequestInfo | null {
    let root = node.callee;
    while (root.kind === "member") root = root.object;
    const source = root.kind === "identifier" ? program.resolve(root)?.source : undefined;
    // `import * as cloudflare from "@pulumi/cloudflare"`, `const cloudflare = require("@pulumi/cloudflare")`
    const init = source?.kind === "init" ? source.init : null;
    const specifier = source?.kind === "import" ? source.source : init?.kind === "call" && init.callee.kind === "identifier" && init.callee.name === "require" && init.args[0]?.kind === "string" ? init.args[0].value : null;
    if (specifier === null || libraryOfModule(specifier) !== "terraform-provider") return null;
    const callee = this.value(program, node.callee);
    return callee.kind === "library" && callee.library === "terraform-provider" ? providerCall(this, program, node, callee.path, null).request : null;
  }

  // ---- requests ------------------------------------------------------------------------------

  /** The requests a call makes, directly or through the project's own wrappers (requests.ts). */
  requestsOf(program: Program, node: CallExpression): RequestInfo[] {
    return this.requests.requestsOf(program, node);
  }

  /** The requests of the methods a class inherits, run as that class (see `RequestFinder.inheritedRequests`). */
  inheritedRequestsOf(program: Program, cls: ClassNode): RequestInfo[] {
    return this.requests.inheritedRequests(program, cls);
  }
}

type FunctionValue = Extract<Value, { kind: "function" }>;

const NULL: Value = { kind: "null" };

/** Methods of a client that send a request made beforehand (see `sentRequest`). */
const SENDING_METHODS: ReadonlySet<string> = new Set(["SendAsync", "Send", "send", "sendAsync", "Do", "execute", "Execute", "ExecuteAsync"]);

const DICT_VIEWS: ReadonlyMap<string, "keys" | "values" | "entries"> = new Map([["items", "entries"], ["keys", "keys"], ["values", "values"]]);

/** Most elements of a list taken as choices. */
const MAX_CHOICES = 64;


/**
 * The `this` a method called by `call` on `object` runs with: that instance (with the fields
 * methods called on it before set), or (for `this.m()`) the caller's own.
 */
function receiverOf(evaluator: Evaluator, program: Program, call: CallExpression, object: Expression, receiver: Value | null, env: Env | null): Value | undefined {
  if (object.kind === "this") {
    // `$this->using('PATCH'); $this->send($path)`: what the caller's earlier calls on itself set, too.
    const self = thisOfCaller(program, object, env);
    const fields = self?.kind === "instance" ? fieldsSetBefore(evaluator, program, call, object, self, env) : undefined;
    return fields && self?.kind === "instance" ? { ...self, fields: new Map([...(self.fields ?? []), ...fields]) } : self;
  }
  if (receiver?.kind !== "instance") return undefined;
  const fields = fieldsSetBefore(evaluator, program, call, object, receiver, env);
  if (fields) return { ...receiver, fields };
  return receiver.args ? receiver : undefined;
}

/** The arguments `fn.call(thisArg, …args)` and `fn.apply(thisArg, [args])` pass on. */
function forwardedArguments(how: "call" | "apply", args: Value[]): Value[] {
  if (how === "call") return args.slice(1);
  const list = args[1];
  return list?.kind === "array" ? list.elements() : [];
}

function lookupArgs(env: Env | null, fn: FunctionNode): Value[] | null {
  for (let current = env; current; current = current.parent) {
    const args = current.values.get(fn);
    if (args) return args;
  }
  return null;
}

/** Most pieces appended to one variable that are sorted into branches. */
const MAX_MAPPED_APPENDS = 256;

/**
 * The ways pieces are appended to a variable (`url += "/brotli"`): in the order written, where
 * pieces in different branches of one `if` or `switch` (not containing the declaration) are
 * alternatives, a branch with none appending nothing. Beyond `MAX_CHOICES` ways, or with a piece
 * appended in a loop, one way: every piece in turn.
 */
function appendedInTurn(program: Program, declaration: Expression, pieces: readonly Expression[]): Expression[][] {
  // Generated code appending thousands of pieces: not sorted into branches (each is looked for in every branching).
  if (pieces.length > MAX_MAPPED_APPENDS) return [[...pieces]];
  const around = new Set<Node>();
  for (let node: Node | null = declaration; node; node = program.parentOf(node)) around.add(node);
  type Branching = Extract<Node, { kind: "if" } | { kind: "switch" }>;
  // Each piece's outermost branching (and its arm) below the declaration's own surroundings.
  const steps: { branching: Branching | null; arm: number; piece: Expression }[] = [];
  for (const piece of pieces) {
    let branching: Branching | null = null;
    let arm = 0;
    let child: Node = piece;
    for (let parent = program.parentOf(piece); parent && !around.has(parent); child = parent, parent = program.parentOf(parent)) {
      if (parent.kind === "loop" || parent.kind === "for-of") return [[...pieces]];
      if (parent.kind === "if") {
        branching = parent;
        arm = parent.consequent === child ? 0 : 1;
      } else if (parent.kind === "switch") {
        branching = parent;
        arm = parent.cases.findIndex((entry) => entry.body.includes(child as Statement));
      }
    }
    steps.push({ branching, arm, piece });
  }
  let ways: Expression[][] = [[]];
  const done = new Set<Branching>();
  for (const step of steps) {
    if (!step.branching) {
      for (const way of ways) way.push(step.piece);
      continue;
    }
    if (done.has(step.branching)) continue;
    done.add(step.branching);
    const branching = step.branching;
    const arms = branching.kind === "if" ? 2 : branching.cases.length;
    const byArm = Array.from({ length: arms }, (_, arm) => steps.filter((other) => other.branching === branching && other.arm === arm).map((other) => other.piece));
    // An arm that appends nothing, or no arm taken at all (an `if` without `else`, a `switch` without `default`).
    const alternatives = byArm.filter((arm) => arm.length > 0);
    const none = byArm.some((arm) => arm.length === 0) || (branching.kind === "switch" && !branching.cases.some((entry) => entry.test === null));
    if (none) alternatives.push([]);
    if (ways.length * alternatives.length > MAX_CHOICES) return [[...pieces]];
    ways = ways.flatMap((way) => alternatives.map((alternative) => [...way, ...alternative]));
  }
  return ways;
}

/** An object (or, for an unknown value, an open one) whose `field` holds `value`. */
export function withField(base: Value, field: string, value: Value): ObjectValue {
  const object = base.kind === "object" ? base : null;
  return {
    kind: "object",
    get: (key) => (key === field ? value : object?.get(key)),
    keys: () => (object?.keys().includes(field) ? object.keys() : [...(object?.keys() ?? []), field]),
    open: object?.open ?? true,
    node: object?.node ?? null,
    program: object?.program ?? null,
  };
}

/**
 * Loops: what one turn of a loop gives its variable, by the language's iteration (see
 * `Iteration`: JavaScript's `for…of` and `for…in`, Python's `for`, PHP's `foreach`, Go's
 * `range`), and the value of a variable several loops write.
 */
import type { Expression, ForOfStatement, Iteration, Range } from "../ir.js";
import type { Binding, PathStep, Program } from "../program.js";
import { UNKNOWN, choiceOf, type Env, type Value } from "../values.js";
import { tableList } from "./builtins.js";
import type { Evaluator } from "./evaluator.js";

/** What one turn of a loop over `value` takes, by the language's iteration. */
export function turnOf(evaluator: Evaluator, value: Value, iterates: Iteration = "elements"): Value {
  if (iterates === "elements") return evaluator.elementOf(value);
  if (value.kind === "choice") return choiceOf(value.options.map((option) => turnOf(evaluator, option, iterates)));
  // A table: `for (const name in SETTINGS)`, `for name in SETTINGS:`, `foreach ($settings as $name => $value)`.
  if (value.kind === "object") return evaluator.elementOf(tableList(value, iterates === "pairs" || iterates === "each" ? "entries" : iterates === "values" ? "values" : "keys"));
  // A list's indices are not known; its elements are (DNS records among them).
  if (iterates === "keys") return UNKNOWN;
  if (iterates === "pairs" || iterates === "each") {
    const element = evaluator.elementOf(value);
    return { kind: "array", elements: () => [iterates === "each" ? element : UNKNOWN, element] };
  }
  return evaluator.elementOf(value);
}

/**
 * A variable several loops write, read inside one of them (`for name in CURRENT:` after `for
 * name in SPEED:`): what that loop gives it (the innermost, if nested). `null` outside them.
 */
export function turnInLoop(evaluator: Evaluator, program: Program, binding: Binding, at: Range, env: Env | null): Value | null {
  const source = binding.source;
  let inner: { loop: ForOfStatement; steps: PathStep[]; fallback?: Expression | null } | null = null;
  for (const candidate of source.kind === "for-of" ? [{ loop: source.statement, steps: source.steps, fallback: source.fallback }, ...binding.loopWrites] : binding.loopWrites) {
    const body = candidate.loop.body.range;
    if (body[0] <= at[0] && at[1] <= body[1] && (!inner || body[0] >= inner.loop.body.range[0])) inner = candidate;
  }
  return inner ? loopValue(evaluator, program, inner.loop, inner.steps, inner.fallback ?? null, env) : null;
}

/** What a loop's turn gives a name its target binds (`steps`: where in the turn's value, as `[name, value]` takes it apart). */
export function loopValue(evaluator: Evaluator, program: Program, loop: ForOfStatement, steps: readonly PathStep[], fallback: Expression | null, env: Env | null): Value {
  return evaluator.steps(program, turnOf(evaluator, evaluator.value(program, loop.right, env), loop.iterates), steps, fallback, env);
}

/** What the loops that write a variable give it (`Binding.loopWrites`), each choice on its own. */
export function loopTurns(evaluator: Evaluator, program: Program, binding: Binding, env: Env | null): Value[] {
  return binding.loopWrites.flatMap(({ loop, steps }) => {
    const turn = loopValue(evaluator, program, loop, steps, null, env);
    return turn.kind === "choice" ? turn.options : [turn];
  });
}

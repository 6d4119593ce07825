/**
 * Narrowing by a test the code makes on a name: inside `if (setting === "minify") { … }`, the
 * branch of `cond && …` or `… ? … : …` taken when it holds, or `case "brotli": case "ssl":` of a
 * `switch (setting)`, the name holds the text compared with (one of them), written where the test
 * writes it; the same for a name's field (`setting.id` in `switch (setting.id)`), and the object
 * whose field is tested holds that field (`changed.push(setting)`). Only where the value is not a
 * known text (a parameter, a field of input): a known value is what the code uses. Tests are read
 * as far as the function the name is read in.
 */
import { memberKey, type Expression, type Node, type Statement, type StringLiteral } from "../ir.js";
import type { Binding, Program } from "../program.js";
import { choiceOf, text, type Value } from "../values.js";

const EQUALITY = new Set(["===", "=="]);

/**
 * The texts `node` is narrowed to by the tests around it, or `null`: a read of a name, or of a
 * name's field (`setting.id` inside `switch (setting.id)`).
 */
export function narrowedValue(program: Program, node: Expression): Value | null {
  // Most reads are of names no test of the file compares with a text: answered without a walk.
  const key = keyOf(node);
  if (key === null || !compared(program).keys.has(key)) return null;
  // The tests around a read do not depend on the values the code is run with: found once per read.
  let found = narrowings.get(node);
  if (found === undefined) narrowings.set(node, (found = narrowingOf(program, node)));
  return found;
}

const narrowings = new WeakMap<Expression, Value | null>();

/** `setting` for a name, `.id` for a field: what a test compares (see `compared`). */
function keyOf(node: Expression): string | null {
  if (node.kind === "identifier") return node.name;
  if (node.kind === "member") return node.property !== null ? `.${node.property}` : node.computed?.kind === "string" ? `.${node.computed.value}` : null;
  return null;
}

/** The names and fields the file compares with a text (`x === "a"`, `case "a":` of `switch (x)`), found once per file. */
function compared(program: Program): NonNullable<Program["comparedNames"]> {
  if (!program.comparedNames) {
    const keys = new Set<string>();
    const fields = new Map<string, string[]>();
    for (const literal of program.strings) {
      const parent = program.parentOf(literal);
      const read = parent?.kind === "binary" && EQUALITY.has(parent.operator) ? (parent.left === literal ? parent.right : parent.left) : parent?.kind === "switch" && parent.discriminant !== literal ? parent.discriminant : null;
      if (!read) continue;
      const key = keyOf(read);
      if (key !== null) keys.add(key);
      const field = fieldOf(read);
      if (field !== null && read.kind === "member" && read.object.kind === "identifier") {
        const list = fields.get(read.object.name) ?? [];
        if (!list.includes(field)) list.push(field);
        fields.set(read.object.name, list);
      }
    }
    program.comparedNames = { keys, fields };
  }
  return program.comparedNames;
}

function narrowingOf(program: Program, node: Expression): Value | null {
  const sameAs = readOf(program, node);
  return sameAs ? narrowingBy(program, node, sameAs) : null;
}

/**
 * A name whose field a test compares (`zoneSetting` inside `switch zoneSetting.ID { case "minify":`):
 * the field and the text(s) it holds there, so that the object put in a list or sent holds them.
 */
export function narrowedField(program: Program, node: Expression): { field: string; value: Value } | null {
  if (node.kind !== "identifier") return null;
  const fields = compared(program).fields.get(node.name);
  if (!fields) return null;
  let found = fieldNarrowings.get(node);
  if (found === undefined) {
    found = null;
    const owner = program.resolve(node);
    for (const field of fields) {
      const value = narrowingBy(program, node, readsField(program, owner, field));
      if (value) {
        found = { field, value };
        break;
      }
    }
    fieldNarrowings.set(node, found);
  }
  return found;
}

const fieldNarrowings = new WeakMap<Expression, { field: string; value: Value } | null>();

/**
 * A name whose field a test compares, read in the branch taken when the test fails (`else` of
 * `if (row.type === "onoff" || row.type === "select")`): the field and the texts it cannot hold
 * there. Only tests that fail exactly when the field holds none of those texts (one comparison,
 * or an `||` of them) say so.
 */
export function excludedField(program: Program, node: Expression): { field: string; texts: string[] } | null {
  if (node.kind !== "identifier") return null;
  const fields = compared(program).fields.get(node.name);
  if (!fields) return null;
  let found = fieldExclusions.get(node);
  if (found === undefined) {
    found = null;
    const owner = program.resolve(node);
    let child: Node = node;
    for (let parent = program.parentOf(node); parent && !found; child = parent, parent = program.parentOf(parent)) {
      if (parent.kind === "function" && !parent.arrow) break;
      const test = (parent.kind === "if" || parent.kind === "conditional") && parent.alternate === child ? parent.test : null;
      if (!test) continue;
      for (const field of fields) {
        const texts = failingTexts(readsField(program, owner, field), test);
        if (texts) {
          found = { field, texts };
          break;
        }
      }
    }
    fieldExclusions.set(node, found);
  }
  return found;
}

const fieldExclusions = new WeakMap<Expression, { field: string; texts: string[] } | null>();

/** The texts a test compares the name with when its failing means the name holds none of them: `x === "a"`, `x === "a" || x === "b"`. */
function failingTexts(sameAs: (expression: Expression) => boolean, test: Expression): string[] | null {
  if (test.kind === "logical" && test.operator === "||") {
    const [left, right] = [failingTexts(sameAs, test.left), failingTexts(sameAs, test.right)];
    return left && right ? [...left, ...right] : null;
  }
  const literal = comparedLiteral(sameAs, test);
  return literal ? [literal.value] : null;
}

/** A read of `field` of the name bound to `owner` (`row.type` for `row`). */
function readsField(program: Program, owner: Binding | null, field: string): (expression: Expression) => boolean {
  return (expression) => expression.kind === "member" && fieldOf(expression) === field && expression.object.kind === "identifier" && program.resolve(expression.object) === owner;
}

/** The text one equality compares the name with (`name === "minify"`, `"minify" == name`), or `null`. */
function comparedLiteral(sameAs: (expression: Expression) => boolean, test: Expression): StringLiteral | null {
  if (test.kind !== "binary" || !EQUALITY.has(test.operator)) return null;
  const [named, literal] = test.right.kind === "string" ? [test.left, test.right] : [test.right, test.left];
  return literal.kind === "string" && sameAs(named) ? literal : null;
}

function narrowingBy(program: Program, node: Expression, sameAs: (expression: Expression) => boolean): Value | null {
  let child: Node = node;
  for (let parent = program.parentOf(node); parent; child = parent, parent = program.parentOf(parent)) {
    switch (parent.kind) {
      case "function":
        // A callback written inside the test (`if (row.type === "onoff") onChange(() => apply(row.id))`)
        // runs with the name as tested; a function declared elsewhere is not bound by it.
        if (!parent.arrow) return null;
        break;
      case "if":
        if (parent.consequent === child) {
          const found = comparedTexts(program, sameAs, parent.test);
          if (found) return found;
        }
        break;
      case "conditional":
        if (parent.consequent === child) {
          const found = comparedTexts(program, sameAs, parent.test);
          if (found) return found;
        }
        break;
      case "logical":
        if (parent.operator === "&&" && parent.right === child) {
          const found = comparedTexts(program, sameAs, parent.left);
          if (found) return found;
        }
        break;
      case "switch": {
        if (!sameAs(parent.discriminant)) break;
        const index = parent.cases.findIndex((candidate) => candidate.body.includes(child as Statement));
        if (index === -1) break;
        // `case "brotli": case "ssl": …`: the cases that fall through to this body, and its own.
        const tests: StringLiteral[] = [];
        for (let at = index; at >= 0 && (at === index || parent.cases[at]!.body.length === 0); at--) {
          const test = parent.cases[at]!.test;
          if (test?.kind !== "string") return null; // `default:` (or a test not written as text) may take anything
          tests.push(test);
        }
        return choiceOf(tests.reverse().map((test) => text(test.value, { program, node: test })));
      }
    }
  }
  return null;
}

/** What a test compares the name with, when it holds: `name === "minify"`, `"minify" == name`, and either side of `&&`. */
function comparedTexts(program: Program, sameAs: (expression: Expression) => boolean, test: Expression): Value | null {
  if (test.kind === "logical" && test.operator === "&&") return comparedTexts(program, sameAs, test.left) ?? comparedTexts(program, sameAs, test.right);
  // `type === "select" || type === "level"`: either text (each side must compare the name).
  if (test.kind === "logical" && test.operator === "||") {
    const [left, right] = [comparedTexts(program, sameAs, test.left), comparedTexts(program, sameAs, test.right)];
    return left && right ? choiceOf([left, right]) : null;
  }
  const literal = comparedLiteral(sameAs, test);
  return literal ? text(literal.value, { program, node: literal }) : null;
}

/** Whether an expression reads what `node` reads: the same name, or the same field of the same name. */
function readOf(program: Program, node: Expression): ((expression: Expression) => boolean) | null {
  const nameOf = (expression: Expression): Binding | null => (expression.kind === "identifier" ? program.resolve(expression) : null);
  const name = nameOf(node);
  if (name) return (expression) => nameOf(expression) === name;
  const field = fieldOf(node);
  const owner = node.kind === "member" ? nameOf(node.object) : null;
  if (field === null || !owner) return null;
  return (expression) => expression.kind === "member" && fieldOf(expression) === field && nameOf(expression.object) === owner;
}

/** The field a member expression reads (`x.id`, `x["id"]`), or `null`. */
function fieldOf(expression: Expression): string | null {
  return expression.kind === "member" ? memberKey(expression) : null;
}

/**
 * Classes and their instances: static members of a class (`Zones.setSettings(…)`), members of
 * an instance (`new Api().getRules()`, `this.http`), fields set in the constructor or given as
 * constructor parameters (`constructor(private client: Cloudflare)`), through `extends`.
 */
import type { ClassNode } from "../ir.js";
import type { Program } from "../program.js";
import { UNKNOWN, type Value } from "../values.js";
import { valueOfDeclaredType } from "./declared-types.js";
import type { Evaluator } from "./evaluator.js";

const MAX_SUPERCLASS_DEPTH = 8;

/**
 * A member of a class: static members when `isStatic`, else what an instance holds. `undefined`
 * when neither the class nor its superclasses declare it.
 */
export function classMember(evaluator: Evaluator, program: Program, cls: ClassNode, key: string, isStatic: boolean, depth = 0): Value | undefined {
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
    return evaluator.value(program, member.value);
  }
  if (!isStatic) {
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
          return evaluator.value(program, assignment.value);
        }
      }
      // `constructor(private readonly client: Cloudflare)`: a parameter property; with a default
      // (`private readonly base = API`), that value unless `new` is given another.
      for (const param of constructor.params) {
        const target = param.kind === "default-pattern" ? param.target : param;
        if (target.kind !== "identifier-pattern" || target.name !== key) continue;
        if (param.kind === "default-pattern") return evaluator.value(program, param.value);
        declaredType ??= target.typeText;
      }
    }
  }
  const declared = valueOfDeclaredType(program, declaredType, evaluator);
  if (declared) return declared;
  if (cls.superClass && depth < MAX_SUPERCLASS_DEPTH) {
    const superClass = evaluator.value(program, cls.superClass);
    if (superClass.kind === "class") return classMember(evaluator, superClass.program, superClass.cls, key, isStatic, depth + 1);
  }
  return declaredType === null ? undefined : UNKNOWN;
}

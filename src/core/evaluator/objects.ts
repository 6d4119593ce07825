/**
 * Object literals as values: their properties (spreads included, a module's namespace among
 * them), and what is set on an object after its declaration (`init.method = "DELETE"`).
 */
import type { ObjectLiteral } from "../ir.js";
import type { Binding, Program } from "../program.js";
import { UNKNOWN, choiceOf, type Env, type ObjectValue } from "../values.js";
import type { Evaluator } from "./evaluator.js";
import { asObject } from "./modules.js";

/** An object literal's value; its properties are worked out when asked for. */
export function objectValue(evaluator: Evaluator, program: Program, node: ObjectLiteral, env: Env | null): ObjectValue {
  let open: boolean | undefined;
  return {
    kind: "object",
    node,
    program,
    /** Open when a computed key or a spread of something not fully known may add properties. */
    get open() {
      open ??= node.properties.some((property) => {
        if (property.kind === "property") return property.key === null;
        const spread = asObject(evaluator, evaluator.value(program, property.argument, env));
        return !(spread.kind === "null" || (spread.kind === "object" && !spread.open));
      });
      return open;
    },
    get(key: string) {
      for (let index = node.properties.length - 1; index >= 0; index--) {
        const property = node.properties[index]!;
        if (property.kind === "spread") {
          // A module's namespace spreads its exports (`{ ...require("./paths") }`).
          const spread = asObject(evaluator, evaluator.value(program, property.argument, env));
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
          const spread = asObject(evaluator, evaluator.value(program, property.argument, env));
          if (spread.kind === "object") for (const key of spread.keys()) keys.add(key);
        } else if (property.key !== null) keys.add(property.key);
      }
      return [...keys];
    },
  };
}

/**
 * An object with the properties set on it after its declaration (`init.method = "DELETE"`): a
 * property written is any of its written values, and of the one it was declared with, if any
 * (where each write happens is not followed). A key computed from a value opens the object.
 */
export function withMemberWrites(evaluator: Evaluator, program: Program, object: ObjectValue, writes: Binding["memberWrites"], env: Env | null): ObjectValue {
  return {
    kind: "object",
    node: object.node,
    program: object.program,
    get open() {
      return object.open || writes.some((write) => write.key === null);
    },
    get(key) {
      const written = writes.filter((write) => write.key === key).map((write) => (write.value ? evaluator.value(program, write.value, env) : UNKNOWN));
      if (written.length === 0) return object.get(key);
      const declared = object.get(key);
      const values = declared === undefined ? written : [declared, ...written];
      return values.length === 1 ? values[0] : choiceOf(values);
    },
    keys: () => [...new Set([...object.keys(), ...writes.flatMap((write) => (write.key === null ? [] : [write.key]))])],
  };
}

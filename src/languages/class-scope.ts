/**
 * What Java and C# share about names inside a class: a field or method of the class around the
 * code, used alone (`API`, `patch(path)`), is the class's own: `this.API`, or `Client.API` when
 * it is static or the code is (no `this` there).
 */
import type * as IR from "../core/ir.js";

/** A class being lowered: its name and its own fields and methods, each static or not. */
export interface ClassContext {
  name: string;
  fields: Map<string, boolean>;
  methods: Map<string, boolean>;
}

export class ClassScope {
  private readonly classes: ClassContext[] = [];
  /** In a static member (no `this`), or an instance one. */
  inStatic = false;

  /** Lowers a class's body with its names in scope (and the static-ness of the code around it restored after). */
  within<T>(context: ClassContext, lower: () => T): T {
    this.classes.push(context);
    const outerStatic = this.inStatic;
    try {
      return lower();
    } finally {
      this.classes.pop();
      this.inStatic = outerStatic;
    }
  }

  /** A name used alone (`declared`: a local or parameter of that name is in scope): the class's field, or the name itself. */
  name(name: string, range: IR.Range, declared: boolean): IR.Expression {
    const receiver = declared ? null : this.receiverOf(name, "fields", range);
    return receiver ? { kind: "member", range, object: receiver, property: name, computed: null, propertyRange: range, optional: false } : { kind: "identifier", range, name };
  }

  /** The receiver of a field (`member: "fields"`) or method of a class around the code, named alone; null when none has it. */
  receiverOf(name: string, member: "fields" | "methods", range: IR.Range): IR.Expression | null {
    for (let index = this.classes.length - 1; index >= 0; index--) {
      const context = this.classes[index]!;
      const isStatic = context[member].get(name);
      if (isStatic === undefined) continue;
      return isStatic || this.inStatic ? { kind: "identifier", range, name: context.name } : { kind: "this", range };
    }
    return null;
  }
}

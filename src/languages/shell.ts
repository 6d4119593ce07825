/**
 * Shell scripts: variables (`API=…`, `export ZONE=…`, `${API:-default}`), words with
 * expansions (`"$API/zones/${ZONE}/settings/minify"`), heredocs, functions; `curl` (method from
 * `-X`/`--request`, POST when data is sent, GET otherwise; the URL positional or `--url`; a JSON
 * body read as a record), `wget` and HTTPie (`http PATCH url`) as requests; a command naming a
 * function of the script calls it, its words the function's `$1`, `$2`….
 *
 * Words are read from their source text by a small expansion scanner rather than from the
 * grammar's word nodes, which split unquoted `$A/zones/$B` unevenly.
 */
import type * as IR from "../core/ir.js";
import { jsonDocumentModel, jsonToModel, jsonToModelWithHoles } from "./json.js";
import { TreeLowering, type CommandWord as Word, type LoweredFile } from "./lowering.js";
import type { SyntaxNode, Tree } from "./tree-sitter.js";

/** wget options whose value is the next word. */
const WGET_OPTIONS_WITH_VALUE = new Set(["--header", "-O", "--output-document", "-o", "--output-file", "-U", "--user-agent", "--post-data", "--post-file", "--body-data", "--body-file", "--method", "-P", "--directory-prefix", "-T", "--timeout", "-t", "--tries", "--user", "--password"]);
const HTTPIE_METHODS = new Set(["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"]);

export function lowerShell(tree: Tree, text: string, file: string): LoweredFile {
  return new ShellLowering(file, text).lowerTree(tree);
}


/** A function's positional parameters `$1`…`$9`, as parameter names no shell variable can have. */
const POSITIONAL = Array.from({ length: 9 }, (_, index) => `%${index + 1}`);

class ShellLowering extends TreeLowering {
  protected readonly grammarLabel = "shell";
  /** The names of the file's functions: a command naming one calls it with its words. */
  private readonly functionNames = new Set<string>();
  /** Inside a function, `$1` is its first argument; at the top of a script, the script's (unknown). */
  private functionDepth = 0;

  /** The file's command substitutions (`$(curl …)`, `` `curl …` ``) by where they start: a word read from its text lowers the commands in them. */
  private readonly substitutions = new Map<number, SyntaxNode>();

  override lowerTree(tree: Tree): LoweredFile {
    for (const substitution of tree.rootNode.descendantsOfType("command_substitution")) if (substitution) this.substitutions.set(substitution.startIndex, substitution);
    for (const definition of tree.rootNode.descendantsOfType("function_definition")) {
      const name = definition?.childForFieldName("name")?.text;
      if (name) this.functionNames.add(name);
    }
    return super.lowerTree(tree);
  }

  protected override commentText(raw: string): string {
    return raw.replace(/^#/, "");
  }

  protected statementOf(node: SyntaxNode): IR.Statement | IR.Statement[] | null {
    const range = this.range(node);
    switch (node.type) {
      case "variable_assignment": {
        const name = node.childForFieldName("name");
        const value = node.childForFieldName("value");
        if (!name) return null;
        // SETTINGS=(brotli minify): a list of its words
        const lowered = value?.type === "array" ? this.array(this.words(value.namedChildren.filter((child): child is SyntaxNode => child !== null)).map((word) => word.expression), this.range(value)) : null;
        // ARGS+=("$arg"): the words added to the array; URL+="/x": the text appended
        if (value && /^[A-Za-z_]\w*\+=/.test(node.text)) {
          const target = this.identifier(name.text, this.range(name));
          const appended = lowered
            ? this.call(this.member(target, "push", range, this.range(name)), lowered.elements.filter((element): element is IR.Expression => element !== null && element.kind !== "spread"), range)
            : ({ kind: "assign", range, operator: "=", target: { kind: "expression-pattern", range: this.range(name), expression: target }, value: this.binary("+", target, this.word([value]).expression, range) } as IR.Expression);
          return { kind: "expression", range, expression: appended };
        }
        // SRV_DATA="{\"type\":\"SRV\",\"data\":{\"service\":\"$S\"}}": a JSON document kept for a request, as its record
        const word = value && !lowered ? this.word([value]) : null;
        const record = word && (word.literal === null ? this.jsonBody(word) : jsonDocumentModel(word.literal, word.range[0] + (/^['"]/.test(this.text.slice(word.range[0], word.range[0] + 1)) ? 1 : 0)));
        return this.assignment(name.text, this.range(name), lowered ?? record ?? word?.expression ?? this.string("", range), range);
      }
      case "for_statement": {
        // for s in brotli minify; do …; done, for s in "${SETTINGS[@]}": each word in turn.
        const variable = node.childForFieldName("variable");
        const body = node.childForFieldName("body");
        const values = node.childrenForFieldName("value").filter((child): child is SyntaxNode => child !== null);
        if (!variable || !body || values.length === 0) return { kind: "block", range, body: this.statements(node.namedChildren) };
        const whole = values.length === 1 ? /^"?\$\{([A-Za-z_][A-Za-z0-9_]*)\[[@*]\]\}"?$/.exec(values[0]!.text) : null;
        // for arg in "$@" in a function: its arguments, in order
        const allArguments = values.length === 1 && this.functionDepth > 0 && /^"?\$[@*]"?$/.test(values[0]!.text);
        const right = whole
          ? this.identifier(whole[1]!, this.range(values[0]!))
          : allArguments
            ? this.array(POSITIONAL.map((parameter) => this.identifier(parameter, this.range(values[0]!))), this.range(values[0]!))
            : this.array(this.words(values).map((word) => word.expression), this.range(values[0]!));
        const target: IR.Pattern = { kind: "identifier-pattern", range: this.range(variable), name: variable.text, typeText: null };
        return { kind: "for-of", range, declarationKind: "var", target, right, body: { kind: "block", range: this.range(body), body: this.statements(body.namedChildren) } };
      }
      case "declaration_command":
        return this.statements(node.namedChildren.filter((child) => child?.type === "variable_assignment"));
      case "function_definition": {
        const name = node.childForFieldName("name");
        const body = node.childForFieldName("body");
        this.functionDepth++;
        try {
          const statements = this.inFunctionScope(POSITIONAL, () => (body ? this.statements(body.namedChildren) : []));
          return { kind: "function-declaration", range, fn: this.fn(name?.text ?? null, POSITIONAL, POSITIONAL.map(() => range), statements, range) };
        } finally {
          this.functionDepth--;
        }
      }
      case "command":
        return { kind: "expression", range, expression: this.command(node, null) };
      case "redirected_statement": {
        const body = node.childForFieldName("body");
        const heredoc = node.namedChildren.find((child) => child?.type === "heredoc_redirect")?.namedChildren.find((child) => child?.type === "heredoc_body") ?? null;
        if (body?.type === "command") return { kind: "expression", range, expression: this.command(body, heredoc) };
        return null;
      }
      case "program":
      case "compound_statement":
      case "subshell":
      case "pipeline":
      case "list":
      case "if_statement":
        return this.conditional(node);
      case "case_statement": {
        // case "$x" in a) …;; *) …;; esac: one item's commands, each an alternative to the others
        const items = node.namedChildren.filter((child): child is SyntaxNode => child?.type === "case_item");
        const subject = node.childForFieldName("value");
        let alternate: IR.Statement | null = null;
        for (const item of [...items].reverse()) {
          const patterns = item.childrenForFieldName("value").filter((child): child is SyntaxNode => child !== null);
          const commands = item.namedChildren.filter((child): child is SyntaxNode => child !== null && !patterns.some((pattern) => pattern.id === child.id));
          alternate = { kind: "if", range: this.range(item), test: this.opaque(this.range(item), patterns.map((pattern) => this.expression(pattern))), consequent: { kind: "block", range: this.range(item), body: this.statements(commands) }, alternate };
        }
        return [...(subject ? [{ kind: "expression", range: this.range(subject), expression: this.expression(subject) } as IR.Statement] : []), ...(alternate ? [alternate] : [])];
      }
      case "else_clause":
      case "c_style_for_statement":
      case "while_statement":
      case "do_group":
      case "case_item":
      case "negated_command":
        return { kind: "block", range, body: this.statements(node.namedChildren) };
    }
    return null;
  }

  /**
   * `if …; then …; elif …; then …; else …; fi`: the branches as alternatives (a variable set in two
   * branches holds one value or the other, not the second written over the first). The tests are
   * unknown (their words are kept, so a string in them is still read).
   */
  private conditional(node: SyntaxNode): IR.Statement {
    const clauses = node.namedChildren.filter((child): child is SyntaxNode => child?.type === "elif_clause" || child?.type === "else_clause");
    let alternate: IR.Statement | null = null;
    for (const clause of [...clauses].reverse()) {
      if (clause.type === "else_clause") alternate = { kind: "block", range: this.range(clause), body: this.statements(clause.namedChildren) };
      else alternate = this.branch(clause, clause.namedChildren.filter((child): child is SyntaxNode => child !== null && /^(?:test_command|command|list|pipeline|negated_command)$/.test(child.type)).slice(0, 1), alternate);
    }
    return this.branch(node, node.childrenForFieldName("condition").filter((child): child is SyntaxNode => child !== null), alternate);
  }

  private branch(node: SyntaxNode, conditions: SyntaxNode[], alternate: IR.Statement | null): IR.Statement {
    const range = this.range(node);
    const body = node.namedChildren.filter((child): child is SyntaxNode => child !== null && child.type !== "elif_clause" && child.type !== "else_clause" && !conditions.some((condition) => condition.id === child.id));
    const test = this.opaque(range, conditions.flatMap((condition) => [this.statement(condition)].flat()));
    return { kind: "if", range, test, consequent: { kind: "block", range, body: this.statements(body) }, alternate };
  }

  protected expressionOf(node: SyntaxNode): IR.Expression | null {
    switch (node.type) {
      case "word":
      case "string":
      case "raw_string":
      case "concatenation":
      case "simple_expansion":
      case "expansion":
      case "number":
      case "ansi_c_string":
        return this.word([node]).expression;
      case "command_substitution":
        return this.opaque(this.range(node), this.statements(node.namedChildren));
      case "heredoc_body":
        return this.scanWord(node.text, node.startIndex, true).expression;
    }
    return null;
  }

  /** A command: a request for curl, wget and HTTPie; otherwise its words, kept as text. */
  private command(node: SyntaxNode, heredoc: SyntaxNode | null): IR.Expression {
    const range = this.range(node);
    const name = node.childForFieldName("name")?.text ?? "";
    const words = this.words(node.childrenForFieldName("argument").filter((child): child is SyntaxNode => child !== null));
    const heredocBody = heredoc ? this.heredocValue(heredoc) : null;
    const program = name.replace(/^.*\//, "");
    if (program === "curl") return this.curlRequest(range, words, (word) => (word.literal === "@-" && heredocBody ? heredocBody : this.jsonBody(word)), heredocBody);
    // cf_request PATCH "/zones/$ZONE/settings/minify": a function of this script, called
    if (this.functionNames.has(name)) return this.call(this.identifier(name, this.range(node.childForFieldName("name")!)), words.map((word) => word.expression), range);
    if (program === "wget") {
      const url = words.find((word, index) => !word.literal?.startsWith("-") && !WGET_OPTIONS_WITH_VALUE.has(words[index - 1]?.literal ?? ""));
      const posts = words.some((word) => /^--(?:post-data|post-file|body-data|method)/.test(word.literal ?? ""));
      const methodIndex = words.findIndex((word) => word.literal === "--method");
      const method = (methodIndex !== -1 ? words[methodIndex + 1]?.literal : words.find((word) => word.literal?.startsWith("--method="))?.literal?.slice(9))?.toUpperCase() ?? (posts ? "POST" : "GET");
      return this.request(range, url?.expression ?? null, method, null, words.map((word) => word.expression));
    }
    if ((program === "http" || program === "https" || program === "xh") && words.length > 0) {
      const first = words.findIndex((word) => !word.literal?.startsWith("-"));
      const methodWord = words[first];
      const hasMethod = methodWord?.literal !== null && methodWord?.literal !== undefined && HTTPIE_METHODS.has(methodWord.literal);
      const url = words[hasMethod ? first + 1 : first];
      return this.request(range, url?.expression ?? null, hasMethod ? methodWord!.literal! : null, null, words.map((word) => word.expression));
    }
    const children: (IR.Expression | IR.Statement)[] = words.map((word) => word.expression);
    if (heredocBody) children.push(heredocBody);
    return this.opaque(range, children);
  }

  /** A `'{"type":"SRV",…}'` argument as the record it writes. */
  private jsonBody(word: Word): IR.Expression | null {
    const quoteOffset = /^['"]/.test(this.text.slice(word.range[0], word.range[0] + 1)) ? 1 : 0;
    // "{\"filter\": \"$FILTER\"}": the record, with the variables where they stand
    if (word.literal === null && word.expression.kind === "template") {
      const { quasis, expressions } = word.expression;
      return jsonToModelWithHoles(quasis.flatMap((quasi, index) => (expressions[index] ? [quasi.value, expressions[index]!] : [quasi.value])), word.range[0] + quoteOffset);
    }
    if (word.literal === null || !/^\s*[[{]/.test(word.literal)) return null;
    return jsonToModel(word.literal, word.range[0] + quoteOffset);
  }

  private heredocValue(body: SyntaxNode): IR.Expression {
    const scanned = this.scanWord(body.text, body.startIndex, true);
    if (scanned.literal !== null && /^\s*[[{]/.test(scanned.literal)) return jsonToModel(scanned.literal, body.startIndex) ?? scanned.expression;
    return scanned.expression;
  }

  /** Arguments, with pieces the grammar split but that touch in the source joined into one word. */
  private words(nodes: SyntaxNode[]): Word[] {
    const groups: SyntaxNode[][] = [];
    for (const node of nodes) {
      const last = groups.at(-1);
      const previous = last?.at(-1);
      if (last && previous && !/\s/.test(this.text.slice(previous.endIndex, node.startIndex)) ) last.push(node);
      else groups.push([node]);
    }
    return groups.map((group) => this.word(group));
  }

  private word(nodes: SyntaxNode[]): Word {
    const start = nodes[0]!.startIndex;
    const end = nodes.at(-1)!.endIndex;
    return this.scanWord(this.text.slice(start, end), start, false);
  }

  /**
   * One shell word: quotes removed, `$NAME` and `${NAME}` as the variable, `${NAME:-text}` as
   * the variable or that text, `$(…)` and `$1` as unknown.
   */
  private scanWord(raw: string, offset: number, heredoc: boolean): Word {
    const range: IR.Range = [offset, offset + raw.length];
    const pieces: (string | IR.Expression)[] = [];
    let quote: "'" | '"' | null = null;
    let index = 0;
    const variable = (name: string, at: number, length: number, fallback: string | null): IR.Expression => {
      const variableRange: IR.Range = [offset + at, offset + at + length];
      if (/^[1-9]$/.test(name) && this.functionDepth > 0) return this.identifier(`%${name}`, variableRange);
      if (/^\d+$|^[@*#?$!-]$/.test(name)) return this.opaque(variableRange);
      const reference = this.identifier(name, variableRange);
      if (fallback === null) return reference;
      const defaultValue = this.scanWord(fallback, offset + at + length - 1 - fallback.length, false).expression;
      return { kind: "logical", range: variableRange, operator: "||", left: reference, right: defaultValue };
    };
    while (index < raw.length) {
      const char = raw[index]!;
      if (!heredoc && quote === null && (char === "'" || char === '"')) {
        quote = char;
        index++;
        continue;
      }
      if (!heredoc && quote === char) {
        quote = null;
        index++;
        continue;
      }
      if (char === "\\" && quote !== "'" && index + 1 < raw.length) {
        pieces.push(raw[index + 1]!);
        index += 2;
        continue;
      }
      if (char === "$" && quote !== "'") {
        const rest = raw.slice(index + 1);
        // ${ARGS[0]}: an element of an array
        const element = /^\{([A-Za-z_][A-Za-z0-9_]*)\[(\d+)\]\}/.exec(rest);
        if (element) {
          const at: IR.Range = [offset + index, offset + index + element[0].length + 1];
          pieces.push(this.member(this.identifier(element[1]!, at), element[2]!, at, at, { kind: "number", range: at, value: Number(element[2]), raw: element[2]! }));
          index += element[0].length + 1;
          continue;
        }
        const braced = /^\{([A-Za-z_][A-Za-z0-9_]*|\d+)(?:(:?[-=+?])([^}]*))?\}/.exec(rest);
        if (braced) {
          const fallback = braced[2] === ":-" || braced[2] === "-" ? braced[3]! : null;
          pieces.push(variable(braced[1]!, index, braced[0].length + 1, fallback));
          index += braced[0].length + 1;
          continue;
        }
        const simple = /^(?:[A-Za-z_][A-Za-z0-9_]*|\d|[@*#?$!-])/.exec(rest);
        if (simple) {
          pieces.push(variable(simple[0], index, simple[0].length + 1, null));
          index += simple[0].length + 1;
          continue;
        }
        // `${{ secrets.ZONE_ID }}`: a CI expression (GitHub Actions), unknown here
        if (rest.startsWith("{{")) {
          const close = raw.indexOf("}}", index + 3);
          const stop = close === -1 ? raw.length : close + 2;
          pieces.push(this.opaque([offset + index, offset + stop]));
          index = stop;
          continue;
        }
        if (rest.startsWith("(")) {
          // RESP=$(curl -X PATCH "$API/…"): unknown text; the commands in it are read as any others
          const substitution = this.substitutions.get(offset + index);
          if (substitution && substitution.endIndex <= offset + raw.length) {
            pieces.push(this.opaque(this.range(substitution), this.statements(substitution.namedChildren)));
            index = substitution.endIndex - offset;
            continue;
          }
          const close = matchingParen(raw, index + 1);
          pieces.push(this.opaque([offset + index, offset + close]));
          index = close;
          continue;
        }
      }
      // `curl …`: the older spelling of a command substitution, read the same way
      const backquoted = char === "`" && quote !== "'" ? this.substitutions.get(offset + index) : undefined;
      if (backquoted && backquoted.endIndex <= offset + raw.length) {
        pieces.push(this.opaque(this.range(backquoted), this.statements(backquoted.namedChildren)));
        index = backquoted.endIndex - offset;
        continue;
      }
      pieces.push(char);
      index++;
    }
    const expression = this.template(pieces, range);
    return { expression, literal: expression.kind === "string" ? expression.value : null, range };
  }
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    if (text[index] === "(") depth++;
    else if (text[index] === ")" && --depth === 0) return index + 1;
  }
  return text.length;
}

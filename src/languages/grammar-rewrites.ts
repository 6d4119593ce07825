/**
 * Rewrites that let the tree-sitter grammars read constructs their languages allow but they fail
 * on, at the same length (positions stay those of the file): workarounds applied before every
 * parse, and fallbacks tried only when a first parse fails (see `frontEnd` in index.ts).
 */
import type { GrammarName } from "./tree-sitter.js";

/**
 * Constructs a grammar cannot parse though the language allows them, rewritten to spaces of the
 * same length before parsing (positions stay those of the file): tree-sitter-bash fails on
 * `[ \( -z "$a" -o "$b" = "$c" \) ]` (a test grouped with escaped parentheses, and `find … \( … \)`),
 * and then on the rest of the file: a 1,230-line CLI was "only partly analysed" from its first
 * line. Only the escaped parentheses standing alone as words are rewritten (`sed 's/\(x\)/…/'`
 * keeps its own).
 */
export const GRAMMAR_WORKAROUNDS: Partial<Record<GrammarName, (text: string) => string>> = {
  "c-sharp": (text) => (text.includes('}"""') ? withoutEscapedQuoteBeforeClose(text) : text),
  bash: (text) => (text.includes("\\(") ? text.replace(/(?<=[ \t])\\[()](?=[ \t;]|$)/gm, "  ") : text),
  // tree-sitter-powershell fails on an empty script block given as a value (`@{ "setup" = {}; … }`:
  // read as an empty string, `''`) and on a path that starts with a variable
  // (`Get-ChildItem $PSScriptRoot\Public\*.ps1`, every module's loader: read as a bare word; a
  // file path's backslash only, never a URL's slash), on `ForEach-Object -Process { … }` (the
  // block is then given by position, as it can be), and on a list of bare words given to a command
  // (`… | Select-Object id, description`, `Export-ModuleMember -Function A, B`), which it reads as
  // `id ,description`: the comma and the space after it change places (in a string's prose too, harmlessly).
  powershell: (text) =>
    text
      .replace(/(?<==[ \t]*)\{([ \t]*)\}/g, "'$1'")
      .replace(/(?<=[ \t])\$(?=(?:\w+:)?[A-Za-z_]\w*\\[\w.*])/g, "_")
      .replace(/(?<=(?:ForEach-Object|foreach|%)[ \t]+)-Process(?=[ \t]*\{)/gi, "        ")
      .replace(/(?<=[\w-]),([ \t])(?=[A-Za-z_])/g, "$1,"),
};

/**
 * Rewrites tried only when the grammar could not make out a file (same length: positions stay
 * those of the file), for constructs the language allows that a grammar fails on, where the
 * rewrite may cost a little of what the file says; kept only if the grammar then reads all of the
 * file, or most of a file it could not make out before.
 * tree-sitter-c-sharp fails on a declaration split by `#if … #else … #endif` (PSScriptAnalyzer's
 * `#if CORECLR` / `public SemanticVersion GetPSVersion()` / `#else` / `public Version
 * GetPSVersion()`: a 3,905-line file read from line 16; in a small file, the methods after it were
 * lost): the first branch of each such group is kept, the others and the directives blanked, as a
 * build with the first branch's symbol defined would read it. And on a collection holding a
 * variable named as an attribute's target (`list[key] = [type];`: jellyfin, from line 1): read as
 * `[_ype]`, a name unknown.
 */
export const GRAMMAR_FALLBACKS: Partial<Record<GrammarName, (text: string) => string>> = {
  bash: (text) =>
    (text.includes("` ") || text.includes("`\t") ? text.replace(/^.*`.*$/gm, withoutSpaceAfterOpeningBacktick) : text)
      // `"${FLAGS:-a|b}"`: a bar in an expansion's default, read as a pipe (FreeForCharity's test harness, from line 1).
      .replace(/\$\{[A-Za-z_]\w*:?[-=+?][^}\n]*\|[^}\n]*\}/g, (expansion) => expansion.replaceAll("|", ","))
      // zsh, read with the bash grammar: `$+commands[curl]` and `${+name}` (whether it is set), and an
      // expansion's flags (`${(f)"$(…)"}`), as names (ohmyzsh: 27 of its 84 scripts it could not read).
      .replace(/\$\{\+/g, "${_")
      .replace(/\$\+(?=[A-Za-z_])/g, "$_")
      .replace(/\$\{\(([^)\n]{1,12})\)/g, (_whole, flags: string) => `\${${"_".repeat(flags.length + 2)}`),
  "c-sharp": (text) => withFirstBranchesOnly(text).replace(/(?<=\[\s*)(?:assembly|module|field|event|method|param|property|return|type)(?=\s*[\],])/g, (word) => `_${word.slice(1)}`),
};

/**
 * A line's backquoted commands with the blanks after the opening backquote moved after the
 * command's first word (`` COUNT=`   echo "$r" | jq .count` `` as `` COUNT=`echo    "$r" | jq .count` ``):
 * tree-sitter-bash fails on two such lines in a row (cloudflare/python-cloudflare's paging
 * example, from its first line). Backquotes are paired in order along the line, escaped ones aside.
 */
function withoutSpaceAfterOpeningBacktick(line: string): string {
  let opening = true;
  let out = "";
  for (let at = 0; at < line.length; at++) {
    const char = line[at]!;
    if (char === "\\") {
      out += line.slice(at, at + 2);
      at++;
      continue;
    }
    if (char !== "`") {
      out += char;
      continue;
    }
    out += char;
    if (opening) {
      const moved = /^([ \t]+)([^\s`]+)/.exec(line.slice(at + 1));
      if (moved) {
        out += moved[2]! + moved[1]!;
        at += moved[0].length;
      }
    }
    opening = !opening;
  }
  return out;
}

/** `#if` groups as their first branch alone: the directives and the lines of `#elif`/`#else` branches blanked (line breaks kept). */
function withFirstBranchesOnly(text: string): string {
  if (!/^[ \t]*#if\b/m.test(text)) return text;
  const lines = text.split("\n");
  /** Per open `#if`, whether the branch now read is one after the first. */
  const skipping: boolean[] = [];
  for (let index = 0; index < lines.length; index++) {
    const directive = /^[ \t]*#(if|elif|else|endif)\b/.exec(lines[index]!)?.[1];
    if (directive === "if") skipping.push(false);
    else if ((directive === "elif" || directive === "else") && skipping.length > 0) skipping[skipping.length - 1] = true;
    else if (directive === "endif") skipping.pop();
    if (directive !== undefined || skipping.includes(true)) lines[index] = lines[index]!.replace(/[^\r]/g, " ");
  }
  return lines.join("\n");
}

/**
 * tree-sitter-c-sharp reads `}"""` that ends an interpolated verbatim string (`$@"…{name}"""`: a
 * hole, an escaped quote, the closing quote) as a raw string's delimiter and fails on the rest of
 * the file: a test of 359 lines building JSON this way was "only partly analysed" from its first
 * line, and the run failed. That escaped quote is rewritten to two apostrophes (the same length:
 * positions stay those of the file); raw strings (`$"""{name}"""`) keep theirs.
 */
function withoutEscapedQuoteBeforeClose(text: string): string {
  const rewritten: number[] = [];
  let scannedTo = 0;
  for (const start of text.matchAll(/\$@"|@\$"/g)) {
    if (start.index < scannedTo) continue;
    let at = start.index + 3;
    let afterHole = false;
    while (at < text.length) {
      const char = text[at];
      if (char === '"') {
        if (text[at + 1] !== '"') {
          at++;
          break;
        }
        if (afterHole && text[at + 2] === '"') rewritten.push(at);
        at += 2;
        afterHole = false;
      } else if (char === "{" && text[at + 1] !== "{") {
        // A hole, to its closing brace.
        let depth = 1;
        for (at++; at < text.length && depth > 0; at++) depth += text[at] === "{" ? 1 : text[at] === "}" ? -1 : 0;
        afterHole = true;
      } else {
        at += char === "{" || char === "}" ? 2 : 1;
        afterHole = false;
      }
    }
    scannedTo = at;
  }
  if (rewritten.length === 0) return text;
  let result = "";
  let from = 0;
  for (const at of rewritten) {
    result += `${text.slice(from, at)}''`;
    from = at + 2;
  }
  return result + text.slice(from);
}

/** 1-based line/column range of the `occurrence`-th appearance of `snippet` in `code`. */
export function rangeOf(code: string, snippet: string, occurrence = 1) {
  let index = -1;
  for (let seen = 0; seen < occurrence; seen++) {
    index = code.indexOf(snippet, index + 1);
    if (index === -1) throw new Error(`"${snippet}" (#${occurrence}) not found`);
  }
  const position = (offset: number) => {
    const before = code.slice(0, offset).split("\n");
    return { line: before.length, column: before.at(-1)!.length + 1 };
  };
  const start = position(index);
  const end = position(index + snippet.length);
  return { line: start.line, column: start.column, endLine: end.line, endColumn: end.column };
}

/**
 * One copy of each string a long-lived record keeps many times over: the import specifiers, path
 * words and file names a scan keeps for every file it reads (`../../core/resource` is written by
 * thousands of files of an SDK, `index.ts` is in most directories). Each copy is flat, so it never
 * keeps alive the text it was cut from. Bounded: when full it starts over, which costs only
 * copies, never a different answer.
 */
export class StringPool {
  private readonly strings = new Map<string, string>();

  constructor(private readonly maxStrings = 50_000) {}

  intern(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    if (this.strings.size >= this.maxStrings) this.strings.clear();
    const copy = flatCopy(value);
    this.strings.set(copy, copy);
    return copy;
  }
}

/**
 * A copy of a string that holds no reference to another. V8 keeps a substring of 13 characters or
 * more as a view of the whole string it was cut from (a file's text, say); a JSON round trip
 * builds it anew. Shorter ones are copies already.
 */
function flatCopy(value: string): string {
  return value.length < 13 ? value : (JSON.parse(JSON.stringify(value)) as string);
}

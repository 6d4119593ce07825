/**
 * How curl reads its words, whoever runs it: a shell script's command, or the argv a program
 * passes (Python's `["curl", "-X", "PATCH", url]`, Go's `exec.Command`, Rust's
 * `Command::new("curl")`, Node's `execFileSync("curl", [...])`). Only the words' texts are read
 * (`null` for a word whose text is not known); the caller maps the answer back to its own values.
 */

/** curl options that take a value (the next word), beside those read below. */
const OPTIONS_WITH_VALUE = new Set([
  "-H", "--header", "-u", "--user", "-o", "--output", "-A", "--user-agent", "-b", "--cookie", "-c", "--cookie-jar", "-e", "--referer",
  "-m", "--max-time", "--connect-timeout", "-w", "--write-out", "--retry", "-T", "--upload-file", "-x", "--proxy", "-K", "--config",
  "--cacert", "--cert", "--key", "-E", "--resolve", "--oauth2-bearer", "-r", "--range", "-D", "--dump-header", "--limit-rate",
  "--retry-delay", "--retry-max-time", "-z", "--time-cond", "--interface", "--variable", "--expand-data",
]);
const DATA_OPTIONS = new Set(["-d", "--data", "--data-raw", "--data-binary", "--data-ascii", "--data-urlencode", "-F", "--form", "--json", "--form-string"]);

/** A program's name that is curl (`curl`, `/usr/bin/curl`, `curl.exe`). */
export const isCurl = (word: string | null | undefined) => word !== null && word !== undefined && /(?:^|\/)curl(?:\.exe)?$/.test(word);

export interface CurlWords {
  /** The method as written (`-X PATCH`, `-XPATCH`: upper-cased), or the word that gives it (`-X "$m"`), or the default (GET; POST with data). */
  method: { text: string } | { word: number };
  /** The word that is the URL (`--url`, or the first that is no option or option's value), if any. */
  url: number | null;
  /** The words that are data sent (`-d`, `--data`, `--json`…), in order. */
  data: number[];
  /** Every other word that is an option's value or a further argument. */
  rest: number[];
}

/** What curl makes of its words (after the program's name). */
export function readCurlWords(words: readonly (string | null)[]): CurlWords {
  let method: CurlWords["method"] | null = null;
  let url: number | null = null;
  const data: number[] = [];
  const rest: number[] = [];
  let get = false;
  for (let index = 0; index < words.length; index++) {
    const option = words[index];
    if (option === "-X" || option === "--request") {
      const next = ++index;
      if (next < words.length) method = words[next] !== null ? { text: words[next]!.toUpperCase() } : { word: next };
    } else if (option?.startsWith("-X") && option.length > 2 && !option.startsWith("-X-")) {
      method = { text: option.slice(2).toUpperCase() };
    } else if (option === "--url") {
      if (++index < words.length) url = index;
    } else if (option !== null && option !== undefined && DATA_OPTIONS.has(option)) {
      if (++index < words.length) data.push(index);
    } else if (option === "-G" || option === "--get") {
      get = true;
    } else if (option !== null && option !== undefined && OPTIONS_WITH_VALUE.has(option)) {
      if (++index < words.length) rest.push(index);
    } else if (option?.startsWith("-") && option.length > 1) {
      continue;
    } else if (url === null) {
      url = index;
    } else rest.push(index);
  }
  return { method: method ?? { text: get || data.length === 0 ? "GET" : "POST" }, url, data, rest };
}

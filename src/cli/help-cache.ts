/**
 * `sunset-lint --help` and `sunset-lint COMMAND --help` answered from the help texts written at
 * build time (`write-help.ts`), before commander and the command line's modules are loaded: they
 * were about 0.05 s of a 0.17 s `--help` on a loaded 2-core machine where Node alone started in
 * 0.11 s. The texts are commander's own, at its fixed width (see `program` in main.ts), and are
 * used only beside the main.js they were written from (its size and modification time): a build
 * that skipped writing them (`tsc` alone) falls back to commander.
 */
import { readFileSync, statSync } from "node:fs";

export interface HelpTexts {
  /** The size and modification time of the main.js the texts were written from. */
  main: string;
  /** By command name; "" for the program's own help. */
  texts: Record<string, string>;
}

export const HELP_FILE = "help.json";
const HELP_FLAGS = new Set(["--help", "-h"]);

/** What the texts are kept by: the compiled main.js beside them. */
export function mainStamp(directory: URL): string | null {
  const stats = statSync(new URL("main.js", directory), { throwIfNoEntry: false });
  return stats ? `${stats.size}:${stats.mtimeMs}` : null;
}

/** The help text `argv` asks for (`--help`, `-h`, `COMMAND --help`), if the texts written beside main.js hold it; else null. */
export function cachedHelp(argv: readonly string[], directory: URL): string | null {
  const [first, second] = argv;
  const command = argv.length === 1 && HELP_FLAGS.has(first!) ? "" : argv.length === 2 && HELP_FLAGS.has(second!) && !first!.startsWith("-") ? first! : null;
  if (command === null) return null;
  let help: HelpTexts;
  try {
    help = JSON.parse(readFileSync(new URL(HELP_FILE, directory), "utf8")) as HelpTexts;
  } catch {
    return null;
  }
  if (typeof help?.texts !== "object" || help.main !== mainStamp(directory) || !Object.hasOwn(help.texts, command)) return null;
  return help.texts[command] ?? null;
}

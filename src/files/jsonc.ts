/**
 * jsonc-parser, loaded when JSONC is first parsed: a warm `--cache` run, or one without a config
 * file, tsconfig aliases or JSON documents to analyse, never loads it.
 */
import { createRequire } from "node:module";

let loaded: typeof import("jsonc-parser") | undefined;

export function jsonc(): typeof import("jsonc-parser") {
  return (loaded ??= createRequire(import.meta.url)("jsonc-parser") as typeof import("jsonc-parser"));
}

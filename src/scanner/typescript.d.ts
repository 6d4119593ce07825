/**
 * `#typescript` (package.json "imports", src/scanner/typescript-runtime.cts) is the TypeScript
 * compiler ts-morph ships, loaded on its own: the scanner parses with a pinned, known compiler
 * API whatever TypeScript the project has, without loading ts-morph and the library files it
 * bundles (12 MB of source kept in memory, needed only by `--tsconfig`). Its types are ts-morph's.
 */
declare module "#typescript" {
  import { ts } from "ts-morph";
  export = ts;
}

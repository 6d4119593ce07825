// The TypeScript compiler ts-morph ships, loaded without ts-morph (see typescript.d.ts), as
// `#typescript`. CommonJS, through a `require` that Node's scanner of CommonJS exports does not
// follow: imported from ESM, the 8.9 MB compiler would be scanned for its export names first.
// Compiled from V8's code cache when an earlier run left one (see code-cache.cts).
import { requireWithCodeCache } from "./code-cache.cjs";

export = requireWithCodeCache(require.resolve("@ts-morph/common/dist/typescript.js"));

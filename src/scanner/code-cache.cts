/**
 * Loads a large CommonJS file (the TypeScript compiler, 8.9 MB) with V8's code cache: the
 * compiled code of one run is kept and the next run starts from it instead of compiling the
 * source again (load 190-260 ms -> 60-70 ms on CI's machine). As Node's own compile cache does,
 * it lives in the system's temporary folder, in a folder of this user that no one else may write;
 * V8 checks that a cache matches the source and its flags, and ignores it otherwise: the flags
 * the CLI sets for a large scan (`--interrupt-budget`, `--expose-gc`: see cli/v8-tuning.ts) are
 * part of the cache's name (`noteV8Flags` in v8-flags.ts), so that a run with them and one without each find
 * their own. Before that, the analysis worker of every cold scan (tuned) met the cache of a run
 * without them, which V8 rejected: it compiled the compiler anew, 170-210 ms on its critical path.
 * `SUNSET_LINT_NO_CODE_CACHE=1` turns it off.
 */
import { isAscii } from "node:buffer";
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from "node:fs";
import Module = require("node:module");
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { threadId } from "node:worker_threads";

type Loaded = { file: string; usedCache: boolean };
const loaded: Loaded[] = [];

/** The V8 flags this thread noted (see v8-flags.ts: the same global slot). */
const v8Flags = () => (globalThis as unknown as Record<symbol, string | undefined>)[Symbol.for("sunset-lint.v8-flags")] ?? "";

/** This user's cache folder, or null when it cannot be made private (shared or not ours). */
function privateFolder(): string | null {
  if (process.env["SUNSET_LINT_NO_CODE_CACHE"] === "1") return null;
  const uid = typeof process.getuid === "function" ? process.getuid() : null;
  const folder = join(tmpdir(), `sunset-lint-code-cache${uid === null ? "" : `-${uid}`}`);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stats = statSync(folder);
    if (!stats.isDirectory()) return null;
    if (uid !== null && (stats.uid !== uid || (stats.mode & 0o077) !== 0)) return null;
    return folder;
  } catch {
    return null;
  }
}

/**
 * A file's text and the name of its code cache. Read as bytes and hashed as bytes; ASCII (the
 * compiler is) decoded as Latin-1, which is the same text, as `utf8Text` (files/utf8-text.ts)
 * does; not imported, as this CommonJS module loads before the rest and depends on none of it.
 * Decoding 8.9 MB as UTF-8 and hashing the string took about 110 ms more of every load (0.81x the
 * load's wall time, n=15 paired). The bytes are let go before the module runs.
 */
function sourceAndKey(file: string): { source: string; key: string } {
  const bytes = readFileSync(file);
  const source = isAscii(bytes) ? bytes.toString("latin1") : bytes.toString("utf8");
  const key = createHash("sha1").update(`${file}\0${source.length}\0${process.version}\0${process.arch}\0${v8Flags()}`).update(bytes).digest("hex").slice(0, 16);
  return { source, key };
}

/** `require(file)`, from the code cache when there is one; the module is registered as required. */
export function requireWithCodeCache(file: string): unknown {
  const cached = require.cache[file];
  if (cached?.loaded) return cached.exports;
  const { source, key } = sourceAndKey(file);
  const folder = privateFolder();
  const cacheFile = folder ? join(folder, `${key}.bin`) : null;
  let cachedData: Buffer | undefined;
  if (cacheFile) {
    try {
      cachedData = readFileSync(cacheFile);
    } catch {
      cachedData = undefined;
    }
  }
  const script = new Script(Module.wrap(source), { filename: file, ...(cachedData ? { cachedData } : {}) });
  const usedCache = cachedData !== undefined && script.cachedDataRejected === false;
  const module = new Module(file, undefined);
  module.filename = file;
  module.paths = (Module as unknown as { _nodeModulePaths(path: string): string[] })._nodeModulePaths(dirname(file));
  const wrapper = script.runInThisContext() as (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;
  wrapper.call(module.exports, module.exports, Module.createRequire(file), module, file, dirname(file));
  module.loaded = true;
  require.cache[file] = module;
  loaded.push({ file, usedCache });
  if (cacheFile && !usedCache) keep(script, cacheFile);
  return module.exports;
}

/** The files loaded so far, and whether their compiled code came from the cache (for `--debug` and tests). */
export function codeCacheUse(): { file: string; fromCache: boolean }[] {
  return loaded.map(({ file, usedCache }) => ({ file, fromCache: usedCache }));
}

/**
 * Keeps the compiled code of a file loaded without a usable cache, as soon as it is loaded: V8
 * checks a cache against the flags it was made under, and later in a run they may differ from
 * those it was loaded under (compiling the shell grammar leaves WebAssembly's tier-up off, see
 * languages/tree-sitter.ts): a cache made at exit, as it once was, was rejected by every next
 * run of the analysis worker. It holds the functions compiled so far (the compiler's top level);
 * the rest are compiled lazily as before, which measured the same. Written to a temporary name
 * and renamed, so that runs at the same time never read half a file.
 */
function keep(script: Script, cacheFile: string): void {
  const temporary = `${cacheFile}.${process.pid}-${threadId}.tmp`;
  try {
    const data = script.createCachedData();
    const fd = openSync(temporary, "wx", 0o600);
    try {
      writeSync(fd, data);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, cacheFile);
  } catch {
    // A cache is an optimisation: a folder that cannot be written costs the next run its speed only.
  }
}

/**
 * Loads a large CommonJS file (the TypeScript compiler, 8.9 MB) with V8's code cache: the
 * compiled code of one run is kept and the next run starts from it instead of compiling the
 * source again (load 190-260 ms -> 60-70 ms on CI's machine). As Node's own compile cache does,
 * it lives in the system's temporary folder, in a folder of this user that no one else may write;
 * V8 checks that a cache matches the source and its flags, and ignores it otherwise.
 * `SUNSET_LINT_NO_CODE_CACHE=1` turns it off.
 */
import { createHash } from "node:crypto";
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, statSync, writeSync } from "node:fs";
import Module = require("node:module");
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";

type Loaded = { file: string; script: Script; cacheFile: string | null; usedCache: boolean };
const loaded: Loaded[] = [];

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

/** `require(file)`, from the code cache when there is one; the module is registered as required. */
export function requireWithCodeCache(file: string): unknown {
  const cached = require.cache[file];
  if (cached?.loaded) return cached.exports;
  const source = readFileSync(file, "utf8");
  const folder = privateFolder();
  const key = createHash("sha1").update(`${file}\0${source.length}\0${process.version}\0${process.arch}`).update(source).digest("hex").slice(0, 16);
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
  loaded.push({ file, script, cacheFile, usedCache });
  return module.exports;
}

/** The files loaded so far, and whether their compiled code came from the cache (for `--debug` and tests). */
export function codeCacheUse(): { file: string; fromCache: boolean }[] {
  return loaded.map(({ file, usedCache }) => ({ file, fromCache: usedCache }));
}

/**
 * Keeps the compiled code of the files loaded without a usable cache, at exit: by then it holds
 * the functions this run compiled lazily too. Written to a temporary name and renamed, so that
 * runs at the same time never read half a file.
 */
process.once("exit", () => {
  for (const { script, cacheFile, usedCache } of loaded) {
    if (!cacheFile || usedCache) continue;
    const temporary = `${cacheFile}.${process.pid}.tmp`;
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
});

/**
 * How the plugin resolves the modules a file imports: relative imports, and the project's aliases
 * (tsconfig `paths`). Answers are a second old at most by the plugin's clock (`lint-clock.ts`), so
 * that an editor's long-running process notices a new file, or a changed tsconfig, within a second;
 * in a run over many files each is looked up once. Shared by the rules' thread and the thread that
 * reads files ahead (see `read-ahead.ts`), each with its own memory.
 */
import { RecentListings } from "../files/recent-listings.js";
import { recentImportResolver } from "../files/resolve-import.js";
import { resolveAlias, TsconfigPaths } from "../files/tsconfig-paths.js";
import { lintTime } from "./lint-clock.js";

/** Imports resolved in the last second are not looked up on disk again (an editor notices a new file within it). */
const resolveImport = recentImportResolver(1000, lintTime, new RecentListings(1000, lintTime));
/** The project's import aliases (tsconfig `paths`), read again after a second (an editor notices a changed tsconfig within it). */
let aliasesRead: { aliases: TsconfigPaths; at: number } | null = null;

/** A relative import, or an alias of the project (`@/api/zones`). */
export function resolveProjectImport(fromFile: string, specifier: string): string | null {
  const resolved = resolveImport(fromFile, specifier);
  if (resolved || specifier.startsWith(".") || specifier.startsWith("/")) return resolved;
  const now = lintTime();
  if (!aliasesRead || now - aliasesRead.at > 1000) aliasesRead = { aliases: new TsconfigPaths(), at: now };
  return resolveAlias(aliasesRead.aliases, resolveImport, fromFile, specifier)?.path ?? null;
}

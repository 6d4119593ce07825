import { spawnSync } from "node:child_process";
import { cpSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { scratchDirectory } from "./scratch.js";

export const BIN = fileURLToPath(new URL("../../dist/cli/bin.js", import.meta.url));
export const FIXTURES = fileURLToPath(new URL("../../fixtures", import.meta.url));
export const AS_OF = "2026-11-21";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the built binary, as a user or CI would. */
export function runCli(args: string[], cwd: string, env: Record<string, string> = {}): CliRun {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd, encoding: "utf8", env: { ...process.env, CI: "1", NO_COLOR: "1", ...env }, maxBuffer: 64 * 1024 * 1024 });
  return { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr };
}

/** A throwaway copy of a fixture project (or an empty directory), removed after the file's tests. */
export function scratch(fixture?: string): string {
  const directory = scratchDirectory();
  if (fixture) cpSync(join(FIXTURES, fixture), directory, { recursive: true });
  return directory;
}

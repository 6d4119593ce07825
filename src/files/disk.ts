/**
 * Whether a path exists, asked of the file system: what the resolvers of other files (imports,
 * classes, modules, required files) fall back to when no listing of the walk answers. A path
 * that cannot be asked about (a file where a folder was expected, no permission) does not exist.
 */
import { statSync } from "node:fs";

function statOf(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

export const isFileOnDisk = (path: string): boolean => statOf(path)?.isFile() ?? false;
export const existsOnDisk = (path: string): boolean => statOf(path) !== undefined;

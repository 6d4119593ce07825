/**
 * Finds the file of a Python module a file imports, as the interpreter finds a module of the
 * project: a relative import (`from .client import Api`, `from ..core import base`) from the
 * importing file's package; an absolute one (`from cloudflare_consts import *`, `from myapp.client
 * import Api`) beside the importing file (a script's neighbours, as `python script.py` puts its
 * folder first on the path), at the project's root (the nearest folder above with
 * `pyproject.toml`, `setup.py`, `setup.cfg`, `requirements.txt` or `.git`) or in its `src/`.
 * `a.b` is `a/b.py` or `a/b/__init__.py`. Installed packages (`requests`, `cloudflare`) are not in
 * the project and are not found; a module not found is unknown, as before.
 */
import { dirname, join } from "node:path";
import { BoundedMemo } from "./bounded-memo.js";
import { existsOnDisk, isFileOnDisk } from "./disk.js";


/** What marks a Python project's root. */
const PROJECT_MARKERS = ["pyproject.toml", "setup.py", "setup.cfg", "requirements.txt", ".git"];

export class PythonModuleResolver {
  /** `isFile`: whether a file exists (a scan answers from its walk's directory listings). */
  constructor(private readonly isFile: (path: string) => boolean = isFileOnDisk) {}

  /** By (folder, module). */
  private readonly resolved = new BoundedMemo<string | null>();
  /** By folder: the project root above it (null: none). */
  private readonly roots = new BoundedMemo<string | null>();

  /** The file of `module` (`.client`, `..core.base`, `myapp.client`) imported in `fromFile`, or null. */
  resolve(fromFile: string, module: string): string | null {
    const from = dirname(fromFile);
    return this.resolved.get(`${from}\0${module}`, () => this.find(from, module));
  }

  private find(from: string, module: string): string | null {
    const dots = /^\.*/.exec(module)![0].length;
    const parts = module.slice(dots).split(".").filter(Boolean);
    if (dots > 0) {
      let base = from;
      for (let level = 1; level < dots; level++) base = dirname(base);
      return this.fileOf(parts.length === 0 ? join(base, "__init__") : join(base, ...parts), parts.length === 0);
    }
    if (parts.length === 0) return null;
    const root = this.projectRoot(from);
    const folders = root === null || root === from ? [from] : [from, root];
    if (root !== null) folders.push(join(root, "src"));
    for (const folder of folders) {
      const found = this.fileOf(join(folder, ...parts));
      if (found) return found;
    }
    return null;
  }

  private projectRoot(folder: string): string | null {
    return this.roots.get(folder, () => {
      if (PROJECT_MARKERS.some((marker) => existsOnDisk(join(folder, marker)))) return folder;
      const parent = dirname(folder);
      return parent === folder ? null : this.projectRoot(parent);
    });
  }

  /** `a/b.py`, else `a/b/__init__.py` (`initItself`: the path already names `__init__`). */
  private fileOf(path: string, initItself = false): string | null {
    if (this.isFile(`${path}.py`)) return `${path}.py`;
    if (initItself) return null;
    const init = join(path, "__init__.py");
    return this.isFile(init) ? init : null;
  }
}

import type { CatalogueIndex } from "../catalogue/load.js";
import type { ScanResult } from "../scanner/result.js";

export interface ReportMeta {
  catalogue: CatalogueIndex;
  /** Absolute working directory (for SARIF's base URI). */
  cwd: string;
  toolVersion: string;
  /** When the report was made (ISO timestamp); passed in, never read from the clock here. */
  generatedAt: string;
  color: boolean;
  /** Reads a file's text relative to cwd, for reports that show code; null when unreadable. */
  readSource?: (file: string) => string | null;
  /** CODEOWNERS text of the scanned repo, if any. */
  codeowners?: string | null;
}

/** A formatter is a pure function of the result. */
export type Formatter = (result: ScanResult, meta: ReportMeta) => string;

import { withoutEdits, type ScanResult } from "../scanner/result.js";
import type { Formatter } from "./types.js";

/** The JSON contract: `{ version: 1, asOf, findings, summary }`, without internal fields. */
export function toContract(result: ScanResult): ScanResult {
  return {
    version: 1,
    asOf: result.asOf,
    findings: result.findings.map(withoutEdits),
    summary: result.summary,
  };
}

export const formatJson: Formatter = (result) => `${JSON.stringify(toContract(result), null, 2)}\n`;

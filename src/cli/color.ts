/**
 * Whether the output is coloured, decided once, as other command-line tools do: `--color` and
 * `--no-color` first, then `FORCE_COLOR` (0 or false: off, anything else: on) and `NO_COLOR`
 * (any value: off, https://no-color.org), and otherwise only when writing to a terminal.
 */
export function useColor(flag: boolean | undefined, toTerminal: boolean, env: NodeJS.ProcessEnv = process.env): boolean {
  if (flag !== undefined) return flag;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== "") return force !== "0" && force.toLowerCase() !== "false";
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return toTerminal;
}

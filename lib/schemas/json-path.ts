/**
 * `workers.idleTimeout`, `gpu.pools[0]`, `$` for the root: how a validation failure names its
 * field in problem `errors[]`. Shared so the platform writes and the console reads the same form.
 */
export function jsonPath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const seg of path) {
    if (typeof seg === "number") out += `[${seg}]`;
    else out += out ? `.${String(seg)}` : String(seg);
  }
  return out || "$";
}

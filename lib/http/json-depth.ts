/**
 * How deep JSON from outside may nest: request bodies (registration, the admin API), JWT payloads
 * and headers (client assertions, request objects, upstream ID tokens), and the answers of
 * webhooks, upstream eIDs and client `jwks_uri`s. No protocol value Porta reads nests anywhere
 * near 32 arrays and objects deep, while code that walks a value by recursion (text checks,
 * `JSON.stringify` when a value is stored or signed) overflows the stack on a few thousand levels,
 * which a 10 KB body holds. So a deeper value is refused where it is read, with the endpoint's own
 * 400, before anything else looks at it. The check itself keeps its own stack: any depth, even a
 * million levels, is measured without recursion.
 */

export const MAX_JSON_DEPTH = 32;

/** Text that parses as JSON but nests deeper than MAX_JSON_DEPTH (a SyntaxError, like text that does not parse). */
export class JsonTooDeepError extends SyntaxError {
  override name = "JsonTooDeepError";
  constructor() {
    super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
  }
}

/**
 * Whether `value` holds arrays and objects nested more than `maxDepth` deep (a scalar is depth 0,
 * `[]` and `{}` are 1, `[[1]]` is 2). Depth first, stopping at the first level too deep.
 */
export function exceedsJsonDepth(value: unknown, maxDepth = MAX_JSON_DEPTH): boolean {
  const pending: Array<[inner: unknown, depth: number]> = [[value, 0]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [inner, depth] = next;
    if (typeof inner !== "object" || inner === null) continue;
    if (depth + 1 > maxDepth) return true;
    const children = Array.isArray(inner) ? (inner as unknown[]) : Object.values(inner);
    for (const child of children) {
      if (typeof child === "object" && child !== null) pending.push([child, depth + 1]);
    }
  }
  return false;
}

/** JSON.parse for text from outside: SyntaxError when it is not JSON, JsonTooDeepError when it nests too deep. */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (exceedsJsonDepth(value)) throw new JsonTooDeepError();
  return value;
}

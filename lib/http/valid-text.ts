/**
 * Text Porta accepts at its input boundary (query, form, JSON, path, credentials): no NUL (which
 * PostgreSQL cannot store in text or JSON, and which no protocol value holds) and no unpaired
 * UTF-16 surrogate (text that was not valid UTF-8). Checked once where a request is read, so no
 * such value reaches a lookup or a stored column.
 */

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isValidText(value: string): boolean {
  return !value.includes("\u0000") && !UNPAIRED_SURROGATE.test(value);
}

/** The first string inside a JSON value (at any depth, keys included) that is not valid text, as its path. */
export function invalidTextPath(value: unknown, path = ""): string | undefined {
  if (typeof value === "string") return isValidText(value) ? undefined : path || "(value)";
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = invalidTextPath(value[i], `${path}[${i}]`);
      if (found !== undefined) return found;
    }
    return undefined;
  }
  if (typeof value === "object" && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (!isValidText(key)) return path ? `${path}.(key)` : "(key)";
      const found = invalidTextPath(inner, path ? `${path}.${key}` : key);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

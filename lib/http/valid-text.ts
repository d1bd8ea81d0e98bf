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

/** Where a value sits in its document: its step from the parent (`[0]`, `.kid`, `kid` at the top), and the parent's place. */
interface Place {
  step: string;
  parent: Place | undefined;
}

function pathOf(place: Place): string {
  const steps: string[] = [];
  for (let at: Place | undefined = place; at; at = at.parent) steps.push(at.step);
  return steps.reverse().join("");
}

function memberStep(parent: Place | undefined, key: string): Place {
  return { step: parent ? `.${key}` : key, parent };
}

/**
 * The first string inside a JSON value (at any depth, keys included) that is not valid text, as
 * its path (`jwks.keys[0].kid`, `(key)` for a key). Walked with its own stack, depth first in
 * document order, and the path is spelled only for the string found, so no depth overflows the
 * walk or makes it slow.
 */
export function invalidTextPath(value: unknown): string | undefined {
  const pending: Array<[inner: unknown, place: Place | undefined]> = [[value, undefined]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [inner, place] = next;
    if (typeof inner === "string") {
      if (!isValidText(inner)) return place ? pathOf(place) : "(value)";
    } else if (Array.isArray(inner)) {
      // Pushed last first, so the first element is looked at first.
      for (let i = inner.length - 1; i >= 0; i--) pending.push([inner[i], { step: `[${i}]`, parent: place }]);
    } else if (typeof inner === "object" && inner !== null) {
      const entries = Object.entries(inner);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, member] = entries[i]!;
        pending.push([member, memberStep(place, key)]);
        // The key, a string like any other, is looked at before its value, as the document has them.
        pending.push([key, memberStep(place, "(key)")]);
      }
    }
  }
  return undefined;
}

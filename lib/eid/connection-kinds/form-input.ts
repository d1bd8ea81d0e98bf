/**
 * What the kinds' dashboard forms share: the error that names the input at fault, and the readers
 * of what a form adds to the settings (numbers typed as text, one input per mapping row).
 */

/** A form value the dashboard refuses before the service sees it; `field` is the input at fault. */
export class EidFormInputError extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** A time limit typed in milliseconds; empty is undefined (the setting's default). */
export function milliseconds(raw: string | undefined): number | undefined {
  const text = (raw ?? "").trim();
  if (text === "") return undefined;
  if (!/^\d+$/.test(text)) throw new EidFormInputError("timeoutMs", "Enter a whole number of milliseconds (1000–30000)");
  return Number(text);
}

/** `prefix[key]` inputs with a non-empty value, as a record (the rows of a mapping). */
export function bracketed(values: Readonly<Record<string, string>>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(values)) {
    if (!name.startsWith(`${prefix}[`) || !name.endsWith("]")) continue;
    const key = name.slice(prefix.length + 1, -1);
    if (value.trim() !== "") out[key] = value.trim();
  }
  return out;
}

/** Whether a secret is in force: given now, or stored and kept. */
export function hasSecret(name: string, given: Readonly<Record<string, string>>, kept: readonly string[]): boolean {
  return name in given || kept.includes(name);
}

/** A JSON Schema (as the admin API's OpenAPI document holds it) as a readable, nested list of members. */
import type { ReactNode } from "react";

type Schema = Record<string, unknown>;

function asSchema(value: unknown): Schema | undefined {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Schema) : undefined;
}

/** "string", "integer 1–100", "one of: test, production", "array of object", … */
export function typeLabel(schema: Schema): string {
  if (Array.isArray(schema.enum)) return `one of: ${schema.enum.map((v) => JSON.stringify(v)).join(", ")}`;
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  const variants = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(variants)) return variants.map((v) => typeLabel(asSchema(v) ?? {})).join(" or ");
  const type = Array.isArray(schema.type) ? schema.type.join(" or ") : typeof schema.type === "string" ? schema.type : "any";
  if (type === "array") return `array of ${typeLabel(asSchema(schema.items) ?? {})}`;
  const parts = [type];
  if (typeof schema.format === "string") parts.push(`(${schema.format})`);
  const min = schema.minimum ?? schema.minLength ?? schema.minItems;
  const max = schema.maximum ?? schema.maxLength ?? schema.maxItems;
  // zod writes the safe-integer range on every integer: not worth showing.
  if (typeof max === "number" && max < 9007199254740991) parts.push(typeof min === "number" ? `${min}–${max}` : `≤ ${max}`);
  else if (typeof min === "number" && min > -9007199254740991 && min !== 0) parts.push(`≥ ${min}`);
  return parts.join(" ");
}

function Members({ schema, depth }: { schema: Schema; depth: number }): ReactNode {
  const properties = asSchema(schema.properties);
  const items = asSchema(schema.items);
  if (!properties) {
    if (items?.properties) return <Members schema={items} depth={depth} />;
    const variants = ((schema.anyOf ?? schema.oneOf) as unknown[] | undefined)?.map(asSchema).filter((v): v is Schema => Boolean(v?.properties));
    if (variants?.length) {
      return (
        <div className="grid gap-2">
          {variants.map((variant, i) => (
            <div key={i}>
              <p className="text-xs font-medium text-slate-500">{i === 0 ? "Either" : "or"}</p>
              <Members schema={variant} depth={depth} />
            </div>
          ))}
        </div>
      );
    }
    return null;
  }
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  return (
    <ul className={depth > 0 ? "ml-4 border-l border-slate-200 pl-3" : ""}>
      {Object.entries(properties).map(([name, raw]) => {
        const member = asSchema(raw) ?? {};
        const nested = asSchema(member.properties) || asSchema(asSchema(member.items)?.properties) || (member.anyOf as unknown[] | undefined)?.some((v) => asSchema(asSchema(v)?.properties));
        return (
          <li key={name} className="py-1 text-sm">
            <code className="font-semibold text-slate-900">{name}</code>
            <span className="ml-2 text-slate-600">{typeLabel(member)}</span>
            {required.has(name) ? <span className="ml-2 text-xs font-medium text-rose-700">required</span> : null}
            {member.default !== undefined ? <span className="ml-2 text-xs text-slate-500">default {JSON.stringify(member.default)}</span> : null}
            {typeof member.description === "string" ? <p className="text-slate-600">{member.description.replaceAll("`", "")}</p> : null}
            {nested && depth < 3 ? <Members schema={member} depth={depth + 1} /> : null}
          </li>
        );
      })}
      {schema.additionalProperties === false ? null : depth === 0 && schema.type === "object" ? <li className="py-1 text-xs text-slate-500">Other members are allowed.</li> : null}
    </ul>
  );
}

export function SchemaView({ schema }: { schema: unknown }) {
  const root = asSchema(schema);
  if (!root) return null;
  const hasMembers = Boolean(asSchema(root.properties) || asSchema(asSchema(root.items)?.properties) || root.anyOf || root.oneOf);
  return (
    <div className="rounded-lg bg-slate-50 p-3">
      <p className="text-xs text-slate-500">{typeLabel(root)}</p>
      {hasMembers ? <Members schema={root} depth={0} /> : null}
    </div>
  );
}

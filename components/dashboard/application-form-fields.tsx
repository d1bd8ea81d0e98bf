/** Building blocks of the application form: labelled fields, sections, selects and checkbox groups. */
import type { ReactNode } from "react";
import { DEFAULT_ENCRYPTION_ENC, ENCRYPTION_ALGS, ENCRYPTION_ENCS, encryptionKeyType } from "@/lib/clients/encryption-algorithms";
import type { FormValues } from "@/lib/clients/dashboard-form";
import { FieldError, inputClass, labelClass } from "./ui";

export function get(values: FormValues, name: string): string {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}

export function has(values: FormValues, name: string, option: string): boolean {
  const v = values[name];
  return Array.isArray(v) ? v.includes(option) : v === option;
}

export type InvalidProps = { "aria-invalid": boolean; "aria-describedby": string };

export function Field({ name, label, hint, error, children }: { name: string; label: string; hint?: string; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label className={labelClass} htmlFor={name}>{label}</label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

export function Section({ title, description, testId, wide, children }: { title: string; description?: ReactNode; testId: string; wide?: boolean; children: ReactNode }) {
  return (
    <fieldset data-testid={testId} className={`min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm${wide ? " lg:col-span-2" : ""}`}>
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      <div className="mt-2 grid gap-4">{children}</div>
    </fieldset>
  );
}

/** A checkbox with its label (and an optional hint under it). */
export function Check({ name, value, label, hint, defaultChecked, testId }: { name: string; value?: string; label: ReactNode; hint?: string; defaultChecked: boolean; testId?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" name={name} value={value} defaultChecked={defaultChecked} data-testid={testId} className="mt-0.5" />
      <span>
        {label}
        {hint ? <span className="block text-xs text-slate-500">{hint}</span> : null}
      </span>
    </label>
  );
}

/** A select of signing algorithms; `none` names the empty choice (absent: a value is required). */
export function AlgSelect({ name, value, algs, none, invalid, className = inputClass }: { name: string; value: string; algs: readonly string[]; none?: string; invalid: InvalidProps; className?: string }) {
  return (
    <select id={name} name={name} defaultValue={value} className={className} {...invalid}>
      {none !== undefined ? <option value="">{none}</option> : null}
      {algs.map((a) => <option key={a} value={a}>{a}</option>)}
    </select>
  );
}

/** The key management algorithms discovery lists; empty: not encrypted. */
export function EncryptionAlgSelect({ name, value, invalid }: { name: string; value: string; invalid: InvalidProps }) {
  return (
    <select id={name} name={name} defaultValue={value} className={inputClass} {...invalid}>
      <option value="">None</option>
      {ENCRYPTION_ALGS.map((a) => <option key={a} value={a}>{a} ({encryptionKeyType(a)} key)</option>)}
    </select>
  );
}

export function EncryptionEncSelect({ name, value, invalid }: { name: string; value: string; invalid: InvalidProps }) {
  return (
    <select id={name} name={name} defaultValue={value || DEFAULT_ENCRYPTION_ENC} className={inputClass} {...invalid}>
      {ENCRYPTION_ENCS.map((a) => <option key={a} value={a}>{a}</option>)}
    </select>
  );
}

/** "a", "a and b", "a, b and c". */
export function listed(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

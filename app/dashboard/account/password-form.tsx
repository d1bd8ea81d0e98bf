"use client";

import { useActionState } from "react";
import { buttonClass, FieldError, inputClass, labelClass } from "@/components/dashboard/ui";
import type { PasswordFormState } from "./actions";

const FIELDS = [
  { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
  { name: "newPassword", label: "New password (at least 12 characters)", autoComplete: "new-password" },
  { name: "confirmPassword", label: "New password again", autoComplete: "new-password" },
] as const;

export function PasswordForm({ action }: { action: (state: PasswordFormState, form: FormData) => Promise<PasswordFormState> }) {
  const [state, run, pending] = useActionState<PasswordFormState, FormData>(action, {});
  return (
    <form action={run} noValidate className="grid max-w-md gap-4" data-testid="password-form">
      {state.saved ? <p role="status" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900" data-testid="password-changed">Your password was changed. Your other dashboard sessions have ended.</p> : null}
      {FIELDS.map((f) => (
        <div key={f.name}>
          <label htmlFor={f.name} className={labelClass}>{f.label}</label>
          {/* Emptied after every submit: passwords are never sent back to the page. */}
          <input id={f.name} name={f.name} type="password" autoComplete={f.autoComplete} required className={inputClass} aria-invalid={!!state.errors?.[f.name]} aria-describedby={`${f.name}-error`} data-testid={`password-${f.name}`} />
          <FieldError id={`${f.name}-error`} message={state.errors?.[f.name]} />
        </div>
      ))}
      <div>
        <button type="submit" disabled={pending} className={buttonClass} data-testid="password-submit">{pending ? "Changing…" : "Change password"}</button>
      </div>
    </form>
  );
}

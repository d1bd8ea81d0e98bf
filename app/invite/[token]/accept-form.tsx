"use client";

import { useActionState } from "react";
import { buttonClass, FieldError, inputClass, labelClass } from "@/components/dashboard/ui";
import type { AcceptFormState } from "./actions";
import { InvitationProblem } from "./invitation-problem";

type Field = "name" | "password" | "confirmPassword";

function Input({ name, label, type, autoComplete, state, defaultValue }: { name: Field; label: string; type: string; autoComplete: string; state: AcceptFormState; defaultValue?: string }) {
  const error = state.errors?.[name];
  return (
    <div>
      <label htmlFor={`invite-${name}`} className={labelClass}>{label}</label>
      <input id={`invite-${name}`} name={name} type={type} autoComplete={autoComplete} required defaultValue={defaultValue} className={inputClass} aria-invalid={!!error} aria-describedby={`invite-${name}-error`} data-testid={`invite-${name}`} />
      <FieldError id={`invite-${name}-error`} message={error} />
    </div>
  );
}

/** A new admin sets a name and a password; an existing one enters their password. */
export function AcceptForm({ action, email, hasAccount }: { action: (state: AcceptFormState, form: FormData) => Promise<AcceptFormState>; email: string; hasAccount: boolean }) {
  const [state, run, pending] = useActionState<AcceptFormState, FormData>(action, {});
  if (state.gone) return <InvitationProblem state={state.gone} />;
  return (
    <form action={run} noValidate className="grid gap-4" data-testid="invite-accept-form">
      <div>
        <span className={labelClass}>Email</span>
        <p className="mt-1 rounded-lg bg-slate-50 px-3 py-2 text-sm" data-testid="invite-email-shown">{email}</p>
        {/* For password managers: the account this password belongs to. */}
        <input type="hidden" name="username" value={email} autoComplete="username" />
      </div>
      {hasAccount ? (
        <Input name="password" label="Your current password" type="password" autoComplete="current-password" state={state} />
      ) : (
        <>
          <Input name="name" label="Your name" type="text" autoComplete="name" state={state} defaultValue={state.name} />
          <Input name="password" label="Password (at least 12 characters)" type="password" autoComplete="new-password" state={state} />
          <Input name="confirmPassword" label="Password again" type="password" autoComplete="new-password" state={state} />
        </>
      )}
      <button type="submit" disabled={pending} className={`${buttonClass} w-full`} data-testid="invite-accept">
        {pending ? "Joining…" : hasAccount ? "Sign in and join" : "Create account and join"}
      </button>
    </form>
  );
}

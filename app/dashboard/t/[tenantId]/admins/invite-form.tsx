"use client";

import { useActionState } from "react";
import { CopyButton } from "@/components/dashboard/copy-button";
import { buttonClass, FieldError, inputClass, labelClass } from "@/components/dashboard/ui";
import type { InviteFormState } from "./actions";

export function InviteForm({ action }: { action: (state: InviteFormState, form: FormData) => Promise<InviteFormState> }) {
  const [state, run, pending] = useActionState<InviteFormState, FormData>(action, {});
  return (
    <div className="grid gap-3">
      {state.errors?.form ? <p role="alert" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800" data-testid="invite-error">{state.errors.form}</p> : null}
      <form action={run} noValidate className="grid gap-3 sm:grid-cols-[1fr_17rem_auto] sm:items-start" data-testid="invite-form">
        <div>
          <label htmlFor="invite-email" className={labelClass}>Email</label>
          <input id="invite-email" name="email" type="email" autoComplete="off" defaultValue={state.values?.email} key={state.invite?.url ?? "form"} className={inputClass} placeholder="name@example.com" aria-invalid={!!state.errors?.email} aria-describedby="invite-email-error" data-testid="invite-email" />
          <FieldError id="invite-email-error" message={state.errors?.email} />
        </div>
        <div>
          <label htmlFor="invite-role" className={labelClass}>Role</label>
          <select id="invite-role" name="role" defaultValue={state.values?.role ?? "member"} className={inputClass} aria-invalid={!!state.errors?.role} aria-describedby="invite-role-error" data-testid="invite-role">
            <option value="member">Member (can look)</option>
            <option value="owner">Owner (can change everything)</option>
          </select>
          <FieldError id="invite-role-error" message={state.errors?.role} />
        </div>
        <button type="submit" disabled={pending} className={`${buttonClass} sm:mt-6`} data-testid="invite-submit">{pending ? "Inviting…" : "Invite"}</button>
      </form>
      {state.invite ? (
        <div className="grid gap-2 rounded-lg bg-emerald-50 p-3 text-sm" data-testid="invite-created" role="status">
          <p className="font-medium text-emerald-900">
            Send this link to {state.invite.email}. It is shown once, works once, and expires {state.invite.expiresAt.slice(0, 16).replace("T", " ")} UTC.
          </p>
          <div className="flex flex-wrap items-center gap-2">
            <code className="min-w-0 break-all rounded bg-white px-2 py-1" data-testid="invite-url">{state.invite.url}</code>
            <CopyButton value={state.invite.url} testId="invite-copy" />
          </div>
        </div>
      ) : null}
    </div>
  );
}

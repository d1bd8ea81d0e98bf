"use client";

import { useActionState } from "react";
import { buttonClass, inputClass, labelClass } from "@/components/dashboard/ui";
import { signInAction, type SignInState } from "./actions";

export function SignInForm({ callbackUrl }: { callbackUrl: string }) {
  const [state, action, pending] = useActionState<SignInState, FormData>(signInAction, {});
  return (
    <form action={action} className="space-y-4" noValidate>
      <input type="hidden" name="callbackUrl" value={callbackUrl} />
      {state.error ? (
        <p role="alert" data-testid="signin-error" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">
          {state.error}
        </p>
      ) : null}
      <label className={labelClass}>
        Email
        <input name="email" type="email" autoComplete="username" required defaultValue={state.email} className={inputClass} data-testid="signin-email" />
      </label>
      <label className={labelClass}>
        Password
        <input name="password" type="password" autoComplete="current-password" required className={inputClass} data-testid="signin-password" />
      </label>
      <button type="submit" disabled={pending} className={`${buttonClass} w-full`} data-testid="signin-submit">
        {pending ? "Signing in…" : "Sign in"}
      </button>
    </form>
  );
}

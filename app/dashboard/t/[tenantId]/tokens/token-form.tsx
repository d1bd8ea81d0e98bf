"use client";

import { useActionState } from "react";
import { CopyButton } from "@/components/dashboard/copy-button";
import { buttonClass, FieldError, inputClass, labelClass } from "@/components/dashboard/ui";
import type { TokenFormState } from "./actions";

export function TokenForm({ action }: { action: (state: TokenFormState, form: FormData) => Promise<TokenFormState> }) {
  const [state, run, pending] = useActionState<TokenFormState, FormData>(action, {});
  return (
    <div className="grid gap-3">
      <form action={run} noValidate className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start">
        <div>
          <label htmlFor="token-name" className={labelClass}>Name</label>
          <input id="token-name" name="name" defaultValue={state.name} className={inputClass} placeholder="e.g. CI deployment" aria-invalid={!!state.error} aria-describedby="token-name-error" data-testid="token-name" />
          <FieldError id="token-name-error" message={state.error} />
        </div>
        <button type="submit" disabled={pending} className={`${buttonClass} sm:mt-6`} data-testid="token-create">Create token</button>
      </form>
      {state.token ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm" data-testid="token-created">
          <span className="font-medium text-emerald-900">Copy it now; it is shown once:</span>
          <code className="break-all rounded bg-white px-2 py-1" data-testid="token-value">{state.token}</code>
          <CopyButton value={state.token} />
        </div>
      ) : null}
    </div>
  );
}

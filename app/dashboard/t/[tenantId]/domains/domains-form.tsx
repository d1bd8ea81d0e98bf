"use client";

import { useActionState } from "react";
import { buttonClass, FieldError, inputClass, labelClass } from "@/components/dashboard/ui";
import type { DomainsFormState } from "./actions";

export function DomainsForm({ action, initial }: { action: (state: DomainsFormState, form: FormData) => Promise<DomainsFormState>; initial: string }) {
  const [state, run, pending] = useActionState<DomainsFormState, FormData>(action, { value: initial });
  return (
    <form action={run} noValidate className="grid gap-3">
      <div>
        <label htmlFor="domains" className={labelClass}>Domains, one per line</label>
        <textarea
          id="domains"
          name="domains"
          key={state.value}
          defaultValue={state.value}
          rows={4}
          className={`${inputClass} font-mono`}
          placeholder={"login.example.com\nacme.localhost:3000"}
          aria-invalid={!!state.error}
          aria-describedby="domains-help domains-error"
          data-testid="domains-input"
        />
        <p id="domains-help" className="mt-1 text-xs text-slate-500">Host names only: no scheme, path or wildcard. A port only on *.localhost names (local development).</p>
        <FieldError id="domains-error" message={state.error} />
      </div>
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className={buttonClass} data-testid="domains-save">Save domains</button>
        {state.saved && !pending ? <span role="status" className="text-sm text-emerald-700" data-testid="domains-saved">Saved.</span> : null}
      </div>
    </form>
  );
}

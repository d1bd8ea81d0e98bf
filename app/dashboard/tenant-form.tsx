"use client";

import { useActionState } from "react";
import { buttonClass, FieldError, inputClass, labelClass } from "@/components/dashboard/ui";
import { createTenantAction, type TenantFormState } from "./actions";

/** `publicUrl`: PUBLIC_URL, the issuer of the test tenants without a domain. */
export function TenantForm({ publicUrl }: { publicUrl: string }) {
  const [state, action, pending] = useActionState<TenantFormState, FormData>(createTenantAction, {});
  return (
    <form action={action} className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start" noValidate data-testid="tenant-form">
      <div>
        <label className={labelClass} htmlFor="tenant-name">Name</label>
        <input id="tenant-name" name="name" className={inputClass} defaultValue={state.values?.name} aria-invalid={!!state.errors?.name} aria-describedby="tenant-name-error" />
        <FieldError id="tenant-name-error" message={state.errors?.name} />
      </div>
      <div>
        <label className={labelClass} htmlFor="tenant-environment">Environment</label>
        <select id="tenant-environment" name="environment" className={inputClass} defaultValue={state.values?.environment ?? "test"}>
          <option value="test">Test (simulated eIDs)</option>
          <option value="production">Production (real eIDs)</option>
        </select>
        <FieldError id="tenant-environment-error" message={state.errors?.environment} />
      </div>
      <button type="submit" disabled={pending} className={`${buttonClass} sm:mt-6`} data-testid="tenant-create">
        Create tenant
      </button>
      <p className="text-sm text-slate-600 sm:col-span-3" data-testid="tenant-environment-note">
        A test tenant without a domain is served on <code>{publicUrl}</code>. A production tenant is served only on its own domains, never there: it logs
        nobody in until you give it one (Domains, after creating it).
      </p>
    </form>
  );
}

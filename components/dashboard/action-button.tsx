"use client";

import { useActionState } from "react";
import { CopyButton } from "./copy-button";

export interface ActionResult {
  ok?: boolean;
  message?: string;
  secret?: string;
  error?: string;
}

/** A button that runs a server action and shows its result (and a one-time secret, if any). */
export function ActionButton({
  action,
  label,
  className,
  confirm,
  testId,
}: {
  action: () => Promise<ActionResult>;
  label: string;
  className: string;
  confirm?: string;
  testId: string;
}) {
  const [state, run, pending] = useActionState<ActionResult, FormData>(async () => action(), {});
  return (
    <form action={run} className="grid gap-2">
      <div>
        <button
          type="submit"
          disabled={pending}
          className={className}
          data-testid={testId}
          onClick={(event) => {
            if (confirm && !window.confirm(confirm)) event.preventDefault();
          }}
        >
          {pending ? "Working…" : label}
        </button>
      </div>
      {state.message ? (
        <p role="status" data-testid={`${testId}-result`} className={`text-sm ${state.ok ? "text-emerald-800" : "text-rose-700"}`}>
          {state.message}
        </p>
      ) : null}
      {state.error ? <p role="alert" className="text-sm text-rose-700">{state.error}</p> : null}
      {state.secret ? (
        <div className="flex flex-wrap items-center gap-2 rounded-lg bg-emerald-50 p-3 text-sm" data-testid={`${testId}-secret`}>
          <span className="font-medium text-emerald-900">New secret (shown once):</span>
          <code className="break-all rounded bg-white px-2 py-1">{state.secret}</code>
          <CopyButton value={state.secret} />
        </div>
      ) : null}
    </form>
  );
}

"use client";

import { useActionState } from "react";
import { secondaryButtonClass } from "./ui";

export interface TestConnectionResult {
  ok?: boolean;
  error?: string;
}

/**
 * Runs "Test connection". Its outcome and note are recorded on the connection and shown in the
 * page's "Last test" (re-rendered by the action), so this button shows only why it could not run.
 */
export function EidConnectionTestButton({ action }: { action: () => Promise<TestConnectionResult> }) {
  const [state, run, pending] = useActionState<TestConnectionResult, FormData>(async () => action(), {});
  return (
    <form action={run} className="grid gap-2">
      <div>
        <button type="submit" disabled={pending} className={secondaryButtonClass} data-testid="test-connection">
          {pending ? "Testing…" : "Test connection"}
        </button>
      </div>
      {state.error ? <p role="alert" className="text-sm text-rose-700">{state.error}</p> : null}
    </form>
  );
}

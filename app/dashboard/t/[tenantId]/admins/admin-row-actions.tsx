"use client";

import { useActionState } from "react";
import { dangerButtonClass, inputClass, secondaryButtonClass } from "@/components/dashboard/ui";
import type { MemberActionState } from "./actions";

/** An owner's controls for one admin: change the role, remove. Refusals (the last owner) show beside them. */
export function AdminRowActions({
  email,
  role,
  isSelf,
  setRole,
  remove,
}: {
  email: string;
  role: "owner" | "member";
  isSelf: boolean;
  setRole: (state: MemberActionState, form: FormData) => Promise<MemberActionState>;
  remove: () => Promise<MemberActionState>;
}) {
  const [roleState, runRole, rolePending] = useActionState<MemberActionState, FormData>(setRole, {});
  const [removeState, runRemove, removePending] = useActionState<MemberActionState, FormData>(async () => remove(), {});
  const error = roleState.error ?? removeState.error;
  const selectId = `role-${email}`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <form action={runRole} className="flex items-center gap-2">
          <label htmlFor={selectId} className="sr-only">Role of {email}</label>
          <select id={selectId} name="role" defaultValue={role} key={role} className={`${inputClass} mt-0 w-32`} data-testid="admin-role-select">
            <option value="owner">Owner</option>
            <option value="member">Member</option>
          </select>
          <button type="submit" disabled={rolePending} className={secondaryButtonClass} data-testid="admin-role-save">Save<span className="sr-only"> role of {email}</span></button>
        </form>
        <form action={runRemove}>
          <button
            type="submit"
            disabled={removePending}
            className={dangerButtonClass}
            data-testid="admin-remove"
            onClick={(event) => {
              const question = isSelf ? "Remove yourself from this tenant? You lose access at once." : `Remove ${email} from this tenant? Their access ends at once.`;
              if (!window.confirm(question)) event.preventDefault();
            }}
          >
            Remove<span className="sr-only"> {email}</span>
          </button>
        </form>
      </div>
      {error ? <p role="alert" className="text-sm text-rose-700" data-testid="admin-row-error">{error}</p> : null}
      {roleState.saved && !error ? <p role="status" className="text-sm text-emerald-800">Role saved.</p> : null}
    </div>
  );
}

"use server";

import { actionClientIp } from "@/components/dashboard/action-ip";
import { requireAdmin } from "@/components/dashboard/session";
import { changeOwnPassword, type PasswordChangeField } from "@/lib/admin/change-password";

export interface PasswordFormState {
  errors?: Partial<Record<PasswordChangeField, string>>;
  saved?: boolean;
}

export async function changePasswordAction(_state: PasswordFormState, form: FormData): Promise<PasswordFormState> {
  const admin = await requireAdmin("/dashboard/account");
  const input = {
    currentPassword: String(form.get("currentPassword") ?? ""),
    newPassword: String(form.get("newPassword") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  };
  // The change ends the admin's other dashboard sessions; this one stays.
  const result = await changeOwnPassword(admin.adminId, input, await actionClientIp(), admin.sessionId);
  return result.ok ? { saved: true } : { errors: { [result.field]: result.message } };
}

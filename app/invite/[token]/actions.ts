"use server";

import { redirect } from "next/navigation";
import { actionClientIp } from "@/components/dashboard/action-ip";
import { acceptInvitation, type AcceptField } from "@/lib/admin/invitations";

export interface AcceptFormState {
  errors?: Partial<Record<AcceptField | "form", string>>;
  name?: string;
  /** The link stopped working while the form was open. */
  gone?: "unknown" | "used" | "expired";
}

export async function acceptInvitationAction(token: string, _state: AcceptFormState, form: FormData): Promise<AcceptFormState> {
  const name = form.get("name");
  const input = {
    ...(typeof name === "string" ? { name } : {}),
    password: String(form.get("password") ?? ""),
    confirmPassword: String(form.get("confirmPassword") ?? ""),
  };
  const result = await acceptInvitation(token, input, await actionClientIp());
  if (result.ok) redirect(`/dashboard/signin?${new URLSearchParams({ callbackUrl: `/dashboard/t/${result.tenantId}`, joined: "1" })}`);
  const kept = typeof name === "string" ? name : undefined;
  switch (result.reason) {
    case "invalid":
      return { errors: { [result.field]: result.message }, name: kept };
    case "throttled":
      return { errors: { password: "Too many wrong passwords from this address: try again in a few minutes." }, name: kept };
    default:
      return { gone: result.reason };
  }
}

"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { requireTenant } from "@/components/dashboard/session";
import { inviteAdmin, MemberError, OwnerRequiredError, removeAdmin, setAdminRole, ZMemberRoleSchema } from "@/lib/admin/members";

export interface InviteFormState {
  errors?: Partial<Record<"email" | "role" | "form", string>>;
  values?: { email: string; role: string };
  invite?: { url: string; email: string; expiresAt: string };
}

export interface MemberActionState {
  error?: string;
  saved?: boolean;
}

const pathOf = (tenantId: string) => `/dashboard/t/${tenantId}/admins`;

function refusal(error: unknown): string {
  if (error instanceof MemberError || error instanceof OwnerRequiredError) return error.message;
  throw error;
}

export async function inviteAdminAction(tenantId: string, _state: InviteFormState, form: FormData): Promise<InviteFormState> {
  const { actor } = await requireTenant(tenantId, pathOf(tenantId));
  const values = { email: String(form.get("email") ?? ""), role: String(form.get("role") ?? "") };
  const role = ZMemberRoleSchema.safeParse(values.role);
  if (!role.success) return { errors: { role: "Choose owner or member" }, values };
  try {
    const invite = await inviteAdmin(tenantId, { email: values.email, role: role.data }, actor);
    revalidatePath(pathOf(tenantId));
    return { invite: { url: invite.inviteUrl, email: values.email.trim().toLowerCase(), expiresAt: invite.expiresAt.toISOString() }, values: { email: "", role: role.data } };
  } catch (error) {
    if (error instanceof MemberError && error.field) return { errors: { [error.field]: error.message }, values };
    return { errors: { form: refusal(error) }, values };
  }
}

export async function setRoleAction(tenantId: string, adminId: string, _state: MemberActionState, form: FormData): Promise<MemberActionState> {
  const { actor } = await requireTenant(tenantId, pathOf(tenantId));
  const role = ZMemberRoleSchema.safeParse(form.get("role"));
  if (!role.success) return { error: "Choose owner or member" };
  try {
    await setAdminRole(tenantId, adminId, role.data, actor);
  } catch (error) {
    return { error: refusal(error) };
  }
  revalidatePath(pathOf(tenantId));
  return { saved: true };
}

export async function removeAdminAction(tenantId: string, adminId: string): Promise<MemberActionState> {
  const { admin, actor } = await requireTenant(tenantId, pathOf(tenantId));
  try {
    await removeAdmin(tenantId, adminId, actor);
  } catch (error) {
    return { error: refusal(error) };
  }
  // Whoever removes themselves no longer reaches this tenant.
  if (adminId === admin.adminId) redirect("/dashboard");
  revalidatePath(pathOf(tenantId));
  return {};
}

import type { Metadata } from "next";
import { DashboardShell } from "@/components/dashboard/shell";
import { Badge, Card, PageHeader } from "@/components/dashboard/ui";
import { listPendingInvitations } from "@/lib/admin/list-invitations";
import { listAdmins } from "@/lib/admin/members";
import { loadTenant } from "../load-tenant";
import { inviteAdminAction, removeAdminAction, setRoleAction } from "./actions";
import { AdminRowActions } from "./admin-row-actions";
import { InviteForm } from "./invite-form";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Admins" };

const day = (d: Date) => d.toISOString().slice(0, 10);

export default async function AdminsPage({ params }: { params: Promise<{ tenantId: string }> }) {
  const { tenantId } = await params;
  const { admin, access, tenants } = await loadTenant(tenantId, `/dashboard/t/${tenantId}/admins`);
  const isOwner = access.role === "owner";
  const [admins, invitations] = await Promise.all([listAdmins(tenantId), isOwner ? listPendingInvitations(tenantId) : Promise.resolve([])]);
  return (
    <DashboardShell email={admin.email} tenants={tenants} current={access}>
      <PageHeader title="Admins" description={`Who manages ${access.tenant.name}. Owners change everything; members can look, but not change eID connections, keys, domains, admins or API tokens.`} />
      <div className="grid gap-6">
        {isOwner ? (
          <Card title="Invite an admin" description="The invited person opens a one-time link, valid for 7 days, and sets a password (or signs in with theirs).">
            <InviteForm action={inviteAdminAction.bind(null, tenantId)} />
          </Card>
        ) : (
          <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="admins-read-only">
            You are a member of this tenant: only its owners can invite admins, change roles or remove admins.
          </p>
        )}
        <Card title="Admins">
          <ul className="divide-y divide-slate-100" data-testid="admin-list">
            {admins.map((a) => (
              <li key={a.id} className="flex flex-wrap items-start justify-between gap-3 py-3 text-sm" data-testid="admin-row" data-email={a.email} data-role={a.role}>
                <div className="min-w-0">
                  <p className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{a.name ?? a.email}</span>
                    <Badge tone={a.role === "owner" ? "green" : "slate"}>{a.role}</Badge>
                    {a.id === admin.adminId ? <Badge tone="blue">you</Badge> : null}
                  </p>
                  {a.name ? <p className="mt-0.5 break-words text-slate-600">{a.email}</p> : null}
                  <p className="mt-0.5 text-xs text-slate-500">Joined {day(a.createdAt)}</p>
                </div>
                {isOwner ? (
                  <AdminRowActions
                    email={a.email}
                    role={a.role}
                    isSelf={a.id === admin.adminId}
                    setRole={setRoleAction.bind(null, tenantId, a.id)}
                    remove={removeAdminAction.bind(null, tenantId, a.id)}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        </Card>
        {invitations.length ? (
          <Card title="Pending invitations" description="Links not yet used. Inviting the same email again replaces its link.">
            <ul className="divide-y divide-slate-100" data-testid="invitation-list">
              {invitations.map((i) => (
                <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm" data-testid="invitation-row" data-email={i.email}>
                  <span><span className="font-medium">{i.email}</span> <Badge tone={i.role === "owner" ? "green" : "slate"}>{i.role}</Badge></span>
                  <span className="text-xs text-slate-500">Invited {day(i.createdAt)} by {i.invitedBy ?? "—"} · expires {i.expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC</span>
                </li>
              ))}
            </ul>
          </Card>
        ) : null}
      </div>
    </DashboardShell>
  );
}

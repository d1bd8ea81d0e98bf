import type { Metadata } from "next";
import { PortaLogo } from "@/components/porta-logo";
import { Badge } from "@/components/dashboard/ui";
import { findInvitation } from "@/lib/admin/invitations";
import { acceptInvitationAction } from "./actions";
import { AcceptForm } from "./accept-form";
import { InvitationProblem } from "./invitation-problem";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Invitation" };

export default async function InvitationPage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const invitation = await findInvitation(token);
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col justify-center px-4 py-12">
      <div className="mb-6 flex items-center gap-3">
        <PortaLogo className="h-10 w-10" />
        <div>
          <h1 className="text-xl font-semibold">Porta dashboard</h1>
          <p className="text-sm text-slate-600">Invitation to manage a tenant</p>
        </div>
      </div>
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
        {invitation.state === "valid" ? (
          <>
            <p className="mb-5 text-sm text-slate-700" data-testid="invite-summary">
              You are invited to <strong>{invitation.tenantName}</strong> as <Badge tone={invitation.role === "owner" ? "green" : "slate"}>{invitation.role}</Badge>.{" "}
              {invitation.hasAccount ? "You already have a Porta account: enter its password to join." : "Choose your name and a password to join."}
            </p>
            <AcceptForm action={acceptInvitationAction.bind(null, token)} email={invitation.email} hasAccount={invitation.hasAccount} />
          </>
        ) : (
          <InvitationProblem state={invitation.state} />
        )}
      </div>
    </main>
  );
}

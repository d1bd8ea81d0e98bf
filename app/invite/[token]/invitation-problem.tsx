import Link from "next/link";

const TEXTS = {
  unknown: { title: "This invitation link is not valid", text: "Check that you opened the whole link, or ask an owner of the tenant to invite you again." },
  used: { title: "This invitation was already used", text: "Each link works once. If it was you who used it, sign in; otherwise ask an owner for a new invitation." },
  expired: { title: "This invitation has expired", text: "Invitations are valid for 7 days. Ask an owner of the tenant to invite you again." },
} as const;

/** What an unknown, used or expired link shows: plain words and a way on, no details. */
export function InvitationProblem({ state }: { state: keyof typeof TEXTS }) {
  const { title, text } = TEXTS[state];
  return (
    <div role="alert" data-testid="invite-problem" data-state={state}>
      <h2 className="text-base font-semibold text-slate-900">{title}</h2>
      <p className="mt-2 text-sm text-slate-600">{text}</p>
      <p className="mt-4 text-sm">
        <Link href="/dashboard/signin" className="font-medium text-brand-700 hover:underline">Go to sign-in</Link>
      </p>
    </div>
  );
}

import { PortaLogo } from "@/components/porta-logo";
import { pathOf } from "@/lib/http/protocol-paths";

export const dynamic = "force-dynamic";

const LINKS = [
  { href: pathOf("playgroundPage"), title: "Playground", text: "Try a login against the demo application with the test eIDs." },
  { href: pathOf("discovery"), title: "Discovery", text: "The OpenID Provider metadata relying parties configure from." },
  { href: pathOf("jwks"), title: "Signing keys", text: "The JSON Web Key Set that verifies Porta's ID tokens." },
];

export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-3xl flex-col gap-10 px-6 py-16">
      <header className="flex items-center gap-4">
        <PortaLogo className="h-12 w-12" />
        <div>
          <h1 className="text-3xl font-semibold tracking-tight">Porta</h1>
          <p className="text-slate-600">OpenID Connect for national electronic identities</p>
        </div>
      </header>
      <ul className="grid gap-4 sm:grid-cols-3">
        {LINKS.map((link) => (
          <li key={link.href}>
            {/* Plain links: two of the targets are JSON documents, not pages. */}
            <a
              href={link.href}
              className="block h-full rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-600 hover:shadow focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="font-medium text-brand-700">{link.title}</span>
              <span className="mt-2 block text-sm text-slate-600">{link.text}</span>
            </a>
          </li>
        ))}
      </ul>
    </main>
  );
}

import type { Metadata } from "next";
import { cookies, headers } from "next/headers";
import Link from "next/link";
import { PortaLogo } from "@/components/porta-logo";
import type { PlaygroundResult } from "@/lib/playground/relying-party";
import { cookieName } from "@/lib/http/cookies";
import { pathOf } from "@/lib/http/protocol-paths";
import { withPageHost } from "@/lib/http/request-issuer";
import { PLAYGROUND_RESULT_COOKIE, unseal } from "@/lib/playground/session";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Playground result" };

function Json({ value, testId }: { value: unknown; testId: string }) {
  return (
    <pre data-testid={testId} className="mt-2 overflow-x-auto rounded-lg bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
      {JSON.stringify(value, null, 2)}
    </pre>
  );
}

export default async function PlaygroundResultPage() {
  const jar = await cookies();
  // The cookie's name (__Host- on https) is the one the page's host (PUBLIC_URL or a tenant domain) gave it.
  const sealed = withPageHost((await headers()).get("host"), () => jar.get(cookieName(PLAYGROUND_RESULT_COOKIE))?.value);
  const result = unseal<PlaygroundResult>(sealed, "result");
  return (
    <main className="mx-auto max-w-4xl px-4 py-10 sm:px-6">
      <header className="mb-8 flex items-center gap-3">
        <PortaLogo />
        <h1 className="text-2xl font-semibold">Playground result</h1>
        <Link href={pathOf("playgroundPage")} className="ml-auto text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          New login
        </Link>
      </header>
      {!result ? (
        <p className="rounded-xl border border-slate-200 bg-white p-5">No result yet: start a login from the playground.</p>
      ) : result.ok ? (
        <div className="space-y-6">
          <p data-testid="playground-status" className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 font-medium text-emerald-900">
            {result.idTokenEncryption
              ? "Login succeeded; the ID token was decrypted, and its signature, issuer, audience and nonce were verified."
              : "Login succeeded; the ID token's signature, issuer, audience and nonce were verified."}
            {result.trimmed ? <span className="mt-1 block text-sm font-normal">The token response and userinfo are not shown: the result was too large to keep.</span> : null}
          </p>
          <p data-testid="playground-id-token-encrypted" data-encrypted={result.idTokenEncryption ? "true" : "false"} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            {result.idTokenEncryption ? (
              <>
                <span className="font-semibold">Encrypted ID token.</span> Porta encrypted it to the demo application&apos;s key{" "}
                <code className="break-all">{String(result.idTokenEncryption.kid ?? "")}</code> ({String(result.idTokenEncryption.alg)}, {String(result.idTokenEncryption.enc)}); the playground opened it with its private key. FTN requires this.
              </>
            ) : (
              <>
                <span className="font-semibold">Unencrypted ID token.</span> The demo application takes its ID tokens signed only, so FTN is not offered to it.
              </>
            )}
          </p>
          <section>
            <h2 className="font-medium">ID token claims</h2>
            <Json value={result.idTokenClaims} testId="playground-id-token" />
          </section>
          <section>
            <h2 className="font-medium">ID token header</h2>
            <Json value={result.idTokenHeader} testId="playground-id-token-header" />
          </section>
          {result.idTokenEncryption ? (
            <section>
              <h2 className="font-medium">Encryption header (JWE)</h2>
              <Json value={result.idTokenEncryption} testId="playground-id-token-encryption" />
            </section>
          ) : null}
          {result.userinfo ? (
            <section>
              <h2 className="font-medium">Userinfo</h2>
              <Json value={result.userinfo} testId="playground-userinfo" />
            </section>
          ) : null}
          {result.tokenResponse ? (
            <section>
              <h2 className="font-medium">Token response</h2>
              <Json value={result.tokenResponse} testId="playground-token-response" />
            </section>
          ) : null}
          <section>
            <h2 className="font-medium">Authorization response parameters</h2>
            <Json value={result.responseParameters} testId="playground-response" />
          </section>
        </div>
      ) : (
        <div className="space-y-4">
          <p data-testid="playground-status" className="rounded-xl border border-rose-200 bg-rose-50 p-4 text-rose-900">
            <span className="font-semibold">Login failed: </span>
            <code data-testid="playground-error">{result.error}</code>
            {result.errorDescription ? <span className="block mt-1 text-sm">{result.errorDescription}</span> : null}
          </p>
          <section>
            <h2 className="font-medium">Authorization response parameters</h2>
            <Json value={result.responseParameters} testId="playground-response" />
          </section>
        </div>
      )}
    </main>
  );
}

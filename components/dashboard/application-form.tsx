"use client";

import { useActionState } from "react";
import type { FormValues } from "@/lib/clients/dashboard-form";
import type { ApplicationFormOptions } from "@/lib/clients/dashboard-form-options";
import { SIGNING_ALGS } from "@/lib/keys/algorithms";
import { EidsTable } from "./application-eids-table";
import { AlgSelect, Check, EncryptionAlgSelect, EncryptionEncSelect, Field, get, has, listed, Section, type InvalidProps } from "./application-form-fields";
import type { FormState } from "./application-form-state";
import { CopyButton } from "./copy-button";
import { buttonClass, FieldError, inputClass, labelClass } from "./ui";

function Credentials({ created }: { created: NonNullable<FormState["created"]> }) {
  return (
    <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5" data-testid="credentials">
      <h2 className="font-semibold text-emerald-900">{created.clientSecret ? "Copy the client secret" : "Application created"}</h2>
      <p className="mt-1 text-sm text-emerald-900">Copy the client secret now: Porta stores only its hash and cannot show it again.</p>
      <dl className="mt-4 grid gap-3 text-sm">
        <div>
          <dt className="font-medium">Client ID</dt>
          <dd className="mt-1 flex flex-wrap items-center gap-2"><code data-testid="created-client-id" className="break-all rounded bg-white px-2 py-1">{created.clientId}</code><CopyButton value={created.clientId} /></dd>
        </div>
        {created.clientSecret ? (
          <div>
            <dt className="font-medium">Client secret</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2"><code data-testid="created-client-secret" className="break-all rounded bg-white px-2 py-1">{created.clientSecret}</code><CopyButton value={created.clientSecret} testId="copy-secret" /></dd>
          </div>
        ) : null}
      </dl>
      <a href={`./${encodeURIComponent(created.clientId)}`} className={`${buttonClass} mt-4`} data-testid="open-application">Open the application</a>
    </div>
  );
}

/**
 * Every setting of an application, under the client metadata names registration uses; the edit
 * page saves only what changed (lib/clients/save-application-form.ts).
 */
export function ApplicationForm({
  action,
  initial,
  options,
  submitLabel,
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  initial: FormValues;
  options: ApplicationFormOptions;
  submitLabel: string;
}) {
  const [state, formAction, pending] = useActionState<FormState, FormData>(action, { values: initial });
  const v = state.values ?? initial;
  const e = state.errors ?? {};
  const invalid = (name: string): InvalidProps => ({ "aria-invalid": !!e[name], "aria-describedby": `${name}-error` });
  const { methods, grants, scopes } = options;
  const needsEncryption = [...new Set(methods.filter((m) => m.needsEncryption).map((m) => m.name))];

  if (state.created) return <Credentials created={state.created} />;

  return (
    <form action={formAction} noValidate className="grid gap-6 lg:grid-cols-2" key={JSON.stringify(v)} data-testid="application-form">
      {e.form ? <p role="alert" data-testid="error-form" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 lg:col-span-2">{e.form}</p> : null}
      {Object.keys(e).some((field) => field !== "form") ? <p role="alert" data-testid="not-saved" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800 lg:col-span-2">Nothing was saved: correct the marked field below.</p> : null}
      {state.saved ? <p role="status" data-testid="saved" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900 lg:col-span-2">Saved.</p> : null}

      <Section title="Basics" testId="section-basics">
        <Field name="client_name" label="Name" hint="Shown to users on the selection and consent pages." error={e.client_name}>
          <input id="client_name" name="client_name" defaultValue={get(v, "client_name")} className={inputClass} {...invalid("client_name")} />
        </Field>
      </Section>

      <Section title="Grant types" testId="section-grants">
        <fieldset aria-describedby="grant_types-error" className="grid gap-2">
          <legend className="sr-only">Grant types</legend>
          {grants.map((g) => (
            <Check key={g.value} name="grant_types[]" value={g.value} label={<><span className="font-medium">{g.label}</span> <code className="block break-all text-xs text-slate-500">{g.value}</code></>} hint={g.hint} defaultChecked={has(v, "grant_types[]", g.value)} testId={`grant-${g.label.toLowerCase().replace(/\s+/g, "-")}`} />
          ))}
        </fieldset>
        <FieldError id="grant_types-error" message={e.grant_types} />
      </Section>

      <Section title="Redirect and logout URLs" testId="section-urls" wide>
        <div className="grid gap-4 lg:grid-cols-2">
          <Field name="redirect_uris" label="Redirect URLs" hint="One per line. Exact https URLs; plain http only to localhost in test tenants. Needed by the browser grants." error={e.redirect_uris}>
            <textarea id="redirect_uris" name="redirect_uris" rows={3} defaultValue={get(v, "redirect_uris")} className={`${inputClass} font-mono`} {...invalid("redirect_uris")} />
          </Field>
          <Field name="post_logout_redirect_uris" label="Post-logout redirect URLs" hint="One per line." error={e.post_logout_redirect_uris}>
            <textarea id="post_logout_redirect_uris" name="post_logout_redirect_uris" rows={3} defaultValue={get(v, "post_logout_redirect_uris")} className={`${inputClass} font-mono`} {...invalid("post_logout_redirect_uris")} />
          </Field>
        </div>
      </Section>

      <Section title="CIBA and headless" testId="section-ciba" description="Decoupled logins need a confidential client, and an eID marked “Supports CIBA and headless” under eIDs and data.">
        <Field name="backchannel_token_delivery_mode" label="CIBA token delivery mode" hint="Required with the CIBA grant. Poll: the client polls the token endpoint. Ping: Porta notifies the endpoint below when the result is ready." error={e.backchannel_token_delivery_mode}>
          <select id="backchannel_token_delivery_mode" name="backchannel_token_delivery_mode" defaultValue={get(v, "backchannel_token_delivery_mode")} className={inputClass} {...invalid("backchannel_token_delivery_mode")}>
            <option value="">Not set</option>
            <option value="poll">poll</option>
            <option value="ping">ping</option>
          </select>
        </Field>
        <Field name="backchannel_client_notification_endpoint" label="Client notification endpoint" hint="HTTPS; required with ping delivery." error={e.backchannel_client_notification_endpoint}>
          <input id="backchannel_client_notification_endpoint" name="backchannel_client_notification_endpoint" defaultValue={get(v, "backchannel_client_notification_endpoint")} className={`${inputClass} font-mono`} {...invalid("backchannel_client_notification_endpoint")} />
        </Field>
      </Section>

      <Section title="Client authentication" testId="section-authentication">
        <Field name="token_endpoint_auth_method" label="Client authentication" error={e.token_endpoint_auth_method}>
          <select id="token_endpoint_auth_method" name="token_endpoint_auth_method" defaultValue={get(v, "token_endpoint_auth_method") || "client_secret_basic"} className={inputClass} {...invalid("token_endpoint_auth_method")}>
            <option value="client_secret_basic">Client secret (HTTP Basic)</option>
            <option value="client_secret_post">Client secret (form body)</option>
            <option value="private_key_jwt">Private key JWT</option>
            <option value="none">None (public client with PKCE)</option>
          </select>
        </Field>
        <Field name="token_endpoint_auth_signing_alg" label="Client assertion algorithm" hint="Private key JWT only." error={e.token_endpoint_auth_signing_alg}>
          <AlgSelect name="token_endpoint_auth_signing_alg" value={get(v, "token_endpoint_auth_signing_alg")} algs={SIGNING_ALGS} none={`Any allowed (${SIGNING_ALGS.join(", ")})`} invalid={invalid("token_endpoint_auth_signing_alg")} />
        </Field>
        <Check name="require_jti" label="Require a jti in client assertions" defaultChecked={get(v, "require_jti") === "on"} testId="require-jti" />
      </Section>

      <Section title="Client keys" testId="section-keys" wide description="Public keys only. Use “sig” keys to sign client assertions and request objects, “enc” keys to receive encrypted tokens.">
        <div className="grid gap-4 lg:grid-cols-2">
          <Field name="jwks" label="Client JWKS (static)" hint="Each key with a kid. Use this or a JWKS URL, not both." error={e.jwks}>
            <textarea id="jwks" name="jwks" rows={8} defaultValue={get(v, "jwks")} className={`${inputClass} font-mono text-xs`} placeholder='{"keys": [...]}' {...invalid("jwks")} />
          </Field>
          <Field name="jwks_uri" label="Client JWKS URL" hint="Recommended: key rotation needs no change here." error={e.jwks_uri}>
            <input id="jwks_uri" name="jwks_uri" defaultValue={get(v, "jwks_uri")} className={`${inputClass} font-mono`} {...invalid("jwks_uri")} />
          </Field>
        </div>
      </Section>

      <Section title="Authorization requests" testId="section-requests">
        <Field name="request_object_signing_alg" label="Request object algorithm" error={e.request_object_signing_alg}>
          <AlgSelect name="request_object_signing_alg" value={get(v, "request_object_signing_alg")} algs={SIGNING_ALGS} none={`Any allowed (${SIGNING_ALGS.join(", ")})`} invalid={invalid("request_object_signing_alg")} />
        </Field>
        <div className="grid gap-2">
          <Check name="require_pushed_authorization_requests" label="Require pushed authorization requests (PAR)" defaultChecked={get(v, "require_pushed_authorization_requests") === "on"} testId="require-par" />
          <Check name="consent_required" label="Ask users for consent" defaultChecked={get(v, "consent_required") === "on"} testId="consent-required" />
        </div>
      </Section>

      <Section title="Webhook" testId="section-webhook">
        <Field name="webhook_url" label="Webhook URL" hint="HTTPS; called after every eID login. Leave empty for none." error={e.webhook_url}>
          <input id="webhook_url" name="webhook_url" defaultValue={get(v, "webhook_url")} className={`${inputClass} font-mono`} {...invalid("webhook_url")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="webhook_claim_whitelist" label="Claim whitelist" hint="Standard claims the webhook may set, comma-separated (e.g. email, phone_number)." error={e.webhook_claim_whitelist}>
            <input id="webhook_claim_whitelist" name="webhook_claim_whitelist" defaultValue={get(v, "webhook_claim_whitelist")} className={inputClass} {...invalid("webhook_claim_whitelist")} />
          </Field>
          <Field name="webhook_timeout_ms" label="Timeout (ms)" hint="1000–30000, retry included. Default 10000." error={e.webhook_timeout_ms}>
            <input id="webhook_timeout_ms" name="webhook_timeout_ms" inputMode="numeric" defaultValue={get(v, "webhook_timeout_ms")} className={inputClass} {...invalid("webhook_timeout_ms")} />
          </Field>
        </div>
      </Section>

      <Section title="eIDs and data" testId="section-eids" wide description="Enable the eIDs this application offers. Defaults are used when a request names none; with several, users choose on a selection screen. Static data points apply under the static strategy.">
        <fieldset className="grid gap-2 text-sm sm:flex sm:flex-wrap sm:gap-4" aria-describedby="scope_strategy-error">
          <legend className={`${labelClass} mb-1`}>Scope strategy</legend>
          <label className="flex items-center gap-2"><input type="radio" name="scope_strategy" value="dynamic" defaultChecked={get(v, "scope_strategy") !== "static"} /> Dynamic: each request asks for data by scope</label>
          <label className="flex items-center gap-2"><input type="radio" name="scope_strategy" value="static" defaultChecked={get(v, "scope_strategy") === "static"} /> Static: scope=openid; the data points below per eID</label>
        </fieldset>
        <FieldError id="scope_strategy-error" message={e.scope_strategy} />
        <EidsTable methods={methods} scopes={scopes} values={v} />
        <FieldError id="static_scopes-error" message={e.static_scopes} />
        <FieldError id="enabled_acr_values-error" message={e.enabled_acr_values ?? e.default_acr_values} />
        {e.id_token_encrypted_response_alg && methods.some((m) => m.needsEncryption && has(v, "enabled_acr_values[]", m.acr)) ? (
          <p className="text-sm text-rose-700" data-testid="eids-need-encryption">An eID enabled here needs encrypted ID tokens: set the ID token encryption below, or disable it.</p>
        ) : null}
      </Section>

      <Section title="ID token and userinfo" testId="section-tokens" wide description={`Porta signs with its own keys; it encrypts to your key with use “enc” from the JWKS or JWKS URL above: an RSA key for RSA-OAEP-256, an EC key (P-256, P-384 or P-521) for ECDH-ES.${needsEncryption.length > 0 ? ` ${listed(needsEncryption)} ${needsEncryption.length > 1 ? "require" : "requires"} encrypted ID tokens.` : ""}`}>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field name="id_token_signed_response_alg" label="ID token signing" error={e.id_token_signed_response_alg}>
            <AlgSelect name="id_token_signed_response_alg" value={get(v, "id_token_signed_response_alg") || "RS256"} algs={SIGNING_ALGS} invalid={invalid("id_token_signed_response_alg")} />
          </Field>
          <Field name="id_token_encrypted_response_alg" label="ID token encryption" error={e.id_token_encrypted_response_alg}>
            <EncryptionAlgSelect name="id_token_encrypted_response_alg" value={get(v, "id_token_encrypted_response_alg")} invalid={invalid("id_token_encrypted_response_alg")} />
          </Field>
          <Field name="id_token_encrypted_response_enc" label="ID token content encryption" error={e.id_token_encrypted_response_enc}>
            <EncryptionEncSelect name="id_token_encrypted_response_enc" value={get(v, "id_token_encrypted_response_enc")} invalid={invalid("id_token_encrypted_response_enc")} />
          </Field>
          <Field name="userinfo_signed_response_alg" label="Userinfo signing" error={e.userinfo_signed_response_alg}>
            <AlgSelect name="userinfo_signed_response_alg" value={get(v, "userinfo_signed_response_alg")} algs={SIGNING_ALGS} none="None (plain JSON)" invalid={invalid("userinfo_signed_response_alg")} />
          </Field>
          <Field name="userinfo_encrypted_response_alg" label="Userinfo encryption" error={e.userinfo_encrypted_response_alg}>
            <EncryptionAlgSelect name="userinfo_encrypted_response_alg" value={get(v, "userinfo_encrypted_response_alg")} invalid={invalid("userinfo_encrypted_response_alg")} />
          </Field>
          <Field name="userinfo_encrypted_response_enc" label="Userinfo content encryption" error={e.userinfo_encrypted_response_enc}>
            <EncryptionEncSelect name="userinfo_encrypted_response_enc" value={get(v, "userinfo_encrypted_response_enc")} invalid={invalid("userinfo_encrypted_response_enc")} />
          </Field>
        </div>
      </Section>

      <div className="flex justify-end lg:col-span-2">
        <button type="submit" disabled={pending} className={buttonClass} data-testid="application-submit">{pending ? "Saving…" : submitLabel}</button>
      </div>
    </form>
  );
}

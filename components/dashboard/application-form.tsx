"use client";

import { useActionState } from "react";
import { DEFAULT_ENCRYPTION_ENC, ENCRYPTION_ALGS, ENCRYPTION_ENCS, encryptionKeyType } from "@/lib/clients/encryption-algorithms";
import { SIGNING_ALGS } from "@/lib/keys/algorithms";
import type { FormState, FormValues } from "./application-form-data";
import { CopyButton } from "./copy-button";
import { buttonClass, FieldError, inputClass, labelClass } from "./ui";

export interface MethodOption {
  acr: string;
  name: string;
  country: string;
  /** The application must take its ID tokens encrypted to enable it (FTN, in every tenant). */
  needsEncryption?: boolean;
}

const SCOPES = ["ssn", "address", "email", "phone", "birthdate", "gender"];

function get(values: FormValues, name: string): string {
  const v = values[name];
  return Array.isArray(v) ? (v[0] ?? "") : (v ?? "");
}
function has(values: FormValues, name: string, option: string): boolean {
  const v = values[name];
  return Array.isArray(v) ? v.includes(option) : v === option;
}

function Field({ name, label, hint, error, children }: { name: string; label: string; hint?: string; error?: string; children: React.ReactNode }) {
  return (
    <div>
      <label className={labelClass} htmlFor={name}>{label}</label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

/** "a", "a and b", "a, b and c". */
function listed(names: string[]): string {
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

type InvalidProps = { "aria-invalid": boolean; "aria-describedby": string };

/** The algorithms discovery lists; empty: not encrypted. */
function EncryptionAlgSelect({ name, value, invalid }: { name: string; value: string; invalid: InvalidProps }) {
  return (
    <select id={name} name={name} defaultValue={value} className={inputClass} {...invalid}>
      <option value="">None</option>
      {ENCRYPTION_ALGS.map((a) => <option key={a} value={a}>{a} ({encryptionKeyType(a)} key)</option>)}
    </select>
  );
}

function EncryptionEncSelect({ name, value, invalid }: { name: string; value: string; invalid: InvalidProps }) {
  return (
    <select id={name} name={name} defaultValue={value || DEFAULT_ENCRYPTION_ENC} className={inputClass} {...invalid}>
      {ENCRYPTION_ENCS.map((a) => <option key={a} value={a}>{a}</option>)}
    </select>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      <div className="mt-2 grid gap-4">{children}</div>
    </fieldset>
  );
}

export function ApplicationForm({
  action,
  initial,
  methods,
  submitLabel,
}: {
  action: (state: FormState, form: FormData) => Promise<FormState>;
  initial: FormValues;
  methods: MethodOption[];
  submitLabel: string;
}) {
  const [state, formAction, pending] = useActionState<FormState, FormData>(action, { values: initial });
  const v = state.values ?? initial;
  const e = state.errors ?? {};
  const invalid = (name: string): InvalidProps => ({ "aria-invalid": !!e[name], "aria-describedby": `${name}-error` });
  const needsEncryption = [...new Set(methods.filter((m) => m.needsEncryption).map((m) => m.name))];

  if (state.created) {
    return (
      <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-5" data-testid="credentials">
        <h2 className="font-semibold text-emerald-900">Application created</h2>
        <p className="mt-1 text-sm text-emerald-900">Copy the client secret now: Porta stores only its hash and cannot show it again.</p>
        <dl className="mt-4 grid gap-3 text-sm">
          <div>
            <dt className="font-medium">Client ID</dt>
            <dd className="mt-1 flex flex-wrap items-center gap-2"><code data-testid="created-client-id" className="break-all rounded bg-white px-2 py-1">{state.created.clientId}</code><CopyButton value={state.created.clientId} /></dd>
          </div>
          {state.created.clientSecret ? (
            <div>
              <dt className="font-medium">Client secret</dt>
              <dd className="mt-1 flex flex-wrap items-center gap-2"><code data-testid="created-client-secret" className="break-all rounded bg-white px-2 py-1">{state.created.clientSecret}</code><CopyButton value={state.created.clientSecret} testId="copy-secret" /></dd>
            </div>
          ) : null}
        </dl>
        <a href={`./${encodeURIComponent(state.created.clientId)}`} className={`${buttonClass} mt-4`} data-testid="open-application">Open the application</a>
      </div>
    );
  }

  return (
    <form action={formAction} noValidate className="grid gap-6" key={JSON.stringify(v)} data-testid="application-form">
      {e.form ? <p role="alert" data-testid="error-form" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">{e.form}</p> : null}
      {state.saved ? <p role="status" data-testid="saved" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">Saved.</p> : null}

      <Section title="General">
        <Field name="client_name" label="Name" error={e.client_name}>
          <input id="client_name" name="client_name" defaultValue={get(v, "client_name")} className={inputClass} {...invalid("client_name")} />
        </Field>
        <Field name="redirect_uris" label="Redirect URLs" hint="One per line. Exact https URLs; plain http only to localhost in test tenants." error={e.redirect_uris}>
          <textarea id="redirect_uris" name="redirect_uris" rows={3} defaultValue={get(v, "redirect_uris")} className={`${inputClass} font-mono`} {...invalid("redirect_uris")} />
        </Field>
        <Field name="post_logout_redirect_uris" label="Post-logout redirect URLs" hint="One per line." error={e.post_logout_redirect_uris}>
          <textarea id="post_logout_redirect_uris" name="post_logout_redirect_uris" rows={2} defaultValue={get(v, "post_logout_redirect_uris")} className={`${inputClass} font-mono`} {...invalid("post_logout_redirect_uris")} />
        </Field>
        <div>
          <p className={labelClass}>Response types</p>
          <div className="mt-2 flex flex-wrap gap-4 text-sm">
            <label className="flex items-center gap-2"><input type="checkbox" name="response_types[]" value="code" defaultChecked={has(v, "response_types[]", "code")} /> code (authorization code)</label>
            <label className="flex items-center gap-2"><input type="checkbox" name="response_types[]" value="id_token" defaultChecked={has(v, "response_types[]", "id_token")} /> id_token (implicit)</label>
          </div>
          <FieldError id="response_types-error" message={e.response_types} />
        </div>
      </Section>

      <Section title="Scope strategy">
        <div className="flex flex-wrap gap-4 text-sm">
          <label className="flex items-center gap-2"><input type="radio" name="scope_strategy" value="dynamic" defaultChecked={get(v, "scope_strategy") !== "static"} /> Dynamic: each request asks for data by scope</label>
          <label className="flex items-center gap-2"><input type="radio" name="scope_strategy" value="static" defaultChecked={get(v, "scope_strategy") === "static"} /> Static: scope=openid; the data points below per eID</label>
        </div>
        <FieldError id="static_scopes-error" message={e.static_scopes} />
      </Section>

      <Section title="eIDs">
        <p className="text-sm text-slate-600">Enable the eIDs this application offers. Defaults are used when a request names none; with several, users choose on a selection screen. Static data points apply under the static strategy.</p>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[40rem] text-left text-sm">
            <thead className="text-slate-500">
              <tr><th className="py-2 pr-3 font-medium">eID</th><th className="px-2 font-medium">Enabled</th><th className="px-2 font-medium">Default</th><th className="px-2 font-medium">Static data points</th></tr>
            </thead>
            <tbody>
              {methods.map((m) => (
                <tr key={m.acr} className="border-t border-slate-100">
                  <td className="py-2 pr-3"><span className="font-medium">{m.name}</span> <span className="text-xs uppercase text-slate-500">{m.country}</span><span className="block font-mono text-xs text-slate-500">{m.acr}</span>{m.needsEncryption ? <span className="block text-xs text-amber-800" data-testid="needs-encryption">Needs encrypted ID tokens</span> : null}</td>
                  <td className="px-2"><input type="checkbox" aria-label={`Enable ${m.name}`} name="enabled_acr_values[]" value={m.acr} defaultChecked={has(v, "enabled_acr_values[]", m.acr)} /></td>
                  <td className="px-2"><input type="checkbox" aria-label={`Default ${m.name}`} name="default_acr_values[]" value={m.acr} defaultChecked={has(v, "default_acr_values[]", m.acr)} /></td>
                  <td className="px-2">
                    <div className="flex flex-wrap gap-x-3 gap-y-1">
                      {SCOPES.map((s) => (
                        <label key={s} className="flex items-center gap-1 text-xs"><input type="checkbox" name={`static_scopes[${m.acr}][]`} value={s} defaultChecked={has(v, `static_scopes[${m.acr}][]`, s)} />{s}</label>
                      ))}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <FieldError id="enabled_acr_values-error" message={e.enabled_acr_values ?? e.default_acr_values} />
        {e.id_token_encrypted_response_alg && methods.some((m) => m.needsEncryption && has(v, "enabled_acr_values[]", m.acr)) ? (
          <p className="text-sm text-rose-700" data-testid="eids-need-encryption">An eID enabled here needs encrypted ID tokens: set the ID token encryption below, or disable it.</p>
        ) : null}
      </Section>

      <Section title="OpenID Connect">
        <Field name="token_endpoint_auth_method" label="Client authentication" error={e.token_endpoint_auth_method}>
          <select id="token_endpoint_auth_method" name="token_endpoint_auth_method" defaultValue={get(v, "token_endpoint_auth_method") || "client_secret_basic"} className={inputClass}>
            <option value="client_secret_basic">Client secret (HTTP Basic)</option>
            <option value="client_secret_post">Client secret (form body)</option>
            <option value="private_key_jwt">Private key JWT</option>
            <option value="none">None (public client with PKCE)</option>
          </select>
        </Field>
        <Field name="jwks" label="Client JWKS (static)" hint="Public keys only, each with kid; use “sig” to sign, “enc” to receive encrypted tokens." error={e.jwks}>
          <textarea id="jwks" name="jwks" rows={4} defaultValue={get(v, "jwks")} className={`${inputClass} font-mono text-xs`} placeholder='{"keys": [...]}' {...invalid("jwks")} />
        </Field>
        <Field name="jwks_uri" label="Client JWKS URL" hint="Recommended: key rotation needs no change here. Use this or a static JWKS, not both." error={e.jwks_uri}>
          <input id="jwks_uri" name="jwks_uri" defaultValue={get(v, "jwks_uri")} className={`${inputClass} font-mono`} {...invalid("jwks_uri")} />
        </Field>
        <Field name="request_object_signing_alg" label="Request object algorithm" error={e.request_object_signing_alg}>
          <select id="request_object_signing_alg" name="request_object_signing_alg" defaultValue={get(v, "request_object_signing_alg")} className={`${inputClass} sm:max-w-xs`} {...invalid("request_object_signing_alg")}>
            <option value="">Any allowed ({SIGNING_ALGS.join(", ")})</option>
            {SIGNING_ALGS.map((a) => <option key={a} value={a}>{a}</option>)}
          </select>
        </Field>
        <div className="grid gap-2 text-sm">
          <label className="flex items-center gap-2"><input type="checkbox" name="require_pushed_authorization_requests" defaultChecked={get(v, "require_pushed_authorization_requests") === "on"} data-testid="require-par" /> Require pushed authorization requests (PAR)</label>
          <label className="flex items-center gap-2"><input type="checkbox" name="require_jti" defaultChecked={get(v, "require_jti") === "on"} /> Require a jti in client assertions</label>
          <label className="flex items-center gap-2"><input type="checkbox" name="consent_required" defaultChecked={get(v, "consent_required") === "on"} /> Ask users for consent</label>
        </div>
      </Section>

      <Section title="ID token and userinfo">
        <p className="text-sm text-slate-600">Porta signs with its own keys; it encrypts to your key with use “enc” from the JWKS or JWKS URL above: an RSA key for RSA-OAEP-256, an EC key (P-256, P-384 or P-521) for ECDH-ES.{needsEncryption.length > 0 ? ` ${listed(needsEncryption)} ${needsEncryption.length > 1 ? "require" : "requires"} encrypted ID tokens.` : ""}</p>
        <div className="grid gap-4 sm:grid-cols-3">
          <Field name="id_token_signed_response_alg" label="ID token signing" error={e.id_token_signed_response_alg}>
            <select id="id_token_signed_response_alg" name="id_token_signed_response_alg" defaultValue={get(v, "id_token_signed_response_alg") || "RS256"} className={inputClass} {...invalid("id_token_signed_response_alg")}>
              {SIGNING_ALGS.map((a) => <option key={a} value={a}>{a}</option>)}
            </select>
          </Field>
          <Field name="id_token_encrypted_response_alg" label="ID token encryption" error={e.id_token_encrypted_response_alg}>
            <EncryptionAlgSelect name="id_token_encrypted_response_alg" value={get(v, "id_token_encrypted_response_alg")} invalid={invalid("id_token_encrypted_response_alg")} />
          </Field>
          <Field name="id_token_encrypted_response_enc" label="ID token content encryption" error={e.id_token_encrypted_response_enc}>
            <EncryptionEncSelect name="id_token_encrypted_response_enc" value={get(v, "id_token_encrypted_response_enc")} invalid={invalid("id_token_encrypted_response_enc")} />
          </Field>
          <Field name="userinfo_signed_response_alg" label="Userinfo signing" error={e.userinfo_signed_response_alg}>
            <select id="userinfo_signed_response_alg" name="userinfo_signed_response_alg" defaultValue={get(v, "userinfo_signed_response_alg")} className={inputClass} {...invalid("userinfo_signed_response_alg")}>
              <option value="">None (plain JSON)</option>
              {SIGNING_ALGS.map((a) => <option key={a} value={a}>{a}</option>)}
            </select>
          </Field>
          <Field name="userinfo_encrypted_response_alg" label="Userinfo encryption" error={e.userinfo_encrypted_response_alg}>
            <EncryptionAlgSelect name="userinfo_encrypted_response_alg" value={get(v, "userinfo_encrypted_response_alg")} invalid={invalid("userinfo_encrypted_response_alg")} />
          </Field>
          <Field name="userinfo_encrypted_response_enc" label="Userinfo content encryption" error={e.userinfo_encrypted_response_enc}>
            <EncryptionEncSelect name="userinfo_encrypted_response_enc" value={get(v, "userinfo_encrypted_response_enc")} invalid={invalid("userinfo_encrypted_response_enc")} />
          </Field>
        </div>
      </Section>

      <Section title="Webhook">
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

      <div className="flex justify-end">
        <button type="submit" disabled={pending} className={buttonClass} data-testid="application-submit">{pending ? "Saving…" : submitLabel}</button>
      </div>
    </form>
  );
}

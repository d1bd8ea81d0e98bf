"use client";

import { useActionState, useState, type ReactNode } from "react";
import type { ConnectionKind, EidFormState, EidFormValues, FamilyFormSpec, KindFormView, StoredSecrets } from "./eid-connection-form-data";
import { CopyButton } from "./copy-button";
import { Badge, buttonClass, FieldError, inputClass, labelClass } from "./ui";

type Invalid = (name: string) => { "aria-invalid": boolean; "aria-describedby": string };

/** What every kind's part of the form receives. */
interface KindFieldsProps {
  spec: FamilyFormSpec;
  values: EidFormValues;
  errors: Record<string, string>;
  /** The operator's secrets stored for this kind, by name. */
  stored: string[];
  /** The kind's choices of its select inputs. */
  choices: KindFormView["choices"];
  redirectUri?: string;
  invalid: Invalid;
}

function Field({ name, label, hint, error, children }: { name: string; label: string; hint?: ReactNode; error?: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label className={labelClass} htmlFor={name}>{label}</label>
      {children}
      {hint ? <p className="mt-1 text-xs text-slate-500">{hint}</p> : null}
      <FieldError id={`${name}-error`} message={error} />
    </div>
  );
}

function Section({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-semibold text-slate-900">{title}</legend>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      <div className="mt-3 grid gap-4">{children}</div>
    </fieldset>
  );
}

/** A password input for a secret: never prefilled; says whether a value is stored. */
function SecretInput({ name, label, hint, isSet, error, invalid }: { name: string; label: string; hint: string; isSet: boolean; error?: string; invalid: Invalid }) {
  return (
    <Field name={name} label={label} hint={hint} error={error}>
      <input
        id={name}
        name={name}
        type="password"
        autoComplete="new-password"
        placeholder={isSet ? "set — leave empty to keep" : "not set"}
        className={`${inputClass} font-mono`}
        {...invalid(name)}
      />
      {isSet ? <p className="mt-1 text-xs text-emerald-800" data-testid={`secret-set-${name}`}>Stored. Leave empty to keep it.</p> : null}
    </Field>
  );
}

/** One row per key: Porta's name, and the provider's value for it. Stacked on narrow screens. */
function MappingRows({ caption, head, rows, prefix, values, errors, placeholder }: { caption: string; head: [string, string]; rows: string[]; prefix: string; values: EidFormValues; errors: Record<string, string>; placeholder: (row: string) => string }) {
  return (
    <div role="group" aria-label={caption} className="grid">
      <div className="hidden gap-4 pb-2 text-sm text-slate-500 sm:grid sm:grid-cols-2" aria-hidden="true">
        <span>{head[0]}</span>
        <span>{head[1]}</span>
      </div>
      {rows.map((row, i) => {
        const id = `${prefix}-${i}`;
        const error = errors[`${prefix}.${row}`];
        return (
          <div key={row} className="grid gap-1 border-t border-slate-100 py-2 sm:grid-cols-2 sm:items-center sm:gap-4">
            <label htmlFor={id} className="break-all font-mono text-xs text-slate-800">{row}</label>
            <div className="min-w-0">
              <input
                id={id}
                name={`${prefix}[${row}]`}
                defaultValue={values[`${prefix}[${row}]`] ?? ""}
                placeholder={placeholder(row)}
                data-testid={`${prefix}-input`}
                data-key={row}
                className={`${inputClass} mt-0 font-mono`}
                aria-invalid={!!error}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <FieldError id={`${id}-error`} message={error} />
            </div>
          </div>
        );
      })}
    </div>
  );
}

function OidcFields({ spec, values, errors, stored, choices, redirectUri, invalid }: KindFieldsProps) {
  const [clientAuth, setClientAuth] = useState(values.clientAuth || "client_secret_basic");
  const extraClaims = Object.keys(values)
    .filter((k) => k.startsWith("claimMapping[") && k.endsWith("]"))
    .map((k) => k.slice("claimMapping[".length, -1))
    .filter((claim) => !spec.claims.includes(claim));
  return (
    <>
      <Section title="Provider" description="What you received when you registered Porta as a client at the eID provider (or broker).">
        {redirectUri ? (
          <div className="text-sm">
            <p className="font-medium text-slate-800">Redirect URI to register at the provider</p>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <code className="min-w-0 break-all rounded bg-slate-50 px-2 py-1 text-xs" data-testid="form-redirect-uri">{redirectUri}</code>
              <CopyButton value={redirectUri} />
            </div>
          </div>
        ) : null}
        <Field name="issuer" label="Issuer URL" hint="The provider's issuer identifier, from its documentation. Porta reads <issuer>/.well-known/openid-configuration." error={errors.issuer}>
          <input id="issuer" name="issuer" type="url" defaultValue={values.issuer ?? ""} placeholder="https://broker.example" className={`${inputClass} font-mono`} {...invalid("issuer")} />
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="clientId" label="Client ID" hint="The client ID the provider assigned to Porta." error={errors.clientId}>
            <input id="clientId" name="clientId" autoComplete="off" defaultValue={values.clientId ?? ""} className={`${inputClass} font-mono`} {...invalid("clientId")} />
          </Field>
          <Field name="clientAuth" label="Client authentication" hint="How Porta authenticates at the provider's token endpoint; use what the provider registered." error={errors.clientAuth}>
            <select id="clientAuth" name="clientAuth" defaultValue={clientAuth} onChange={(e) => setClientAuth(e.target.value)} className={inputClass} {...invalid("clientAuth")}>
              {(choices.clientAuth ?? []).map(({ value, label }) => <option key={value} value={value}>{label}</option>)}
            </select>
          </Field>
        </div>
        {clientAuth === "private_key_jwt" ? (
          <p className="rounded-lg bg-blue-50 px-3 py-2 text-sm text-blue-900" data-testid="private-key-jwt-note">
            Porta signs its client assertions with its own key for this connection. After saving, register the public key set (JWKS) shown on this page at the provider.
          </p>
        ) : (
          <SecretInput name="clientSecret" label="Client secret" hint="The client secret the provider issued to Porta." isSet={stored.includes("clientSecret")} error={errors.clientSecret} invalid={invalid} />
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="scopes" label="Scopes" hint="Space-separated, including openid (e.g. openid profile ssn). Ask the provider which scopes release the claims you need." error={errors.scopes}>
            <input id="scopes" name="scopes" defaultValue={values.scopes ?? ""} className={`${inputClass} font-mono`} {...invalid("scopes")} />
          </Field>
          <Field name="personKeyClaim" label="Person key claim" hint="The provider's claim that identifies a person permanently (e.g. the MitID UUID). Porta derives the sub it issues from it. Default: sub." error={errors.personKeyClaim}>
            <input id="personKeyClaim" name="personKeyClaim" defaultValue={values.personKeyClaim ?? ""} placeholder="sub" className={`${inputClass} font-mono`} {...invalid("personKeyClaim")} />
          </Field>
        </div>
        <Field name="timeoutMs" label="Timeout (ms)" hint="How long Porta waits for each answer from the provider: 1000–30000. Default 10000." error={errors.timeoutMs}>
          <input id="timeoutMs" name="timeoutMs" inputMode="numeric" defaultValue={values.timeoutMs ?? ""} className={`${inputClass} max-w-40`} {...invalid("timeoutMs")} />
        </Field>
        <div className="grid gap-2 text-sm">
          <label className="flex items-start gap-2"><input type="checkbox" name="usePar" className="mt-1" defaultChecked={values.usePar === "on"} data-testid="use-par" /> <span>Push authorization requests (PAR, RFC 9126) when the provider offers it</span></label>
          <label className="flex items-start gap-2"><input type="checkbox" name="useUserinfo" className="mt-1" defaultChecked={values.useUserinfo === "on"} data-testid="use-userinfo" /> <span>Also read the userinfo endpoint (for providers that release some claims only there)</span></label>
          <label className="flex items-start gap-2"><input type="checkbox" name="forwardLoginHint" className="mt-1" defaultChecked={values.forwardLoginHint === "on"} data-testid="forward-login-hint" /> <span>Pass the login_hint <code>action:</code> and <code>message:</code> on to the provider (only for providers that understand these forms; others may refuse an unknown login_hint)</span></label>
        </div>
      </Section>

      <Section title="Assurance levels" description="For each of Porta's acr values, the acr_values the provider expects for it (from the provider's documentation; space-separated if several). Porta sends it and requires it back in the provider's ID token. Leave empty to send none.">
        <MappingRows caption="acr value mapping" head={["Porta acr value", "Provider acr_values"]} rows={spec.acrs} prefix="acrValues" values={values} errors={errors} placeholder={() => "not sent"} />
        <FieldError id="acrValues-error" message={errors.acrValues} />
      </Section>

      <Section title="Claim mapping" description="The provider's name for each claim Porta issues, when it differs. Leave empty where the provider uses Porta's name; unmapped claims pass through under their own names.">
        <MappingRows caption="Claim mapping" head={["Porta claim", "Provider claim"]} rows={[...spec.claims, ...extraClaims]} prefix="claimMapping" values={values} errors={errors} placeholder={(claim) => claim} />
        <FieldError id="claimMapping-error" message={errors.claimMapping} />
      </Section>
    </>
  );
}

function BankIdFields({ values, errors, stored, choices, invalid }: KindFieldsProps) {
  const current = values.endpoint ?? "";
  const endpoints = choices.endpoint ?? [];
  const options = current && !endpoints.some((e) => e.value === current) ? [...endpoints, { value: current, label: current }] : endpoints;
  const certificateSet = stored.includes("pkcs12") || stored.includes("certificatePem");
  return (
    <>
      <Section title="BankID RP API" description="Porta calls BankID's relying-party API directly over mutual TLS.">
        <Field name="endpoint" label="Environment" hint="Production needs a production certificate from your bank; BankID's test environment takes a test certificate." error={errors.endpoint}>
          <select id="endpoint" name="endpoint" defaultValue={current} className={inputClass} {...invalid("endpoint")}>
            {options.map((e) => <option key={e.value} value={e.value}>{e.label}</option>)}
          </select>
        </Field>
        <Field name="caCertificate" label="BankID CA certificate (PEM)" hint="The CA certificate BankID's server certificate chains to, as published in BankID's relying-party guidelines for the environment." error={errors.caCertificate}>
          <textarea id="caCertificate" name="caCertificate" rows={5} defaultValue={values.caCertificate ?? ""} placeholder="-----BEGIN CERTIFICATE-----" className={`${inputClass} font-mono text-xs`} {...invalid("caCertificate")} />
        </Field>
        <Field name="timeoutMs" label="Timeout (ms)" hint="How long Porta waits for each answer from BankID: 1000–30000. Default 10000." error={errors.timeoutMs}>
          <input id="timeoutMs" name="timeoutMs" inputMode="numeric" defaultValue={values.timeoutMs ?? ""} className={`${inputClass} max-w-40`} {...invalid("timeoutMs")} />
        </Field>
      </Section>
      <Section
        title="Relying-party certificate"
        description={
          <>
            The certificate and key your bank issued for your BankID agreement: a PKCS#12 file, or PEM certificate and key.{" "}
            {certificateSet ? <Badge tone="green">set</Badge> : <Badge tone="amber">not set</Badge>}
          </>
        }
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field name="pkcs12" label="PKCS#12 file (.p12, .pfx)" hint={certificateSet ? "A certificate is stored — leave empty to keep it. A new file replaces it." : "Upload the file from your bank."} error={errors.pkcs12}>
            <input id="pkcs12" name="pkcs12" type="file" accept=".p12,.pfx,application/x-pkcs12" className={`${inputClass} file:mr-3 file:rounded-md file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:text-sm`} {...invalid("pkcs12")} />
          </Field>
          <SecretInput name="passphrase" label="PKCS#12 password" hint="The file's password." isSet={stored.includes("passphrase")} error={errors.passphrase} invalid={invalid} />
        </div>
        <details className="rounded-lg border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Or give PEM certificate and key</summary>
          <div className="mt-3 grid gap-4">
            <Field name="certificatePem" label="Certificate (PEM, chain allowed)" hint={stored.includes("certificatePem") ? "set — leave empty to keep" : "-----BEGIN CERTIFICATE----- …"} error={errors.certificatePem}>
              <textarea id="certificatePem" name="certificatePem" rows={4} autoComplete="off" className={`${inputClass} font-mono text-xs`} {...invalid("certificatePem")} />
            </Field>
            <Field name="privateKeyPem" label="Private key (PEM)" hint={stored.includes("privateKeyPem") ? "set — leave empty to keep" : "-----BEGIN PRIVATE KEY----- … (unencrypted)"} error={errors.privateKeyPem}>
              <textarea id="privateKeyPem" name="privateKeyPem" rows={4} autoComplete="off" className={`${inputClass} font-mono text-xs`} {...invalid("privateKeyPem")} />
            </Field>
          </div>
        </details>
      </Section>
    </>
  );
}

/** Each kind's part of the form (its settings and secrets), by kind. */
const KIND_FIELDS: Record<ConnectionKind, (props: KindFieldsProps) => ReactNode> = {
  oidc: OidcFields,
  "se-bankid": BankIdFields,
};

function FormBody({ spec, values, errors, stored, kinds, redirectUri, readOnly, invalid }: { spec: FamilyFormSpec; values: EidFormValues; errors: Record<string, string>; stored: StoredSecrets | null; kinds: Record<ConnectionKind, KindFormView>; redirectUri?: string; readOnly: boolean; invalid: Invalid }) {
  const [kind, setKind] = useState<ConnectionKind>((values.kind || spec.kinds[0]) as ConnectionKind);
  const storedNames = stored && stored.kind === kind ? stored.names : [];
  const Fields = KIND_FIELDS[kind];
  return (
    <fieldset disabled={readOnly} className="grid min-w-0 gap-6">
      <Section title="Connection">
        {spec.kinds.length > 1 ? (
          <div role="radiogroup" aria-labelledby="kind-label">
            <p id="kind-label" className={labelClass}>Connect through</p>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm">
              {spec.kinds.map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="radio" name="kind" value={k} defaultChecked={kind === k} onChange={() => setKind(k)} data-testid={`kind-${k}`} /> {kinds[k].label}
                </label>
              ))}
            </div>
            <FieldError id="kind-error" message={errors.kind} />
          </div>
        ) : (
          <input type="hidden" name="kind" value={kind} />
        )}
        <label className="flex items-start gap-2 text-sm">
          <input type="checkbox" name="enabled" className="mt-1" defaultChecked={values.enabled === "on"} data-testid="connection-enabled" />
          <span><span className="font-medium">Enabled</span> — logins with {spec.name} in this tenant use this connection. When disabled they fail with a configuration error.</span>
        </label>
      </Section>
      <Fields spec={spec} values={values} errors={errors} stored={storedNames} choices={kinds[kind].choices} redirectUri={redirectUri} invalid={invalid} />
    </fieldset>
  );
}

/** The configuration form of one eID family's connection; read-only for members. */
export function EidConnectionForm({
  action,
  spec,
  initial,
  stored,
  kinds,
  redirectUri,
  readOnly,
}: {
  action: (state: EidFormState, form: FormData) => Promise<EidFormState>;
  spec: FamilyFormSpec;
  initial: EidFormValues;
  stored: StoredSecrets | null;
  /** Every connection kind's label and choices. */
  kinds: Record<ConnectionKind, KindFormView>;
  /** Shown in the form when the page does not show it already. */
  redirectUri?: string;
  readOnly: boolean;
}) {
  const [state, formAction, pending] = useActionState<EidFormState, FormData>(action, { values: initial });
  const values = state.values ?? initial;
  const errors = state.errors ?? {};
  const invalid: Invalid = (name) => ({ "aria-invalid": !!errors[name], "aria-describedby": `${name}-error` });
  return (
    <form action={formAction} noValidate className="grid gap-6" data-testid="eid-connection-form">
      {errors.form ? <p role="alert" data-testid="error-form" className="rounded-lg bg-rose-50 px-3 py-2 text-sm text-rose-800">{errors.form}</p> : null}
      {state.saved ? <p role="status" data-testid="saved" className="rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900">Saved.</p> : null}
      {readOnly ? <p className="rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700" data-testid="read-only">Only owners of this tenant can change its eID connections.</p> : null}
      <FormBody key={JSON.stringify(values)} spec={spec} values={values} errors={errors} stored={stored} kinds={kinds} redirectUri={redirectUri} readOnly={readOnly} invalid={invalid} />
      {readOnly ? null : (
        <div className="flex justify-end">
          <button type="submit" disabled={pending} className={buttonClass} data-testid="eid-connection-submit">{pending ? "Saving…" : "Save connection"}</button>
        </div>
      )}
    </form>
  );
}

"use server";

import { revalidatePath } from "next/cache";
import { notFound, redirect } from "next/navigation";
import { FormInputError, formFieldOf, formValues, valuesToMetadata, type FormState } from "@/components/dashboard/application-form-data";
import { requireTenant } from "@/components/dashboard/session";
import { clientKeySet, ClientKeysError } from "@/lib/clients/client-keys";
import type { ApplicationRecord } from "@/lib/clients/application-record";
import { ClientMetadataError } from "@/lib/clients/client-metadata-error";
import { createApplication } from "@/lib/clients/create-application";
import { deleteApplication } from "@/lib/clients/delete-application";
import { findApplication } from "@/lib/clients/find-application";
import { replaceApplicationMetadata } from "@/lib/clients/replace-application-metadata";
import { rotateClientSecret } from "@/lib/clients/rotate-client-secret";
import { OAuthError } from "@/lib/oauth/errors";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

function fail(error: unknown, values: FormState["values"]): FormState {
  if (error instanceof FormInputError) return { errors: { [error.field]: error.message }, values };
  if (error instanceof ClientMetadataError) return { errors: { [formFieldOf(error)]: error.description }, values };
  if (error instanceof OAuthError) return { errors: { form: error.description }, values };
  throw error;
}

async function ownApplication(tenantId: string, clientId: string): Promise<{ app: ApplicationRecord; actor: Awaited<ReturnType<typeof requireTenant>>["actor"] }> {
  const { actor } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/applications/${clientId}`);
  const app = await findApplication(clientId);
  if (!app || app.tenantId !== tenantId) notFound(); // another tenant's id looks like no application
  return { app, actor };
}

export async function createApplicationAction(tenantId: string, _state: FormState, form: FormData): Promise<FormState> {
  const { actor } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/applications/new`);
  const values = formValues(form);
  try {
    const created = await createApplication({ ...valuesToMetadata(values), tenant_id: tenantId }, actor);
    revalidatePath(`/dashboard/t/${tenantId}`);
    return { created: { clientId: created.application.clientId, clientSecret: created.clientSecret } };
  } catch (error) {
    return fail(error, values);
  }
}

export async function updateApplicationAction(tenantId: string, clientId: string, _state: FormState, form: FormData): Promise<FormState> {
  const { app, actor } = await ownApplication(tenantId, clientId);
  const values = formValues(form);
  try {
    const updated = await replaceApplicationMetadata(app, valuesToMetadata(values), actor);
    revalidatePath(`/dashboard/t/${tenantId}/applications/${clientId}`);
    if (updated.clientSecret) return { created: { clientId, clientSecret: updated.clientSecret } };
    return { values, saved: true };
  } catch (error) {
    return fail(error, values);
  }
}

export async function deleteApplicationAction(tenantId: string, clientId: string): Promise<void> {
  const { app, actor } = await ownApplication(tenantId, clientId);
  await deleteApplication(app, actor);
  redirect(`/dashboard/t/${tenantId}`);
}

export interface SecretState {
  secret?: string;
  error?: string;
}

export async function rotateSecretAction(tenantId: string, clientId: string): Promise<SecretState> {
  const { app, actor } = await ownApplication(tenantId, clientId);
  try {
    return { secret: await rotateClientSecret(app, actor) };
  } catch (error) {
    if (error instanceof OAuthError) return { error: error.description };
    throw error;
  }
}

export interface CheckState {
  ok?: boolean;
  message?: string;
}

export async function sendTestEventAction(tenantId: string, clientId: string): Promise<CheckState> {
  const { app } = await ownApplication(tenantId, clientId);
  const outcome = await sendTestEvent(app);
  revalidatePath(`/dashboard/t/${tenantId}/applications/${clientId}`);
  switch (outcome.kind) {
    case "continue":
      return { ok: true, message: outcome.operations ? "The webhook answered with claims operations." : "The webhook answered 204: the login would continue." };
    case "abort":
      return { ok: true, message: `The webhook would abort the login: ${outcome.description}` };
    case "redirect":
      return { ok: true, message: `The webhook would send the user to ${outcome.location}` };
    case "failure":
      return { ok: false, message: `The webhook failed (${outcome.failure}): ${outcome.detail}` };
  }
}

export async function fetchJwksAction(tenantId: string, clientId: string): Promise<CheckState> {
  const { app } = await ownApplication(tenantId, clientId);
  if (!app.jwksUri) return { ok: false, message: "This application has no JWKS URL." };
  try {
    const keys = await clientKeySet(app, true);
    const kids = keys.map((k) => `${k.kid ?? "(no kid)"}${k.use ? ` [${k.use}]` : ""}`).join(", ");
    return { ok: keys.length > 0, message: keys.length ? `${keys.length} key(s): ${kids}` : "The JWKS URL answered with no keys." };
  } catch (error) {
    if (error instanceof ClientKeysError) return { ok: false, message: error.message };
    throw error;
  }
}

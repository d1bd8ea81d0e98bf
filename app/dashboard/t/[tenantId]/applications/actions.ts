"use server";

import { revalidatePath } from "next/cache";
import { notFound, redirect } from "next/navigation";
import type { FormState } from "@/components/dashboard/application-form-state";
import { requireTenant } from "@/components/dashboard/session";
import { clientKeySet, ClientKeysError } from "@/lib/clients/client-keys";
import type { ApplicationRecord } from "@/lib/clients/application-record";
import { deleteApplication } from "@/lib/clients/delete-application";
import { findApplication } from "@/lib/clients/find-application";
import { rotateClientSecret } from "@/lib/clients/rotate-client-secret";
import { createApplicationFromForm, saveApplicationForm } from "@/lib/clients/save-application-form";
import { OAuthError } from "@/lib/oauth/errors";
import { sendTestEvent } from "@/lib/webhooks/send-test-event";

async function ownApplication(tenantId: string, clientId: string): Promise<{ app: ApplicationRecord; actor: Awaited<ReturnType<typeof requireTenant>>["actor"] }> {
  const { actor } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/applications/${clientId}`);
  const app = await findApplication(clientId);
  if (!app || app.tenantId !== tenantId) notFound(); // another tenant's id looks like no application
  return { app, actor };
}

export async function createApplicationAction(tenantId: string, _state: FormState, form: FormData): Promise<FormState> {
  const { actor } = await requireTenant(tenantId, `/dashboard/t/${tenantId}/applications/new`);
  const result = await createApplicationFromForm(tenantId, form, actor);
  if (result.kind === "invalid") return { errors: result.errors, values: result.values };
  revalidatePath(`/dashboard/t/${tenantId}`);
  return { created: { clientId: result.application.clientId, clientSecret: result.clientSecret } };
}

/** Saves exactly the settings the form changed (lib/clients/save-application-form.ts). */
export async function updateApplicationAction(tenantId: string, clientId: string, _state: FormState, form: FormData): Promise<FormState> {
  const { app, actor } = await ownApplication(tenantId, clientId);
  const result = await saveApplicationForm(app, form, actor);
  if (result.kind === "invalid") return { errors: result.errors, values: result.values };
  revalidatePath(`/dashboard/t/${tenantId}/applications/${clientId}`);
  // A switch to a secret-based authentication issued a secret: shown once.
  if (result.clientSecret) return { created: { clientId, clientSecret: result.clientSecret } };
  return { values: result.values, saved: true };
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

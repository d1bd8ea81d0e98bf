/**
 * What the dashboard's application forms post to (the server actions call these and nothing
 * else): the submitted form becomes a patch of the members it shows, members left as they were
 * are dropped, and the rest is a partial update through the same service and validation as the
 * admin API (update-application-metadata.ts). A refusal changes nothing and comes back as the
 * form's errors by input, with the submitted values to show again.
 */
import type { Actor } from "../audit/record-audit";
import type { ApplicationRecord } from "./application-record";
import { createApplication } from "./create-application";
import { applicationFormValuesOf, formToMetadataPatch, formToNewMetadata, readFormValues, type FormValues } from "./dashboard-form";
import { formErrorsOf } from "./dashboard-form-errors";
import { toEditableMetadata } from "./editable-metadata";
import { loadCurrentApplication } from "./load-current-application";
import { withoutUnchangedMembers } from "./unchanged-members";
import { updateApplicationMetadata } from "./update-application-metadata";

export type TApplicationFormResult =
  | { kind: "saved"; application: ApplicationRecord; clientSecret: string | undefined; values: FormValues }
  | { kind: "invalid"; errors: Record<string, string>; values: FormValues };

export async function saveApplicationForm(given: ApplicationRecord, form: FormData, actor: Actor): Promise<TApplicationFormResult> {
  const values = readFormValues(form);
  try {
    const patch = formToMetadataPatch(values);
    const current = await loadCurrentApplication(given.id);
    const updated = await updateApplicationMetadata(current, withoutUnchangedMembers(patch, toEditableMetadata(current)), actor);
    // The form shows what is stored now (normalised grant names, defaults filled in).
    return { kind: "saved", application: updated.application, clientSecret: updated.clientSecret, values: applicationFormValuesOf(updated.application) };
  } catch (error) {
    return { kind: "invalid", errors: formErrorsOf(error), values };
  }
}

export type TNewApplicationFormResult =
  | { kind: "created"; application: ApplicationRecord; clientSecret: string | undefined }
  | { kind: "invalid"; errors: Record<string, string>; values: FormValues };

export async function createApplicationFromForm(tenantId: string, form: FormData, actor: Actor): Promise<TNewApplicationFormResult> {
  const values = readFormValues(form);
  try {
    const created = await createApplication({ ...formToNewMetadata(values), tenant_id: tenantId }, actor);
    return { kind: "created", application: created.application, clientSecret: created.clientSecret };
  } catch (error) {
    return { kind: "invalid", errors: formErrorsOf(error), values };
  }
}

/** What the application form's server actions answer: errors by input, values to show, or credentials shown once. */
import type { FormValues } from "@/lib/clients/dashboard-form";

export interface FormState {
  errors?: Record<string, string>;
  values?: FormValues;
  /** Shown once after creation, or after a switch to a secret-based authentication. */
  created?: { clientId: string; clientSecret?: string };
  saved?: boolean;
}

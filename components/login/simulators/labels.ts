/**
 * The eID simulators' generic visible strings, in English, in one object so the hosted login
 * pages can pass translated ones. What is one family's own (its name and app, its authenticator
 * steps, BankID's app launch) is in the family's folder (`lib/eid/families/<family>/text.ts`).
 * Placeholders are `{name}` (ICU message syntax); fill them with `fill()`. Brand names (MitID,
 * BankID, Vipps, ...) are not translated.
 */
import type { SimulatorText } from "@/lib/eid/family-kit/definition";
import type { LoginAction } from "@/lib/eid/types";

export interface EidNames {
  /** The eID as a person knows it: "MitID", "Swedish BankID", ... */
  name: string;
  /** What the confirming app is called. */
  app: string;
}

export const SIMULATOR_LABELS = {
  /** `{eid}`: the eID's name. */
  testNotice: "Test environment — simulated {eid}. No real eID is used.",
  /** `{client}`: the relying party's name. */
  actions: {
    login: "Log in at {client}",
    confirm: "Confirm at {client}",
    accept: "Accept at {client}",
    approve: "Approve at {client}",
    sign: "Sign at {client}",
  } satisfies Record<LoginAction, string>,
  identity: "Test identity",
  identityHint: "Synthetic people with valid test identifiers. Choose who logs in.",
  noIdentities: "This eID has no test identities.",
  noIdentitiesOption: "None available",
  approve: "Approve",
  cancel: "Cancel",
  /** `{app}`: the eID app's name. */
  phone: "Simulated {app}",
  phoneCaption: "What the {app} shows",
  authenticatorHeading: "Authenticator",
  bankLegend: "Choose your bank",
  operatorLegend: "Choose your mobile operator",
  bankHint: "Then choose a test identity at that bank.",
  operatorHint: "Then choose a test identity with that operator.",
  /** An eID without simulator wording of its own. */
  otherEid: { name: "{method}", app: "{method} app" },
};

export type SimulatorLabels = typeof SIMULATOR_LABELS;

/** Replaces `{name}` placeholders; unknown ones stay as they are. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The eID's and its app's names: the family's own, or made from the method's name. */
export function eidNames(labels: SimulatorLabels, text: SimulatorText | undefined, methodName: string): EidNames {
  if (text) return { name: text.name, app: text.app };
  return { name: fill(labels.otherEid.name, { method: methodName }), app: fill(labels.otherEid.app, { method: methodName }) };
}

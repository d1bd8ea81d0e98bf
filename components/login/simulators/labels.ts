/**
 * Every visible string of the eID simulators, in English, in one object so the hosted login
 * pages can pass translated ones. Placeholders are `{name}` (ICU message syntax); fill them with
 * `fill()`. Brand names (MitID, BankID, Vipps, ...) are not translated.
 */
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
  identityHintBusiness: "Each test identity acts for one organisation, shown before the name.",
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
  qr: "QR code for BankID on another device",
  qrScan: "Scan the QR code with the {app} on your other device.",
  qrRefresh: "The code changes every second, as the real one does.",
  openApp: "Open BankID app",
  openAppIntro: "Start the BankID app on this device to continue.",
  openAppOpened: "The BankID app is open. Check the request below, then approve.",
  /** `{eid}` / `{app}` for the eIDs' own steps. */
  authenticators: {
    "mitid:low": "MitID app — one factor",
    "mitid:substantial": "MitID app",
    "mitid:high": "MitID app + code display",
    "mitid:business": "MitID app (MitID Erhverv)",
    "bankid-se:same-device": "BankID app on this device",
    "bankid-se:another-device": "BankID app on your other device",
    "bankid-no:app": "BankID app + personal password",
    "bankid-no:biometrics": "BankID app with biometrics",
    "vipps:app": "Vipps app",
    "ftn:bank": "Your bank's codes or app",
    "ftn:mobile": "Mobiilivarmenne on your phone",
    "freja:app": "Freja eID app + PIN",
    "idin:bank": "Your bank's app",
    "deeid:card": "ID card + PIN in the AusweisApp",
  },
  eids: {
    "dk-mitid": { name: "MitID", app: "MitID app" },
    "dk-mitid-business": { name: "MitID Erhverv", app: "MitID app" },
    "se-bankid": { name: "Swedish BankID", app: "BankID app" },
    "no-bankid": { name: "Norwegian BankID", app: "BankID app" },
    "no-vipps": { name: "Vipps MobilePay", app: "Vipps app" },
    "fi-ftn": { name: "Finnish Trust Network", app: "bank app" },
    "se-freja": { name: "Freja eID", app: "Freja eID app" },
    "nl-idin": { name: "iDIN", app: "bank app" },
    "de-eid": { name: "German eID", app: "AusweisApp" },
  } satisfies Record<string, EidNames>,
  /** An eID without its own entry above. */
  otherEid: { name: "{method}", app: "{method} app" },
};

export type SimulatorLabels = typeof SIMULATOR_LABELS;
export type AuthenticatorKey = keyof SimulatorLabels["authenticators"];

/** Replaces `{name}` placeholders; unknown ones stay as they are. */
export function fill(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** The eID's and its app's names for a family. */
export function eidNames(labels: SimulatorLabels, family: string, methodName: string): EidNames {
  const known = (labels.eids as Readonly<Record<string, EidNames>>)[family];
  if (known) return known;
  return { name: fill(labels.otherEid.name, { method: methodName }), app: fill(labels.otherEid.app, { method: methodName }) };
}

/** Which authenticator step the simulated app shows at an acr value. */
export function authenticatorFor(family: string, acr: string): AuthenticatorKey | undefined {
  switch (family) {
    case "dk-mitid":
      if (acr.endsWith(":low")) return "mitid:low";
      return acr.endsWith(":high") ? "mitid:high" : "mitid:substantial";
    case "dk-mitid-business":
      return "mitid:business";
    case "se-bankid":
      return acr.includes(":another-device") ? "bankid-se:another-device" : "bankid-se:same-device";
    case "no-bankid":
      return acr.endsWith(":substantial") ? "bankid-no:biometrics" : "bankid-no:app";
    case "no-vipps":
      return "vipps:app";
    case "fi-ftn":
      return acr.endsWith(":mobile-id") ? "ftn:mobile" : "ftn:bank";
    case "se-freja":
      return "freja:app";
    case "nl-idin":
      return "idin:bank";
    case "de-eid":
      return "deeid:card";
    default:
      return undefined;
  }
}

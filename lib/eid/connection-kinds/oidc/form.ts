/**
 * The dashboard form of an upstream OpenID Connect connection: the provider's client, one row per
 * acr value and per claim (`acrValues[<acr>]`, `claimMapping[<claim>]`), checkboxes for the
 * options, and the client secret unless Porta signs with its own key.
 */
import type { KindForm } from "../definition";
import { bracketed, EidFormInputError, hasSecret, milliseconds } from "../form-input";
import type { TOidcSettings } from "./schemas";

const checkbox = (on: boolean) => (on ? "on" : "");

export const oidcForm: KindForm<TOidcSettings> = {
  inputs: ["issuer", "clientId", "clientAuth", "scopes", "personKeyClaim", "useUserinfo", "usePar", "forwardLoginHint", "timeoutMs", "acrValues", "claimMapping"],
  defaults: { clientAuth: "client_secret_basic", scopes: "openid", personKeyClaim: "sub", usePar: "on", timeoutMs: "10000" },
  choices: {
    clientAuth: [
      { value: "client_secret_basic", label: "Client secret (HTTP Basic)" },
      { value: "client_secret_post", label: "Client secret (form body)" },
      { value: "private_key_jwt", label: "Private key JWT (Porta's key)" },
    ],
  },

  values(s) {
    const values: Record<string, string> = {
      issuer: s.issuer,
      clientId: s.clientId,
      clientAuth: s.clientAuth,
      scopes: s.scopes,
      personKeyClaim: s.personKeyClaim,
      useUserinfo: checkbox(s.useUserinfo),
      usePar: checkbox(s.usePar),
      forwardLoginHint: checkbox(s.forwardLoginHint),
      timeoutMs: String(s.timeoutMs),
    };
    for (const [acr, upstream] of Object.entries(s.acrValues)) values[`acrValues[${acr}]`] = upstream;
    for (const [claim, upstream] of Object.entries(s.claimMapping)) values[`claimMapping[${claim}]`] = upstream;
    return values;
  },

  settingsOf(values, family) {
    const acrValues = bracketed(values, "acrValues");
    for (const acr of Object.keys(acrValues)) {
      if (!family.acrs.includes(acr)) throw new EidFormInputError("acrValues", `${acr} is not an acr value of ${family.name}`);
    }
    const claimMapping = bracketed(values, "claimMapping");
    for (const claim of Object.keys(claimMapping)) {
      if (!/^[^\s]+$/.test(claim)) throw new EidFormInputError("claimMapping", `"${claim}" is not a claim name`);
    }
    return {
      issuer: (values.issuer ?? "").trim(),
      clientId: values.clientId ?? "",
      clientAuth: values.clientAuth ?? "",
      scopes: values.scopes ?? "",
      acrValues,
      claimMapping,
      personKeyClaim: (values.personKeyClaim ?? "").trim() || undefined,
      useUserinfo: values.useUserinfo === "on",
      usePar: values.usePar === "on",
      forwardLoginHint: values.forwardLoginHint === "on",
      timeoutMs: milliseconds(values.timeoutMs),
    };
  },

  checkSecrets(values, given, kept) {
    if (values.clientAuth !== "private_key_jwt" && !hasSecret("clientSecret", given, kept)) {
      throw new EidFormInputError("clientSecret", "Enter the client secret the provider issued to Porta");
    }
  },
};

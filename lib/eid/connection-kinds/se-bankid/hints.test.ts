import { describe, expect, it } from "vitest";
import da from "../../../i18n/messages/da.json";
import en from "../../../i18n/messages/en.json";
import fi from "../../../i18n/messages/fi.json";
import nb from "../../../i18n/messages/nb.json";
import sv from "../../../i18n/messages/sv.json";
import { EidFailure } from "../../connector";
import { awaitsScan, BANKID_MESSAGE_KEYS, failedMessageKey, pendingMessageKey } from "./hint-messages";
import { failureForError, failureForHint, isTransientError } from "./hints";
import { launchFor } from "../../families/se-bankid/launch";

const BOTH = launchFor("urn:grn:authn:se:bankid");
const APP_ONLY = launchFor("urn:grn:authn:se:bankid:same-device");
const QR_ONLY = launchFor("urn:grn:authn:se:bankid:another-device:qr");

describe("what the person reads for a hint code (BankID's RFA messages)", () => {
  it("pending codes", () => {
    expect(pendingMessageKey("outstandingTransaction", QR_ONLY)).toBe("rfa1");
    expect(pendingMessageKey("outstandingTransaction", BOTH)).toBe("rfa1");
    expect(pendingMessageKey("outstandingTransaction", APP_ONLY)).toBe("rfa13");
    expect(pendingMessageKey("noClient", APP_ONLY)).toBe("rfa1");
    expect(pendingMessageKey("started", BOTH)).toBe("rfa14");
    expect(pendingMessageKey("userSign", BOTH)).toBe("rfa9");
    expect(pendingMessageKey("userMrtd", BOTH)).toBe("rfa23");
    expect(pendingMessageKey("userMobileSigning", BOTH)).toBe("rfa21");
    expect(pendingMessageKey("", BOTH)).toBe("rfa21");
  });

  it("failed codes", () => {
    expect(failedMessageKey("userCancel", BOTH)).toBe("rfa6");
    expect(failedMessageKey("cancelled", BOTH)).toBe("rfa3");
    expect(failedMessageKey("expiredTransaction", BOTH)).toBe("rfa8");
    expect(failedMessageKey("certificateErr", BOTH)).toBe("rfa16");
    expect(failedMessageKey("startFailed", QR_ONLY)).toBe("rfa17b");
    expect(failedMessageKey("startFailed", APP_ONLY)).toBe("rfa17a");
    expect(failedMessageKey("alreadyInProgress", BOTH)).toBe("rfa4");
    expect(failedMessageKey("internalError", BOTH)).toBe("rfa5");
    expect(failedMessageKey("somethingNew", BOTH)).toBe("rfa22");
  });

  it("the QR code is shown only until the app picks the order up", () => {
    expect(awaitsScan("outstandingTransaction")).toBe(true);
    expect(awaitsScan("noClient")).toBe(true);
    expect(awaitsScan("userSign")).toBe(false);
    expect(awaitsScan("started")).toBe(false);
  });

  it.each(Object.entries({ en, da, sv, nb, fi }))("%s has every RFA message and the Swedish ones are BankID's own", (locale, messages) => {
    for (const key of BANKID_MESSAGE_KEYS) expect(messages.bankid[key], `${locale} ${key}`).toBeTruthy();
    if (locale === "sv") {
      expect(messages.bankid.rfa1).toBe("Starta BankID-appen.");
      expect(messages.bankid.rfa6).toBe("Åtgärden avbruten.");
      expect(messages.bankid.rfa21).toBe("Identifiering eller underskrift pågår.");
    }
  });
});

describe("what the relying party hears", () => {
  it.each([
    ["userCancel", "access_denied", "cancelled"],
    ["expiredTransaction", "access_denied", "expired"],
    ["certificateErr", "access_denied", "certificate"],
    ["startFailed", "access_denied", "startFailed"],
    ["cancelled", "server_error", "unavailable"],
    ["userDeclinedCall", "server_error", "unavailable"],
    ["", "server_error", "unavailable"],
  ])("failed %s → %s (%s)", (hintCode, code, reason) => {
    const failure = failureForHint(hintCode);
    expect(failure).toBeInstanceOf(EidFailure);
    expect(failure).toMatchObject({ code, reason });
    expect(failure.description).toBeTruthy();
  });

  it.each([
    ["unauthorized", "auth", "misconfigured"],
    ["invalidParameters", "auth", "misconfigured"],
    ["invalidParameters", "collect", "unavailable"],
    ["notFound", "auth", "misconfigured"],
    ["alreadyInProgress", "auth", "unavailable"],
    ["requestTimeout", "collect", "unavailable"],
    ["internalError", "collect", "unavailable"],
    ["maintenance", "auth", "unavailable"],
  ] as const)("error %s at /%s → server_error (%s); the details only in the log", (errorCode, operation, reason) => {
    const failure = failureForError(errorCode, "some details", operation);
    expect(failure).toMatchObject({ code: "server_error", reason });
    expect(failure.detail).toContain(`${errorCode}: some details`);
    expect(failure.description).not.toContain(errorCode);
    expect(failure.description).not.toContain("some details");
  });

  it("only timeouts, internal errors and maintenance are worth another /collect", () => {
    expect(["requestTimeout", "internalError", "maintenance"].every(isTransientError)).toBe(true);
    expect(["invalidParameters", "unauthorized", "notFound", "alreadyInProgress"].some(isTransientError)).toBe(false);
  });
});

/**
 * How the person reaches the BankID app for each acr value: `:same-device` launches the app on
 * this device only, `:another-device` and `:another-device:qr` show the QR code only, plain
 * `urn:grn:authn:se:bankid` offers both.
 */
export interface BankIdLaunch {
  /** Offer "Open BankID on this device" (autostart link). */
  app: boolean;
  /** Show the animated QR code. */
  qr: boolean;
}

export function launchFor(acr: string): BankIdLaunch {
  if (acr.endsWith(":same-device")) return { app: true, qr: false };
  if (acr.includes(":another-device")) return { app: false, qr: true };
  return { app: true, qr: true };
}

/** The link that opens the BankID app on this device; `redirect=null` leaves the person in the app's own return flow. */
export function autoStartLink(autoStartToken: string): string {
  return `bankid:///?autostarttoken=${encodeURIComponent(autoStartToken)}&redirect=null`;
}

/**
 * Creating and changing a BankID RP API connection: a new relying-party certificate replaces the
 * stored one whole, in whichever form it comes (PKCS#12 with its passphrase, or PEM certificate
 * and key); a passphrase alone changes only the passphrase.
 */
import { connectionIssueError } from "../../connections/connection-input-error";
import type { ConnectionKindInput } from "../definition";
import { ZBankIdSecretsSchema, ZBankIdSettingsSchema, type TBankIdSecrets, type TBankIdSettings } from "./schemas";

export function prepareBankId({ settings, stored, given }: ConnectionKindInput): Promise<{ settings: TBankIdSettings; secrets: TBankIdSecrets }> {
  const parsed = ZBankIdSettingsSchema.safeParse(settings);
  if (!parsed.success) throw connectionIssueError(parsed.error);
  const merged: Record<string, unknown> = { ...stored };
  if (given.pkcs12) {
    delete merged.certificatePem;
    delete merged.privateKeyPem;
    merged.pkcs12 = given.pkcs12.replace(/\s+/g, "");
    merged.passphrase = given.passphrase;
  } else if (given.certificatePem || given.privateKeyPem) {
    delete merged.pkcs12;
    delete merged.passphrase;
    merged.certificatePem = given.certificatePem;
    merged.privateKeyPem = given.privateKeyPem;
  } else if (given.passphrase) {
    merged.passphrase = given.passphrase;
  }
  const checked = ZBankIdSecretsSchema.safeParse(merged);
  if (!checked.success) throw connectionIssueError(checked.error, "pkcs12");
  return Promise.resolve({ settings: parsed.data, secrets: checked.data });
}

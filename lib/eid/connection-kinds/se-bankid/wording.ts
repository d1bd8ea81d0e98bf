/**
 * What the BankID app shows for a login_hint `action:` (the heading of userVisibleData), in the
 * login page's language, from the `bankid.appText` messages. The app itself names the service
 * (from its relying-party certificate), so the wording names only the action.
 */
import da from "../../../i18n/messages/da.json";
import en from "../../../i18n/messages/en.json";
import fi from "../../../i18n/messages/fi.json";
import nb from "../../../i18n/messages/nb.json";
import sv from "../../../i18n/messages/sv.json";
import type { LoginAction } from "../../types";

const APP_TEXT: Readonly<Record<string, Record<LoginAction, string>>> = {
  en: en.bankid.appText,
  da: da.bankid.appText,
  sv: sv.bankid.appText,
  nb: nb.bankid.appText,
  fi: fi.bankid.appText,
};

export function appWording(action: LoginAction, locale: string): string {
  return (APP_TEXT[locale] ?? APP_TEXT.en!)[action];
}

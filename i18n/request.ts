/** next-intl's per-request configuration (no locale routing: URLs stay /login/...). */
import { getRequestConfig } from "next-intl/server";
import { requestLocale } from "./login-locale";

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  return {
    locale,
    messages: ((await import(`../lib/i18n/messages/${locale}.json`)) as { default: Record<string, unknown> }).default,
    timeZone: "Europe/Copenhagen",
  };
});

/** Human wording for what each scope releases (consent page). */
export const SCOPE_LABELS: Record<string, string> = {
  openid: "That you logged in, and with which eID",
  ssn: "Your national identity number",
  address: "Your address",
  email: "Your email address",
  phone: "Your phone number",
  birthdate: "Your date of birth",
  gender: "Your gender",
};

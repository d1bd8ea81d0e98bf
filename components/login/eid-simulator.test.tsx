import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { EidFamily } from "@/lib/eid/families";
import { familyTextIn } from "@/lib/eid/family-text";
import { testIdentitiesFor } from "@/lib/eid/test-identities";
import type { LoginAction } from "@/lib/eid/types";
import { actionWording, EidSimulator, type EidSimulatorProps } from "./eid-simulator";
import { SIMULATOR_LABELS } from "./simulators/labels";

const NOW = new Date("2025-06-01T12:00:00Z");

function render(overrides: Partial<EidSimulatorProps> = {}): string {
  const props: EidSimulatorProps = {
    methodName: "MitID (substantial)",
    family: "dk-mitid",
    acr: "urn:grn:authn:dk:mitid:substantial",
    clientName: "Acme Bank",
    identities: testIdentitiesFor(overrides.family ?? "dk-mitid", NOW),
    action: "login",
    formAction: "/login/login-123/eid",
    ...overrides,
  };
  return renderToStaticMarkup(<EidSimulator {...props} />);
}

/** The opening tag of the single element carrying `data-testid="<id>"`. */
function tagWithTestId(html: string, id: string): string {
  const matches = html.match(new RegExp(`<[a-z]+[^>]*data-testid="${id}"[^>]*>`, "g")) ?? [];
  expect(matches, `exactly one data-testid="${id}"`).toHaveLength(1);
  return matches[0] ?? "";
}

/** The text inside the element carrying `data-testid="<id>"` (tags stripped). */
function textOfTestId(html: string, id: string): string {
  const start = html.indexOf(`data-testid="${id}"`);
  const open = html.indexOf(">", start) + 1;
  const tag = /^<([a-z]+)/.exec(html.slice(html.lastIndexOf("<", start)))?.[1] ?? "div";
  let depth = 1;
  let i = open;
  const re = new RegExp(`<(/?)${tag}\\b[^>]*>`, "g");
  re.lastIndex = open;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) {
      i = m.index;
      break;
    }
  }
  const entities: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#x27;": "'", "&amp;": "&" };
  return html
    .slice(open, i)
    .replace(/<[^>]+>/g, " ")
    .replace(/&(lt|gt|quot|#x27|amp);/g, (e) => entities[e] ?? e)
    .replace(/\s+/g, " ")
    .trim();
}

describe("actionWording", () => {
  it.each<[LoginAction, string]>([
    ["login", "Log in at Acme Bank"],
    ["confirm", "Confirm at Acme Bank"],
    ["accept", "Accept at Acme Bank"],
    ["approve", "Approve at Acme Bank"],
    ["sign", "Sign at Acme Bank"],
  ])("%s → %s", (action, text) => {
    expect(actionWording(action, "Acme Bank")).toBe(text);
  });
});

describe("EidSimulator", () => {
  it("renders one POST form to formAction with the hidden fields", () => {
    const html = render({ hiddenFields: { login: "login-123", csrf: "c&s<rf>" } });
    expect(html.match(/<form\b/g)).toHaveLength(1);
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/login/login-123/eid"');
    expect(html).toContain('<input type="hidden" name="login" value="login-123"/>');
    expect(html).toContain('<input type="hidden" name="csrf" value="c&amp;s&lt;rf&gt;"/>');
  });

  it("offers the identities in a labelled select, the first preselected", () => {
    const html = render();
    const select = tagWithTestId(html, "test-identity");
    expect(select).toMatch(/^<select/);
    expect(select).toContain('name="identity"');
    const id = /id="([^"]+)"/.exec(select)?.[1];
    expect(html).toContain(`<label for="${id}"`);
    const options = [...html.matchAll(/<option value="([^"]+)"( selected="")?>([^<]*)<\/option>/g)];
    expect(options.map((o) => o[1])).toEqual(["mitid-1", "mitid-2", "mitid-3"]);
    expect(options.filter((o) => o[2]).map((o) => o[1])).toEqual(["mitid-1"]);
    expect(options[0]?.[3]).toBe("Peter Jensen (CPR 140685-1237)");
  });

  it.each<[LoginAction, string]>([
    ["login", "Log in at Acme Bank"],
    ["sign", "Sign at Acme Bank"],
  ])("shows the %s wording in the app panel", (action, text) => {
    expect(textOfTestId((render({ action })), "eid-app-text")).toBe(text);
  });

  it("shows the message below the wording, escaped", () => {
    const text = textOfTestId((render({ action: "confirm", message: "Transfer 200 DKK <to> account 1234" })), "eid-app-text");
    expect(text).toBe("Confirm at Acme Bank Transfer 200 DKK <to> account 1234");
  });

  it("has approve and cancel submit buttons named decision", () => {
    const html = render();
    const approve = tagWithTestId(html, "eid-approve");
    const cancel = tagWithTestId(html, "eid-cancel");
    for (const [tag, value] of [[approve, "approve"], [cancel, "cancel"]] as const) {
      expect(tag).toMatch(/^<button/);
      expect(tag).toContain('type="submit"');
      expect(tag).toContain('name="decision"');
      expect(tag).toContain(`value="${value}"`);
      expect(tag).toContain("min-h-12");
    }
    expect(html.indexOf('data-testid="eid-approve"')).toBeLessThan(html.indexOf('data-testid="eid-cancel"'));
  });

  it.each<[EidFamily, string, string]>([
    ["dk-mitid", "MitID", "MitID (substantial)"],
    ["dk-mitid-business", "MitID Erhverv", "MitID Erhverv"],
    ["se-bankid", "Swedish BankID", "BankID"],
    ["no-bankid", "Norwegian BankID", "BankID (high)"],
    ["fi-ftn", "Finnish Trust Network", "Finnish bank ID"],
    ["no-vipps", "Vipps MobilePay", "Vipps MobilePay"],
    ["se-freja", "Freja eID", "Freja eID"],
    ["nl-idin", "iDIN", "iDIN"],
    ["de-eid", "German eID", "German eID (Personalausweis)"],
  ])("%s is marked as a simulated %s", (family, eid, methodName) => {
    const html = render({ family, methodName, identities: testIdentitiesFor(family, NOW) });
    expect(html).toContain(`Test environment — simulated ${eid}.`);
    expect(html).toContain(methodName);
    expect(html).not.toMatch(/<img\b/);
    expect(html).not.toMatch(/<script\b/);
  });

  it("draws a QR code for Swedish BankID on another device only", () => {
    const qr = render({ family: "se-bankid", acr: "urn:grn:authn:se:bankid:another-device:qr", methodName: "BankID with QR code" });
    const same = render({ family: "se-bankid", acr: "urn:grn:authn:se:bankid:same-device", methodName: "BankID on this device" });
    expect(qr).toContain("Scan the QR code");
    expect(same).not.toContain("Scan the QR code");
  });

  it("without identities keeps the hooks but cannot approve", () => {
    const html = render({ family: "nl-idin", methodName: "iDIN", identities: [] });
    tagWithTestId(html, "test-identity");
    expect(tagWithTestId(html, "eid-approve")).toContain('disabled=""');
    expect(tagWithTestId(html, "eid-cancel")).not.toContain('disabled=""');
  });

  it.each(["no-vipps", "fi-ftn", "se-freja", "nl-idin", "de-eid"] as const)("%s keeps every test hook exactly once", (family) => {
    const html = render({ family, methodName: family, acr: "urn:grn:authn:test", identities: testIdentitiesFor(family, NOW) });
    for (const id of ["test-identity", "eid-approve", "eid-cancel", "eid-app-text"]) tagWithTestId(html, id);
    expect(html).not.toMatch(/<img\b/);
  });

  it("the animated BankID QR has an accessible name and starts at frame 0", () => {
    const html = render({ family: "se-bankid", acr: "urn:grn:authn:se:bankid:another-device", methodName: "BankID on another device", identities: testIdentitiesFor("se-bankid", NOW) });
    const qr = tagWithTestId(html, "bankid-qr");
    expect(qr).toContain('role="img"');
    expect(qr).toContain('aria-label="QR code for BankID on another device"');
    expect(qr).toContain('data-frame="0"');
    expect(html).not.toContain("Open BankID app");
  });

  it("BankID on this device offers the Open BankID app step instead of a QR code", () => {
    const html = render({ family: "se-bankid", acr: "urn:grn:authn:se:bankid:same-device", methodName: "BankID on this device", identities: testIdentitiesFor("se-bankid", NOW) });
    const button = tagWithTestId(html, "bankid-open-app");
    expect(button).toContain('type="button"');
    expect(textOfTestId(html, "bankid-open-app")).toBe("Open BankID app");
    expect(html).not.toContain('data-testid="bankid-qr"');
  });

  it.each([
    ["urn:grn:authn:dk:mitid:low", "MitID app — one factor"],
    ["urn:grn:authn:dk:mitid:substantial", "MitID app"],
    ["urn:grn:authn:dk:mitid:high", "MitID app + code display"],
  ])("MitID %s shows the authenticator step %s outside eid-app-text", (acr, step) => {
    const html = render({ acr });
    expect(textOfTestId(html, "eid-authenticator")).toBe(step);
    expect(textOfTestId(html, "eid-app-text")).toBe("Log in at Acme Bank");
  });

  it("MitID Erhverv identities show their organisation", () => {
    const html = render({ family: "dk-mitid-business", acr: "urn:grn:authn:dk:mitid:business", methodName: "MitID Erhverv", identities: testIdentitiesFor("dk-mitid-business", NOW) });
    expect(html).toContain("Nordlys Solenergi ApS: Anne Holm (employee)");
    expect(html).toContain(familyTextIn("dk-mitid-business", "en").simulator?.identityHint);
  });

  it.each<[EidFamily, string, string, string[]]>([
    ["fi-ftn", "urn:grn:authn:fi:bank-id", "Choose your bank", ["nordea", "op", "danskebank"]],
    ["fi-ftn", "urn:grn:authn:fi:mobile-id", "Choose your mobile operator", ["elisa", "telia", "dna"]],
    ["nl-idin", "urn:grn:authn:nl:idin", "Choose your bank", ["ing", "rabobank", "abnamro"]],
  ])("%s at %s: a bank picker of radio cards, the first bank chosen, identities grouped by bank", (family, acr, legend, banks) => {
    const html = render({ family, acr, methodName: family, identities: testIdentitiesFor(family, NOW) });
    expect(html).toContain(`<legend class="mb-1 text-sm font-semibold text-slate-900">${legend}</legend>`);
    const radios = (html.match(/<input type="radio"[^>]*>/g) ?? []).map((tag) => ({ value: /value="([^"]+)"/.exec(tag)?.[1], name: /name="([^"]+)"/.exec(tag)?.[1], checked: tag.includes('checked=""') }));
    expect(radios.map((r) => r.value)).toEqual(banks);
    expect(radios.every((r) => r.name === "bank")).toBe(true);
    expect(radios.filter((r) => r.checked).map((r) => r.value)).toEqual([banks[0]]);
    expect(html.match(/<optgroup /g)).toHaveLength(banks.length);
    const select = tagWithTestId(html, "test-identity");
    expect(select).toContain('name="identity"');
    const selected = [...html.matchAll(/<option value="([^"]+)" selected="">/g)].map((o) => o[1]);
    expect(selected).toEqual([testIdentitiesFor(family, NOW)[0]?.id]);
  });

  it("takes every visible string from labels", () => {
    const labels = { ...SIMULATOR_LABELS, approve: "Godkend", cancel: "Annuller", identity: "Testperson", actions: { ...SIMULATOR_LABELS.actions, login: "Log ind hos {client}" } };
    const html = render({ labels });
    expect(textOfTestId(html, "eid-approve")).toBe("Godkend");
    expect(textOfTestId(html, "eid-cancel")).toBe("Annuller");
    expect(textOfTestId(html, "eid-app-text")).toBe("Log ind hos Acme Bank");
    expect(html).toContain(">Testperson</label>");
  });
});

import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { testIdentitiesFor } from "@/lib/eid/test-identities";
import type { LoginAction } from "@/lib/eid/types";
import { actionWording, EidSimulator, type EidSimulatorProps } from "./eid-simulator";

const NOW = new Date("2025-06-01T12:00:00Z");

function render(overrides: Partial<EidSimulatorProps> = {}): string {
  const props: EidSimulatorProps = {
    methodName: "MitID (substantial)",
    family: "dk-mitid",
    acr: "urn:grn:authn:dk:mitid:substantial",
    clientName: "Acme Bank",
    identities: testIdentitiesFor(overrides.family ?? "dk-mitid", NOW),
    action: "login",
    formAction: "/login/tx-123/eid",
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
    const html = render({ hiddenFields: { transaction: "tx-123", csrf: "c&s<rf>" } });
    expect(html.match(/<form\b/g)).toHaveLength(1);
    const form = /<form[^>]*>/.exec(html)?.[0] ?? "";
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/login/tx-123/eid"');
    expect(html).toContain('<input type="hidden" name="transaction" value="tx-123"/>');
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

  it.each([
    ["dk-mitid", "MitID", "MitID (substantial)"],
    ["dk-mitid-business", "MitID Erhverv", "MitID Erhverv"],
    ["se-bankid", "Swedish BankID", "BankID"],
    ["no-bankid", "Norwegian BankID", "BankID (high)"],
    ["fi-ftn", "Finnish bank ID", "Finnish bank ID"],
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
});

import { readdirSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { EID_FAMILIES } from "../families";
import { CONNECTION_KIND_NAMES, CONNECTION_KINDS, findConnectionKind, operatorSecretNames, secretsSetOf, secretsToSeal } from ".";

describe("the connection kind registry", () => {
  it("lists every kind folder once, under its own name", () => {
    const folders = readdirSync(__dirname, { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name);
    expect([...CONNECTION_KIND_NAMES].sort()).toEqual(folders.sort());
    expect(new Set(CONNECTION_KIND_NAMES).size).toBe(CONNECTION_KINDS.length);
  });

  it("knows its kinds and nothing else", () => {
    expect(findConnectionKind("oidc")?.name).toBe("oidc");
    expect(findConnectionKind("openid4vp")).toBeUndefined();
    expect(findConnectionKind("toString")).toBeUndefined();
  });

  it("has a kind for every kind a family may use", () => {
    for (const family of EID_FAMILIES) {
      for (const kind of family.connectorKinds) expect(findConnectionKind(kind), `${family.id}: ${kind}`).toBeDefined();
    }
  });
});

describe.each(CONNECTION_KINDS.map((k) => [k.name, k] as const))("%s", (_name, kind) => {
  const settingNames = Object.keys(kind.settings.shape);
  const secretNames = Object.keys(kind.secrets.shape);

  it("names itself for the dashboard", () => {
    expect(kind.label.trim()).not.toBe("");
    expect(kind.shortName.trim()).not.toBe("");
  });

  it("refuses settings and secrets it does not know", () => {
    expect(kind.settings.def.catchall?._zod.def.type).toBe("never");
    expect(kind.secrets.def.catchall?._zod.def.type).toBe("never");
  });

  it("lists each of its secrets once, with who gives it, and no setting among them", () => {
    expect(Object.keys(kind.secretFields).sort()).toEqual([...secretNames].sort());
    for (const source of Object.values(kind.secretFields)) expect(["operator", "porta"]).toContain(source);
    expect(secretNames.filter((name) => settingNames.includes(name))).toEqual([]);
  });

  it("runs browser logins, tests the connection, and takes input", () => {
    expect(typeof kind.connector).toBe("function");
    expect(typeof kind.check).toBe("function");
    expect(typeof kind.prepare).toBe("function");
    if (kind.loginPage !== undefined) expect(kind.loginPage).toMatch(/^[a-z][a-z0-9-]*$/);
  });

  it("has a dashboard input for each of its settings' inputs, with defaults and choices of its own", () => {
    expect(kind.form.inputs.length).toBeGreaterThan(0);
    for (const input of kind.form.inputs) expect(settingNames, input).toContain(input);
    for (const input of [...Object.keys(kind.form.defaults), ...Object.keys(kind.form.choices)]) expect(kind.form.inputs, input).toContain(input);
  });

  it("says which of the operator's secrets are set, never Porta's own or empty ones, and seals its own only", () => {
    const every = Object.fromEntries(secretNames.map((name) => [name, "value"]));
    expect(secretsSetOf(kind, every).sort()).toEqual(operatorSecretNames(kind).sort());
    expect(secretsSetOf(kind, Object.fromEntries(secretNames.map((name) => [name, ""])))).toEqual([]);
    expect(secretsToSeal(kind, { ...every, notASecretOfTheKind: "x" })).toEqual(every);
  });
});

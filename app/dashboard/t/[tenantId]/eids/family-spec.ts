import type { FamilyFormSpec } from "@/components/dashboard/eid-connection-form-data";
import { connectableFamilies, listConnections, type Connection } from "@/lib/eid/connections/service";
import { familyOf } from "@/lib/eid/families";

/** The form of one connectable eID family, or null for a family that cannot be connected. */
export function familyFormSpec(family: string): FamilyFormSpec | null {
  const connectable = connectableFamilies().find((f) => f.family === family);
  if (!connectable) return null;
  const { claimRule: rule, methods } = familyOf(connectable.family);
  const claims = [...new Set([...rule.nationalIdClaims, ...rule.always, ...Object.values(rule.byScope).flat()])];
  return {
    family: connectable.family,
    name: connectable.name,
    kinds: connectable.kinds,
    acrs: methods.map((m) => m.acr),
    claims,
  };
}

/**
 * The tenant's connection for a family, read from the database: the dashboard shows the last
 * test at once, which the logins' cached lookup would show only after its refresh.
 */
export async function findFamilyConnection(tenantId: string, family: string): Promise<Connection | null> {
  return (await listConnections(tenantId)).find((c) => c.family === family) ?? null;
}

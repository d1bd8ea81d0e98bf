/**
 * `npm run keys -- <command>`
 *   list                         every key: purpose, tenant, alg, state, kid
 *   rotate [--tenant <id>]       rotate the ID token keys of one tenant (default: every tenant)
 *   rotate --extension           rotate the webhook service keys
 * Other instances serve the new JWKS within their key cache TTL (10 s).
 */
import { configOrExit } from "./config-or-exit";

function usage(): never {
  console.error("usage: npm run keys -- list | rotate [--tenant <id>] | rotate --extension");
  process.exit(2);
}

async function main(): Promise<void> {
  const cfg = configOrExit();
  const [command, ...rest] = process.argv.slice(2);
  if (command !== "list" && command !== "rotate") usage();
  const { openDatabase, setProcessDatabase } = await import("../lib/db/client");
  const { rotateKeys } = await import("../lib/keys/key-store");
  const { recordAudit, SYSTEM_ACTOR } = await import("../lib/audit/record-audit");
  const database = await openDatabase({ databaseUrl: cfg.databaseUrl, dataDir: cfg.dataDir });
  setProcessDatabase(database);
  try {
    if (command === "list") {
      const keys = await database.prisma.signingKey.findMany({ orderBy: [{ purpose: "asc" }, { tenantId: "asc" }, { createdAt: "asc" }] });
      for (const k of keys) {
        console.log([k.purpose.padEnd(9), (k.tenantId ?? "-").padEnd(36), k.alg.padEnd(5), k.state.padEnd(7), k.kid].join("  "));
      }
      return;
    }
    const tenantFlag = rest.indexOf("--tenant");
    const owners = rest.includes("--extension")
      ? [{ purpose: "extension" as const, tenantId: null }]
      : tenantFlag >= 0
        ? [{ purpose: "oidc" as const, tenantId: rest[tenantFlag + 1] ?? usage() }]
        : (await database.prisma.tenant.findMany({ select: { id: true } })).map((t) => ({ purpose: "oidc" as const, tenantId: t.id }));
    for (const owner of owners) {
      const promoted = await rotateKeys(database, owner);
      await database.prisma.$transaction((tx) =>
        recordAudit(tx, SYSTEM_ACTOR, {
          tenantId: owner.tenantId,
          action: "keys.rotate",
          targetType: "signing_keys",
          targetId: owner.purpose,
          after: { current: promoted },
        }),
      );
      console.log(`Rotated ${owner.purpose} keys${owner.tenantId ? ` of tenant ${owner.tenantId}` : ""}; now signing with ${promoted.join(", ")}`);
    }
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});

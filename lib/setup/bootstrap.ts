/**
 * Start-up work, in one place and under the database-wide lock so several instances starting
 * together agree: apply migrations, seed the demo tenant and application (and its ID token
 * encryption key, its playground URIs following PUBLIC_URL), make sure every tenant and the webhook
 * service have keys, and create the bootstrap dashboard admin.
 */
import { config } from "../config";
import { randomToken } from "../crypto/random";
import { hashPassword } from "../crypto/password";
import type { Database } from "../db/client";
import { migrate } from "../db/migrate";
import { SYSTEM_ACTOR } from "../audit/record-audit";
import { createApplication } from "../clients/create-application";
import { ensureKeys } from "../keys/key-store";
import { ensureSubjectSecret } from "../tenants/subject-secret";
import { ensureDemoPlaygroundUris } from "../playground/playground-app";
import { generatePlaygroundKey, savePlaygroundKey } from "../playground/playground-key";
import { DEMO_CLIENT_ID, DEMO_TENANT_NAME, demoClientSecret, demoRedirectUri } from "./demo";
import { DEMO_ID_TOKEN_ENCRYPTION, ensureDemoEncryption, type DemoEncryptionOutcome } from "./demo-encryption";

export interface BootstrapReport {
  migrationsApplied: string[];
  seededDemo: boolean;
  /** Whether the demo application's ID token encryption key was in place, added now, or could not be. */
  demoEncryption?: DemoEncryptionOutcome;
  /** Whether the demo application's playground URIs were moved to the current issuer (PUBLIC_URL changed). */
  demoUrisUpdated?: boolean;
  keysCreated: number;
  /** Present only when an admin was generated now: print it once. */
  generatedAdmin?: { email: string; password: string };
  createdAdminEmail?: string;
}

export async function bootstrap(database: Database): Promise<BootstrapReport> {
  const migrationsApplied = await migrate(database);
  return database.withExclusiveLock(async () => {
    const db = database.prisma;
    const report: BootstrapReport = { migrationsApplied, seededDemo: false, keysCreated: 0 };

    if ((await db.tenant.count()) === 0) {
      const tenant = await db.tenant.create({ data: { name: DEMO_TENANT_NAME, environment: "test" } });
      report.seededDemo = true;
      report.keysCreated += await ensureKeys(database, { purpose: "oidc", tenantId: tenant.id });
      // Encrypted ID tokens, so that every eID of the test tenant, FTN too, is enabled for it.
      const encryptionKey = await generatePlaygroundKey();
      await createApplication(
        {
          client_name: "Porta playground",
          tenant_id: tenant.id,
          redirect_uris: [demoRedirectUri()],
          post_logout_redirect_uris: [`${config().issuer}/playground`],
          response_types: ["code", "id_token"],
          grant_types: ["authorization_code", "implicit"],
          token_endpoint_auth_method: "client_secret_basic",
          jwks: { keys: [encryptionKey.publicJwk] },
          ...DEMO_ID_TOKEN_ENCRYPTION,
        },
        SYSTEM_ACTOR,
        { clientId: DEMO_CLIENT_ID, clientSecret: demoClientSecret() },
      );
      await savePlaygroundKey(db, DEMO_CLIENT_ID, encryptionKey);
    }
    // A demo application seeded before FTN required encryption in test tenants gets its key now.
    report.demoEncryption = await ensureDemoEncryption(db);
    report.demoUrisUpdated = await ensureDemoPlaygroundUris(SYSTEM_ACTOR);

    for (const tenant of await db.tenant.findMany({ select: { id: true, subjectSecret: true } })) {
      report.keysCreated += await ensureKeys(database, { purpose: "oidc", tenantId: tenant.id });
      // Tenants made before subject secrets existed get theirs here (or on first use).
      if (!tenant.subjectSecret) await ensureSubjectSecret(tenant.id, db);
    }
    report.keysCreated += await ensureKeys(database, { purpose: "extension", tenantId: null });

    if ((await db.adminUser.count()) === 0) {
      const cfg = config();
      const email = cfg.adminEmail ?? "admin@porta.local";
      const password = cfg.adminPassword ?? randomToken(15);
      const admin = await db.adminUser.create({ data: { email, passwordHash: await hashPassword(password) } });
      const tenants = await db.tenant.findMany({ select: { id: true } });
      await db.tenantMembership.createMany({ data: tenants.map((t) => ({ adminUserId: admin.id, tenantId: t.id, role: "owner" as const })) });
      if (cfg.adminPassword) report.createdAdminEmail = email;
      else report.generatedAdmin = { email, password };
    }
    return report;
  });
}

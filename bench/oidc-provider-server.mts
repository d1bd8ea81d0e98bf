/**
 * The benchmark's peer: node-oidc-provider configured as Porta is — RS256 ID tokens, a
 * private_key_jwt client and a client_secret_basic one, PAR, PKCE S256 — with a PostgreSQL adapter on the same server (not its
 * in-memory adapter). Logins complete at once in the interaction (the equivalent of the test eID's
 * approval), so both servers do the same protocol work.
 *   PORT, DATABASE_URL, CLIENT_JWKS (public JWKS JSON), CLIENT_SECRET, REDIRECT_URI
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { exportJWK, generateKeyPair } from "jose";
import Provider, { type Adapter, type AdapterPayload } from "oidc-provider";
import pg from "pg";

const port = Number(process.env.PORT);
const issuer = `http://127.0.0.1:${port}`;
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

await pool.query(`CREATE TABLE IF NOT EXISTS oidc_payloads (
  id TEXT NOT NULL, type TEXT NOT NULL, payload JSONB NOT NULL, grant_id TEXT, user_code TEXT, uid TEXT,
  expires_at TIMESTAMPTZ, consumed_at TIMESTAMPTZ, PRIMARY KEY (id, type))`);
await pool.query(`CREATE INDEX IF NOT EXISTS oidc_payloads_grant ON oidc_payloads (grant_id)`);
await pool.query(`CREATE INDEX IF NOT EXISTS oidc_payloads_uid ON oidc_payloads (uid)`);

/** A PostgreSQL adapter in the shape oidc-provider documents (one JSONB table for every model). */
class PgAdapter implements Adapter {
  constructor(private readonly type: string) {}
  async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
    await pool.query(
      `INSERT INTO oidc_payloads (id, type, payload, grant_id, user_code, uid, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id, type) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id,
         user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
      [id, this.type, payload, payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ? new Date(Date.now() + expiresIn * 1000) : null],
    );
  }
  private async one(where: string, value: string): Promise<AdapterPayload | undefined> {
    const { rows } = await pool.query(`SELECT payload, consumed_at FROM oidc_payloads WHERE ${where} = $1 AND type = $2 AND (expires_at IS NULL OR expires_at > now())`, [value, this.type]);
    const row = rows[0] as { payload: AdapterPayload; consumed_at: Date | null } | undefined;
    if (!row) return undefined;
    return { ...row.payload, ...(row.consumed_at ? { consumed: true } : {}) };
  }
  find(id: string) {
    return this.one("id", id);
  }
  findByUid(uid: string) {
    return this.one("uid", uid);
  }
  findByUserCode(userCode: string) {
    return this.one("user_code", userCode);
  }
  async consume(id: string): Promise<void> {
    await pool.query(`UPDATE oidc_payloads SET consumed_at = now() WHERE id = $1 AND type = $2`, [id, this.type]);
  }
  async destroy(id: string): Promise<void> {
    await pool.query(`DELETE FROM oidc_payloads WHERE id = $1 AND type = $2`, [id, this.type]);
  }
  async revokeByGrantId(grantId: string): Promise<void> {
    await pool.query(`DELETE FROM oidc_payloads WHERE grant_id = $1`, [grantId]);
  }
}

const { privateKey } = await generateKeyPair("RS256", { extractable: true });
const signingKey = { ...(await exportJWK(privateKey)), kid: "bench-rs256", alg: "RS256", use: "sig" };

const provider = new Provider(issuer, {
  adapter: PgAdapter,
  clients: [
    {
      client_id: "bench",
      token_endpoint_auth_method: "private_key_jwt",
      token_endpoint_auth_signing_alg: "RS256",
      jwks: JSON.parse(process.env.CLIENT_JWKS ?? "{}"),
      redirect_uris: [process.env.REDIRECT_URI ?? "https://rp.example/callback"],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      id_token_signed_response_alg: "RS256",
    },
    {
      client_id: "bench-secret",
      client_secret: process.env.CLIENT_SECRET,
      token_endpoint_auth_method: "client_secret_basic",
      redirect_uris: [process.env.REDIRECT_URI ?? "https://rp.example/callback"],
      grant_types: ["authorization_code"],
      response_types: ["code"],
      id_token_signed_response_alg: "RS256",
    },
  ],
  jwks: { keys: [signingKey] },
  features: { devInteractions: { enabled: false }, pushedAuthorizationRequests: { enabled: true } },
  pkce: { required: () => true },
  claims: { openid: ["sub"] },
  findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub }) }),
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  ttl: { AccessToken: 300, AuthorizationCode: 60, IdToken: 1200, Interaction: 600, Session: 3600, Grant: 3600, PushedAuthorizationRequest: 120 },
});
provider.proxy = false;

const callback = provider.callback();
async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (req.url?.startsWith("/interaction/")) {
    // The test eID's approval: log the person in and grant openid at once.
    const details = await provider.interactionDetails(req, res);
    const accountId = "bench-person";
    const grant = new provider.Grant({ accountId, clientId: details.params.client_id as string });
    grant.addOIDCScope("openid");
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
    return;
  }
  await callback(req, res);
}

const server = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error(error);
    res.statusCode = 500;
    res.end();
  });
});
server.listen(port, "127.0.0.1", () => console.log(`oidc-provider ready on ${issuer}`));

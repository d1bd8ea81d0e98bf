/**
 * The admin API's signing keys of a tenant: GET the ID token keys
 * (public JWK and state: next → current → retired, retired ones for a day after), POST …/rotate
 * (the next key becomes current, a new next key is made; audited).
 */
import { z } from "zod";
import { defineOperation } from "../define-operation";
import { arrayPage } from "../paging";
import { tenantInScope } from "../scope";
import { iso, pageSchema, ZListQuerySchema, ZNullableTimestampSchema, ZTenantParamsSchema, ZTimestampSchema } from "../schemas";
import { loadPublishedKeys, type ListedKey } from "../../keys/load-published-keys";
import { rotateKeysWithAudit } from "../../keys/rotate-with-audit";

export const ZSigningKeySchema = z.object({
  kid: z.string(),
  alg: z.string(),
  state: z.enum(["next", "current", "retired"]),
  public_jwk: z.record(z.string(), z.unknown()).meta({ description: "The public key as a JWK (no private members)" }),
  created_at: ZTimestampSchema,
  activated_at: ZNullableTimestampSchema,
  unpublish_at: ZNullableTimestampSchema.meta({ description: "A retired key leaves the JWKS at this instant" }),
});

function toKey(key: ListedKey): z.output<typeof ZSigningKeySchema> {
  return {
    kid: key.kid,
    alg: key.alg,
    state: key.state,
    public_jwk: key.publicJwk as Record<string, unknown>,
    created_at: iso(key.createdAt),
    activated_at: iso(key.activatedAt),
    unpublish_at: iso(key.unpublishAt),
  };
}

export const KEY_OPERATIONS = [
  defineOperation({
    path: "adminKeys",
    method: "GET",
    operationId: "listKeys",
    tag: "Keys",
    summary: "List a tenant's ID token signing keys",
    params: ZTenantParamsSchema,
    query: ZListQuerySchema,
    responses: { 200: { description: "A page of keys, by algorithm, newest first", schema: pageSchema(ZSigningKeySchema) } },
    errors: [404],
    handle: async ({ actor, params, query }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      const { tenantKeys } = await loadPublishedKeys(tenant.id);
      return { status: 200, body: arrayPage(`keys:${tenant.id}`, query, tenantKeys, (k) => k.id, toKey) };
    },
  }),
  defineOperation({
    path: "adminKeysRotate",
    method: "POST",
    operationId: "rotateKeys",
    tag: "Keys",
    summary: "Rotate a tenant's ID token keys",
    description: "For every algorithm, the pre-published next key becomes current and a new next key is made. The JWKS changes at once on this instance.",
    params: ZTenantParamsSchema,
    responses: { 200: { description: "The kids now signing", schema: z.object({ current: z.array(z.string()) }) } },
    errors: [404, 409],
    handle: async ({ actor, params }) => {
      const tenant = await tenantInScope(actor, params.tenant_id);
      return { status: 200, body: { current: await rotateKeysWithAudit({ purpose: "oidc", tenantId: tenant.id }, actor) } };
    },
  }),
];

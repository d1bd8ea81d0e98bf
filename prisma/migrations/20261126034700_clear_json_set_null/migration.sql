-- Updates of an application without jwks or static_scopes stored the JSON object {"set": null}
-- in place of NULL (lib/clients/replace-application-metadata.ts, fixed); such a value fails the
-- next round trip of its metadata. Make them NULL.
UPDATE "Application" SET "jwks" = NULL WHERE "jwks" = '{"set": null}'::jsonb;
UPDATE "Application" SET "staticScopes" = NULL WHERE "staticScopes" = '{"set": null}'::jsonb;

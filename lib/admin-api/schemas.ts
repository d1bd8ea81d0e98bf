/** Zod schemas every admin API resource shares: errors, list pages and their query, ids, times. */
import { z } from "zod";

export const ZErrorSchema = z
  .object({
    error: z.string().meta({ description: "invalid_request, invalid_token, insufficient_scope, not_found or server_error" }),
    error_description: z.string(),
    field: z.string().optional().meta({ description: "The top-level request member at fault" }),
  });

export const ZListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50).meta({ description: "Items per page, 1 to 100" }),
  cursor: z.string().min(1).max(400).optional().meta({ description: "next_cursor of the previous page, unchanged" }),
});
export type TListQuery = z.output<typeof ZListQuerySchema>;

/** `{items, next_cursor}` of `item`. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable().meta({ description: "Pass as cursor for the next page; null on the last" }) });
}

/** An id in a path: a malformed one is an unknown resource (404), not a bad request. */
export const ZUuidParamSchema = z.uuid();

export const ZTenantParamsSchema = z.object({ tenant_id: ZUuidParamSchema });
export const ZClientParamsSchema = z.object({ client_id: z.string().min(1).max(200) });

/**
 * Any JSON object, for a body whose members the operation checks by its own rules (client metadata:
 * lib/clients/validate-metadata.ts; a connection's settings: its kind's schema).
 */
export const ZJsonObjectSchema = z.record(z.string(), z.unknown());

export const ZTimestampSchema = z.iso.datetime();
export const ZNullableTimestampSchema = ZTimestampSchema.nullable();

export function iso(date: Date): string;
export function iso(date: Date | null): string | null;
export function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

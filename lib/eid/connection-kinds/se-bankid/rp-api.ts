/**
 * The BankID RP API v6 contract as Porta uses it (/auth, /collect, /cancel): request bodies and
 * zod schemas for every answer. Unknown fields in answers are ignored, as the API may add some.
 */
import { z } from "zod";

/** `requirement` of /auth: who may complete the order and how. */
export interface AuthRequirement {
  /** Only this person (12-digit personnummer) may complete the order. */
  personalNumber?: string;
  pinCode?: boolean;
}

export interface AuthRequest {
  endUserIp: string;
  requirement?: AuthRequirement;
  /** Base64 of UTF-8 text the app shows; at most 1 500 characters after encoding. */
  userVisibleData?: string;
  userVisibleDataFormat?: "simpleMarkdownV1";
}

export const USER_VISIBLE_DATA_MAX = 1500;

const ZNonEmptySchema = z.string().min(1).max(200);

export const ZAuthResponseSchema = z.object({
  orderRef: ZNonEmptySchema,
  autoStartToken: ZNonEmptySchema,
  qrStartToken: ZNonEmptySchema,
  qrStartSecret: ZNonEmptySchema,
});
export type TAuthResponse = z.infer<typeof ZAuthResponseSchema>;

export const ZCompletionDataSchema = z.object({
  user: z.object({
    personalNumber: z.string().regex(/^\d{12}$/),
    name: z.string().min(1).max(500),
    givenName: z.string().max(500),
    surname: z.string().max(500),
  }),
  device: z.object({ ipAddress: z.string().min(1).max(64), uhi: z.string().max(200).optional() }),
  bankIdIssueDate: z.string().max(20).optional(),
  stepUp: z.object({ mrtd: z.boolean() }).partial().optional(),
  signature: z.string().min(1),
  ocspResponse: z.string().min(1),
});
export type TCompletionData = z.infer<typeof ZCompletionDataSchema>;

export const ZCollectResponseSchema = z.discriminatedUnion("status", [
  z.object({ orderRef: ZNonEmptySchema, status: z.literal("pending"), hintCode: z.string().max(100).default("") }),
  z.object({ orderRef: ZNonEmptySchema, status: z.literal("failed"), hintCode: z.string().max(100).default("") }),
  z.object({ orderRef: ZNonEmptySchema, status: z.literal("complete"), completionData: ZCompletionDataSchema }),
]);
export type TCollectResponse = z.infer<typeof ZCollectResponseSchema>;

/** /cancel answers an empty object. */
export const ZCancelResponseSchema = z.object({});

/** The error codes of the RP API (an unknown one is handled like internalError). */
export const RP_ERROR_CODES = [
  "alreadyInProgress",
  "invalidParameters",
  "unauthorized",
  "notFound",
  "methodNotAllowed",
  "requestTimeout",
  "unsupportedMediaType",
  "internalError",
  "maintenance",
] as const;
export type RpErrorCode = (typeof RP_ERROR_CODES)[number];

export const ZErrorResponseSchema = z.object({ errorCode: z.string().min(1).max(100), details: z.string().max(2000).default("") });

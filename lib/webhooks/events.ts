/** Webhook event bodies, exactly as README ("Login webhooks") and the JSON Schemas in ./schemas describe them. */
export const POST_AUTH_EVENT = "post-auth-event-1.0";
export const POST_AUTH_RESUME_EVENT = "post-auth-resume-event-1.0";

export type WebhookEventName = typeof POST_AUTH_EVENT | typeof POST_AUTH_RESUME_EVENT;

export interface PostAuthEvent {
  event: typeof POST_AUTH_EVENT;
  conversationId: string;
  environment: "test" | "production";
  user: { sub: string; [claim: string]: unknown };
  resumeUrl: string;
}

export interface PostAuthResumeEvent {
  event: typeof POST_AUTH_RESUME_EVENT;
  conversationId: string;
  environment: "test" | "production";
  resumeRequest: { url: string };
}

export type WebhookEvent = PostAuthEvent | PostAuthResumeEvent;

/**
 * Dashboard sign-in (next-auth v5): email + password admins from the database, JWT sessions that
 * expire after 8 hours. The session secret is derived from PORTA_SECRET, so every instance agrees.
 * Pages and server actions check the session server-side (components/dashboard/session.ts), which
 * also ends a session signed in before its admin's last password change, unless it made the change.
 */
import { createHmac } from "node:crypto";
import NextAuth, { CredentialsSignin } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import { z } from "zod";
import { verifyAdminCredentials } from "@/lib/admin/admin-users";
import { nowMs } from "@/lib/clock";
import { randomToken } from "@/lib/crypto/random";
import { instanceSecret } from "@/lib/crypto/secret";
import { clientIpOf } from "@/lib/http/client-ip";
import { isHttpsIssuer } from "@/lib/http/cookies";

export const SESSION_MAX_AGE_S = 8 * 60 * 60;

declare module "next-auth" {
  interface Session {
    /** When the session signed in (ms since the epoch), set only by a sign-in. */
    signedInAt?: number;
    /** The session's own random id, set only by a sign-in. */
    sessionId?: string;
  }
}

/** Too many failed attempts from this address (lib/abuse/limits.ts). */
class TooManyAttempts extends CredentialsSignin {
  override code = "throttled";
}

/**
 * On an https issuer, the cookies the dashboard uses are `__Host-` (Secure, Path=/, no Domain), like
 * Porta's own (lib/http/cookies.ts), whatever scheme the request reached this process with; on
 * http they keep Auth.js's plain names.
 */
function dashboardCookies() {
  if (!isHttpsIssuer()) return undefined;
  const hostOnly = (name: string) => ({ name: `__Host-${name}`, options: { httpOnly: true, sameSite: "lax" as const, path: "/", secure: true } });
  return { sessionToken: hostOnly("authjs.session-token"), csrfToken: hostOnly("authjs.csrf-token"), callbackUrl: hostOnly("authjs.callback-url") };
}

const ZCredentialsSchema = z.object({ email: z.string().trim().min(3).max(320), password: z.string().min(1).max(1000) });

export const { handlers, auth, signIn, signOut } = NextAuth(() => ({
  secret: createHmac("sha256", instanceSecret()).update("porta/dashboard-session/v1").digest("base64url"),
  trustHost: true,
  useSecureCookies: isHttpsIssuer(),
  cookies: dashboardCookies(),
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_S },
  pages: { signIn: "/dashboard/signin" },
  providers: [
    Credentials({
      credentials: { email: {}, password: {} },
      async authorize(raw, request) {
        const parsed = ZCredentialsSchema.safeParse(raw);
        if (!parsed.success) return null;
        const result = await verifyAdminCredentials(parsed.data.email, parsed.data.password, clientIpOf(request));
        if (!result.ok) {
          if (result.reason === "throttled") throw new TooManyAttempts();
          return null;
        }
        return { id: result.adminId, email: result.email };
      },
    }),
  ],
  callbacks: {
    // Only a sign-in (with `user`) sets the subject, the sign-in time and the session id; a session
    // update sent by the browser changes none of them.
    jwt({ token, user }) {
      if (user?.id) {
        token.sub = user.id;
        token.signedInAt = nowMs();
        token.sessionId = randomToken(16);
      }
      return token;
    },
    session({ session, token }) {
      if (token.sub) session.user.id = token.sub;
      if (typeof token.signedInAt === "number") session.signedInAt = token.signedInAt;
      if (typeof token.sessionId === "string") session.sessionId = token.sessionId;
      return session;
    },
  },
}));

"use server";

import { AuthError } from "next-auth";
import { signIn } from "@/auth";
import { safeReturnPath } from "@/components/dashboard/session";

export interface SignInState {
  error?: string;
  email?: string;
}

export async function signInAction(_previous: SignInState, form: FormData): Promise<SignInState> {
  const email = String(form.get("email") ?? "");
  try {
    await signIn("credentials", {
      email,
      password: String(form.get("password") ?? ""),
      redirectTo: safeReturnPath(String(form.get("callbackUrl") ?? "")),
    });
    return {};
  } catch (error) {
    if (error instanceof AuthError) {
      const throttled = (error as AuthError & { code?: string }).code === "throttled";
      return {
        email,
        error: throttled ? "Too many failed attempts from this address: try again in a few minutes." : "Wrong email or password.",
      };
    }
    throw error; // the redirect after a successful sign-in
  }
}

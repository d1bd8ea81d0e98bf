/** What a new admin password must be: at least 12 characters like ADMIN_PASSWORD (lib/config.ts), at most what sign-in accepts. */
import { z } from "zod";

export const ZNewPasswordSchema = z
  .string()
  .min(12, "Use at least 12 characters")
  .max(1000, "Use at most 1000 characters");

export const ZAdminNameSchema = z.string().trim().min(1, "Enter your name").max(120, "Use at most 120 characters");

// Sign-in forms: one schema each, used by the browser (instant messages) and the server.
import { z } from "zod";

export const BOTH_REQUIRED = "Please enter both email and password";

const credentials = z
  .object({
    email: z.string().trim().optional(),
    password: z.string().optional(),
    redirectTo: z.string().optional(),
  })
  .superRefine((value, ctx) => {
    if (!value.email || !value.password) ctx.addIssue({ code: "custom", message: BOTH_REQUIRED });
  });

export const signInSchema = credentials.pipe(
  z.object({
    email: z.email("Please enter a valid email address."),
    password: z.string(),
    redirectTo: z.string().optional(),
  }),
);

export const signUpSchema = credentials.pipe(
  z.object({
    email: z.email("Please enter a valid email address."),
    password: z.string().min(8, "Password must be at least 8 characters.").max(128, "Password must be at most 128 characters."),
    redirectTo: z.string().optional(),
  }),
);

export const devUnlockSchema = z.object({
  password: z
    .string({ error: "Invalid admin password" })
    .min(1, "Invalid admin password")
    .max(8, "Invalid admin password"),
  redirectTo: z.string().optional(),
});

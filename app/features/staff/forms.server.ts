import { z } from "zod";
import { MAX_PASSWORD_LENGTH } from "./password.server";

/** The desk's own forms, validated on the server; messages are shown next to the form. */
export const signInSchema = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address.").max(254, "That e-mail address is too long."),
  password: z.string().min(1, "Enter your password.").max(MAX_PASSWORD_LENGTH, "That password is too long."),
  next: z.string().max(2000).optional(),
});

export const codeSchema = z.object({
  code: z.string().trim().min(1, "Enter the code from your app, or a recovery code.").max(40, "That code is too long."),
});

export const newPasswordSchema = z
  .object({
    password: z.string().max(MAX_PASSWORD_LENGTH, `Use at most ${MAX_PASSWORD_LENGTH} characters.`),
    confirm: z.string().max(MAX_PASSWORD_LENGTH),
  })
  .refine((v) => v.password === v.confirm, { message: "The two passwords are not the same.", path: ["confirm"] });

/** Only a path inside the desk is a place to go after signing in. */
export function safeNext(next: string | null | undefined, fallback = "/desk"): string {
  if (!next || !/^\/desk(\/|\?|$)/.test(next) || next.startsWith("//") || /[\\\s]/.test(next)) return fallback;
  if (next.startsWith("/desk/sign-in") || next.startsWith("/desk/sign-out") || next.startsWith("/desk/set-password")) return fallback;
  return next;
}

/** The fields of a posted form as strings (files and repeated keys ignored). */
export async function formFields(request: Request): Promise<Record<string, string>> {
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return {};
  }
  const out: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === "string" && !(k in out)) out[k] = v;
  return out;
}

import { z } from "zod";
import { errorsFromZod, type FieldErrors, type FormSpec, type Values } from "~/lib/forms/form-spec";
import { BUSINESS_NAME_PATTERN, CONTROL_CHARACTERS, EMAIL_PATTERN, LIMITS, metaShape, NAME_PATTERN, tooLong } from "~/lib/forms/schemas";

/**
 * The comment form (spec 5), one schema for the browser and PUT /admin/addCommentBlog,
 * with the specification's messages word for word. Names and company names follow the
 * site's reading of "letters and spaces" (the same patterns as the lead forms), so a
 * visitor called O'Brien can comment here as everywhere else.
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const SINGLE_LINE_FORBIDDEN = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
const MULTI_LINE_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

function requiredText(required: string, invalid: string, max: number, pattern?: RegExp, multiline = false) {
  const s = z
    .string({ error: (i) => (i.input === undefined ? required : invalid) })
    .trim()
    .min(1, { error: required, abort: true })
    .max(max, { error: tooLong(max), abort: true })
    .refine((v) => !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(v), { error: CONTROL_CHARACTERS, abort: true });
  return pattern ? s.regex(pattern, { error: invalid, abort: true }) : s;
}

export const COMMENT_MAX = LIMITS.message;
export const NO_POST = "Choose the post to comment on";
export const NO_PARENT = "Choose the comment to reply to";

/** The wire payload of PUT /admin/addCommentBlog (spec 3); a reply adds commentId and isChildComment. */
export const commentPayloadSchema = z
  .strictObject({
    commentBy: requiredText("First name required", "Please enter valid firstname", LIMITS.name, NAME_PATTERN),
    email: requiredText("Email required", "Please enter a valid email", LIMITS.email, EMAIL_PATTERN),
    companyName: requiredText("Company name required", "Please enter valid companyname", LIMITS.businessName, BUSINESS_NAME_PATTERN),
    text: requiredText("Message is required", "Message is required", COMMENT_MAX, undefined, true),
    blogId: z.string({ error: NO_POST }).trim().min(1, { error: NO_POST }).max(100, { error: NO_POST }),
    commentId: z.string({ error: NO_PARENT }).trim().min(1, { error: NO_PARENT }).max(100, { error: NO_PARENT }).optional(),
    isChildComment: z.boolean({ error: "Must be true or false" }).optional(),
    ...metaShape,
  })
  .superRefine((v, ctx) => {
    if (v.isChildComment && !v.commentId) ctx.addIssue({ code: "custom", path: ["commentId"], message: NO_PARENT });
  });

export type CommentPayload = z.infer<typeof commentPayloadSchema>;

export function commentErrors(error: z.ZodError): FieldErrors {
  return errorsFromZod(error);
}

/** The inputs of the comment and reply forms, in the order they are shown. */
export const commentInputs = ["commentBy", "email", "companyName", "text"] as const;

/**
 * The comment form for the site's form kit. The post and the comment replied to travel
 * as fixed values (blogId, commentId) and become the wire fields of spec 3.
 */
export const commentSpec: FormSpec = {
  kind: "comment",
  endpoint: "/admin/addCommentBlog",
  method: "PUT",
  initial: Object.fromEntries(commentInputs.map((n) => [n, ""])),
  schema: commentPayloadSchema,
  toPayload: (v: Values) => {
    const out: Record<string, unknown> = {};
    for (const n of commentInputs) if (v[n] !== undefined && v[n] !== "") out[n] = v[n];
    out.blogId = v.blogId ?? "";
    if (v.commentId) {
      out.commentId = v.commentId;
      out.isChildComment = true;
    }
    return out;
  },
};

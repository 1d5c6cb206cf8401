import { z } from "zod";

/**
 * The comment form's rules (spec 5), one schema for the browser and the server, with the
 * specification's messages word for word. An empty field gets only its "required" message.
 */

const lettersAndSpaces = /^[\p{L}\p{M}]+(?: +[\p{L}\p{M}]+)*$/u;

function text(required: string, invalid: string | null, max: number, tooLong: string, pattern?: RegExp) {
  return z
    .string({ error: required })
    .trim()
    .superRefine((v, ctx) => {
      if (v === "") ctx.addIssue({ code: "custom", message: required });
      else if (v.length > max) ctx.addIssue({ code: "custom", message: tooLong });
      else if (pattern && invalid && !pattern.test(v)) ctx.addIssue({ code: "custom", message: invalid });
    });
}

const emailPattern = /^[^\s@"<>()[\],;:]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const COMMENT_MAX = 2000;

/** What a visitor types. */
export const commentFieldsSchema = z.object({
  commentBy: text("First name required", "Please enter valid firstname", 60, "Please enter valid firstname", lettersAndSpaces),
  email: text("Email required", "Please enter a valid email", 254, "Please enter a valid email", emailPattern),
  companyName: text("Company name required", "Please enter valid companyname", 100, "Please enter valid companyname", lettersAndSpaces),
  text: text("Message is required", null, COMMENT_MAX, `Please keep your comment under ${COMMENT_MAX} characters`),
});

export type CommentFields = z.infer<typeof commentFieldsSchema>;

/** The wire payload of PUT /admin/addCommentBlog (spec 3); a reply adds commentId and isChildComment. */
export const commentPayloadSchema = commentFieldsSchema
  .extend({
    blogId: z.string({ error: "Post is required" }).trim().min(1, "Post is required").max(100, "Post is required"),
    commentId: z.string({ error: "Comment to reply to is required" }).trim().min(1).max(100).optional(),
    isChildComment: z.boolean({ error: "isChildComment must be true or false" }).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.isChildComment && !v.commentId) ctx.addIssue({ code: "custom", path: ["commentId"], message: "Comment to reply to is required" });
  });

export type CommentPayload = z.infer<typeof commentPayloadSchema>;

/** Field → messages, the shape of a 422 body's `errors` and of the form's error state. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    if (!out[key]?.includes(issue.message)) out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
}

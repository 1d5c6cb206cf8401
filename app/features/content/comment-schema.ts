// zod/mini, like the site's other form schemas: the browser loads this chunk only when a
// visitor starts a comment.
import * as z from "zod/mini";
import { BUSINESS_NAME_PATTERN, EMAIL_PATTERN, LIMITS, metaShape, NAME_PATTERN, requiredText } from "~/features/leads/forms/schemas";
import { COMMENT_MAX } from "./comment-spec";

/**
 * The comment form (spec 5), one schema for the browser and PUT /admin/addCommentBlog,
 * with the specification's messages word for word. Names and company names follow the
 * site's reading of "letters and spaces" (the same patterns as the lead forms), so a
 * visitor called O'Brien can comment here as everywhere else.
 */

function id(message: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message, abort: true }), z.maxLength(100, { error: message }));
}

export const NO_POST = "Choose the post to comment on";
export const NO_PARENT = "Choose the comment to reply to";

/** The wire payload of PUT /admin/addCommentBlog (spec 3); a reply adds commentId and isChildComment. */
export const commentPayloadSchema = z
  .strictObject({
    commentBy: requiredText({ required: "First name required", invalid: "Please enter valid firstname", max: LIMITS.name, pattern: NAME_PATTERN }),
    email: requiredText({ required: "Email required", invalid: "Please enter a valid email", max: LIMITS.email, pattern: EMAIL_PATTERN }),
    companyName: requiredText({
      required: "Company name required",
      invalid: "Please enter valid companyname",
      max: LIMITS.businessName,
      pattern: BUSINESS_NAME_PATTERN,
    }),
    text: requiredText({ required: "Message is required", invalid: "Message is required", max: COMMENT_MAX, multiline: true }),
    blogId: id(NO_POST),
    commentId: z.optional(id(NO_PARENT)),
    isChildComment: z.optional(z.boolean({ error: "Must be true or false" })),
    ...metaShape,
  })
  .check(
    z.refine((v) => !(v.isChildComment && !v.commentId), {
      path: ["commentId"],
      error: NO_PARENT,
      // Say so even while other fields are still wrong.
      when: (p) => (p.value as Record<string, unknown>).isChildComment === true,
    }),
  );

// zod/mini, like the site's other form schemas: the browser loads this chunk only when a
// visitor starts a comment.
import * as z from "zod/mini";
import { BUSINESS_NAME_PATTERN, CONTROL_CHARACTERS, EMAIL_PATTERN, LIMITS, metaShape, NAME_PATTERN, tooLong } from "~/lib/forms/schemas";
import { COMMENT_MAX } from "./comment-spec";

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
  return z.string({ error: (i) => (i.input === undefined ? required : invalid) }).check(
    z.trim(),
    z.minLength(1, { error: required, abort: true }),
    z.maxLength(max, { error: tooLong(max), abort: true }),
    z.refine((v: string) => !(multiline ? MULTI_LINE_FORBIDDEN : SINGLE_LINE_FORBIDDEN).test(v), { error: CONTROL_CHARACTERS, abort: true }),
    ...(pattern ? [z.regex(pattern, { error: invalid, abort: true })] : []),
  );
}

function id(message: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, { error: message, abort: true }), z.maxLength(100, { error: message }));
}

export const NO_POST = "Choose the post to comment on";
export const NO_PARENT = "Choose the comment to reply to";

/** The wire payload of PUT /admin/addCommentBlog (spec 3); a reply adds commentId and isChildComment. */
export const commentPayloadSchema = z
  .strictObject({
    commentBy: requiredText("First name required", "Please enter valid firstname", LIMITS.name, NAME_PATTERN),
    email: requiredText("Email required", "Please enter a valid email", LIMITS.email, EMAIL_PATTERN),
    companyName: requiredText("Company name required", "Please enter valid companyname", LIMITS.businessName, BUSINESS_NAME_PATTERN),
    text: requiredText("Message is required", "Message is required", COMMENT_MAX, undefined, true),
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

export type CommentPayload = z.infer<typeof commentPayloadSchema>;

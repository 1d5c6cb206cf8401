import type { FormSpec, Values } from "~/shared/forms/form-spec";

/** Longest comment, as long as a lead form's message (LIMITS.message). */
export const COMMENT_MAX = 2000;

/** What a visitor is told when their comment waits for review (COMMENT_MODERATION): a success text. */
export { AWAITING_REVIEW } from "~/shared/forms/success";
/** The query parameter the no-JavaScript path returns to the post with, after a held comment. */
export const HELD_PARAM = "comment";

/** The inputs of the comment and reply forms, in the order they are shown. */
export const commentInputs = ["commentBy", "email", "companyName", "text"] as const;

/**
 * The comment form for the site's form kit. The post and the comment replied to travel
 * as fixed values (blogId, commentId) and become the wire fields of spec 3. The schema
 * (and zod) load when a visitor first needs them.
 */
export const commentSpec: FormSpec = {
  kind: "comment",
  endpoint: "/admin/addCommentBlog",
  method: "PUT",
  initial: Object.fromEntries(commentInputs.map((n) => [n, ""])),
  schema: () => import("./comment-schema").then((m) => m.commentPayloadSchema),
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

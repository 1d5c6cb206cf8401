import { hashIp } from "~/platform/ip-hash.server";
import { commentPayloadSchema } from "~/features/content/comment-schema";
import { errorsFromZod } from "~/shared/forms/form-spec";
import { readJsonObject } from "~/platform/api/json-body";
import { asWireKind, readWire } from "~/features/leads/forms/wire";
import { type ApiRequest, type ApiResponse, json } from "~/platform/api/types";
import { AWAITING_REVIEW } from "~/features/content/comment-spec";
import { honeypotFilled } from "~/shared/forms/honeypot";
import { limitPost } from "~/platform/rate-limit.server";
import type { Services } from "~/platform/services.server";
import { addComment, listPosts, postExists } from "./posts.server";

/**
 * The blog calls of spec 7: `GET /web/getData2?flag=4` (the list, one post with its
 * comments, search) and `PUT /admin/addCommentBlog` (a comment or a reply).
 */

export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 10;
const MAX_PAGE = 100_000;
const MAX_SEARCH = 100;
/** Ids from post files are kebab-case; a back office may use other simple ids. */
const ID = /^[A-Za-z0-9][\w-]{0,99}$/;

type Params = { limit: number; page: number; isPublished?: boolean; isArticle?: boolean; search?: string; blogId?: string };

/** Query string to list parameters; every mistake is named, so a client can fix its call. */
export function parseListQuery(query: URLSearchParams): { ok: true; params: Params } | { ok: false; errors: Record<string, string[]> } {
  const errors: Record<string, string[]> = {};
  const bad = (k: string, m: string) => {
    errors[k] = [...(errors[k] ?? []), m];
  };
  const one = (k: string): string | undefined => {
    const all = query.getAll(k);
    if (all.length > 1) bad(k, `${k} may be given once`);
    return all[0];
  };
  const int = (k: string, min: number, max: number, fallback: number) => {
    const v = one(k)?.trim();
    if (v === undefined || v === "") return fallback;
    if (!/^\d{1,7}$/.test(v) || Number(v) < min || Number(v) > max) {
      bad(k, `${k} must be a whole number from ${min} to ${max}`);
      return fallback;
    }
    return Number(v);
  };
  const bool = (k: string) => {
    const v = one(k);
    if (v === undefined || v === "") return undefined;
    // In any letter case, blanks around it ignored: isPublished=TRUE is true.
    const read = asWireKind("boolean", v);
    if (typeof read === "boolean") return read;
    bad(k, `${k} must be true or false`);
    return undefined;
  };
  const params: Params = { limit: int("limit", 1, MAX_LIMIT, DEFAULT_LIMIT), page: int("page", 1, MAX_PAGE, 1) };
  const isPublished = bool("isPublished");
  const isArticle = bool("isArticle");
  if (isPublished !== undefined) params.isPublished = isPublished;
  if (isArticle !== undefined) params.isArticle = isArticle;
  const search = one("search")?.trim();
  if (search && search.length > MAX_SEARCH) bad("search", `search must be at most ${MAX_SEARCH} characters`);
  else if (search) params.search = search;
  const blogId = one("blogId");
  if (blogId !== undefined && blogId !== "") {
    if (!ID.test(blogId)) bad("blogId", "blogId is not a valid post id");
    else params.blogId = blogId;
  }
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, params };
}

/** `GET /web/getData2?flag=4` → `{data:{data:[…], count}}`, newest first. */
export async function blogList(services: Pick<Services, "db">, req: ApiRequest): Promise<ApiResponse> {
  const parsed = parseListQuery(req.query);
  if (!parsed.ok) return json(400, { message: "Some parameters are not valid.", errors: parsed.errors });
  const { limit, page, ...filter } = parsed.params;
  if (filter.blogId !== undefined && !(await postExists(services.db, filter.blogId))) {
    return json(404, { message: "There is no post with this blogId." });
  }
  const { items, count } = await listPosts(services.db, { ...filter, limit, offset: (page - 1) * limit });
  return json(200, { data: { data: items, count } });
}

/**
 * `PUT /admin/addCommentBlog`: 201 with the stored comment (200 when the same submission
 * is replayed), 404 for an unknown post or comment, 422 with the form's messages.
 */
export async function addCommentBlog(services: Pick<Services, "db" | "env" | "log">, req: ApiRequest): Promise<ApiResponse> {
  const limited = await limitPost(services, req.ip);
  if (limited) return limited;
  const body = readJsonObject(req);
  if (!body.ok) return body.response;
  // A bot filled the hidden field: answer as if all went well and store nothing.
  if (honeypotFilled(body.body)) return json(201, { message: ACCEPTED });
  // "isChildComment": "true" (any case), an id sent as a number: the wire contract (leads/forms/wire.ts).
  const parsed = commentPayloadSchema.safeParse(readWire(commentPayloadSchema, body.body));
  if (!parsed.success) {
    return json(422, { message: "Please correct the highlighted fields.", errors: errorsFromZod(parsed.error) });
  }
  const p = parsed.data;
  const result = await addComment(
    services.db,
    {
      submissionId: p.submissionId,
      blogId: p.blogId,
      commentId: p.commentId,
      commentBy: p.commentBy,
      email: p.email,
      companyName: p.companyName,
      text: p.text,
      ipHash: hashIp(req.ip, services.env.IP_HASH_SALT),
    },
    services.env.COMMENT_MODERATION,
  );
  if (!result.ok) {
    return json(404, {
      message: result.notFound === "blogId" ? "There is no post with this blogId." : "There is no comment with this commentId on this post.",
    });
  }
  const { held } = result.comment;
  if (!result.replay) services.log.info({ blogId: p.blogId, reply: !!result.comment.parentId, held }, "comment added");
  return json(result.replay ? 200 : 201, { message: held ? AWAITING_REVIEW : ACCEPTED, data: result.comment });
}

export const ACCEPTED = "Your comment has been posted.";

/** A reply to a comment (spec 3). */
export interface BlogReply {
  _id: string;
  commentBy: string;
  text: string;
  createdOn: string;
  /** Written by Fillway's staff in the desk: shown as "Fillway Team" with a mark. */
  team?: true;
}

/** A visitor comment with its replies (spec 3). Plain text: React escapes it. */
export interface BlogComment extends BlogReply {
  childComments: BlogReply[];
}

/** A news or blog item exactly as the API sends it (spec 3), also used by the pages. */
export interface BlogItem {
  _id: string;
  title: string;
  subTitle: string;
  /** Sanitised HTML. */
  description: string;
  imageUrl: { thumbnail: string | null; original: string | null };
  articleUrl: string | null;
  /** An embeddable player URL, shown instead of the image when present. */
  videoUrl: string | null;
  createdOn: string;
  publishedBy: string | null;
  isPublished: boolean;
  isArticle: boolean;
  comments: BlogComment[];
}

/** One page of a post's visible comments, as the post page shows them. */
export interface CommentPage {
  /** Oldest first, as the spec lists them; each with its replies. */
  items: BlogComment[];
  page: number;
  pageCount: number;
  /** Every visible comment of the post, replies included. */
  total: number;
}

/** The query parameter of a post's further comment pages (page 1, the newest threads, has none). */
export const COMMENTS_PAGE_PARAM = "comments";

/** The picture of a post published without a banner: the post page and the lists show Fillway's own. */
export const POST_FALLBACK_IMAGE = { thumbnail: "/media/blog/fillway-news.svg", original: "/media/blog/fillway-news.svg" } as const;

/** The query parameter that opens the reply form under a comment (works without JavaScript too). */
export const REPLY_PARAM = "replyTo";

/** Threads (a comment and its replies) on one page of a post's comments. */
export const COMMENT_PAGE_SIZE = 50;

/** The date a visitor sees and lists sort on: publishedBy over createdOn (spec 3). */
export const itemDate = (item: Pick<BlogItem, "publishedBy" | "createdOn">): string => item.publishedBy ?? item.createdOn;

export type ItemKind = "blog" | "article" | "event";

export const itemKind = (item: Pick<BlogItem, "isPublished" | "isArticle">): ItemKind => (!item.isPublished ? "event" : item.isArticle ? "article" : "blog");

/** A list item: lists never carry descriptions or comments to the browser. */
export type CardItem = Omit<BlogItem, "description" | "comments">;

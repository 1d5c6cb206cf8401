import type { Generated } from "kysely";

/** Every accepted submission of a public form: newsletter, lead, fleet sign-up, quote. */
export interface LeadsTable {
  id: Generated<number>;
  /** Sent by the browser so that a retry or a double click stores once. */
  submission_id: string | null;
  /**
   * Which form it came from (FormKind): newsletter, lead-personal, lead-business,
   * lead-saas, fleet, quote-short or quote-business.
   */
  kind: string;
  /** The form type code of spec section 3. */
  type: number;
  email: string;
  /** What was sent, as validated JSON (without submissionId, pagePath and the honeypot). */
  payload: string;
  /** The page the form was on (pagePath of the body, the Referer, or the page posted to). */
  page_path: string | null;
  user_agent: string | null;
  /** A salted hash of the client address; the address itself is never kept. */
  ip_hash: string | null;
  created_at: string;
}

/**
 * News and blog items (spec 3). Kind by flags (spec 4): blog post = published, not an
 * article; related article = published article (with an external articleUrl); upcoming
 * event = not published. Rows come from content/posts/*.md at start; a back office may
 * later edit them in place, so a row is only rewritten when its source file changed.
 */
export interface PostsTable {
  id: string;
  title: string;
  sub_title: string;
  /** Sanitised HTML, safe to render as is. */
  description_html: string;
  /** The description as plain text, for search. */
  body_text: string;
  image_thumbnail: string | null;
  image_original: string | null;
  article_url: string | null;
  /** An embeddable video (YouTube no-cookie or Vimeo player URL), shown instead of the image. */
  video_url: string | null;
  created_on: string;
  published_by: string | null;
  is_published: number;
  is_article: number;
  /** Content file the row came from (relative path), null when created elsewhere. */
  source_file: string | null;
  /** sha256 of that file when last loaded: unchanged files are never re-applied. */
  source_hash: string | null;
  updated_at: string;
}

/** Visitor comments; a reply has parent_id (one level: replies attach to a top comment). */
export interface CommentsTable {
  id: string;
  /** Sent by the browser so that a retry or a double click stores once. */
  submission_id: string | null;
  post_id: string;
  parent_id: string | null;
  comment_by: string;
  email: string;
  company_name: string;
  text: string;
  created_on: string;
  ip_hash: string | null;
}

/** Values the installation made for itself on first start (settings.server.ts). */
export interface SettingsTable {
  key: string;
  value: string;
  created_at: string;
}

export interface Database {
  leads: LeadsTable;
  posts: PostsTable;
  comments: CommentsTable;
  settings: SettingsTable;
}

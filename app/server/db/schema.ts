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
  /**
   * Migration 004. Leads: new, contacted, qualified, won, lost or spam; newsletter rows:
   * subscribed or unsubscribed.
   */
  status: Generated<string>;
  /** The member of staff working the lead (staff.id). */
  assignee_id: number | null;
  /** Searchable columns taken from the payload when stored (search-columns.server.ts). */
  email_norm: string | null;
  name_norm: string | null;
  last_norm: string | null;
  business_norm: string | null;
  phone_norm: string | null;
  zip: string | null;
  city: string | null;
}

/** A lead's timeline: status and assignee changes and notes, each with who and when. */
export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: number;
  staff_id: number | null;
  /** "status", "assignee" or "note". */
  action: string;
  /** The new status, the new assignee's staff id ("" for nobody), or the note's text. */
  value: string | null;
  created_at: string;
}

/** When each member of staff last opened the desk home. */
export interface DeskVisitsTable {
  staff_id: number;
  seen_at: string;
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

export interface Database {
  leads: LeadsTable;
  posts: PostsTable;
  comments: CommentsTable;
  lead_events: LeadEventsTable;
  desk_visits: DeskVisitsTable;
}

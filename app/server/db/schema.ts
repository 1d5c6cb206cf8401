import type { Generated } from "kysely";

/** Every accepted submission of a public form: newsletter, lead, fleet sign-up, quote. */
export interface LeadsTable {
  id: Generated<number>;
  /** Sent by the browser so that a retry or a double click stores once. */
  submission_id: string | null;
  /** Which call received it: newsletter, lead, fleet, campaign. */
  kind: string;
  /** The form type code of spec section 3. */
  type: number;
  email: string;
  /** What was sent, as validated JSON. */
  payload: string;
  page_path: string | null;
  user_agent: string | null;
  /** A salted hash of the client address; the address itself is never kept. */
  ip_hash: string | null;
  created_at: string;
}

export interface PostsTable {
  id: string;
  title: string;
  sub_title: string;
  description_html: string;
  image_thumbnail: string | null;
  image_original: string | null;
  article_url: string | null;
  created_on: string;
  published_by: string | null;
  is_published: number;
  is_article: number;
  source_file: string | null;
  updated_at: string;
}

export interface CommentsTable {
  id: string;
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
}

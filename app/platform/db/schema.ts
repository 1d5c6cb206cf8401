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
   * pending (not yet confirmed, migration 011), subscribed (confirmed) or unsubscribed.
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
  /** Migration 007: where the visitor came from (leads/attribution.server.ts). */
  landing_page: string | null;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  /** Migration 011: when a newsletter sign-up was confirmed, and when it was unsubscribed. */
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  /** Migration 020: the first status change, note, call or follow-up by staff. */
  first_touch_at: string | null;
  /** Migration 020: when the owner and admins were told it was not answered in time. */
  overdue_told_at: string | null;
  /** Migration 021: the first lead of the same person (same e-mail or phone); null on that first lead. */
  contact_id: number | null;
  /** Migration 021: the consent line's version the visitor was shown, and when; null when not recorded. */
  consent_version: string | null;
  consent_shown_at: string | null;
}

/** A lead's timeline: status and assignee changes and notes, each with who and when. */
export interface LeadEventsTable {
  id: Generated<number>;
  lead_id: number;
  staff_id: number | null;
  /** "status", "assignee", "note", "call" (JSON: outcome, note) or "followup" (JSON: due, note). */
  action: string;
  /** The new status, the new assignee's staff id ("" for nobody), or the note's text. */
  value: string | null;
  created_at: string;
}

/** Migration 020: the routing rules of new leads, first match by position (routing.server.ts). */
export interface RoutingRulesTable {
  id: Generated<number>;
  position: number;
  /** The market of the lead's ZIP code ("Dallas, TX"); null: any. */
  market: string | null;
  /** The form (leads.kind); null: any. No condition at all: the default. */
  kind: string | null;
  /** Migration 040: the US state of the lead's ZIP code ("TX"); null: any. */
  state: Generated<string | null>;
  /** Migration 040: ZIP codes or their starts, comma separated ("780,78040,733"); null: any. */
  zips: Generated<string | null>;
  /** Migration 040: what the desk and the timeline call the rule; null: named by its conditions. */
  name: Generated<string | null>;
  /** JSON array of staff ids, taken in turn. */
  staff_ids: string;
  /** The round-robin's next place in staff_ids (SQLite; on PostgreSQL, routing_turns). */
  next_index: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Migration 020: a dated follow-up of a lead for one member of staff. */
export interface LeadFollowupsTable {
  id: Generated<number>;
  lead_id: number;
  staff_id: number;
  due_at: string;
  note: string | null;
  done_at: string | null;
  created_at: string;
}

/** When each member of staff last opened the desk home. */
export interface DeskVisitsTable {
  staff_id: number;
  /** The mark: leads after it are "new since your last visit" (migration 037). */
  seen_at: string;
  /** The latest visit of At a glance (migration 037). */
  visit_at: string | null;
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
  /** Migration 009: public from this time on (ISO); null is a draft. */
  publish_at: Generated<string | null>;
  /** The Markdown the description was rendered from. */
  body_markdown: string | null;
  /** The last save in the desk; a row saved there is never overwritten by its file. */
  edited_at: string | null;
  /** Migration 025: the banner's alt text; null for posts from before (shown as decorative). */
  image_alt: Generated<string | null>;
  /** Migration 025: the byline, the author's name; null for posts from files (the site's own byline). */
  author_name: Generated<string | null>;
}

/** Migration 025: what an editor typed and has not saved (JSON of the form's fields); never published. */
export interface PostAutosavesTable {
  staff_id: number;
  /** The post's id, or "new" for a post not yet saved. */
  post_key: string;
  fields: string;
  saved_at: string;
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
  /** Migration 010: visible, held (waiting for review), hidden or spam. Only visible ones are public. */
  state: Generated<string>;
  /** 1 for a reply written in the desk, shown as "Fillway Team". */
  from_team: Generated<number>;
  /** The member of staff who wrote a team reply. */
  staff_id: number | null;
  /** When staff last changed the state. */
  moderated_at: string | null;
  /** Migration 026: when it went to the trash (state "trash"); purged 30 days later. */
  trashed_at: string | null;
  /** Migration 026: the state it had before the trash, which a restore puts back. */
  trashed_from: string | null;
  /** Migration 026: the comment whose deletion took this reply along. */
  trashed_with: string | null;
}

/** Migration 010: senders whose later comments are held (a comment of theirs was marked spam). */
export interface CommentBlocksTable {
  /** "email" (lower-cased address) or "ip" (the salted address hash). */
  kind: string;
  value: string;
  /** The comment that was marked spam. */
  comment_id: string | null;
  staff_id: number | null;
  created_at: string;
}

/** Values the installation made for itself on first start (settings.server.ts). */
export interface SettingsTable {
  key: string;
  value: string;
  created_at: string;
}

/** Migration 003: a member of staff who signs in to the desk. */
export interface StaffTable {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string | null;
  /** admin, sales or editor. */
  role: string;
  /** scrypt hash (password.server.ts); null until the set-password link is used. */
  password_hash: string | null;
  password_changed_at: string | null;
  /**
   * The TOTP secret, encrypted (totp-key.server.ts; a plain Base32 secret from before is
   * encrypted at start); enabled once totp_enabled_at is set.
   */
  totp_secret: string | null;
  totp_enabled_at: string | null;
  /** Migration 015: the last TOTP time-step accepted, so a code is never accepted twice. */
  totp_last_step: number | null;
  /** Migration 019: the IANA time zone the desk shows times in; null for the browser's. */
  time_zone: string | null;
  disabled_at: string | null;
  last_sign_in_at: string | null;
  created_at: string;
}

/** Two-factor recovery codes, hashed like passwords; each works once. */
export interface StaffRecoveryCodesTable {
  id: Generated<number>;
  staff_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A signed-in browser. The cookie holds a random token; its sha256 is the id. */
export interface StaffSessionsTable {
  id: string;
  staff_id: number;
  created_at: string;
  /** Refreshed as the session is used: idle expiry counts from here. */
  last_seen_at: string;
  /** Absolute expiry. */
  expires_at: string;
  user_agent: string | null;
  ip_hash: string | null;
}

/** One-time tokens (set-password links, the second step of a two-factor sign-in), by sha256. */
export interface StaffTokensTable {
  id: string;
  staff_id: number;
  /** "set-password" or "two-factor". */
  purpose: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** Who did what, when. Never the personal data of what was deleted. */
export interface AuditLogTable {
  id: Generated<number>;
  at: string;
  staff_id: number | null;
  /** The e-mail of the member of staff at the time (kept if the account goes). */
  actor: string | null;
  action: string;
  subject: string | null;
  /** JSON object. */
  detail: string | null;
  ip_hash: string | null;
}

/** Failed sign-ins counted per account and per client ("account:EMAIL", "client:IPHASH"). */
export interface SignInThrottleTable {
  key: string;
  failures: number;
  window_started_at: string;
  blocked_until: string | null;
}

/**
 * Migration 007: a message to deliver (outbox/). channel "email" or "webhook"; template
 * names what it says ("lead-sales", "lead-receipt", "lead-webhook", …). State: pending
 * (waiting for next_attempt_at), sending (claimed until lease_until), sent or failed.
 */
export interface OutboxTable {
  id: Generated<number>;
  channel: string;
  template: string;
  lead_id: number | null;
  staff_id: number | null;
  /** The address for messages not addressed by configuration (a receipt, a reset link). */
  recipient: string | null;
  /** JSON object: what the template needs beyond the lead. */
  payload: Generated<string>;
  idempotency_key: string;
  /** The e-mail's Message-ID, fixed when the row is written. */
  message_id: string | null;
  state: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: string;
  /** After this a failed attempt marks the message failed (24 h after it was written, or after a retry from the desk). */
  give_up_at: string;
  lease_until: string | null;
  last_error: string | null;
  created_at: string;
  sent_at: string | null;
}

/** Migration 009: an image uploaded in the desk, re-encoded to WebP at the sizes pages draw. */
export interface MediaTable {
  /** Content hash of the banner file. */
  id: string;
  original_name: string;
  /** /media/uploads/… of the 16:9 banner (the post page) and the card (lists). */
  banner_path: string;
  banner_width: number;
  banner_height: number;
  card_path: string;
  card_width: number;
  card_height: number;
  /** The picture for a post's body, in its own shape (migration 038); null for older uploads. */
  inline_path: string | null;
  inline_width: number | null;
  inline_height: number | null;
  bytes: number;
  staff_id: number | null;
  created_at: string;
}

/** Migration 009: a file post deleted in the desk; its file (with this hash) is not loaded again. */
export interface PostTombstonesTable {
  id: string;
  source_hash: string | null;
  deleted_at: string;
}

/** A client's public posts in one fixed window, counted for every instance (PostgreSQL). */
export interface RateCountsTable {
  key: string;
  window_start: number;
  count: number;
}

/** Migration 023: a newsletter issue written in the desk. */
export interface NewsletterIssuesTable {
  id: Generated<number>;
  subject: string;
  body_markdown: string;
  /** The body rendered and sanitised when it was saved. */
  body_html: string;
  /** The published post it was started from, if any. */
  post_id: string | null;
  /** draft, scheduled, sending, sent */
  state: Generated<string>;
  send_at: string | null;
  started_at: string | null;
  /** When every confirmed address had its delivery row. */
  filled_at: string | null;
  finished_at: string | null;
  recipients: number | null;
  staff_id: number | null;
  created_at: string;
  updated_at: string;
}

/** Migration 023: one issue to one subscriber (unique pair), queued, then released into the outbox or skipped. */
export interface NewsletterDeliveriesTable {
  id: Generated<number>;
  issue_id: number;
  lead_id: number;
  /** queued, released, skipped */
  state: Generated<string>;
  outbox_key: string | null;
  released_at: string | null;
}

/** Migration 022: one raw insight event (a page view, a form step or a Web Vital), kept INSIGHT_RAW_DAYS. */
export interface InsightEventsTable {
  id: Generated<number>;
  at: string;
  day: string;
  kind: "view" | "form" | "vital";
  visitor: string;
  view_id: string;
  path: string;
  referrer_host: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  device: string;
  browser: string;
  os: string;
  form: string | null;
  step: string | null;
  fields: string | null;
  submission_id: string | null;
  metric: string | null;
  value: number | null;
}

/** Migration 022: views and visitors per hour or day and per dimension, kept for ever. */
export interface InsightRollupTable {
  grain: "hour" | "day";
  bucket: string;
  dim: string;
  key: string;
  views: number;
  visitors: number;
}

/** Migration 022: form steps per day, and the fields that failed. */
export interface InsightFormRollupTable {
  day: string;
  form: string;
  step: string;
  field: string;
  n: number;
}

/** Migration 040: per day, form and visitor that focused one of its fields, the last field focused and whether it was submitted (1) since. */
export interface InsightFormExitsTable {
  day: string;
  form: string;
  visitor: string;
  field: string;
  done: number;
}

/** Migration 022: Web Vitals per day, route, device class and metric, with their histogram ("bin:count ..."). */
export interface InsightVitalsRollupTable {
  day: string;
  path: string;
  device: string;
  metric: string;
  n: number;
  hist: string;
}

/** Migration 022: the rollup's progress. */
export interface InsightStateTable {
  key: string;
  value: string;
}

/**
 * Migration 041: one e-mail of a lead's conversation (features/conversations): sent from
 * the desk ("out") or received for the lead ("in").
 */
export interface LeadMessagesTable {
  id: Generated<number>;
  lead_id: number;
  direction: "out" | "in";
  /** The RFC 5322 Message-ID, angle brackets included; unique. */
  message_id: string;
  in_reply_to: string | null;
  /** The References header: Message-IDs separated by spaces. */
  refs: string | null;
  from_address: string;
  from_name: string | null;
  to_address: string;
  subject: string;
  body_text: string;
  /** Sanitised HTML; null for a plain-text message. */
  body_html: string | null;
  /** The author of a message sent from the desk. */
  staff_id: number | null;
  /** The outbox row delivering a sent message. */
  outbox_id: number | null;
  /** JSON list of the attachments received; null when none. */
  attachments: string | null;
  created_at: string;
}

/** Migration 042: each mailbox folder read for replies (features/conversations/reader.server.ts). */
export interface MailboxStateTable {
  mailbox: string;
  uid_validity: string | null;
  last_uid: Generated<number>;
  lease_owner: string | null;
  lease_until: string | null;
  last_read_at: string | null;
  last_error: string | null;
  last_error_at: string | null;
  taken_total: Generated<number>;
  taken_last: Generated<number>;
}

/** Migration 042: a received message no lead was found for, until an admin assigns it. */
export interface UnmatchedMessagesTable {
  id: Generated<number>;
  message_id: string;
  in_reply_to: string | null;
  refs: string | null;
  from_address: string | null;
  from_name: string | null;
  to_address: string | null;
  subject: string | null;
  body_text: string | null;
  body_html: string | null;
  attachments: string | null;
  created_at: string;
  assigned_lead_id: number | null;
  assigned_at: string | null;
  assigned_by: number | null;
}

/** Migration 041: an e-mail template sales starts from, with {field} markers. */
export interface MailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  body: string;
  updated_by: number | null;
  created_at: string;
  updated_at: string;
}

/** Migration 041: an address mail to which bounced or was refused (lower-cased), the last reason and when. */
export interface MailAddressFailuresTable {
  address: string;
  reason: string;
  failed_at: string;
}

export interface Database {
  lead_messages: LeadMessagesTable;
  mail_templates: MailTemplatesTable;
  mail_address_failures: MailAddressFailuresTable;
  mailbox_state: MailboxStateTable;
  unmatched_messages: UnmatchedMessagesTable;
  insight_events: InsightEventsTable;
  insight_rollup: InsightRollupTable;
  insight_form_rollup: InsightFormRollupTable;
  insight_vitals_rollup: InsightVitalsRollupTable;
  insight_form_exits: InsightFormExitsTable;
  insight_state: InsightStateTable;
  leads: LeadsTable;
  rate_counts: RateCountsTable;
  posts: PostsTable;
  comments: CommentsTable;
  comment_blocks: CommentBlocksTable;
  settings: SettingsTable;
  lead_events: LeadEventsTable;
  routing_rules: RoutingRulesTable;
  lead_followups: LeadFollowupsTable;
  desk_visits: DeskVisitsTable;
  staff: StaffTable;
  staff_recovery_codes: StaffRecoveryCodesTable;
  staff_sessions: StaffSessionsTable;
  staff_tokens: StaffTokensTable;
  audit_log: AuditLogTable;
  sign_in_throttle: SignInThrottleTable;
  outbox: OutboxTable;
  media: MediaTable;
  post_tombstones: PostTombstonesTable;
  newsletter_issues: NewsletterIssuesTable;
  newsletter_deliveries: NewsletterDeliveriesTable;
  post_autosaves: PostAutosavesTable;
}

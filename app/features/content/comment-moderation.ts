import { brand } from "~/copy/brand";

/** Comment states and the desk's words for them, shared by the server and the desk's screen. */

export type CommentState = "visible" | "held" | "hidden" | "spam" | "trash";
export const commentStates: readonly CommentState[] = ["held", "visible", "hidden", "spam", "trash"];
export const stateLabels: Record<CommentState, string> = { held: "Awaiting review", visible: "Visible", hidden: "Hidden", spam: "Spam", trash: "In the trash" };
/** A deleted comment stays in the trash this many days, then is purged. */
export const TRASH_DAYS = 30;
export type CommentFilter = "all" | CommentState;
export const commentFilters: readonly CommentFilter[] = ["all", ...commentStates];

export const COMMENTS_PAGE_SIZE = 50;
/** What a reply written in the desk is signed with on the site. */
export const TEAM_NAME = `${brand.name} Team`;

export const moderationActions = ["approve", "hide", "restore", "spam", "delete", "untrash"] as const;
export type ModerationAction = (typeof moderationActions)[number];
export const pastTense: Record<ModerationAction, string> = {
  approve: "approved",
  hide: "hidden",
  restore: "restored",
  spam: "marked as spam",
  delete: "moved to the trash",
  untrash: "taken out of the trash",
};
/** The decisions offered over a selection or over every comment of a filter. */
export const bulkActions = ["approve", "hide", "spam", "delete"] as const satisfies readonly ModerationAction[];
export type BulkAction = (typeof bulkActions)[number];
export const bulkLabels: Record<BulkAction, string> = { approve: "Approve", hide: "Hide", spam: "Mark as spam", delete: "Delete" };

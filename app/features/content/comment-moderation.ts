import { brand } from "~/copy/brand";

/** Comment states and the desk's words for them, shared by the server and the desk's screen. */

export type CommentState = "visible" | "held" | "hidden" | "spam";
export const commentStates: readonly CommentState[] = ["held", "visible", "hidden", "spam"];
export const stateLabels: Record<CommentState, string> = { held: "Awaiting review", visible: "Visible", hidden: "Hidden", spam: "Spam" };
export type CommentFilter = "all" | CommentState;
export const commentFilters: readonly CommentFilter[] = ["all", ...commentStates];

export const COMMENTS_PAGE_SIZE = 50;
/** What a reply written in the desk is signed with on the site. */
export const TEAM_NAME = `${brand.name} Team`;

export const moderationActions = ["approve", "hide", "restore", "spam", "delete"] as const;
export type ModerationAction = (typeof moderationActions)[number];
export const pastTense: Record<ModerationAction, string> = {
  approve: "approved",
  hide: "hidden",
  restore: "restored",
  spam: "marked as spam",
  delete: "deleted",
};

import type { Db } from "~/platform/db/db.server";

/**
 * The audit log in words: one sentence per kind of action, with its subject named (the
 * person's name for an account, the post's title, "3 leads" for a list), and the words
 * the action filter offers. tests/unit/audit-words.test.ts fails when an action written
 * anywhere has no sentence here.
 */

export interface Said {
  /** Who did it, named ("Ana Ruiz"), or "Someone" for the command line or an unknown e-mail. */
  who: string;
  /** The subject named: a person, a post title, "3 leads"… */
  what: string;
  detail: Record<string, unknown>;
}

const str = (v: unknown) => (typeof v === "string" ? v : v === undefined || v === null ? "" : String(v));
const num = (v: unknown) => (typeof v === "number" ? v : Number(v) || 0);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1).replace(/-/g, " ");
const viaLine = (d: Record<string, unknown>) => (d.via === "command line" || d.via === "cli" ? " from the command line" : "");

/** How each subject is named: by account e-mail, post id, comment id, or a list of ids. */
export type SubjectKind = "account" | "post" | "comment" | "leads" | "lead" | "comments" | "plain";

interface Kind {
  /** The action filter's words. */
  label: string;
  subject: SubjectKind;
  say: (s: Said) => string;
}

export const auditKinds: Record<string, Kind> = {
  "sign-in": {
    label: "Signed in",
    subject: "plain",
    say: (s) =>
      `${s.who} signed in${s.detail.method === "recovery-code" ? " with a recovery code" : s.detail.method === "totp" ? " with a two-factor code" : s.detail.method === "password-link" ? " on choosing a password" : ""}`,
  },
  "sign-in.failed": { label: "Failed sign-in", subject: "account", say: (s) => `A sign-in as ${s.what} failed (wrong password)` },
  "sign-in.code-failed": { label: "Wrong two-factor code", subject: "account", say: (s) => `A wrong two-factor code was entered for ${s.what}` },
  "sign-in.blocked": {
    label: "Sign-ins refused for a while",
    subject: "account",
    say: (s) => `Sign-ins as ${s.what} were refused for ${num(s.detail.seconds)} seconds after repeated failures`,
  },
  "sign-in.owner-notified": {
    label: "Owner told of failed sign-ins",
    subject: "account",
    say: (s) => `${s.what} was e-mailed about ${count(num(s.detail.failures), "failed sign-in")}`,
  },
  "sign-out": { label: "Signed out", subject: "plain", say: (s) => `${s.who} signed out` },
  "sign-out.everywhere": {
    label: "Signed out everywhere",
    subject: "account",
    say: (s) => `${s.who} signed out everywhere (${count(num(s.detail.sessions), "session")})`,
  },
  "account.add": { label: "Added an account", subject: "account", say: (s) => `${s.who} added ${s.what} as ${str(s.detail.role)}${viaLine(s.detail)}` },
  "account.invite": { label: "Sent an invitation again", subject: "account", say: (s) => `${s.who} sent the invitation to ${s.what} again` },
  "account.role": {
    label: "Changed a role",
    subject: "account",
    say: (s) => `${s.who} changed the role of ${s.what} from ${str(s.detail.from)} to ${str(s.detail.to)}`,
  },
  "account.disable": { label: "Disabled an account", subject: "account", say: (s) => `${s.who} disabled ${s.what}${viaLine(s.detail)}` },
  "account.enable": { label: "Enabled an account", subject: "account", say: (s) => `${s.who} enabled ${s.what}${viaLine(s.detail)}` },
  "account.reset": {
    label: "Reset an account",
    subject: "account",
    say: (s) => `${s.who} reset the password${s.detail.twoFactor ? " and two-factor sign-in" : ""} of ${s.what}${viaLine(s.detail)}`,
  },
  "account.reset-requested": { label: "Asked for a password reset", subject: "account", say: (s) => `A password reset link was sent to ${s.what}` },
  "account.password-set": { label: "Chose a password", subject: "account", say: (s) => `${s.who} chose a password with a link` },
  "account.password-change": { label: "Changed their password", subject: "account", say: (s) => `${s.who} changed their password` },
  "account.current-password-failed": {
    label: "Wrong current password",
    subject: "account",
    say: (s) => `${s.who} entered a wrong current password (${count(num(s.detail.failures), "time")})`,
  },
  "account.current-password-blocked": {
    label: "Current password refused for a while",
    subject: "account",
    say: (s) => `${s.who} was refused the current-password check for ${num(s.detail.seconds)} seconds`,
  },
  "account.2fa-on": { label: "Turned on two-factor sign-in", subject: "account", say: (s) => `${s.who} turned on two-factor sign-in` },
  "account.2fa-off": { label: "Turned off two-factor sign-in", subject: "account", say: (s) => `${s.who} turned off two-factor sign-in` },
  "account.2fa-recovery-codes": { label: "Made new recovery codes", subject: "account", say: (s) => `${s.who} made new recovery codes` },
  "comment.approve": { label: "Approved a comment", subject: "comment", say: (s) => `${s.who} approved ${s.what}` },
  "comment.hide": { label: "Hid a comment", subject: "comment", say: (s) => `${s.who} hid ${s.what}` },
  "comment.restore": { label: "Restored a comment", subject: "comment", say: (s) => `${s.who} restored ${s.what}` },
  "comment.spam": { label: "Marked a comment as spam", subject: "comment", say: (s) => `${s.who} marked ${s.what} as spam` },
  "comment.delete": { label: "Deleted a comment", subject: "comment", say: (s) => `${s.who} moved ${s.what} to the trash` },
  "comment.untrash": { label: "Took a comment out of the trash", subject: "comment", say: (s) => `${s.who} took ${s.what} out of the trash` },
  "comment.reply": { label: "Replied to a comment", subject: "comment", say: (s) => `${s.who} replied as the team (${s.what})` },
  "comments.bulk": {
    label: "Decided on many comments",
    subject: "comments",
    say: (s) => {
      const n = count(num(s.detail.count), "comment");
      const how: Record<string, string> = { approve: `approved ${n}`, hide: `hid ${n}`, spam: `marked ${n} as spam`, delete: `moved ${n} to the trash` };
      return `${s.who} ${how[str(s.detail.intent)] ?? `changed ${n}`} (${s.what})`;
    },
  },
  "post.create": { label: "Created a post", subject: "post", say: (s) => `${s.who} created the post ${s.what}` },
  "post.save": {
    label: "Saved a post",
    subject: "post",
    say: (s) => `${s.who} saved the post ${s.what}${s.detail.status ? ` (${str(s.detail.status)})` : ""}`,
  },
  "post.delete": { label: "Deleted a post", subject: "post", say: (s) => `${s.who} deleted the post “${str(s.detail.title) || s.what}”` },
  "post.download": { label: "Downloaded a post", subject: "post", say: (s) => `${s.who} downloaded the Markdown of ${s.what}` },
  "media.upload": { label: "Uploaded an image", subject: "plain", say: (s) => `${s.who} uploaded the image ${str(s.detail.name) || s.what}` },
  "lead.change": {
    label: "Changed a lead",
    subject: "lead",
    say: (s) => `${s.who} ${s.detail.status ? `moved ${s.what} to ${capital(str(s.detail.status))}` : `reassigned ${s.what}`}`,
  },
  "leads.bulk-change": {
    label: "Changed many leads",
    subject: "leads",
    say: (s) => `${s.who} ${s.detail.status ? `moved ${s.what} to ${capital(str(s.detail.status))}` : `reassigned ${s.what}`}`,
  },
  "leads.export": { label: "Exported leads", subject: "plain", say: (s) => `${s.who} exported leads (${s.what})` },
  "privacy.delete": { label: "Deleted a person's data", subject: "plain", say: (s) => `${s.who} deleted a person's data on request` },
  "privacy.retention": {
    label: "Deleted data past its retention period",
    subject: "plain",
    say: (s) => `The retention job deleted the data of ${count(num(s.detail.people), "person", "people")} past its retention period`,
  },
  "subscriber.status": { label: "Unsubscribed someone", subject: "plain", say: (s) => `${s.who} unsubscribed newsletter sign-up ${s.what}` },
  "subscribers.export": { label: "Exported subscribers", subject: "plain", say: (s) => `${s.who} exported newsletter subscribers (${s.what})` },
  "outbox.retry": { label: "Sent a message again", subject: "plain", say: (s) => `${s.who} retried outgoing message ${s.what}` },
  "account.time-zone": {
    label: "Chose a time zone",
    subject: "account",
    say: (s) => `${s.who} chose to see times in ${str(s.detail.zone) || "the browser's time zone"}`,
  },
  "lead.call": {
    label: "Logged a call",
    subject: "lead",
    say: (s) =>
      `${s.who} logged a call to ${s.what} (${capital(str(s.detail.outcome))})` +
      (s.detail.due ? `, set a follow-up for ${str(s.detail.due)}` : "") +
      (s.detail.note ? ", added a note" : ""),
  },
  "lead.follow-up": { label: "Set a follow-up", subject: "lead", say: (s) => `${s.who} set a follow-up on ${s.what} for ${str(s.detail.due)}` },
  "follow-up.done": { label: "Finished a follow-up", subject: "plain", say: (s) => `${s.who} marked follow-up ${s.what} done` },
  "follow-up.snooze": { label: "Moved a follow-up to tomorrow", subject: "plain", say: (s) => `${s.who} moved follow-up ${s.what} to tomorrow` },
  "leads.bulk-change-all": {
    label: "Changed every lead matching a filter",
    subject: "plain",
    say: (s) =>
      `${s.who} ${s.detail.status ? `moved ${count(num(s.detail.changed), "lead")} to ${capital(str(s.detail.status))}` : `reassigned ${count(num(s.detail.changed), "lead")}`} matching ${s.what}`,
  },
  "routing.save": { label: "Saved a routing rule", subject: "plain", say: (s) => `${s.who} saved lead routing rule ${s.what}` },
  "routing.move": { label: "Moved a routing rule", subject: "plain", say: (s) => `${s.who} moved lead routing rule ${s.what} ${str(s.detail.way)}` },
  "routing.delete": { label: "Removed a routing rule", subject: "plain", say: (s) => `${s.who} removed lead routing rule ${s.what}` },
  "insight.export": { label: "Exported insight", subject: "plain", say: (s) => `${s.who} exported insight (${s.what})` },
  "subscriber.resend": {
    label: "Sent a confirmation again",
    subject: "plain",
    say: (s) => `${s.who} sent newsletter sign-up ${s.what} its confirmation again`,
  },
  "newsletter.create": { label: "Wrote a newsletter issue", subject: "plain", say: (s) => `${s.who} wrote newsletter issue ${s.what}` },
  "newsletter.edit": { label: "Edited a newsletter issue", subject: "plain", say: (s) => `${s.who} edited newsletter issue ${s.what}` },
  "newsletter.test": { label: "Sent a newsletter test", subject: "plain", say: (s) => `${s.who} sent themselves a test of newsletter issue ${s.what}` },
  "newsletter.send": { label: "Sent a newsletter issue", subject: "plain", say: (s) => `${s.who} sent newsletter issue ${s.what} to the subscribers` },
  "newsletter.schedule": { label: "Scheduled a newsletter issue", subject: "plain", say: (s) => `${s.who} scheduled newsletter issue ${s.what}` },
  "newsletter.unschedule": { label: "Unscheduled a newsletter issue", subject: "plain", say: (s) => `${s.who} unscheduled newsletter issue ${s.what}` },
};

/** An action no sentence knows yet (an older entry): said plainly rather than hidden. */
export function sentence(action: string, s: Said): string {
  const kind = auditKinds[action];
  return kind ? kind.say(s) : `${s.who}: ${action}${s.what ? ` (${s.what})` : ""}`;
}

type Entry = { staff_id: number | null; actor: string | null; action: string; subject: string | null };

/** Names for the subjects and people of one page of entries, each looked up by key. */
export async function namesFor(db: Db, rows: Entry[]) {
  const kindOf = (a: string) => auditKinds[a]?.subject ?? "plain";
  const emails = new Set<string>();
  const posts = new Set<string>();
  const comments = new Set<string>();
  for (const r of rows) {
    if (r.actor) emails.add(r.actor);
    const k = kindOf(r.action);
    if (!r.subject) continue;
    if (k === "account") emails.add(r.subject);
    if (k === "post") posts.add(r.subject);
    if (k === "comment") comments.add(r.subject);
  }
  const k = db.kysely;
  const [people, titles, said] = await Promise.all([
    emails.size
      ? k
          .selectFrom("staff")
          .select(["email", "name"])
          .where("email", "in", [...emails])
          .execute()
      : [],
    posts.size
      ? k
          .selectFrom("posts")
          .select(["id", "title"])
          .where("id", "in", [...posts])
          .execute()
      : [],
    comments.size
      ? k
          .selectFrom("comments")
          .select(["id", "comment_by", "post_id"])
          .where("id", "in", [...comments])
          .execute()
      : [],
  ]);
  const nameOf = new Map(people.map((p) => [p.email, p.name]));
  const titleOf = new Map(titles.map((p) => [p.id, p.title]));
  const commentOf = new Map(said.map((c) => [c.id, c.comment_by]));
  const person = (email: string) => nameOf.get(email) || email;
  return (r: Entry): Omit<Said, "detail"> => {
    const who = r.actor ? person(r.actor) : "Someone";
    const s = r.subject ?? "";
    const list = s ? s.split(",").length : 0;
    const what: Record<SubjectKind, () => string> = {
      account: () => (s ? person(s) : who),
      post: () => (titleOf.get(s) ? `“${titleOf.get(s)}”` : s),
      comment: () => (commentOf.has(s) ? `the comment by ${commentOf.get(s)}` : "a comment since purged"),
      lead: () => `lead ${s}`,
      leads: () => count(list, "lead"),
      comments: () => (s.startsWith("all ") ? `every comment shown as “${s.slice(4)}”` : count(list, "ticked comment")),
      plain: () => s,
    };
    return { who, what: what[kindOf(r.action)]() };
  };
}

/** The actions whose words contain `text` (the search box also finds entries by their words). */
export const actionsSaying = (text: string) =>
  Object.entries(auditKinds)
    .filter(([, k]) => k.label.toLowerCase().includes(text.toLowerCase()))
    .map(([a]) => a);

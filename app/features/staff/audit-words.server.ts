import { commentAuthors, postTitles } from "~/features/content/names.server";
import { leadReferences } from "~/features/leads/references.server";
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
  /** A staff member named by id (for details that hold one), "account 7" once deleted. */
  staffName?: (id: number) => string;
  /** A time as the reader reads it: "Dec 1, 2026, 9:30 AM CST". */
  time?: (iso: string) => string;
}

/** A detail's time as the reader reads it, or as stored when no zone was given. */
const timeOf = (s: Said, key: string) => (s.time ? s.time(str(s.detail[key])) : str(s.detail[key]));

/** "moved lead #3F9A2C1B to Won and assigned it to Ana Ruiz", from a change's status and owner. */
function changeWords(s: Said, what: string): string {
  const status = str(s.detail.status);
  const owner =
    s.detail.assigneeId === null || s.detail.assigneeId === undefined
      ? null
      : (s.staffName?.(num(s.detail.assigneeId)) ?? `account ${num(s.detail.assigneeId)}`);
  if (status && owner) return `moved ${what} to ${capital(status)} and assigned it to ${owner}`;
  if (status) return `moved ${what} to ${capital(status)}`;
  return owner ? `assigned ${what} to ${owner}` : `left ${what} unassigned`;
}

/** A routing rule by the name it had then ("“Texas”"), else by its number. */
const ruleWhat = (s: Said) => (s.detail.name ? `“${str(s.detail.name)}”` : s.what);
/** ", giving its leads to Ana Ruiz and Sam Lee": the people a saved rule names. */
function ruleGoesTo(s: Said): string {
  const ids = Array.isArray(s.detail.staffIds) ? (s.detail.staffIds as unknown[]).map(num) : [];
  if (!ids.length) return "";
  const names = ids.map((id) => s.staffName?.(id) ?? `account ${id}`);
  return `, giving its leads to ${names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)} in turn` : names[0]}`;
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
    say: (s) => `${s.who} ${changeWords(s, s.what)}`,
  },
  "leads.bulk-change": {
    label: "Changed many leads",
    subject: "leads",
    say: (s) => `${s.who} ${changeWords(s, s.what)}`,
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
  "reply.assign": {
    label: "Filed an unmatched reply",
    subject: "lead",
    say: (s) => `${s.who} filed unmatched e-mail ${num(s.detail.message)} on ${s.what}`,
  },
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
      (s.detail.due ? `, set a follow-up for ${timeOf(s, "due")}` : "") +
      (s.detail.note ? ", added a note" : ""),
  },
  "lead.mail": {
    label: "E-mailed a lead",
    subject: "lead",
    say: (s) => `${s.who} e-mailed ${s.what}${s.detail.template ? " from a template" : ""}`,
  },
  "template.save": {
    label: "Saved an e-mail template",
    subject: "plain",
    say: (s) => `${s.who} saved the e-mail template “${str(s.detail.name) || s.what}”`,
  },
  "template.delete": {
    label: "Deleted an e-mail template",
    subject: "plain",
    say: (s) => `${s.who} deleted the e-mail template “${str(s.detail.name) || s.what}”`,
  },
  "lead.follow-up": {
    label: "Set a follow-up",
    subject: "lead",
    say: (s) => `${s.who} set a follow-up on ${s.what} for ${timeOf(s, "due")}`,
  },
  "follow-up.done": { label: "Finished a follow-up", subject: "plain", say: (s) => `${s.who} marked follow-up ${s.what} done` },
  "follow-up.snooze": { label: "Moved a follow-up to tomorrow", subject: "plain", say: (s) => `${s.who} moved follow-up ${s.what} to tomorrow` },
  "leads.bulk-change-all": {
    label: "Changed every lead matching a filter",
    subject: "plain",
    say: (s) => `${s.who} ${changeWords(s, count(num(s.detail.changed), "lead"))} matching ${s.what}`,
  },
  "routing.save": { label: "Saved a routing rule", subject: "plain", say: (s) => `${s.who} saved lead routing rule ${ruleWhat(s)}${ruleGoesTo(s)}` },
  "routing.move": { label: "Moved a routing rule", subject: "plain", say: (s) => `${s.who} moved lead routing rule ${ruleWhat(s)} ${str(s.detail.way)}` },
  "routing.delete": { label: "Removed a routing rule", subject: "plain", say: (s) => `${s.who} removed lead routing rule ${ruleWhat(s)}` },
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

/** An audit row with its details already read (listAudit reads them once). */
type Entry = { staff_id: number | null; actor: string | null; action: string; subject: string | null; details?: Record<string, unknown> };

/** The details' keys that hold staff ids, named by the people's names. */
const STAFF_KEYS = new Set(["staffIds", "staff", "assigneeId", "ownerId", "staffId"]);

/** Words for the details' keys; any other key is spelt out from its camelCase. */
const DETAIL_LABELS: Record<string, string> = {
  name: "Rule",
  state: "State",
  zips: "ZIP codes",
  market: "Market",
  kind: "Form",
  staffIds: "People",
  staff: "People",
  assigneeId: "Assigned to",
  ownerId: "Owner",
  status: "Status",
  changed: "Leads changed",
  due: "Due",
  outcome: "Outcome",
  filters: "Filters",
  post: "Post",
  to: "To",
  from: "From",
  invited: "Invitation e-mailed",
  method: "How",
  twoFactor: "Two-factor sign-in reset too",
  zone: "Time zone",
  way: "Moved",
  via: "Through",
  q: "Search",
  intent: "Decision",
  count: "How many",
};

const spelt = (key: string) => capital(key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase());
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** One detail as the audit screen shows it: a label, and words or a time to show in the reader's zone. */
export interface DetailWord {
  label: string;
  text?: string;
  iso?: string;
}

function staffIdsIn(detail: Record<string, unknown>): number[] {
  const ids: number[] = [];
  for (const [k, v] of Object.entries(detail)) {
    if (!STAFF_KEYS.has(k)) continue;
    for (const x of Array.isArray(v) ? v : [v]) if (Number.isSafeInteger(Number(x)) && x !== null && x !== "") ids.push(Number(x));
  }
  return ids;
}

/**
 * An entry's details in words: empty values left out, people by name, times as times,
 * yes and no for switches, lists joined; never "market: null, staffIds: [2,3]".
 */
export function detailWords(detail: Record<string, unknown>, staffName: (id: number) => string): DetailWord[] {
  const words: DetailWord[] = [];
  const plain = (v: unknown): string =>
    typeof v === "boolean"
      ? v
        ? "yes"
        : "no"
      : typeof v === "object" && v !== null
        ? Object.entries(v)
            .filter(([, x]) => x !== null && x !== undefined && x !== "")
            .map(([k, x]) => `${(DETAIL_LABELS[k] ?? spelt(k)).toLowerCase()} “${plain(x)}”`)
            .join(", ")
        : String(v);
  for (const [key, value] of Object.entries(detail)) {
    if (value === null || value === undefined || value === "" || (Array.isArray(value) && !value.length)) continue;
    if (typeof value === "object" && !Array.isArray(value) && !plain(value)) continue;
    const label = DETAIL_LABELS[key] ?? spelt(key);
    if (STAFF_KEYS.has(key)) words.push({ label, text: (Array.isArray(value) ? value : [value]).map((id) => staffName(Number(id))).join(", ") });
    else if (typeof value === "string" && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value))) words.push({ label, iso: value });
    else if (Array.isArray(value)) words.push({ label, text: value.map(plain).join(", ") });
    else words.push({ label, text: plain(value) });
  }
  return words;
}

/** Names for the subjects and people of one page of entries, each looked up by key. */
export async function namesFor(db: Db, rows: Entry[]) {
  const kindOf = (a: string) => auditKinds[a]?.subject ?? "plain";
  const emails = new Set<string>();
  const posts = new Set<string>();
  const comments = new Set<string>();
  const leads = new Set<string>();
  const staffIds = new Set<number>();
  for (const r of rows) {
    if (r.details) for (const id of staffIdsIn(r.details)) staffIds.add(id);
    if (r.actor) emails.add(r.actor);
    const k = kindOf(r.action);
    if (!r.subject) continue;
    if (k === "account") emails.add(r.subject);
    if (k === "post") posts.add(r.subject);
    if (k === "comment") comments.add(r.subject);
    if (k === "lead") leads.add(r.subject);
    if (k === "leads") for (const id of r.subject.split(",")) leads.add(id.trim());
  }
  const k = db.kysely;
  const [people, byId, references, titleOf, commentOf] = await Promise.all([
    emails.size
      ? k
          .selectFrom("staff")
          .select(["email", "name"])
          .where("email", "in", [...emails])
          .execute()
      : [],
    staffIds.size
      ? k
          .selectFrom("staff")
          .select(["id", "email", "name"])
          .where("id", "in", [...staffIds])
          .execute()
      : [],
    leadReferences(db, [...leads]),
    postTitles(db, [...posts]),
    commentAuthors(db, [...comments]),
  ]);
  const nameOf = new Map(people.map((p) => [p.email, p.name]));
  const person = (email: string) => nameOf.get(email) || email;
  const staffById = new Map(byId.map((p) => [Number(p.id), p.name || p.email]));
  /** A person in the details, by name; an account since deleted by its number. */
  const staffName = (id: number) => staffById.get(id) ?? `account ${id}`;
  const leadName = (id: string) => `lead ${references.get(id) ?? `number ${id}`}`;
  const names = (r: Entry): Omit<Said, "detail"> => {
    const who = r.actor ? person(r.actor) : "Someone";
    const s = r.subject ?? "";
    const list = s ? s.split(",").length : 0;
    const what: Record<SubjectKind, () => string> = {
      account: () => (s ? person(s) : who),
      post: () => (titleOf.get(s) ? `“${titleOf.get(s)}”` : s),
      comment: () => (commentOf.has(s) ? `the comment by ${commentOf.get(s)}` : "a comment since purged"),
      lead: () => leadName(s),
      leads: () =>
        list === 1
          ? leadName(s)
          : list <= 3
            ? `leads ${s
                .split(",")
                .map((id) => references.get(id.trim()) ?? id)
                .join(", ")}`
            : count(list, "lead"),
      comments: () => (s.startsWith("all ") ? `every comment shown as “${s.slice(4)}”` : count(list, "ticked comment")),
      plain: () => s,
    };
    return { who, what: what[kindOf(r.action)]() };
  };
  return Object.assign(names, { staffName });
}

/** The actions whose words contain `text` (the search box also finds entries by their words). */
export const actionsSaying = (text: string) =>
  Object.entries(auditKinds)
    .filter(([, k]) => k.label.toLowerCase().includes(text.toLowerCase()))
    .map(([a]) => a);

import { data, redirect } from "react-router";
import { listPosts } from "~/features/content/posts.server";
import { MarkdownRefused } from "~/features/content/markdown-pool.server";
import { audit } from "~/features/staff/audit.server";
import { DESK_HEADERS, deskServices } from "~/features/staff/auth.server";
import { signedIn } from "~/features/staff/desk-guard.server";
import { shownZone } from "~/features/staff/time-zone.server";
import { localInputToUtc } from "~/shared/zoned-input";
import { formatInZone, isTimeZone } from "~/shared/zoned-time";
import type { RouterContextProvider } from "react-router";
import { issueMail, SAMPLE_SUBSCRIBER } from "./issue-mail.server";
import {
  confirmedAddresses,
  draftFromPost,
  getIssue,
  type Issue,
  issueCounts,
  issueSchema,
  issueStateLabels,
  listIssues,
  saveIssue,
  scheduleIssue,
  unscheduleIssue,
} from "./issues.server";

/** The desk's newsletter screens (/desk/newsletters, /desk/newsletters/:id): the work behind the route modules. */

interface Args {
  request: Request;
  context: Readonly<RouterContextProvider>;
  params?: Record<string, string | undefined>;
}

/** A stored time in the member's zone, named ("Mar 12, 2026, 9:30 AM CDT"). */
const whenOf = (iso: string | null, zone: string) => (iso ? formatInZone(iso, zone) : "");
/** The zone the member reads and types times in; the form says which one its page showed. */
const zoneOf = (request: Request, context: Args["context"], form?: FormData) => {
  const typed = String(form?.get("zone") ?? "");
  return isTimeZone(typed) ? typed : (shownZone(request, signedIn(context)) ?? "UTC");
};

export async function loadIssueList({ request, context }: Args) {
  const zone = zoneOf(request, context);
  const { db } = deskServices(context);
  const [issues, posts, recipients] = await Promise.all([
    listIssues(db),
    listPosts(db, { limit: 50, offset: 0, cards: true, total: false }),
    confirmedAddresses(db),
  ]);
  const rows = issues.map((i) => ({
    id: i.id,
    subject: i.subject,
    state: i.state,
    stateLabel: issueStateLabels[i.state],
    when: i.state === "sent" ? whenOf(i.finishedAt, zone) : i.state === "draft" ? whenOf(i.updatedAt, zone) : whenOf(i.sendAt, zone),
    recipients: i.recipients,
    released: i.released,
  }));
  return data({ rows, posts: posts.items.map((p) => ({ value: p._id, label: p.title })), recipients }, { headers: DESK_HEADERS });
}

/** The id in the URL: "new" or a positive integer; anything else is no issue (404). */
function issueId(params: Args["params"]): number | "new" | null {
  const raw = params?.id ?? "";
  if (raw === "new") return "new";
  return /^[1-9]\d{0,15}$/.test(raw) ? Number(raw) : null;
}

const notFound = () => data({ error: "There is no such issue" }, { status: 404, headers: DESK_HEADERS });

async function previewOf(context: Args["context"], issue: Pick<Issue, "subject" | "body" | "html">) {
  const { db, env } = deskServices(context);
  const mail = await issueMail(db, env.SITE_URL, issue, SAMPLE_SUBSCRIBER, "");
  return { subject: mail.subject, html: String(mail.html ?? ""), text: String(mail.text ?? "") };
}

export async function loadIssue({ request, context, params }: Args) {
  const { db, env } = deskServices(context);
  const id = issueId(params);
  if (id === null) throw notFound();
  const recipients = await confirmedAddresses(db);
  if (id === "new") {
    const post = new URL(request.url).searchParams.get("post");
    const draft = post ? await draftFromPost(db, post, env.SITE_URL) : null;
    if (post && !draft) throw data({ error: "There is no such published post" }, { status: 404, headers: DESK_HEADERS });
    return {
      isNew: true as const,
      id: null,
      post,
      values: draft ?? { subject: "", body: "" },
      state: "draft" as const,
      stateLabel: "New",
      sendAt: null,
      recipients,
      counts: null,
      preview: null,
    };
  }
  const issue = await getIssue(db, id);
  if (!issue) throw notFound();
  // Sent "now", it is scheduled for this moment until the sender's next round (a second) starts it.
  const due = issue.state === "scheduled" && (issue.sendAt ?? "") <= new Date().toISOString();
  const counts = due || issue.state === "sending" || issue.state === "sent" ? await issueCounts(db, id) : null;
  return {
    isNew: false as const,
    id,
    post: issue.postId,
    values: { subject: issue.subject, body: issue.body },
    state: issue.state,
    stateLabel: due ? "Starting" : issueStateLabels[issue.state],
    sendAt: whenOf(issue.sendAt, zoneOf(request, context)),
    busy: due || issue.state === "sending",
    recipients: issue.recipients ?? recipients,
    counts,
    preview: await previewOf(context, issue),
  };
}

/** A post's id as the content feature makes them (its address under /blogdetail/). */
const POST_ID = /^[\w.-]{1,200}$/;

const INTENTS = new Set(["save", "test", "ask", "send", "unschedule"]);

/** A time in UTC from the form's datetime-local input; null for "now". */
function sendTime(raw: string, now: Date, zone: string): { ok: true; at: Date | null } | { ok: false; error: string } {
  if (!raw) return { ok: true, at: null };
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(raw)) return { ok: false, error: `The time must be like 2026-03-12T09:30 (${zone})` };
  const iso = localInputToUtc(raw, zone);
  const at = new Date(iso ?? Number.NaN);
  if (Number.isNaN(at.getTime())) return { ok: false, error: "The time is not a real time" };
  if (at.getTime() < now.getTime() - 60_000) return { ok: false, error: "The time has passed: choose a later one, or send now" };
  return { ok: true, at };
}

export async function issueAction({ request, context, params }: Args) {
  const me = signedIn(context);
  const { db, outbox } = deskServices(context);
  const id = issueId(params);
  if (id === null) throw notFound();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fail = (status: number, errors: string[]) =>
    data(
      { errors, notice: null as string | null, ask: null as null | { n: number; when: string; at: string; zone: string } },
      { status, headers: DESK_HEADERS },
    );
  if (!INTENTS.has(intent)) return fail(400, ["Choose what to do with the issue"]);
  if (intent === "save") {
    const parsed = issueSchema.safeParse({ subject: String(form.get("subject") ?? ""), body: String(form.get("body") ?? "") });
    if (!parsed.success)
      return fail(
        422,
        parsed.error.issues.map((i) => i.message),
      );
    const post = String(form.get("post") ?? "") || null;
    if (post !== null && !POST_ID.test(post)) return fail(422, ["This is not a post"]);
    let saved: number | null;
    try {
      saved = await saveIssue(db, id === "new" ? null : id, parsed.data, { staffId: me.id, postId: post });
    } catch (error) {
      if (error instanceof MarkdownRefused) return fail(error.status, [error.message]);
      throw error;
    }
    if (saved === null) return fail(409, ["This issue has started sending and can no longer be changed"]);
    await audit(db, {
      staffId: me.id,
      action: id === "new" ? "newsletter.create" : "newsletter.edit",
      subject: String(saved),
      detail: { subject: parsed.data.subject, post },
    });
    return redirect(`/desk/newsletters/${saved}?saved`, { headers: DESK_HEADERS });
  }
  if (id === "new") return fail(400, ["Save the issue first"]);
  const issue = await getIssue(db, id);
  if (!issue) throw notFound();
  if (intent === "test") {
    await outbox.sendNow([{ template: "newsletter-test", recipient: me.email.toLowerCase(), staffId: me.id, payload: { issue: id } }]);
    await audit(db, { staffId: me.id, action: "newsletter.test", subject: String(id), detail: { to: me.email } });
    return data({ errors: null, notice: `A test is on its way to ${me.email}.`, ask: null }, { headers: DESK_HEADERS });
  }
  if (intent === "unschedule") {
    if (!(await unscheduleIssue(db, id))) return fail(409, ["This issue is not scheduled"]);
    await audit(db, { staffId: me.id, action: "newsletter.unschedule", subject: String(id) });
    return redirect(`/desk/newsletters/${id}`, { headers: DESK_HEADERS });
  }
  if (issue.state !== "draft" && issue.state !== "scheduled") return fail(409, ["This issue has started sending already"]);
  const now = new Date();
  const zone = zoneOf(request, context, form);
  const time = sendTime(String(form.get("sendAt") ?? "").trim(), now, zone);
  if (!time.ok) return fail(422, [time.error]);
  const n = await confirmedAddresses(db);
  if (n === 0) return fail(409, ["There are no confirmed subscribers to send to"]);
  if (intent === "ask" || form.get("confirm") !== String(n)) {
    // Asks first, naming how many addresses it goes to; works without JavaScript.
    return data(
      { errors: null, notice: null, ask: { n, when: time.at ? whenOf(time.at.toISOString(), zone) : "now", at: String(form.get("sendAt") ?? ""), zone } },
      { headers: DESK_HEADERS },
    );
  }
  if (!(await scheduleIssue(db, id, time.at, now))) return fail(409, ["This issue has started sending already"]);
  await audit(db, {
    staffId: me.id,
    action: time.at ? "newsletter.schedule" : "newsletter.send",
    subject: String(id),
    detail: { subject: issue.subject, recipients: n, at: (time.at ?? now).toISOString() },
  });
  return redirect(`/desk/newsletters/${id}`, { headers: DESK_HEADERS });
}

import { Link, useNavigation } from "react-router";
import { DESK_HEADERS } from "~/features/staff/auth.server";
import { deskLink, PageTitle } from "~/ui/desk/ui";
import type { Route } from "./+types/contact";
import { contactAction, loadContact } from "~/features/leads/desk/contact-screen.server";
import { ConversationSection } from "~/features/conversations/components/conversation-section";

export const meta = ({ params }: Route.MetaArgs) => [{ title: `Contact ${params.id} · Fillway desk` }];
export const headers = () => DESK_HEADERS;

export const loader = (args: Route.LoaderArgs) => loadContact(args);
export const action = (args: Route.ActionArgs) => contactAction(args);

const marks = { lead: "Lead", note: "Note", email: "E-mail" } as const;

/** One person: every lead they sent (same e-mail or phone), the notes on them and the e-mails about them, newest first. */
export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, entries, compose, conversation, leadNames } = loaderData;
  const busy = useNavigation().state !== "idle";
  return (
    <div>
      <nav aria-label="Leads" className="mb-2 text-sm">
        <Link to="/desk/leads" className={deskLink}>
          All leads
        </Link>
      </nav>
      <PageTitle>Contact: {contact.name}</PageTitle>
      <dl className="mb-6 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold">E-mail</dt>
        <dd className="break-all">{contact.emails.join(", ")}</dd>
        <dt className="font-semibold">Phone</dt>
        <dd>{contact.phones.join(", ") || "None given"}</dd>
        <dt className="font-semibold">Leads</dt>
        <dd>{contact.leadCount === 1 ? "1 lead" : `${contact.leadCount} leads`}</dd>
      </dl>
      <ConversationSection messages={conversation} compose={compose} answer={actionData} busy={busy} leadNames={leadNames} />
      <section aria-labelledby="contact-timeline" className="mt-8">
        <h2 id="contact-timeline" className="mb-2 text-lg font-semibold">
          Timeline, newest first
        </h2>
        <ol className="space-y-3 border-l-2 border-slate-300 pl-4 text-sm dark:border-slate-600">
          {entries.map((e) => (
            <li key={e.key} data-kind={e.what}>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {e.when} · {marks[e.what]}
              </p>
              <p className="font-medium">
                {e.what === "lead" ? (
                  <Link to={`/desk/leads/${e.leadId}`} className={deskLink}>
                    {e.title}
                  </Link>
                ) : (
                  e.title
                )}
              </p>
              <p className={e.what === "lead" ? "" : "whitespace-pre-wrap break-words"}>{e.detail}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

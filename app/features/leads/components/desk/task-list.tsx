import { Form, Link } from "react-router";
import { deskLink, deskPrimary, deskSecondary } from "~/ui/desk/ui";

export interface TaskView {
  id: number;
  leadId: number;
  reference: string;
  form: string;
  who: string;
  when: string;
  note: string | null;
}

/** One group of follow-ups ("Overdue", "Due today", "Upcoming") as a list of cards, each with done and snooze. */
export function TaskGroup({ id, title, tasks, busy }: { id: string; title: string; tasks: TaskView[]; busy: boolean }) {
  return (
    <section aria-labelledby={id} className="mb-8">
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title} ({tasks.length})
      </h2>
      {tasks.length ? (
        <ul className="space-y-2">
          {tasks.map((t) => (
            <li key={t.id} className="rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
              <p>
                <Link to={`/desk/leads/${t.leadId}`} className={deskLink}>
                  Lead {t.reference}: {t.who}
                </Link>{" "}
                <span className="text-slate-600 dark:text-slate-400">· {t.form}</span>
              </p>
              <p className="font-medium">Due {t.when}</p>
              {t.note ? <p className="whitespace-pre-wrap break-words">{t.note}</p> : null}
              <Form method="post" className="mt-2 flex flex-wrap gap-2">
                <input type="hidden" name="id" value={t.id} />
                <button type="submit" name="intent" value="done" className={deskPrimary} disabled={busy} aria-label={`Done: lead ${t.reference}`}>
                  Done
                </button>
                <button type="submit" name="intent" value="snooze" className={deskSecondary} disabled={busy} aria-label={`Snooze a day: lead ${t.reference}`}>
                  Snooze a day
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">Nothing here.</p>
      )}
    </section>
  );
}

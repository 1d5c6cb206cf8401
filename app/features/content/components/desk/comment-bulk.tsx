import { Form } from "react-router";
import { deskDanger, deskInput, deskPrimary, deskSecondary } from "~/ui/desk/ui";
import { bulkActions, bulkLabels, type CommentFilter, TRASH_DAYS } from "~/features/content/comment-moderation";
import type { BulkConfirm, SpamOffer } from "~/features/content/comments-screen.server";

/** The id of the bulk form: each row's tick box belongs to it (form attribute), wherever it sits. */
export const BULK_FORM = "bulk-comments";

/** One decision over the ticked comments, or over every comment the filter shows. */
export function BulkBar({ state, total, busy }: { state: CommentFilter; total: number; busy: boolean }) {
  if (state === "trash" || total === 0) return null;
  return (
    <Form method="post" id={BULK_FORM} className="mb-3 flex flex-wrap items-end gap-2 rounded-md border border-slate-300 p-3 dark:border-slate-600">
      <input type="hidden" name="intent" value="bulk" />
      <input type="hidden" name="state" value={state} />
      <label className="flex flex-col text-sm font-semibold">
        Decision
        <select name="action" className={`${deskInput} w-auto`} defaultValue="approve">
          {bulkActions.map((a) => (
            <option key={a} value={a}>
              {bulkLabels[a]}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" name="scope" value="selected" className={deskSecondary} disabled={busy}>
        Apply to the ticked comments
      </button>
      <button type="submit" name="scope" value="all" className={deskSecondary} disabled={busy}>
        Apply to all {total} matching
      </button>
    </Form>
  );
}

const filterWords = (state: CommentFilter) => (state === "all" ? "in the list" : `shown as “${state}”`);

/** The question a decision over every matching comment waits for, naming how many. */
export function BulkConfirmation({ confirm, busy }: { confirm: BulkConfirm; busy: boolean }) {
  const { action, label, state, count } = confirm;
  const kept = action === "delete" ? ` They stay in the trash for ${TRASH_DAYS} days and can be restored.` : "";
  return (
    <div role="alertdialog" aria-labelledby="bulk-question" className="mb-4 rounded-md border-2 border-amber-600 p-3">
      <p id="bulk-question" className="font-semibold">
        {label}: all {count} {count === 1 ? "comment" : "comments"} {filterWords(state)}?{kept}
      </p>
      <Form method="post" className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="action" value={action} />
        <input type="hidden" name="scope" value="all" />
        <input type="hidden" name="state" value={state} />
        <input type="hidden" name="confirmed" value={count} />
        <button type="submit" className={action === "delete" || action === "spam" ? deskDanger : deskPrimary} disabled={busy}>
          {label} all {count}
        </button>
        <a href={`?state=${state}`} className={deskSecondary}>
          Cancel
        </a>
      </Form>
    </div>
  );
}

/** After a delete: what happened, and a way back at once. */
export function DeletedNotice({ done, undo, busy }: { done: string; undo: string | null | undefined; busy: boolean }) {
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-brand-700 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100"
    >
      <p>{done}</p>
      {undo ? (
        <Form method="post" className="mt-2">
          <input type="hidden" name="id" value={undo} />
          <button type="submit" name="intent" value="untrash" className={deskSecondary} disabled={busy}>
            Undo
          </button>
        </Form>
      ) : null}
    </div>
  );
}

/**
 * After marking as spam: the same senders' other comments awaiting review (same e-mail
 * address or network address), offered, never marked silently: a shared network address (an
 * office, a phone network) is not the same person.
 */
export function SpamOfferPanel({ offer, busy }: { offer: SpamOffer; busy: boolean }) {
  const n = offer.ids.length;
  const them = n === 1 ? "it" : `all ${n}`;
  return (
    <section aria-labelledby="spam-offer" className="mb-4 rounded-md border border-slate-300 p-3 text-sm dark:border-slate-600">
      <h2 id="spam-offer" className="font-semibold">
        {n === 1 ? "1 other comment awaiting review comes" : `${n} other comments awaiting review come`} from the same e-mail or network address
      </h2>
      <p className="mt-1">They stay awaiting review unless you mark them too. A network address can be shared by an office or a phone network.</p>
      <Form method="post" className="mt-2 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="bulk" />
        <input type="hidden" name="action" value="spam" />
        <input type="hidden" name="scope" value="selected" />
        <input type="hidden" name="state" value="held" />
        {offer.ids.map((id) => (
          <input key={id} type="hidden" name="id" value={id} />
        ))}
        <button type="submit" className={deskDanger} disabled={busy}>
          Mark {them} as spam too
        </button>
        <a href="?state=held" className={deskSecondary}>
          See the comments awaiting review
        </a>
      </Form>
    </section>
  );
}

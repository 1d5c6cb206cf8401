import { When } from "~/ui/desk/time";
import type { Erasure, PersonalData } from "~/features/leads/desk/privacy.server";

/** The privacy screen's lists: what a deletion removes, and the backups that still hold the person. */

type Found = PersonalData;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What a deletion removes, in the order the confirmation lists it. */
export const items = (f: Found) => [
  plural(f.leads, "lead", "leads"),
  plural(f.subscriptions, "newsletter subscription", "newsletter subscriptions"),
  plural(f.comments, "comment", "comments"),
  plural(f.outbox, "outbox message", "outbox messages"),
  plural(f.conversations, "e-mail of a conversation", "e-mails of conversations"),
  plural(f.mailFiles, "mail file", "mail files"),
  plural(f.audit, "audit entry naming the address", "audit entries naming the address"),
  plural(f.insight, "visit record naming the address or its leads", "visit records naming the address or its leads"),
];

export const summary = (f: Found) => {
  const all = items(f);
  return `${all.slice(0, -1).join(", ")} and ${all.at(-1)}`;
};

/** Where the deleted person still is: the backups taken before the deletion, each until it is pruned. */
export function HeldBackups({ held }: { held: Erasure["backups"] | undefined }) {
  if (held === undefined) return null;
  if (held === null) return <p className="mb-4 text-sm">The backup folder could not be read: older backups may still hold this person (see the log).</p>;
  if (held.length === 0) return <p className="mb-4 text-sm">No older backup holds this person.</p>;
  return (
    <div className="mb-4 text-sm">
      <p id="p-held">
        {held.length === 1 ? "One older backup still holds" : `${held.length} older backups still hold`} this person until it is pruned (backups taken from now
        on hold none of it; copies shipped off this machine are kept by their own rules):
      </p>
      <ul className="list-disc pl-6" aria-labelledby="p-held">
        {held.map((b) => (
          <li key={b.name}>
            {b.name}, taken <When iso={b.takenAt} />:{" "}
            {b.prunedBy ? (
              <>
                pruned by <When iso={b.prunedBy} />,{" "}
              </>
            ) : (
              ""
            )}
            {`after ${b.backupsUntilPruned} more ${b.backupsUntilPruned === 1 ? "backup" : "backups"}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

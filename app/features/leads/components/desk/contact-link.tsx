import { Link } from "react-router";
import { deskLink } from "~/ui/desk/ui";

/** "Returning contact" when an earlier lead came from the same person. */
export function ReturningMark() {
  return (
    <span className="inline-block w-fit rounded bg-sky-100 px-1.5 text-xs font-semibold text-sky-900 dark:bg-sky-900/40 dark:text-sky-100">
      returning contact
    </span>
  );
}

/** On the lead page: the returning mark and the link to every lead of the same person. */
export function ContactLink({ contact }: { contact: { id: number; leadCount: number; returning: boolean } }) {
  if (contact.leadCount < 2 && !contact.returning) return null;
  return (
    <>
      {contact.returning ? <ReturningMark /> : null}
      <Link to={`/desk/contacts/${contact.id}`} className={`${deskLink} inline-flex min-h-11 items-center`}>
        {contact.leadCount === 1 ? "1 lead from this contact" : `${contact.leadCount} leads from this contact`}
      </Link>
    </>
  );
}

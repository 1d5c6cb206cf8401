import { Form, Link } from "react-router";
import { deskDanger, deskSecondary } from "~/ui/desk/ui";

/** The second step of deleting a post: says what goes, and asks once more. */
export function DeleteConfirmation({ id, title, sourceFile }: { id: string; title: string; sourceFile: string | null }) {
  return (
    <section aria-labelledby="delete-title" className="mb-6 rounded-md border border-red-700 bg-red-50 p-4 dark:border-red-400 dark:bg-red-950">
      <h2 id="delete-title" className="text-lg font-bold">
        Delete “{title}”?
      </h2>
      <p className="mt-1 text-sm">The post and its comments are removed from the site and the database. This cannot be undone.</p>
      {sourceFile ? <p className="mt-1 text-sm">Its file {sourceFile} will not bring it back at the next start unless the file is changed.</p> : null}
      <Form method="post" className="mt-3 flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="confirm" value="yes" />
        <button type="submit" className={deskDanger}>
          Yes, delete this post
        </button>
        <Link to={`/desk/posts/${encodeURIComponent(id)}`} className={deskSecondary}>
          Keep it
        </Link>
      </Form>
    </section>
  );
}

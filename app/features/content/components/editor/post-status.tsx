import type { PostStatus } from "~/features/content/post-desk";
import { Notice, StatusBadge } from "~/ui/desk/ui";

const statusColour: Record<PostStatus, string> = { draft: "lost", scheduled: "contacted", published: "won" };

interface Props {
  isNew: boolean;
  id: string;
  status: PostStatus;
  statusLabel: string;
  publishAt: string | null;
  /** Just saved (and not answered with errors since). */
  saved: boolean;
  /** How the post's Markdown file compares with the database. */
  fileState: string;
  sourceFile: string | null;
  missingMarkdown: boolean;
}

/** Where the post stands: its status, the notice after saving, and how it relates to its file. */
export function PostStatusLine({ isNew, id, status, statusLabel, publishAt, saved, fileState: state, sourceFile, missingMarkdown }: Props) {
  return (
    <>
      <p className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <StatusBadge status={statusColour[status]} label={statusLabel} />
        {status === "scheduled" && publishAt ? <span>Goes live {publishAt}.</span> : null}
        {status === "published" && publishAt ? <span>Public since {publishAt}.</span> : null}
        {status === "draft" ? <span>Not shown anywhere on the site.</span> : null}
        {!isNew ? <span>Address: /blogdetail/{id}</span> : null}
      </p>
      {saved ? (
        <Notice>
          Saved.{" "}
          {status === "draft" ? "It is a draft: the site does not show it." : status === "scheduled" ? `It goes live ${publishAt}.` : "It is on the site now."}
        </Notice>
      ) : null}
      {state === "differs" && sourceFile ? (
        <p className="mb-4 rounded-md border border-amber-700 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-300 dark:bg-amber-950 dark:text-amber-100">
          <strong>File and database differ.</strong> This post came from <code>{sourceFile}</code>, and the site shows the version saved here; the file is not
          loaded over it. To keep this version in the repository, download it as Markdown and replace the file.
        </p>
      ) : null}
      {state === "missing" && sourceFile ? (
        <p className="mb-4 text-sm">
          This post came from <code>{sourceFile}</code>, which is no longer in the repository.
        </p>
      ) : null}
      {missingMarkdown ? (
        <p className="mb-4 text-sm">This post's Markdown was not kept when it was loaded; it is filled in at the next start of the server.</p>
      ) : null}
    </>
  );
}

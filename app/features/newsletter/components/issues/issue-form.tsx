import { Form } from "react-router";
import { deskInput, deskPrimary, Field } from "~/ui/desk/ui";

/** The subject and the Markdown body; read-only once the issue has started sending. */
export function IssueForm({ values, post, editable }: { values: { subject: string; body: string }; post: string | null; editable: boolean }) {
  return (
    <Form method="post" className="space-y-4" aria-label="Issue">
      <input type="hidden" name="intent" value="save" />
      {post ? <input type="hidden" name="post" value={post} /> : null}
      <Field id="issue-subject" label="Subject">
        <input id="issue-subject" name="subject" required maxLength={200} defaultValue={values.subject} readOnly={!editable} className={deskInput} />
      </Field>
      <Field id="issue-body" label="Body (Markdown)">
        <textarea
          id="issue-body"
          name="body"
          required
          maxLength={100_000}
          rows={14}
          defaultValue={values.body}
          readOnly={!editable}
          className={`${deskInput} font-mono`}
        />
      </Field>
      {editable ? (
        <button type="submit" className={deskPrimary}>
          Save and preview
        </button>
      ) : null}
    </Form>
  );
}

/** The e-mail as a subscriber gets it: its subject, its HTML (sandboxed, no script) and its plain text. */
export function IssuePreview({ preview }: { preview: { subject: string; html: string; text: string } }) {
  return (
    <section aria-labelledby="preview-title" className="space-y-3">
      <h2 id="preview-title" className="text-lg font-semibold">
        Preview
      </h2>
      <p className="text-sm">
        <span className="font-semibold">Subject:</span> {preview.subject}
      </p>
      <iframe
        title="The e-mail as HTML"
        sandbox=""
        srcDoc={preview.html}
        className="h-96 w-full rounded-md border border-slate-300 bg-white dark:border-slate-600"
      />
      <details>
        <summary className="cursor-pointer text-sm font-semibold">The e-mail as plain text</summary>
        <pre
          data-testid="preview-text"
          className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-300 p-3 text-xs dark:border-slate-600"
        >
          {preview.text}
        </pre>
      </details>
    </section>
  );
}

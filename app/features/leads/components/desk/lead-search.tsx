import { Form } from "react-router";
import { deskInput, deskLabel, deskPrimary } from "~/ui/desk/ui";

/**
 * The search box, always in view above the list (not behind "Filters" on a phone): a GET
 * form of its own that keeps the view and the filters in use, and starts at the first page.
 */
export function LeadSearch({ raw, view }: { raw: Record<string, string | undefined>; view: string | null }) {
  const kept = Object.entries(raw).filter(([k, v]) => v && k !== "q" && k !== "after" && k !== "before");
  return (
    <Form method="get" role="search" aria-label="Search leads" className="mb-3 flex items-end gap-2" key={raw.q ?? ""}>
      <div className="min-w-0 flex-1">
        <label htmlFor="q" className={`mb-1 ${deskLabel}`}>
          Search (e-mail, name, business, phone, ZIP)
        </label>
        <input id="q" name="q" type="search" maxLength={120} defaultValue={raw.q ?? ""} enterKeyHint="search" className={deskInput} />
      </div>
      {view ? <input type="hidden" name="view" value={view} /> : null}
      {kept.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <button type="submit" className={deskPrimary}>
        Search
      </button>
    </Form>
  );
}

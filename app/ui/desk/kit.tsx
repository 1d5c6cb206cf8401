import type { ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { deskInput, deskLink, deskPrimary, deskSecondary, deskTable, deskTd, deskTh, ErrorList, Field, Notice, type Option, SelectField } from "./ui";

/**
 * The desk's list screens and sign-in pages as data: a filter row from field
 * descriptors, a table from typed columns, page links, and the card the sign-in pages
 * share. A route says what it lists; these say how it looks.
 */

// ── Filter row ──────────────────────────────────────────────────────────────────────

interface FieldBase {
  /** The URL parameter; the input's id is `${idPrefix}-${name}` (or just the name). */
  name: string;
  label: string;
  /** Grid classes of the field's cell (e.g. "col-span-2"). */
  span?: string;
}

export type FilterField =
  | (FieldBase & { type: "search" | "text"; maxLength: number; placeholder?: string; suggestions?: readonly string[] })
  | (FieldBase & { type: "date" })
  | (FieldBase & { type: "select"; options: Option[]; first?: Option[] });

/** The filter values in the URL now, by parameter name. */
export type FilterValues = Partial<Record<string, string>>;

/** The first choice of a filter's select: no filter ("All forms", "Any status"). */
export const any = (label: string): Option[] => [{ value: "", label }];

/** One field of a filter row. */
export function FilterInput({ field: f, idPrefix, values }: { field: FilterField; idPrefix: string; values: FilterValues }) {
  const id = idPrefix ? `${idPrefix}-${f.name}` : f.name;
  const value = values[f.name] ?? "";
  // A text filter's values that exist, offered as the field is typed in.
  const suggestions = f.type === "text" || f.type === "search" ? f.suggestions : undefined;
  const control =
    f.type === "select" ? (
      <SelectField id={id} name={f.name} label={f.label} first={f.first} options={f.options} defaultValue={value} />
    ) : (
      <Field id={id} label={f.label}>
        <input
          id={id}
          name={f.name}
          type={f.type}
          defaultValue={value}
          className={deskInput}
          maxLength={f.type === "date" ? undefined : f.maxLength}
          placeholder={f.type === "date" ? undefined : f.placeholder}
          list={suggestions?.length ? `${id}-values` : undefined}
        />
        {suggestions?.length ? (
          <datalist id={`${id}-values`}>
            {suggestions.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        ) : null}
      </Field>
    );
  return f.span ? <div className={f.span}>{control}</div> : control;
}

/** The From and To dates of a filter row. */
export function dateFields(labels: [string, string] = ["From", "To"]): FilterField[] {
  return [
    { type: "date", name: "from", label: labels[0] },
    { type: "date", name: "to", label: labels[1] },
  ];
}

/**
 * A GET form over a list, its values kept in the URL. `grid`: the fields in a boxed grid
 * with "Apply filters" and `clear` under them; without it, one row ending in `submit`
 * and `clear`. `children` go after the fields (e.g. a fieldset of more fields).
 */
export function FilterBar({
  label,
  idPrefix,
  values,
  fields,
  grid,
  submit = "Show",
  clear,
  gap = "gap-2",
  children,
}: {
  /** The form's accessible name; a row without one is not a landmark. */
  label?: string;
  idPrefix: string;
  values: FilterValues;
  fields: FilterField[];
  grid?: string;
  submit?: string;
  /** A link back to the list's first view ("Clear"). */
  clear?: { to: string; label: string };
  gap?: "gap-2" | "gap-3";
  children?: ReactNode;
}) {
  const { search } = useLocation();
  const inputs = fields.map((f) => <FilterInput key={f.name} field={f} idPrefix={idPrefix} values={values} />);
  const buttons = (
    <>
      <button type="submit" className={deskPrimary}>
        {grid ? "Apply filters" : submit}
      </button>
      {clear ? (
        <Link to={clear.to} className={deskSecondary}>
          {clear.label}
        </Link>
      ) : null}
    </>
  );
  return grid ? (
    <Form method="get" aria-label={label} className="mb-4 rounded-md border border-slate-300 p-3 dark:border-slate-600" key={search}>
      <div className={`grid ${grid}`}>{inputs}</div>
      {children}
      <div className="mt-3 flex gap-2">{buttons}</div>
    </Form>
  ) : (
    <Form method="get" aria-label={label} className={`mb-4 flex flex-wrap items-end ${gap}`} key={search}>
      {inputs}
      {children}
      {buttons}
    </Form>
  );
}

/**
 * The period of a screen of counts: the errors of the one asked for, then a select of
 * `options` (the `days` parameter) and a Show button. `className` spaces it from what follows.
 */
export function PeriodForm({
  id,
  period,
  options,
  errors,
  className,
}: {
  id: string;
  period: string;
  options: Option[];
  errors?: string[] | null;
  className: string;
}) {
  return (
    <>
      <ErrorList errors={errors} title="This period cannot be used" />
      <Form method="get" className={`${className} flex items-end gap-2`} key={period}>
        <SelectField id={id} name="days" label="Period" options={options} defaultValue={period} />
        <button type="submit" className={deskPrimary}>
          Show
        </button>
      </Form>
    </>
  );
}

// ── Table ───────────────────────────────────────────────────────────────────────────

export interface Column<R> {
  header: string;
  /** The header is read by screen readers only (a column of buttons or checkboxes). */
  srOnly?: boolean;
  /** Classes added to each cell of the column (wrapping, width; `max-md:` ones shape a card). */
  className?: string;
  cell: (row: R) => ReactNode;
}

/**
 * A scrolling, bordered box; the table's header row stays in view. Positioned, so what is
 * placed absolutely inside (the screen-reader-only text) scrolls with it instead of
 * widening the page.
 */
export const SCROLL_FRAME = "relative max-h-[70vh] overflow-auto rounded-md border border-slate-300 dark:border-slate-600";

/**
 * A list as a table: a caption for screen readers, a header row, one row per item.
 * `empty` is said when there are no rows (inside the frame, or below it with `emptyBelow`).
 */
export function DeskTable<R extends { id: number | string }>({
  caption,
  columns,
  rows,
  empty,
  emptyBelow = false,
  frame = SCROLL_FRAME,
  rowClassName,
  cards = false,
}: {
  caption: string;
  columns: Column<R>[];
  rows: R[];
  empty?: string | null;
  emptyBelow?: boolean;
  frame?: string;
  rowClassName?: string;
  /** Below the md breakpoint each row is a card: the cells flow and wrap, the header row is for screen readers. */
  cards?: boolean;
}) {
  const card = (wide: string, narrow: string) => (cards ? `${wide} ${narrow}` : wide);
  const emptyNote = rows.length === 0 && empty ? <p className={emptyBelow ? "mt-2 text-sm" : "p-4 text-sm"}>{empty}</p> : null;
  return (
    <>
      {/* Always positioned: a hidden (absolutely placed) caption or label inside must not stick out of the scrolling frame and widen the page.
          A region in the tab order, named by the caption: a keyboard can scroll it even when no row holds a link. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (WCAG 2.1.1) */}
      <section className={card(`relative ${frame}`, "max-md:max-h-none")} aria-label={caption} tabIndex={0}>
        <table className={card(deskTable, "max-md:block")}>
          <caption className="sr-only">{caption}</caption>
          <thead className={cards ? "max-md:sr-only" : undefined}>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={deskTh}>
                  {c.srOnly ? <span className="sr-only">{c.header}</span> : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={cards ? "max-md:block" : undefined}>
            {rows.map((r) => (
              <tr
                key={r.id}
                className={card(
                  rowClassName ?? "",
                  "max-md:flex max-md:flex-wrap max-md:items-baseline max-md:gap-x-3 max-md:gap-y-1 max-md:border-b max-md:border-slate-200 max-md:p-2 dark:max-md:border-slate-700",
                )}
              >
                {columns.map((c) => (
                  <td key={c.header} className={card(c.className ? `${deskTd} ${c.className}` : deskTd, "max-md:block max-md:border-0 max-md:p-0")}>
                    {c.cell(r)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        {emptyBelow ? null : emptyNote}
      </section>
      {emptyBelow ? emptyNote : null}
    </>
  );
}

// ── Pages ───────────────────────────────────────────────────────────────────────────

/** The current URL's query with `changes` applied (null removes a key). */
export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null) params.delete(k);
    else params.set(k, v);
  }
  const s = params.toString();
  return s ? `?${s}` : "?";
}

export interface PageLink {
  to: string;
  label: string;
  rel?: "prev" | "next";
}

/** Keyset paging: "First page", "Newer" and "Older", every filter kept in the URL. */
export function keysetLinks(search: string, prev: string | null, next: string | null): PageLink[] {
  const params = new URLSearchParams(search);
  const links: PageLink[] = [];
  if (params.has("after") || params.has("before")) links.push({ to: withParams(search, { after: null, before: null }), label: "First page" });
  if (prev) links.push({ to: withParams(search, { after: null, before: prev }), label: "Newer", rel: "prev" });
  if (next) links.push({ to: withParams(search, { before: null, after: next }), label: "Older", rel: "next" });
  return links;
}

/** Numbered pages, newest first: "Newer" and "Older" (page 1 has no `page` in the URL). */
export function numberedLinks(search: string, page: number, pages: number): PageLink[] {
  const links: PageLink[] = [];
  if (page > 1) links.push({ to: withParams(search, { page: page === 2 ? null : String(page - 1) }), label: "Newer", rel: "prev" });
  if (page < pages) links.push({ to: withParams(search, { page: String(page + 1) }), label: "Older", rel: "next" });
  return links;
}

/** The links between the pages of a list; `status` (e.g. "Page 2 of 5") stands before the "next" link. */
export function Pager({ label, links, status, plain = false }: { label: string; links: PageLink[]; status?: string; plain?: boolean }) {
  const link = (l: PageLink) => (
    <Link key={l.label} className={plain ? deskLink : deskSecondary} to={l.to} rel={l.rel}>
      {l.label}
    </Link>
  );
  return (
    <nav aria-label={label} className={`mt-4 flex flex-wrap items-center gap-2${status ? " text-sm" : ""}`}>
      {links.filter((l) => l.rel !== "next").map(link)}
      {status ? <span>{status}</span> : null}
      {links.filter((l) => l.rel === "next").map(link)}
    </nav>
  );
}

// ── Sign-in pages ───────────────────────────────────────────────────────────────────

/** The narrow card of the pages before sign-in: a heading, what to do, what happened, the form. */
export function AuthCard({
  title,
  intro,
  notice,
  errors,
  errorTitle,
  children,
}: {
  title: string;
  intro?: ReactNode;
  notice?: string | null;
  errors?: string[] | null;
  errorTitle: string;
  children: ReactNode;
}) {
  return (
    <section className="mx-auto max-w-sm">
      <h1 className="text-2xl font-bold">{title}</h1>
      {intro}
      <div className="mt-4">
        {notice ? <Notice>{notice}</Notice> : null}
        <ErrorList errors={errors} title={errorTitle} />
      </div>
      {children}
    </section>
  );
}

/** The e-mail address of a desk account, as the browser's password manager knows it. */
export function AccountEmailField({ defaultValue }: { defaultValue: string }) {
  return (
    <Field id="email" label="E-mail">
      <input id="email" name="email" type="email" className={deskInput} autoComplete="username" required maxLength={254} defaultValue={defaultValue} />
    </Field>
  );
}

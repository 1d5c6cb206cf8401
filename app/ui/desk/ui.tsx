import type { ReactNode } from "react";

/** The desk's shared pieces: denser than the public site, same colours and focus ring. */
export const deskInput =
  "block w-full rounded-md border border-slate-400 bg-white px-2 py-1.5 text-sm text-slate-900 dark:border-slate-500 dark:bg-slate-900 dark:text-slate-100";
export const deskLabel = "block text-xs font-semibold text-slate-700 dark:text-slate-300";
export const deskPrimary =
  "inline-flex min-h-9 items-center justify-center rounded-md bg-brand-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-brand-800 dark:bg-brand-300 dark:text-slate-950 dark:hover:bg-brand-200";
export const deskSecondary =
  "inline-flex min-h-9 items-center justify-center rounded-md border border-slate-400 px-3 py-1.5 text-sm font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-500 dark:text-slate-100 dark:hover:bg-slate-800";
export const deskDanger =
  "inline-flex min-h-9 items-center justify-center rounded-md bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 dark:bg-red-300 dark:text-slate-950";
export const deskLink = "font-medium text-brand-800 underline underline-offset-2 hover:text-brand-900 dark:text-brand-300 dark:hover:text-brand-200";
export const deskTable = "w-full border-collapse text-left text-sm";
export const deskTh =
  "sticky top-0 z-10 border-b border-slate-300 bg-slate-100 px-2 py-2 text-xs font-semibold text-slate-700 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-200";
export const deskTd = "border-b border-slate-200 px-2 py-1.5 align-top dark:border-slate-700";

/** A table body's only row when it has nothing to list: its text across all `columns`. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className={deskTd}>
        {children}
      </td>
    </tr>
  );
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-bold">{children}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** Problems with what was asked, read out as soon as they appear. */
export function ErrorList({ errors, title = "Please check the following" }: { errors?: string[] | null; title?: string }) {
  if (!errors?.length) return null;
  return (
    <div
      role="alert"
      className="mb-4 rounded-md border border-red-700 bg-red-50 p-3 text-sm text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p className="font-semibold">{title}</p>
      <ul className="mt-1 list-disc pl-5">
        {errors.map((e) => (
          <li key={e}>{e}</li>
        ))}
      </ul>
    </div>
  );
}

export function Notice({ children }: { children: ReactNode }) {
  return (
    <p
      role="status"
      className="mb-4 rounded-md border border-brand-700 bg-brand-50 p-3 text-sm text-brand-900 dark:border-brand-300 dark:bg-brand-950 dark:text-brand-100"
    >
      {children}
    </p>
  );
}

export function Field({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <label htmlFor={id} className={deskLabel}>
        {label}
      </label>
      <div className="mt-1">{children}</div>
    </div>
  );
}

const statusColours: Record<string, string> = {
  new: "bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100",
  contacted: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  qualified: "bg-violet-100 text-violet-900 dark:bg-violet-900 dark:text-violet-100",
  won: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  lost: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  spam: "bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100",
  pending: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  held: "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100",
  visible: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  hidden: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  subscribed: "bg-brand-100 text-brand-900 dark:bg-brand-900 dark:text-brand-100",
  unsubscribed: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold ${statusColours[status] ?? statusColours.lost}`}>{label}</span>;
}

export interface Option {
  value: string;
  label: string;
}

export const NOBODY: Option = { value: "none", label: "Nobody" };

/** A labelled select; `first` are the choices before the list (e.g. "All forms"). */
export function SelectField({
  id,
  name,
  label,
  options,
  first = [],
  defaultValue,
}: {
  id: string;
  name: string;
  label: string;
  options: Option[];
  first?: Option[];
  defaultValue: string;
}) {
  return (
    <Field id={id} label={label}>
      <select id={id} name={name} defaultValue={defaultValue} className={deskInput}>
        {[...first, ...options].map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** Facts as term and value, side by side (the system page's version, outbox, mailbox…). */
export function Facts({ rows }: { rows: [string, string][] }) {
  return (
    <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-semibold text-slate-700 dark:text-slate-300">{k}</dt>
          <dd className="break-all">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

import type { Db } from "~/platform/db/db.server";

export interface StaffName {
  id: number;
  email: string;
  name: string | null;
  role: string;
  disabled: boolean;
}

/** Every account, for showing who did what (the desk has a handful of staff). */
export async function staffDirectory(db: Db): Promise<Map<number, StaffName>> {
  const rows = await db.kysely.selectFrom("staff").select(["id", "email", "name", "role", "disabled_at"]).orderBy("email").execute();
  return new Map(rows.map((r) => [Number(r.id), { id: Number(r.id), email: r.email, name: r.name, role: r.role, disabled: r.disabled_at !== null }]));
}

/** Who can be given a lead: active sales and admin accounts. */
export function assignable(directory: Map<number, StaffName>): StaffName[] {
  return [...directory.values()].filter((s) => !s.disabled && (s.role === "sales" || s.role === "admin"));
}

export function staffLabel(s: StaffName | undefined, id: number | null): string {
  if (id === null) return "Nobody";
  if (!s) return `Former member of staff #${id}`;
  return s.name ? `${s.name} (${s.email})` : s.email;
}

/** A person as a sentence names them: "Ana Ruiz", else their e-mail address. */
export function personName(s: StaffName | undefined, id: number): string {
  if (!s) return `former member of staff #${id}`;
  return s.name || s.email;
}

import type { Db } from "~/platform/db/db.server";
import type { Role } from "./roles";

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

/** An account, as the features that e-mail a member of staff need it (the address, the zone). */
export interface Member {
  id: number;
  email: string;
  name: string | null;
  role: string;
  /** The zone the member chose, or null (the desk's default). */
  timeZone: string | null;
}

type Reader = Pick<Db["kysely"], "selectFrom">;

const memberColumns = ["id", "email", "name", "role", "time_zone"] as const;
const asMember = (r: { id: number | string; email: string; name: string | null; role: string; time_zone: string | null }): Member => ({
  id: Number(r.id),
  email: r.email,
  name: r.name,
  role: r.role,
  timeZone: r.time_zone,
});

/**
 * The active accounts with one of `roles`, by id: who is told of a comment to moderate,
 * of a lead overdue, of an alert. The staff feature's table is read here only; `k` is the
 * database or a transaction the caller holds.
 */
export async function activeStaff(k: Reader, roles: readonly Role[]): Promise<Member[]> {
  const rows = await k
    .selectFrom("staff")
    .select(memberColumns)
    .where("disabled_at", "is", null)
    .where("role", "in", [...roles])
    .orderBy("id")
    .execute();
  return rows.map(asMember);
}

/** The active accounts among `ids` (a lead's owners), by id. */
export async function activeMembers(k: Reader, ids: readonly number[]): Promise<Map<number, Member>> {
  if (!ids.length) return new Map();
  const rows = await k
    .selectFrom("staff")
    .select(memberColumns)
    .where("disabled_at", "is", null)
    .where("id", "in", [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [Number(r.id), asMember(r)]));
}

/** One account, active or not, or undefined when there is none. */
export async function staffMember(k: Reader, id: number): Promise<Member | undefined> {
  const row = await k.selectFrom("staff").select(memberColumns).where("id", "=", id).executeTakeFirst();
  return row ? asMember(row) : undefined;
}

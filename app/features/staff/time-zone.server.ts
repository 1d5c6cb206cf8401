import type { Db } from "~/platform/db/db.server";
import { BROWSER_ZONE_COOKIE, isTimeZone } from "~/shared/zoned-time";
import { parse } from "cookie";

/** Sets a member's time zone (null: the browser's); false when `zone` is not one the desk knows. */
export async function setStaffTimeZone(db: Db, staffId: number, zone: string | null): Promise<boolean> {
  if (zone !== null && !isTimeZone(zone)) return false;
  await db.kysely.updateTable("staff").set({ time_zone: zone }).where("id", "=", staffId).execute();
  return true;
}

/**
 * The zone the desk shows and reads times in for this member: their choice, else their
 * browser's (which the desk's page keeps in a cookie, DeskTimeZone, so that the first
 * render is right too), else null (UTC).
 */
export function shownZone(request: Request, me: { timeZone?: string | null } | null | undefined): string | null {
  const chosen = me?.timeZone ?? null;
  if (chosen && isTimeZone(chosen)) return chosen;
  const header = request.headers.get("cookie");
  const browser = header ? (parse(header)[BROWSER_ZONE_COOKIE] ?? null) : null;
  return browser && isTimeZone(browser) ? browser : null;
}

import type { Db } from "~/platform/db/db.server";
import { isTimeZone } from "~/shared/zoned-time";

/** Sets a member's time zone (null: the browser's); false when `zone` is not one the desk knows. */
export async function setStaffTimeZone(db: Db, staffId: number, zone: string | null): Promise<boolean> {
  if (zone !== null && !isTimeZone(zone)) return false;
  await db.kysely.updateTable("staff").set({ time_zone: zone }).where("id", "=", staffId).execute();
  return true;
}

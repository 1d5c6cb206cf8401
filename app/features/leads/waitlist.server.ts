import type { FieldErrors } from "~/shared/forms/form-spec";
import { ZIP_UNKNOWN_MESSAGE } from "~/features/service-area/service-area";
import { serviceForZip } from "~/features/service-area/service-area.server";
import { zipIndex } from "~/features/service-area/zip-data.server";

/**
 * What the server adds to a waitlist lead: the ZIP code's market (the one it will be
 * served from, or the nearest) and its status today, from the same check the visitor
 * saw. A ZIP code that does not exist is refused like any invalid field.
 */
export async function waitlistFields(zipCode: string): Promise<{ fields: Record<string, unknown> } | { errors: FieldErrors }> {
  const answer = serviceForZip(await zipIndex(), zipCode);
  if (!answer) return { errors: { zipCode: [ZIP_UNKNOWN_MESSAGE] } };
  return { fields: { market: answer.market, status: answer.status, city: answer.city, state: answer.state } };
}

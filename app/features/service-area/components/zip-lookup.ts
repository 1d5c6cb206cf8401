import table from "~/features/service-area/service-area-table.json";
import { answerSentence, ZIP_UNKNOWN_MESSAGE, zipProblem } from "~/features/service-area/service-area";
import { lookupFrom, type ServiceAreaTable } from "~/features/service-area/service-area-table";
import type { ZipCheckResult } from "./zip-check";

export { WaitlistForm } from "./waitlist-form";

/**
 * The ZIP check's answering code and data, loaded when a visitor first enters the check
 * (about 45 KB compressed, with the waitlist form), so that pressing Check answers at
 * once, with no request.
 */
const lookup = lookupFrom(table as ServiceAreaTable);

export function check(zip: string): ZipCheckResult {
  const z = zip.trim();
  const problem = zipProblem(z);
  if (problem) return { error: problem };
  const answer = lookup.answer(z);
  if (!answer) return { error: ZIP_UNKNOWN_MESSAGE };
  return { zip: z, status: answer.status, market: answer.market, sentence: answerSentence(answer) };
}

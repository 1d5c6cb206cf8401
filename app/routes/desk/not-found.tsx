import { DESK_HEADERS, requireStaff } from "~/server/desk/auth.server";
import type { Route } from "./+types/not-found";

export const headers = () => DESK_HEADERS;

/** An unknown address under /desk: signed-in staff see "not found" in the desk's shell. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  throw new Response("Not found", { status: 404, headers: DESK_HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireStaff(request, context);
  throw new Response("Not found", { status: 404, headers: DESK_HEADERS });
}

export default function DeskNotFound() {
  return null;
}

import { DESK_HEADERS } from "~/features/staff/auth.server";
import type { Route } from "./+types/not-found";

export const headers = () => DESK_HEADERS;

/**
 * An unknown address under /desk: signed-in staff see "not found" in the desk's shell (the
 * layout's middleware asks for a session first).
 */
export function loader(_: Route.LoaderArgs) {
  throw new Response("Not found", { status: 404, headers: DESK_HEADERS });
}

export function action(_: Route.ActionArgs) {
  throw new Response("Not found", { status: 404, headers: DESK_HEADERS });
}

/**
 * Never shown (the loader always throws; the layout's error page says "Not found"), but a
 * rendering component keeps this route's chunk importing what every other route imports:
 * a route module without JSX made the bundler split React Router from the JSX runtime
 * into chunks of their own on every public page (0.7 KB more each).
 */
export default function DeskNotFound() {
  return <p>Not found</p>;
}

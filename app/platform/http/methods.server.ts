import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";

/**
 * Methods a route with an action takes. React Router would also run the action for PUT,
 * PATCH and DELETE, but every form of the site posts; a route that needs another method
 * (a fetcher submitting `method: "delete"`) must be given it here.
 */
const MUTATIONS = ["POST"];
const READ_ONLY = "GET, HEAD";
const WITH_ACTION = `${READ_ONLY}, ${MUTATIONS.join(", ")}`;

interface RouteNode {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: RouteNode[];
}

/**
 * Which methods a page path takes, decided before the page router sees the request: a
 * method the router cannot serve (TRACE, PROPFIND, a POST to a page without a form…)
 * is answered 405 here, with Allow, instead of failing inside the router with a stack
 * trace. The rule is React Router's own: GET and HEAD everywhere; POST where the target
 * route has an action, the target being the index route only when the
 * query has a bare `?index` (so `POST /` goes to the root layout, `POST /?index` to the
 * home page). Single-fetch data URLs (`/faq.data`, `/_root.data`) are the page's own.
 */
export function createMethodGate(build: Pick<ServerBuild, "routes" | "basename">) {
  const nodes = new Map<string, RouteNode>();
  for (const r of Object.values(build.routes)) {
    if (r) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive });
  }
  const roots: RouteNode[] = [];
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    const node = nodes.get(r.id) as RouteNode;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    if (!parent) roots.push(node);
    else if (parent.children) parent.children.push(node);
    else parent.children = [node];
  }
  const hasAction = (id: string) => Boolean(build.routes[id]?.module.action);

  return {
    /** The Allow header value for a page path and query. */
    allowed(pathname: string, search: string): string {
      let path = pathname;
      if (path === "/_root.data") path = "/";
      else if (path.endsWith(".data")) path = path.slice(0, -".data".length);
      const matches = matchRoutes(roots as RouteObject[], path, build.basename);
      if (!matches?.length) return READ_ONLY;
      const last = matches[matches.length - 1];
      const indexQuery = new URLSearchParams(search).getAll("index").some((v) => v === "");
      let target = last;
      if (!(last?.route.index && indexQuery)) {
        const contributing = matches.filter((m, i) => i === 0 || (m.route.path && m.route.path.length > 0));
        target = contributing[contributing.length - 1];
      }
      return target?.route.id && hasAction(target.route.id) ? WITH_ACTION : READ_ONLY;
    },
  };
}

export function allows(allow: string, method: string): boolean {
  return method === "GET" || method === "HEAD" || (allow !== READ_ONLY && MUTATIONS.includes(method));
}

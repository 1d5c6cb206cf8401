import { data } from "react-router";
import { NotFound } from "~/ui/layout/not-found";
import { seo } from "~/shared/seo";
import type { Route } from "./+types/not-found";

export const loader = () => data(null, { status: 404 });

export const meta: Route.MetaFunction = ({ location }) => [
  ...seo({ title: "Page not found", description: "The page you are looking for doesn't exist.", path: location.pathname }),
  { name: "robots", content: "noindex" },
];

export default function NotFoundRoute() {
  return <NotFound />;
}

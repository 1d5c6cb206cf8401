import { data } from "react-router";

// Filled by the blog feature: until posts exist every id is unknown.
export const loader = () => {
  throw data(null, { status: 404 });
};

export default function BlogDetail() {
  return null;
}

/** A page's title (the tab and search results), description and main heading (spec 2.1). */
export interface PageInfo {
  path: string;
  title: string;
  description: string;
  h1: string;
}

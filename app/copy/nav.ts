/** The header's menus (spec 2.2). One source for the header, footer and sitemap. */
export interface NavLink {
  label: string;
  to: string;
  hint?: string;
}
export interface NavColumn {
  title: string;
  links: NavLink[];
}
export interface NavGroup {
  id: string;
  label: string;
  columns: NavColumn[];
}

export const navGroups: NavGroup[] = [
  {
    id: "who-we-are",
    label: "Who We Are",
    columns: [
      {
        title: "Who We Are",
        links: [
          { label: "Our Process", to: "/our-process", hint: "The app, delivery and benefits" },
          { label: "Leadership Team", to: "/leaderShip-team", hint: "Board and team" },
          { label: "Fueling the Future", to: "/fueling-the-future", hint: "Our STEM foundation" },
        ],
      },
    ],
  },
  {
    id: "what-we-do",
    label: "What We Do",
    columns: [
      {
        title: "Technology and Insights",
        links: [
          { label: "Fuel Management Software", to: "/fuel-management-software" },
          { label: "Our Fleet", to: "/gui-fleet" },
          { label: "Geofencing", to: "/geofencing" },
        ],
      },
      {
        title: "Energy Innovation",
        links: [
          { label: "Diesel on Demand", to: "/diesel-on-demand" },
          { label: "Gasoline", to: "/gasoline" },
          { label: "Autonomous Fleets", to: "/autonomous-fleet-equipment" },
        ],
      },
      {
        title: "Safety and Environment",
        links: [
          { label: "Fuel Techs and Safety", to: "/our-fuel-techs-and-sefaty" },
          { label: "Environmental Impact", to: "/environmental-impact" },
        ],
      },
    ],
  },
  {
    id: "who-we-fuel",
    label: "Who We Fuel",
    columns: [
      {
        title: "Who We Fuel",
        links: [
          { label: "Campuses, Stadiums and Arenas", to: "/corporate-and-college-campuses-stadiums-and-arenas" },
          { label: "Business Fleets, Trucking and Construction", to: "/business-fleets-trucking-and-construction-companies" },
          { label: "Retail and Surface Parking Lots", to: "/retail-and-rurface-parking-lots" },
        ],
      },
    ],
  },
];

export const footerLinks: NavLink[] = [
  { label: "Careers", to: "/careers" },
  { label: "Investors", to: "/investors" },
  { label: "Terms and Conditions", to: "/termsandcondition" },
  { label: "Privacy Policy", to: "/privacy-policy" },
  { label: "Leadership", to: "/leaderShip-team" },
  { label: "News", to: "/news" },
  { label: "FAQ", to: "/faq" },
];

export const SAAS_PATHS = ["/saas/home", "/saas/geofence", "/saas/fuelmanagement", "/saas/fleetmanagement"];

/** Every path the menus and the layout compare against, by its lower-case form. */
const knownPaths = new Map<string, string>(
  [...navGroups.flatMap((g) => g.columns.flatMap((c) => c.links.map((l) => l.to))), ...footerLinks.map((l) => l.to), ...SAAS_PATHS].map((p) => [
    p.toLowerCase(),
    p,
  ]),
);

/**
 * The path as the route table spells it. Paths match regardless of letter case and a
 * trailing slash, so `/Leadership-Team/` shows `/leaderShip-team`: whatever reads the path
 * (the menus' highlight, the SaaS header, the path a lead was sent from) reads this form.
 * Paths the menus do not know (a post's address) keep their letters.
 */
export function canonicalPath(pathname: string): string {
  const path = pathname.replace(/\/+$/, "") || "/";
  return knownPaths.get(path.toLowerCase()) ?? path;
}

/** The nav group whose links include the path, for highlighting. */
export function activeGroupId(pathname: string): string | null {
  const path = canonicalPath(pathname);
  for (const group of navGroups) {
    if (group.columns.some((c) => c.links.some((l) => l.to === path))) return group.id;
  }
  return null;
}

export function isSaasPath(pathname: string): boolean {
  return SAAS_PATHS.includes(canonicalPath(pathname));
}

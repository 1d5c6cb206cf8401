/**
 * Form type codes (spec section 3) and which form each page shows (spec section 2.4).
 * The code travels with every submission so sales can tell where a lead came from.
 */
export type FormType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

/**
 * personal: names, city, ZIP, phone, message. business: company fields instead of names.
 * fleet: the scheduled-fueling sign-up. saas: software-licensing enquiry. quote: the
 * /getafleet quote forms.
 */
export type FormVariant = "personal" | "business" | "fleet" | "saas" | "quote";

export interface FormTypeInfo {
  label: string;
  variant: FormVariant;
}

export const formTypes: Record<FormType, FormTypeInfo> = {
  1: { label: "General enquiry (home, FAQ, careers, news)", variant: "personal" },
  2: { label: "Our process and blog posts", variant: "personal" },
  3: { label: "Leadership", variant: "personal" },
  4: { label: "Foundation", variant: "personal" },
  5: { label: "Telematics and fuel management software", variant: "business" },
  6: { label: "Fleet vehicles", variant: "personal" },
  7: { label: "Geofencing", variant: "personal" },
  8: { label: "Diesel on demand", variant: "personal" },
  9: { label: "Gasoline", variant: "personal" },
  10: { label: "Autonomous fleets", variant: "personal" },
  11: { label: "Fuel technicians and safety", variant: "personal" },
  12: { label: "Environmental impact", variant: "personal" },
  13: { label: "Business fleets, campuses and venues", variant: "business" },
  14: { label: "Automated fleet fueling", variant: "business" },
  15: { label: "Retail and surface parking lots", variant: "personal" },
  16: { label: "Investors and EV charging", variant: "personal" },
  17: { label: "Fleet scheduled fueling sign-up", variant: "fleet" },
  // decisions.md: the SaaS contact forms submit, as type 18.
  18: { label: "Software licensing (Fillway Cloud)", variant: "saas" },
  // The specification numbers the quote form only as "the page type"; 19 is the code
  // left free between 18 and 20, so quotes stay distinguishable from contact forms.
  19: { label: "Fleet quote (Get a Fleet Quote)", variant: "quote" },
  20: { label: "Automated fleet fueling, register now", variant: "business" },
};

export const formTypeCodes = Object.keys(formTypes).map(Number) as FormType[];

export function isFormType(n: unknown): n is FormType {
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 20;
}

/** The quote forms' page type (see type 19 above). */
export const QUOTE_FORM_TYPE = 19 satisfies FormType;
export const FLEET_SIGNUP_TYPE = 17 satisfies FormType;
export const SAAS_FORM_TYPE = 18 satisfies FormType;

/** Newsletter sign-up types and where they appear (spec 2.3, 2.4, section 3). */
export type NewsletterType = 1 | 3 | 4;
export const newsletterTypes: Record<NewsletterType, string> = {
  1: "Retail and surface parking lots",
  3: "Careers",
  4: "Home",
};

/**
 * The contact or quote form at the bottom of each page, by path. Pages that the spec
 * lists without a code get the code of their closest sibling (campuses: business
 * fleets, news: general). /blogdetail/{id} is keyed by its first segment. The desk's
 * page filter and the lead seeder read it; each route passes its code to its form.
 */
export const pageFormType = {
  "/": 1,
  "/faq": 1,
  "/careers": 1,
  "/news": 1,
  "/our-process": 2,
  "/blogdetail": 2,
  "/leaderShip-team": 3,
  "/fueling-the-future": 4,
  "/fuel-management-software": 5,
  "/gui-fleet": 6,
  "/geofencing": 7,
  "/diesel-on-demand": 8,
  "/gasoline": 9,
  "/autonomous-fleet-equipment": 10,
  "/our-fuel-techs-and-sefaty": 11,
  "/environmental-impact": 12,
  "/business-fleets-trucking-and-construction-companies": 13,
  "/corporate-and-college-campuses-stadiums-and-arenas": 13,
  "/automated-fleet": 14,
  "/retail-and-rurface-parking-lots": 15,
  "/investors": 16,
  "/chargeitup": 16,
  "/saas/home": 18,
  "/saas/geofence": 18,
  "/saas/fuelmanagement": 18,
  "/saas/fleetmanagement": 18,
  "/getafleet": 19,
  "/edm-pa": 20,
} as const satisfies Record<string, FormType>;

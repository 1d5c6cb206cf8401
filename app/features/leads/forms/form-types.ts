/**
 * Form type codes (spec section 3) and which code each page sends (spec section 2.4).
 * The code travels with every submission so sales can tell where a lead came from; which
 * codes a form takes, and what each means, is written in the form's module (`kinds/`),
 * and the registry lists them all.
 */
export type FormType = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20;

/**
 * Which contact form a type code shows. personal: names, city, ZIP, phone, message.
 * business: company fields instead of names. fleet: the scheduled-fueling sign-up. saas:
 * software-licensing enquiry. quote: the /getafleet quote forms.
 */
export type FormVariant = "personal" | "business" | "fleet" | "saas" | "quote";

export function isFormType(n: unknown): n is FormType {
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 20;
}

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

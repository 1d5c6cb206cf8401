import type { FormType } from "./registry";

/**
 * Form type codes (spec section 3) and which code each page sends (spec section 2.4).
 * The code travels with every submission so sales can tell where a lead came from; which
 * codes a form takes, and what each means, is written in the form's module (`kinds/`),
 * and the type `FormType` is every code the registry's forms declare.
 */
export type { FormType };

/**
 * Which contact form a type code shows. personal: names, city, ZIP, phone, message.
 * business: company fields instead of names. fleet: the scheduled-fueling sign-up. saas:
 * software-licensing enquiry. quote: the /getafleet quote forms.
 */
export type FormLayout = "personal" | "business" | "fleet" | "saas" | "quote";

/**
 * Whether a value can be a type code: a whole number from 1. Which codes there are is the
 * registry's (`isRegisteredType`, on the server), so the browser does not carry the list.
 */
export function isFormType(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 1;
}

/**
 * The contact or quote form at the bottom of each page, by path. Pages that the spec
 * lists without a code get the code of their closest sibling (campuses: business
 * fleets, news: general). /blogdetail/{id} is keyed by its first segment. The desk's
 * page filter and the lead seeder read it; each route names its page to its form
 * (`<ContactForm page="/gasoline" />`, `formTypeFor`), never a code.
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

/** A page of `pageFormType`. */
export type FormPage = keyof typeof pageFormType;

/** The type code a page's forms send: `formTypeFor("/gasoline")` is 9. */
export function formTypeFor<P extends FormPage>(page: P): (typeof pageFormType)[P] {
  return pageFormType[page];
}

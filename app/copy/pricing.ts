/** Consumer delivery plans (spec section 9). Prices are in US dollars. */
export interface PricingPlan {
  id: string;
  title: string;
  subhead: string;
  price: number;
  /** A monthly subscription; otherwise a fee per delivery. */
  perMonth: boolean;
  inclusions: string[];
  /** Shown with a "Most popular" ribbon. */
  featured?: boolean;
}

export const pricingPlans: PricingPlan[] = [
  {
    id: "non-subscription",
    title: "Non-Subscription",
    subhead: "Pay as you go, no commitment",
    price: 4.99,
    perMonth: false,
    inclusions: ["One-time delivery fee per fill-up", "One registered vehicle", "Tire pressure check for $1.99"],
  },
  {
    id: "silver",
    title: "Silver",
    subhead: "For the daily commuter",
    price: 9.99,
    perMonth: true,
    inclusions: ["Unlimited deliveries", "One registered vehicle", "No delivery fees"],
  },
  {
    id: "gold",
    title: "Gold",
    subhead: "For two-car households",
    price: 14.99,
    perMonth: true,
    inclusions: ["Unlimited deliveries", "Two registered vehicles", "Tire pressure check included"],
    featured: true,
  },
  {
    id: "platinum",
    title: "Platinum",
    subhead: "For families and small teams",
    price: 19.99,
    perMonth: true,
    inclusions: ["Unlimited deliveries", "Three registered vehicles", "Tire pressure check included"],
  },
];

/** Fuel itself is billed separately from the plan, at the local posted price. */
export const pricingNote = "Plans cover delivery. Fuel is billed per gallon at the local price shown in the app before you confirm.";

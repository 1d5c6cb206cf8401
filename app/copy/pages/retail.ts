import { Building2, Hotel, Plane, School, ShoppingBag } from "lucide-react";
import { type Block, type CheckColumn, type Scenario, type SectionCopy, art } from "./types";

export const retail = {
  hero: {
    eyebrow: "Who we fuel",
    intro:
      "Your lot is full of cars that will need fuel on the way home. Let us fuel them while their owners shop, work or travel, and give your visitors one more reason to choose you, with no pumps or tanks on your property.",
    image: art("parking-lot", "A shopping centre parking lot with parked cars and a Fillway truck"),
  },
  scenarios: {
    eyebrow: "Where we fuel",
    title: "Any lot where cars stay a while",
  } satisfies SectionCopy,
  scenarioList: [
    { icon: ShoppingBag, label: "Shopping" },
    { icon: Building2, label: "Office Park" },
    { icon: Plane, label: "Airport" },
    { icon: Hotel, label: "Hotels" },
    { icon: School, label: "School" },
  ] satisfies Scenario[],
  benefitsHeading: {
    eyebrow: "Benefits",
    title: "A new service for your lot, at no cost to you",
  } satisfies SectionCopy,
  benefits: [
    {
      title: "For lot owners and operators",
      items: [
        "A visible, modern service that sets your property apart",
        "Longer visits: people are not rushing off to refuel",
        "No capital cost, permits, tanks or pumps",
        "Our insurance, safety plan and trained technicians",
      ],
    },
    {
      title: "For shoppers, commuters and travellers",
      items: [
        "A full tank waiting when you come back to the car",
        "Book in the app, pay in the app",
        "Ideal for long-stay airport and hotel parking",
        "The price per gallon shown before you confirm",
      ],
    },
  ] satisfies CheckColumn[],
  app: {
    eyebrow: "The Fillway app",
    title: "Fuel in three taps",
    paragraphs: [
      "Drop a pin where you parked, pick a time window and confirm. The app shows the technician on the way, the gallons pumped and the receipt, and remembers your favourite places for next time.",
    ],
    bullets: ["Regular or premium, and a tire check on request", "Pay per delivery or subscribe for unlimited deliveries", "Available for iPhone and Android"],
    image: art("app-gallons", "The Fillway app showing a completed delivery of 14.6 gallons"),
  } satisfies Block,
  form: {
    title: "Offer fuel delivery at your lot",
    intro: "Owners, operators and shoppers: tell us which lot you have in mind.",
  },
};

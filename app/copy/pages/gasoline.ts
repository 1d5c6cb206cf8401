import { Fuel, Gauge, Sparkles } from "lucide-react";
import { type Block, type CheckColumn, type Feature, type SectionCopy, art } from "./types";

export const gasoline = {
  hero: {
    eyebrow: "Energy innovation",
    intro:
      "Regular or premium, at home, at work or in the gym parking lot. Schedule a fill-up in the app and come back to a full tank, with the gallons and the price on your receipt.",
    image: art("gasoline-driveway", "A car in a driveway with a fuel drop above it, next to a house"),
  },
  grades: {
    eyebrow: "Grades",
    title: "The gasoline your car was built for",
  } satisfies SectionCopy,
  gradeList: [
    { icon: Fuel, title: "Regular unleaded", body: "87 octane for the great majority of cars, SUVs and pickups." },
    { icon: Sparkles, title: "Premium unleaded", body: "91 to 93 octane, depending on the market, for engines that require or recommend it." },
    { icon: Gauge, title: "A tire check on the side", body: "Add a tire pressure check to any delivery for $1.99, included on Gold and Platinum plans." },
  ] satisfies Feature[],
  benefitsHeading: {
    eyebrow: "Benefits",
    title: "Good for drivers, good for businesses",
  } satisfies SectionCopy,
  benefits: [
    {
      title: "For drivers",
      items: [
        "No more detours, queues or standing at a pump in the rain",
        "Fuelled while you sleep, work or shop",
        "Pay in the app, with the price shown before you confirm",
        "Plans from $4.99 per delivery, or unlimited deliveries from $9.99 a month",
      ],
    },
    {
      title: "For businesses",
      items: [
        "Offer fuel delivery as a perk in your parking lot",
        "Light-duty fleet vehicles fuelled overnight",
        "No tanks, pumps or permits needed on your property",
        "Monthly, itemised invoicing per vehicle",
      ],
    },
  ] satisfies CheckColumn[],
  retail: {
    eyebrow: "Retail and parking",
    title: "Fill up while you shop",
    paragraphs: [
      "We partner with shopping centres, office parks and surface parking lots so their visitors can have their car fuelled while they are inside. The lot owner offers a new service without installing a single pump.",
    ],
    image: art("parking-lot", "A shopping centre parking lot with parked cars and a Fillway truck"),
  } satisfies Block,
  form: {
    title: "Get gasoline delivered",
    intro: "Tell us where you park and we will let you know when we deliver there.",
  },
};

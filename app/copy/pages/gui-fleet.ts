import { Droplets, Fuel, Leaf } from "lucide-react";
import { type Illustration, type LinkCard, type SectionCopy, art } from "./types";

/** Our delivery trucks (spec section 9: capacity, length, gross vehicle weight). */
export interface Truck {
  id: string;
  /** The tab label. */
  label: string;
  name: string;
  summary: string;
  specs: { term: string; value: string }[];
  bestFor: string[];
  image: Illustration;
}

export const trucks: Truck[] = [
  {
    id: "f-250",
    label: "F-250",
    name: "F-250 pickup",
    summary:
      "Our most nimble truck. It fits in parking garages, residential streets and tight office lots, and carries enough fuel for dozens of cars on a single run.",
    specs: [
      { term: "Capacity", value: "400 gallons" },
      { term: "Length", value: "19 ft" },
      { term: "Gross vehicle weight", value: "10,000 lbs" },
    ],
    bestFor: ["Consumer deliveries at homes and offices", "Parking garages and surface lots", "Small fleets and top-ups between runs"],
    image: art("truck-f250", "A Fillway pickup truck carrying a 400-gallon fuel tank"),
  },
  {
    id: "hino-195",
    label: "1200 / Hino 195",
    name: "1200 / Hino 195",
    summary: "The workhorse of our fleet deliveries. Enough capacity for a full yard of vans or trucks overnight, still small enough for city streets.",
    specs: [
      { term: "Capacity", value: "About 1,200 gallons" },
      { term: "Length", value: "About 22.58 ft" },
      { term: "Gross vehicle weight", value: "19,500 lbs" },
    ],
    bestFor: ["Delivery and service van fleets", "Campuses, stadiums and office parks", "Mixed gasoline and diesel fleets"],
    image: art("truck-hino", "A Fillway medium-duty fuel truck with a 1,200-gallon tank"),
  },
  {
    id: "large-tanker",
    label: "Large tanker",
    name: "Large tanker",
    summary: "For the biggest jobs: construction sites, generators, trucking terminals and bulk tanks that need thousands of gallons in one visit.",
    specs: [
      { term: "Capacity", value: "3,000 to 5,000 gallons" },
      { term: "Length", value: "About 27.75 ft" },
      { term: "Gross vehicle weight", value: "43,900 lbs" },
    ],
    bestFor: ["Construction equipment and job sites", "Trucking yards and terminals", "Bulk tanks and backup generators"],
    image: art("truck-tanker", "A Fillway large fuel tanker holding 3,000 to 5,000 gallons"),
  },
];

export const guiFleet = {
  hero: {
    eyebrow: "Our fleet",
    intro:
      "Three sizes of truck, one standard of care. Every Fillway truck carries a certified meter, vapor recovery, overflow protection, an emergency kill switch and a technician trained to use all of it.",
    image: art("fleet-lineup", "A Fillway tanker and a Fillway pickup truck, side by side"),
  },
  trucks: {
    eyebrow: "Truck sizes",
    title: "The right truck for the job",
    intro: "We match the truck to your site and your volume, so you never pay for a tanker when a pickup will do.",
  } satisfies SectionCopy,
  builtToServe: {
    eyebrow: "Built to serve",
    title: "Safety built into every truck",
    intro: "Our trucks are built and inspected to carry fuel on public roads and into busy parking lots, and they are equipped for the unexpected.",
  } satisfies SectionCopy,
  safetyItems: [
    "Vapor recovery captures fumes while we fill, instead of venting them",
    "Overflow protection shuts the nozzle off before a tank can spill",
    "An emergency kill switch stops the pump instantly",
    "Grounding cables prevent static discharge during every fill",
    "Spill kits and fire extinguishers on board, checked daily",
    "Annual inspections and daily pre-trip checks by the technician",
  ],
  fuels: {
    eyebrow: "Fuel types",
    title: "What our trucks carry",
  } satisfies SectionCopy,
  fuelCards: [
    {
      icon: Droplets,
      title: "Diesel / DEF",
      body: "Clear and red diesel in separate compartments, with diesel exhaust fluid on board for modern diesel engines.",
      to: "/diesel-on-demand",
      linkLabel: "Diesel on demand",
    },
    {
      icon: Fuel,
      title: "Gasoline",
      body: "Regular and premium unleaded for cars, pickups and light-duty fleets.",
      to: "/gasoline",
      linkLabel: "Gasoline delivery",
    },
    {
      icon: Leaf,
      title: "Renewable Energy",
      body: "Renewable diesel for fleets with emissions targets, a drop-in replacement that needs no engine changes.",
      to: "/diesel-on-demand",
      linkLabel: "Renewable diesel",
    },
  ] satisfies LinkCard[],
  form: {
    title: "Which truck fits your site?",
    intro: "Tell us where and what you need fuelled, and we will recommend the truck and schedule that fit.",
  },
};

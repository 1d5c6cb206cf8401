import { Building2, Construction, Droplets, Factory, Tractor, Truck, Zap } from "lucide-react";
import { type Block, type CheckColumn, type Feature, type SectionCopy, art } from "./types";

export const dieselOnDemand = {
  hero: {
    eyebrow: "Energy innovation",
    intro:
      "Clear diesel, off-road red diesel and diesel exhaust fluid, delivered to your trucks, equipment and generators overnight or on site. Your vehicles start every shift full, and your drivers start every shift driving.",
    image: art("diesel-yard", "A Fillway tanker beside a parked semi truck and a container of diesel exhaust fluid"),
  },
  products: {
    eyebrow: "What we deliver",
    title: "Three products, one delivery",
  } satisfies SectionCopy,
  productList: [
    {
      icon: Droplets,
      title: "Clear diesel",
      body: "Ultra-low-sulfur on-road diesel for trucks, vans and buses, with winter blends when the temperature drops.",
    },
    {
      icon: Tractor,
      title: "Red (off-road) diesel",
      body: "Dyed diesel for construction equipment, generators, agriculture and other off-road uses, kept in a separate compartment.",
    },
    {
      icon: Zap,
      title: "DEF",
      body: "Diesel exhaust fluid topped up during the same visit, so SCR-equipped engines never derate for an empty DEF tank.",
    },
  ] satisfies Feature[],
  who: {
    eyebrow: "Who it is for",
    title: "Diesel where the work happens",
  } satisfies SectionCopy,
  whoList: [
    { icon: Truck, title: "Trucking yards", body: "Fuel tractors overnight while they are parked, so they leave at dawn without a stop." },
    { icon: Construction, title: "Construction sites", body: "Excavators, loaders and light towers fuelled where they stand, without hauling them to a pump." },
    { icon: Building2, title: "Backup generators", body: "Keep hospitals, data centres and towers ready, with scheduled top-ups and emergency deliveries." },
    { icon: Factory, title: "Bulk tanks", body: "Refill on-site storage tanks on a schedule, from a few hundred gallons to a full tanker." },
  ] satisfies Feature[],
  renewable: {
    eyebrow: "Renewable energy",
    title: "Renewable diesel, with no engine changes",
    paragraphs: [
      "Renewable diesel is made from waste fats, used cooking oil and other renewable feedstocks. Chemically it behaves like petroleum diesel, so it runs in the engines and tanks you already have, and its lifecycle greenhouse gas emissions are substantially lower.",
      "Where supply allows, we can deliver renewable diesel or blends to customers with emissions targets, and report the volumes for your sustainability reporting.",
    ],
    bullets: [
      "A drop-in replacement: no conversion, no new tanks",
      "Delivered by the same trucks, on the same schedule",
      "Volumes reported per site for emissions accounting",
    ],
    image: art("environment", "A leaf and a CO2 cloud with an arrow pointing down"),
  } satisfies Block,
  benefitsHeading: {
    eyebrow: "Why diesel on demand",
    title: "Less downtime, fewer surprises",
  } satisfies SectionCopy,
  benefits: [
    {
      title: "For your operation",
      items: [
        "No fuel-card fraud or unexplained gallons",
        "Drivers and operators stay on the job, not at the pump",
        "Metered, itemised records per vehicle and per machine",
        "One invoice instead of hundreds of receipts",
      ],
    },
    {
      title: "For your equipment",
      items: [
        "Tanks kept topped up, so engines never run dry or derate",
        "Fuel from certified terminals, stored in clean compartments",
        "DEF checked and filled with every diesel visit",
        "Technicians who report leaks, damage or low tires they notice",
      ],
    },
  ] satisfies CheckColumn[],
  form: {
    title: "Get diesel delivered",
    intro: "Tell us about your vehicles, equipment or tanks and how often they need fuel.",
  },
};

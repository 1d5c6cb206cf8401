import { Ambulance, BriefcaseBusiness, Building2, Construction, Hospital, Hotel, Landmark, Package, Plane, School, Siren, Trophy, Truck } from "lucide-react";
import { brand } from "~/copy/brand";
import { type Block, type CheckColumn, type Feature, type Scenario, type SectionCopy, art } from "./types";

export const businessFleets = {
  hero: {
    eyebrow: "Who we fuel",
    intro:
      "Trucking, construction, healthcare, government, first responders, delivery and airport fleets: if your vehicles earn money by moving, every minute at a pump is a minute lost. We fuel them where they park, while they are parked.",
    image: art("construction", "A construction crane, a Fillway fuel truck and a dump truck on a job site"),
  },
  scenarios: {
    eyebrow: "Where we fuel",
    title: "Wherever your vehicles stop",
  } satisfies SectionCopy,
  scenarioList: [
    { icon: Trophy, label: "Stadiums" },
    { icon: Hospital, label: "Hospitals" },
    { icon: Building2, label: "Office Park" },
    { icon: Plane, label: "Airport" },
    { icon: Hotel, label: "Hotel" },
    { icon: School, label: "School" },
    { icon: Truck, label: "Fleet" },
  ] satisfies Scenario[],
  industries: {
    eyebrow: "Industries",
    title: "Fleets that cannot afford to stop",
  } satisfies SectionCopy,
  industryList: [
    { icon: Truck, title: "Trucking", body: "Tractors fuelled overnight in the yard, DEF included, ready for dispatch at first light." },
    { icon: Construction, title: "Construction", body: "Equipment fuelled on site with off-road diesel, so machines are never hauled to a pump." },
    { icon: Ambulance, title: "Healthcare and ambulance", body: "Ambulances and patient transport kept full in the bay, around the clock." },
    { icon: Landmark, title: "Government", body: "Municipal, county and state fleets, with the records public buyers need." },
    { icon: Siren, title: "First responders", body: "Police, fire and emergency vehicles that must always be ready to roll." },
    { icon: Package, title: "Delivery", body: "Vans fuelled at the depot between shifts, so routes start on time." },
    { icon: Plane, title: "Airport fleets", body: "Shuttles, rental cars and ground support equipment fuelled without leaving the airport." },
    { icon: BriefcaseBusiness, title: "Service fleets", body: "Plumbers, electricians and technicians start every job with a full tank." },
  ] satisfies Feature[],
  benefitsHeading: {
    eyebrow: "Benefits",
    title: "What fleet managers get, and what drivers notice",
  } satisfies SectionCopy,
  benefits: [
    {
      title: "For the business",
      items: [
        "Fewer paid hours lost to fuel runs",
        "No fuel-card skimming or personal fill-ups on the company card",
        "Per-vehicle gallons and cost, live in the fuel management software",
        "One consolidated invoice, itemised by vehicle and cost centre",
      ],
    },
    {
      title: "For drivers and operators",
      items: [
        "Start every shift with a full tank",
        "No detours, queues or receipts to keep",
        "Tire pressure and DEF checked while we are there",
        "More time on the route, home earlier",
      ],
    },
  ] satisfies CheckColumn[],
  sports: {
    eyebrow: "Sports and venues",
    title: `Official mobile fuel provider of ${brand.footballTeam}`,
    paragraphs: [
      `We keep the game-day machine running for ${brand.footballTeam}: team buses, shuttles, generators, maintenance carts and broadcast trucks, all fuelled on site without a single vehicle leaving the stadium grounds.`,
      "Season ticket holders can have their own cars fuelled in the stadium lot during home games. Book a fill in the app before kick-off and drive home on a full tank.",
    ],
    bullets: [
      "Game-day fuelling for venue fleets and generators",
      "Fan fill-ups in the stadium lot during home games",
      "The same service for arenas, speedways and event grounds",
    ],
    image: art("stadium", "A football stadium under floodlights with a Fillway truck outside"),
  } satisfies Block,
  supplier: {
    eyebrow: "Supplier diversity",
    title: "A certified minority-owned supplier",
    intro:
      "Fillway is a certified minority-owned business. Buying from us counts toward your supplier diversity goals, and we provide the certificate and spend reports your procurement team needs.",
  } satisfies SectionCopy,
  form: {
    title: "Tell us about your fleet",
    intro: "A fleet specialist will reply within one business day with a plan and a price.",
  },
};

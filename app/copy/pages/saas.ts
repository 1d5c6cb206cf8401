import {
  BellRing,
  Boxes,
  CalendarClock,
  ClipboardList,
  Cloud,
  Crosshair,
  FileChartColumn,
  Fuel,
  Gauge,
  Headset,
  KeyRound,
  MapPinned,
  Palette,
  Receipt,
  Route,
  ShieldCheck,
  Smartphone,
  Truck,
  Users,
  Wrench,
} from "lucide-react";
import { brand } from "~/copy/brand";
import { type Feature, type Illustration, type SectionCopy, type Step, art } from "./types";

/** One licensed product of Fillway Cloud, with its own page under /saas. */
export interface SaasProduct {
  id: "fuel-management" | "geofence" | "fleet-management";
  path: "/saas/fuelmanagement" | "/saas/geofence" | "/saas/fleetmanagement";
  /** Tab label on /saas/home. */
  label: string;
  summary: string;
  highlights: string[];
  image: Illustration;
  /** The product page. */
  intro: string;
  features: Feature[];
  audience: SectionCopy;
  audienceList: Feature[];
}

const cloud = brand.cloud.name;

export const saasProducts: SaasProduct[] = [
  {
    id: "fuel-management",
    path: "/saas/fuelmanagement",
    label: "Fuel management",
    summary: `Take orders, dispatch trucks, track inventory and invoice customers from one platform: the same software that runs every ${brand.name} delivery.`,
    highlights: ["Customer ordering app under your brand", "Dispatch and live tracking", "Metered deliveries and automatic invoicing"],
    image: art("dashboard", "A fuel management dashboard with gallons delivered and a cost trend"),
    intro: `${cloud} Fuel Management runs a mobile fuelling business from the first order to the final invoice. It is the system our own dispatchers and technicians use every night, licensed to fuel sellers who want to deliver.`,
    features: [
      { icon: Smartphone, title: "Ordering apps", body: "Customer apps for iPhone and Android in your colours, with scheduling, saved vehicles and payment." },
      { icon: ClipboardList, title: "Dispatch board", body: "Orders, trucks and technicians on one board, with routes built automatically for each shift." },
      { icon: Fuel, title: "Inventory by compartment", body: "Gallons loaded, delivered and remaining for every compartment of every truck." },
      { icon: Gauge, title: "Meter integration", body: "Delivered volumes read from the truck's meter, so invoices match the pump." },
      { icon: Receipt, title: "Invoicing and payments", body: "Per-delivery card payments for consumers, monthly invoices for business accounts." },
      { icon: FileChartColumn, title: "Reporting", body: "Sales, margins, gallons by product and by customer, exportable to your accounting system." },
    ],
    audience: { eyebrow: "Who licenses it", title: "Built for fuel sellers" },
    audienceList: [
      { icon: Truck, title: "Fuel distributors", body: "Add a delivery service to your existing wholesale or bulk business." },
      { icon: Boxes, title: "Mobile fuelling start-ups", body: "Launch with a proven platform instead of building your own." },
      { icon: Users, title: "Fleet owners", body: "Run in-house fuelling for a large fleet with the same controls we use." },
    ],
  },
  {
    id: "geofence",
    path: "/saas/geofence",
    label: "Geofence",
    summary: "Draw delivery zones, guide technicians to the exact parked vehicle and verify that every fill happened where it should.",
    highlights: ["Pin-level delivery locations", "Fills allowed only inside the fence", "Arrival and completion alerts"],
    image: art("geofence", "A map with a dashed delivery zone around a pin and a parked car"),
    intro: `${cloud} Geofence adds location precision to any delivery operation. Customers mark where they parked; technicians are guided to the spot; every fill is stamped with where and when it happened.`,
    features: [
      { icon: Crosshair, title: "Pin-level locations", body: "Customers drop a pin on their parking spot, with the vehicle's description attached." },
      { icon: MapPinned, title: "Service areas", body: "Draw the zones you serve, set prices or minimums per zone, and refuse orders outside them." },
      { icon: ShieldCheck, title: "Verified fills", body: "A delivery can start only inside its fence, and its location is saved with the receipt." },
      { icon: BellRing, title: "Automatic alerts", body: "Customers hear when a technician enters the fence and when the fill is done." },
      { icon: Route, title: "Grouped routes", body: "Orders in the same fence are grouped so technicians fuel more and drive less." },
      { icon: KeyRound, title: "Privacy controls", body: "Location is used only for the delivery, with retention periods you configure." },
    ],
    audience: { eyebrow: "Who licenses it", title: "For any business that delivers to a parked vehicle" },
    audienceList: [
      { icon: Fuel, title: "Fuel delivery", body: "Find the right car in a large lot, first time." },
      { icon: Wrench, title: "Mobile services", body: "Car washes, tire and battery services that come to the vehicle." },
      { icon: Cloud, title: "Platform builders", body: "Add our geofencing to your own app through the API." },
    ],
  },
  {
    id: "fleet-management",
    path: "/saas/fleetmanagement",
    label: "Fleet management",
    summary: "Track every truck, technician, meter and maintenance job across your delivery fleet, with the compliance records regulators ask for.",
    highlights: ["Vehicle and technician tracking", "Inspections and maintenance schedules", "Meter calibration and compliance records"],
    image: art("fleet-routes", "Fuel trucks travelling between sites on a mapped route"),
    intro: `${cloud} Fleet Management keeps the trucks behind the deliveries safe, legal and on the road, with inspections, maintenance and certifications in one place.`,
    features: [
      { icon: MapPinned, title: "Live fleet map", body: "Where every truck is, what it carries and which route it is on." },
      { icon: ClipboardList, title: "Digital inspections", body: "Pre-trip and post-trip checklists on the technician's phone, with photos of any defect." },
      { icon: Wrench, title: "Maintenance planning", body: "Service intervals by mileage, engine hours or date, with reminders before anything is due." },
      { icon: Gauge, title: "Meter calibration", body: "Calibration dates and certificates for every meter, with alerts before they lapse." },
      { icon: Users, title: "Technician records", body: "Licences, endorsements and training certificates, and who is qualified for which truck." },
      { icon: CalendarClock, title: "Hours and shifts", body: "Shifts, breaks and hours of service, so nobody drives beyond their limits." },
    ],
    audience: { eyebrow: "Who licenses it", title: "For operators of fuel and service trucks" },
    audienceList: [
      { icon: Truck, title: "Delivery fleets", body: "Fuel, propane and lubricant delivery fleets of any size." },
      { icon: ShieldCheck, title: "Safety managers", body: "One place for inspections, certifications and incident records." },
      { icon: Headset, title: "Operations teams", body: "Fewer surprises: trucks serviced before they break down." },
    ],
  },
];

export const saasHome = {
  hero: {
    eyebrow: cloud,
    intro: `${cloud} is the software we built to run ${brand.name}: ordering, dispatch, geofenced delivery and fleet operations. Now fuel sellers and fleet owners can license it and run their own delivery business on it.`,
    image: art("cloud-software", `The ${cloud} logo in a cloud connected to three products`),
  },
  products: {
    eyebrow: "Three products",
    title: "License one, or all three",
    intro: "Each product works on its own and they work better together. Pick a tab to see what each one does.",
  } satisfies SectionCopy,
  why: {
    eyebrow: `Why ${cloud}`,
    title: "Software proven on real deliveries",
  } satisfies SectionCopy,
  whyList: [
    { icon: Truck, title: "Used by us every night", body: `Every feature was built for ${brand.name}'s own operation and is tested on it daily.` },
    { icon: Palette, title: "Your brand", body: "Customer apps and e-mails carry your name, your colours and your domain." },
    {
      icon: ShieldCheck,
      title: "Secure and compliant",
      body: "Encrypted data, role-based access and records built around fire-code and weights-and-measures rules.",
    },
    { icon: Headset, title: "Onboarding included", body: "We migrate your data, train your team and stay with you through the first deliveries." },
  ] satisfies Feature[],
  licensing: {
    eyebrow: "Licensing",
    title: "How licensing works",
  } satisfies SectionCopy,
  licensingSteps: [
    { title: "Talk to us", body: "Tell us about your business, your trucks and your customers." },
    { title: "See a demo", body: "A walkthrough with your own products, zones and vehicle types." },
    { title: "Choose your plan", body: "Licensed per truck per month, with the products you need." },
    { title: "Go live", body: "Onboarding, training and support until your first week runs smoothly." },
  ] satisfies Step[],
  form: {
    title: `Talk to the ${cloud} team`,
    intro: "Tell us where you are and what you would like to run on our software, and we will arrange a demo.",
  },
};

/** A product by id; the ids are a closed union, so this only throws if the list above loses one. */
export function saasProduct(id: SaasProduct["id"]): SaasProduct {
  const product = saasProducts.find((p) => p.id === id);
  if (!product) throw new Error(`Missing SaaS product ${id}`);
  return product;
}

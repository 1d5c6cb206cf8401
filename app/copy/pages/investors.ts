import { Cloud, Fuel, PlugZap, Truck } from "lucide-react";
import { brand } from "~/copy/brand";
import { type Block, type Feature, type SectionCopy, type Step, art } from "./types";

export const investors = {
  hero: {
    eyebrow: "Investor relations",
    intro: `${brand.name} is building the delivery network for vehicle energy: fuel today, electricity tomorrow, and the software that runs both. We welcome conversations with investors and strategic partners who share that view.`,
    image: art("investors", "A bar chart rising from left to right with an upward trend line"),
  },
  thesis: {
    eyebrow: "The opportunity",
    title: "Energy should come to the vehicle",
    paragraphs: [
      "Every car, van and truck on the road spends time and fuel travelling to refuel. For consumers that is an errand; for fleets it is paid time, fuel-card risk and vehicles off the road.",
      "Delivering energy to where vehicles are already parked turns thousands of individual trips into a few planned routes. The same logic holds whether the energy is gasoline, diesel or electricity, which is why we are building one network and one software platform for all of them.",
    ],
    image: art("fleet-routes", "Delivery sites joined by a planned route on a map"),
  } satisfies Block,
  model: {
    eyebrow: "Business model",
    title: "Four lines of business, one network",
  } satisfies SectionCopy,
  modelList: [
    { icon: Fuel, title: "Consumer delivery", body: "Per-delivery fees and monthly subscriptions from $4.99, plus the margin on each gallon." },
    { icon: Truck, title: "Fleet contracts", body: "Recurring, scheduled deliveries for business fleets, campuses and venues, invoiced monthly." },
    { icon: Cloud, title: "Software licensing", body: `${brand.cloud.name} licensed per truck per month to fuel sellers and fleet owners.` },
    { icon: PlugZap, title: "EV charging", body: `${brand.charge.name}: public, business, home and robotic charging, coming soon.` },
  ] satisfies Feature[],
  milestones: {
    eyebrow: "Milestones",
    title: "How we got here",
  } satisfies SectionCopy,
  milestoneList: [
    { title: "2017", body: `${brand.name} is founded in Dallas and makes its first deliveries to office parking lots.` },
    { title: "Fleets", body: "Scheduled fleet fuelling, diesel and DEF, and the fuel management software for fleet customers." },
    { title: brand.cloud.name, body: "The software behind our deliveries is licensed to other fuel sellers." },
    { title: "Next", body: `${brand.charge.name} and the ${brand.foundation.name} launch.` },
  ] satisfies Step[],
  form: {
    title: "Contact investor relations",
    intro: "Investors, analysts and strategic partners: tell us who you are and what you would like to discuss.",
  },
};

import { Bot, Cable, CalendarClock, ClipboardCheck, Cpu, Plane, Radar, Tractor, Truck, Warehouse } from "lucide-react";
import { type Block, type Feature, type SectionCopy, type Step, art } from "./types";

/** The autonomous-trucking partner is fictional, like every company named on the site. */
export const autonomousPartner = "Meridian Autonomous Freight";

export const autonomousFleet = {
  hero: {
    eyebrow: "Energy innovation",
    intro:
      "A truck without a driver still needs fuel, and there is nobody on board to pull into a station. We fuel autonomous trucks and equipment at their hubs, on their schedule, and hand the data straight back to the fleet's software.",
    image: art("autonomous", "A fuel tanker with sensors sending signals, symbolising an autonomous truck"),
  },
  partnership: {
    eyebrow: "Partnership",
    title: `Fuelling ${autonomousPartner}`,
    paragraphs: [
      `${autonomousPartner} runs driverless freight lanes between distribution hubs. Together we are building the refuelling side of that network: their trucks arrive at a hub, report their fuel level and their next departure, and a Fillway technician fills them before they leave.`,
      "The partnership lets us design the process for vehicles that cannot open their own fuel door, confirm a fill by voice or sign a paper receipt, and it will shape how we fuel every autonomous fleet that follows.",
    ],
    bullets: [
      "Fills scheduled from the truck's own departure plan",
      "Every fill confirmed to the fleet's software, machine to machine",
      "Technicians trained on each vehicle's safe-state procedure",
    ],
    image: art("fleet-routes", "Delivery hubs joined by a route on a map"),
  } satisfies Block,
  how: {
    eyebrow: "How it works",
    title: "Refuelling without a driver",
  } satisfies SectionCopy,
  steps: [
    { title: "The vehicle reports", body: "Fuel level, location and next departure arrive from the fleet's system, without a phone call or a form." },
    { title: "We schedule", body: "The fill is slotted between arrival and departure, and the nearest suitable truck is dispatched." },
    { title: "Safe state", body: "The vehicle is put into its safe, parked state by the operator's system before our technician approaches." },
    { title: "Fill and confirm", body: "The metered gallons go back to the fleet's software, tied to the vehicle, the hub and the time." },
  ] satisfies Step[],
  equipment: {
    eyebrow: "Beyond trucks",
    title: "Autonomous equipment we can fuel",
  } satisfies SectionCopy,
  equipmentList: [
    { icon: Truck, title: "Driverless trucks", body: "Hub-to-hub freight trucks fuelled during their layover." },
    { icon: Tractor, title: "Autonomous farm machinery", body: "Tractors and sprayers fuelled in the field, between passes." },
    { icon: Warehouse, title: "Yard and port vehicles", body: "Terminal tractors and yard trucks that never leave the property." },
    { icon: Bot, title: "Mining and construction", body: "Autonomous haulers and compactors on closed sites." },
    { icon: Plane, title: "Airport ground equipment", body: "Tugs and loaders fuelled airside between flights." },
    { icon: Cpu, title: "Your next project", body: "Building an autonomous vehicle? We will design the refuelling with you." },
  ] satisfies Feature[],
  principles: [
    { icon: Radar, title: "Sensors first", body: "Our trucks and technicians follow each vehicle's rules for approaching its sensors." },
    { icon: Cable, title: "Open integration", body: "A documented API for fuel requests and delivery confirmations." },
    { icon: CalendarClock, title: "Built around departures", body: "A vehicle's next departure time, not our route, decides when it is fuelled." },
    { icon: ClipboardCheck, title: "Audited fills", body: "Every fill is logged with meter readings the operator can audit." },
  ] satisfies Feature[],
  principlesHeading: {
    eyebrow: "Our approach",
    title: "Principles for fuelling machines",
  } satisfies SectionCopy,
  form: {
    title: "Fuel your autonomous fleet with us",
    intro: "Operators, manufacturers and hub owners: tell us about your vehicles and your lanes.",
  },
};

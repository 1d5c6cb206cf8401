import { BellRing, FileSpreadsheet, Gauge, Layers, MapPin, Receipt, Satellite, ShieldCheck, Users } from "lucide-react";
import { type Block, type Feature, type SectionCopy, type Step, art } from "./types";

export const fuelManagementSoftware = {
  hero: {
    eyebrow: "Technology and insights",
    intro:
      "Every Fillway delivery is recorded by the truck's meter, matched to the vehicle that received it and put in front of you in real time. Connect your telematics and the software knows which vehicles need fuel before your drivers do.",
    image: art("dashboard", "A fuel management dashboard with weekly gallons per vehicle and a cost trend"),
  },
  features: {
    eyebrow: "Features",
    title: "Everything a fleet manager asks about fuel, answered",
  } satisfies SectionCopy,
  featureList: [
    {
      icon: Gauge,
      title: "Gallons per vehicle",
      body: "Each fill is tied to a plate or unit number with the metered gallons, price per gallon, time and technician.",
    },
    {
      icon: Satellite,
      title: "Telematics integration",
      body: "Connect your telematics provider and we read fuel levels and odometers, so low vehicles are queued for the next delivery automatically.",
    },
    {
      icon: MapPin,
      title: "Live delivery tracking",
      body: "See where each truck is, which vehicles are done and which are next, on a map of your yard or route.",
    },
    {
      icon: BellRing,
      title: "Alerts that matter",
      body: "Get notified about a vehicle that was not accessible, an unusual fill volume or a tank that ran lower than its threshold.",
    },
    {
      icon: FileSpreadsheet,
      title: "Reports and exports",
      body: "Cost per mile, gallons by site, by department or by cost centre. Download CSV or schedule a weekly report by e-mail.",
    },
    {
      icon: Receipt,
      title: "One consolidated invoice",
      body: "Replace hundreds of fuel-card receipts with one invoice, itemised by vehicle, ready for your accounting system.",
    },
    {
      icon: Users,
      title: "Logins for your team",
      body: "Your administrator creates as many logins as you need and chooses what each person can see and do.",
    },
    {
      icon: Layers,
      title: "Tax-ready records",
      body: "Fuel type, jurisdiction and quantity for each fill, the raw material for fuel tax and emissions reporting.",
    },
    {
      icon: ShieldCheck,
      title: "Secure by default",
      body: "Encrypted in transit and at rest, role-based access and a full audit trail of who changed what.",
    },
  ] satisfies Feature[],
  telematics: {
    eyebrow: "Telematics",
    title: "Your vehicles tell us when they are thirsty",
    paragraphs: [
      "Most modern fleets already report fuel level, location and odometer through a telematics unit. We connect to that data with your permission and turn it into a delivery plan.",
      "When a vehicle drops below the threshold you set, it is added to tonight's route. When the fill is done, the new level and the metered gallons appear side by side, so any gap is visible immediately.",
    ],
    bullets: [
      "Thresholds per vehicle, per vehicle class or per site",
      "Fuel level before and after every fill",
      "Idle-time and mileage data alongside fuel spend",
    ],
    image: art("fleet-routes", "A map with delivery stops joined by a route and a fuel truck on the way"),
  } satisfies Block,
  setup: {
    eyebrow: "Getting started",
    title: "Live in a week, not a quarter",
  } satisfies SectionCopy,
  setupSteps: [
    { title: "Share your vehicle list", body: "Upload a spreadsheet of units, plates and fuel types, or let us import it from your telematics provider." },
    { title: "Set your rules", body: "Delivery windows, thresholds, cost centres and who gets which alerts." },
    { title: "First delivery", body: "Our technicians fuel the fleet and the first records appear in the dashboard the same night." },
  ] satisfies Step[],
  form: {
    title: "See the software with your own fleet",
    intro: "Tell us about your business and a fleet specialist will set up a walkthrough with your vehicles and sites.",
  },
};

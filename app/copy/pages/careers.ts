import { Briefcase, Code, GraduationCap, Headset, HeartPulse, PiggyBank, Truck, Umbrella, Wrench } from "lucide-react";
import { type Block, type Feature, type SectionCopy, art } from "./types";

export const careers = {
  hero: {
    eyebrow: "Careers",
    intro:
      "We are replacing the gas station with something better, one delivery at a time. That takes careful drivers, sharp engineers and people who like solving problems at two in the morning. Come and help.",
    image: art("careers-team", "Three members of the Fillway team, two of them in hard hats"),
  },
  openings: {
    eyebrow: "Open roles",
    title: "Where you could fit in",
    intro: "Our open positions, with full descriptions and the application form, are listed on our careers site.",
  } satisfies SectionCopy,
  teams: [
    { icon: Truck, title: "Fuel technicians", body: "Drive our trucks and fuel customers' vehicles, mostly at night, mostly on your own." },
    { icon: Headset, title: "Dispatch and support", body: "Plan the routes, keep technicians moving and answer customers around the clock." },
    { icon: Wrench, title: "Fleet maintenance", body: "Keep trucks, meters and pumps inspected, calibrated and road-ready." },
    { icon: Code, title: "Engineering", body: "Build the apps, routing and Fillway Cloud software the whole operation runs on." },
    { icon: Briefcase, title: "Sales and account management", body: "Bring on fleets, campuses and venues, and look after them once they are customers." },
  ] satisfies Feature[],
  technician: {
    eyebrow: "Fuel technicians",
    title: "The job behind every delivery",
    paragraphs: [
      "Our fuel technicians are the face of Fillway, even though most customers never see them. You will drive a Fillway truck on a planned route, find each vehicle by its geofenced pin and fill it safely, with the gallons recorded by the truck's meter.",
      "We train you fully and pay for your certifications. In return we ask for care, punctuality and a clean driving record.",
    ],
    bullets: [
      "Trained in fuel handling, spill response and first aid before your first shift",
      "Certified for every truck you drive, renewed every year",
      "Following the fire codes of every city we serve",
      "Protective equipment provided and worn on every fill",
      "No contact with individuals: deliveries are contactless by design",
    ],
    image: art("technician", "A fuel technician in a hard hat holding a tablet with a completed checklist"),
  } satisfies Block,
  values: {
    eyebrow: "Our values",
    title: "What we expect of each other",
  } satisfies SectionCopy,
  benefits: {
    eyebrow: "Benefits",
    title: "What we offer",
  } satisfies SectionCopy,
  benefitList: [
    { icon: HeartPulse, title: "Health cover", body: "Medical, dental and vision plans for you and your family." },
    { icon: PiggyBank, title: "Retirement plan", body: "A retirement savings plan with a company match." },
    { icon: GraduationCap, title: "Paid training", body: "Licences, certifications and courses paid for, on paid time." },
    { icon: Umbrella, title: "Paid time off", body: "Vacation, sick days and paid holidays from your first year." },
  ] satisfies Feature[],
  form: {
    title: "Questions about working here?",
    intro: "Ask us about roles, training or what a night on the truck is really like.",
  },
};

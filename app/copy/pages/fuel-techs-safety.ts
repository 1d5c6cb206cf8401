import { BadgeCheck, Cable, Flame, HandMetal, HardHat, OctagonX, ShieldAlert, Wind } from "lucide-react";
import { type Block, type Feature, type SectionCopy, type Step, art } from "./types";

export const fuelTechsSafety = {
  hero: {
    eyebrow: "Safety and environment",
    intro:
      "The person who fuels your vehicle is a Fillway employee, trained and certified to handle fuel, driving a truck built with safety systems most gas stations do not have.",
    image: art("technician", "A fuel technician in a hard hat holding a tablet with a completed checklist"),
  },
  training: {
    eyebrow: "Training",
    title: "Certified before the first delivery",
    intro: "No technician fuels a customer's vehicle until they have finished every step below, and the certifications are renewed on schedule.",
  } satisfies SectionCopy,
  trainingSteps: [
    { title: "Licensing", body: "A commercial driver's licence with the hazardous materials endorsement where the truck requires it." },
    { title: "Classroom", body: "Fuel properties, fire codes, spill response and first aid, taught by our safety team." },
    { title: "Ride-alongs", body: "Supervised shifts with a senior technician, from pre-trip inspection to the last fill of the night." },
    { title: "Sign-off", body: "A practical assessment on every truck type they will drive, renewed every year." },
  ] satisfies Step[],
  app: {
    eyebrow: "The technician app",
    title: "Every gallon, on the record",
    paragraphs: [
      "Our technicians work from their own app. It guides them to the exact vehicle, runs the pre-fill safety checklist, and reads the gallons pumped straight from the truck's certified meter.",
      "When the fill ends, the app shows the gallons pumped and sends them to your receipt. Nobody types a number in by hand, so what you pay for is what went into your tank.",
    ],
    bullets: [
      "Pre-fill checklist: grounding, fuel type, vehicle match",
      "Gallons pumped read from the meter, not typed",
      "Photos and notes for anything unusual",
    ],
    image: art("app-gallons", "A phone showing a completed delivery of 14.6 gallons"),
  } satisfies Block,
  safety: {
    eyebrow: "Safety",
    title: "Eight layers of safety on every delivery",
    intro: "Fuel is dangerous when it is handled carelessly. These measures are on every truck and in every procedure, without exception.",
  } satisfies SectionCopy,
  safetyList: [
    { icon: BadgeCheck, title: "Trained and certified technicians", body: "Licensed, background-checked and recertified every year." },
    { icon: Wind, title: "Vapor recovery", body: "Fumes are captured back into the truck instead of released into the air around you." },
    { icon: OctagonX, title: "Kill switches", body: "An emergency stop on the truck halts the pump instantly if anything looks wrong." },
    { icon: ShieldAlert, title: "Overflow protection", body: "Automatic shut-off nozzles stop the flow before a tank can overfill or spill." },
    { icon: Cable, title: "Grounding cables", body: "The truck is grounded before each fill to prevent static sparks." },
    { icon: HandMetal, title: "Contactless operation", body: "No keys, no signatures, no contact: you leave the fuel door unlocked and we do the rest." },
    {
      icon: Flame,
      title: "Fire-code compliance",
      body: "We follow the fire codes of every city we serve, including where and how mobile fuelling may take place.",
    },
    {
      icon: HardHat,
      title: "Protective equipment",
      body: "Flame-resistant clothing, gloves and eye protection on every fill, plus spill kits and extinguishers on the truck.",
    },
  ] satisfies Feature[],
  careers: {
    eyebrow: "Join the team",
    title: "Become a Fillway fuel technician",
    paragraphs: [
      "We pay for the training and the certifications. If you are a careful driver who likes to work independently and take pride in doing things properly, we would like to meet you.",
    ],
    image: art("careers-team", "Three members of the Fillway team, two of them in hard hats"),
  } satisfies Block,
  form: {
    title: "Questions about safety?",
    intro: "Site managers, fire marshals and customers: ask us anything about how we handle fuel.",
  },
};

import { Bus, GraduationCap, HandHeart, HeartPulse, Medal, Utensils } from "lucide-react";
import type { Feature, SectionCopy } from "./types";

export const getafleet = {
  hero: {
    eyebrow: "Fleet fueling",
    intro:
      "Tell us about your vehicles, your sites and how much fuel you use. A fleet specialist will reply within one business day with a delivery plan and a price per gallon, with no obligation.",
  },
  partners: {
    eyebrow: "Community partners",
    title: "Fueling the communities we deliver in",
    intro:
      "The organisations below keep our cities running too. We fuel their vehicles at cost, lend them trucks and technicians on volunteer days, and support their work through the Fillway Foundation. All are local, independent organisations.",
  } satisfies SectionCopy,
  partnerList: [
    {
      icon: Utensils,
      title: "North Texas Community Pantry",
      body: "Refrigerated food-rescue vans fuelled every night, so they can collect surplus food at dawn.",
    },
    {
      icon: HeartPulse,
      title: "Lakeside Volunteer Ambulance Corps",
      body: "Volunteer ambulances kept full, and our technicians trained in the corps' emergency procedures.",
    },
    { icon: GraduationCap, title: "Trinity Valley STEM League", body: "Robotics teams sponsored by the Fillway Foundation, with our engineers as mentors." },
    { icon: Medal, title: "Veterans Drive Forward", body: "A pathway for veterans into commercial driving careers, with placements on our technician team." },
    { icon: Bus, title: "Oak Cliff Senior Shuttle", body: "Shuttle buses that take older residents to appointments, fuelled before every route." },
    { icon: HandHeart, title: "Neighborhood Disaster Response Network", body: "Generators and relief vehicles fuelled during storms and power cuts." },
  ] satisfies Feature[],
};

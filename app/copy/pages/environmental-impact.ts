import { Factory, Route, Timer, Wind } from "lucide-react";
import { type Feature, type Figure, type SectionCopy, art } from "./types";

export const environmentalImpact = {
  hero: {
    eyebrow: "Safety and environment",
    intro:
      "Every trip to a gas station burns fuel that never moves your business forward: the detour, the queue, the idling. When the fuel comes to the vehicle, one efficient route replaces dozens of individual trips.",
    image: art("environment", "A green leaf and a CO2 cloud with an arrow pointing down"),
  },
  facts: {
    eyebrow: "The numbers",
    title: "What a gallon, and a fueling trip, really costs the air",
    intro: "Burning fuel releases carbon dioxide in proportion to the gallons burned. These are the figures behind our estimates.",
  } satisfies SectionCopy,
  factList: [
    { value: "19 lbs", label: "of CO2 from a gallon of gasoline", note: "Released when one gallon of gasoline is burned in an engine." },
    { value: "22 lbs", label: "of CO2 from a gallon of diesel", note: "Diesel is denser than gasoline and carries more carbon per gallon." },
    {
      value: "60 / 51 lbs",
      label: "of CO2 saved per fueling",
      note: "About 60 lbs for a diesel fleet vehicle and 51 lbs for a gasoline one, by skipping the drive to the station, the queue and the idling.",
    },
  ] satisfies Figure[],
  how: {
    eyebrow: "Where the savings come from",
    title: "Fewer miles, less idling, cleaner fills",
  } satisfies SectionCopy,
  howList: [
    {
      icon: Route,
      title: "One route instead of many",
      body: "One truck fuels a whole yard or lot in a single optimised route, instead of every vehicle driving to a station.",
    },
    { icon: Timer, title: "No idling in queues", body: "Vehicles are fuelled while parked and switched off, not while idling in line at a pump." },
    { icon: Wind, title: "Vapor recovery", body: "Our trucks capture fuel vapors during every fill instead of venting them into the air." },
    { icon: Factory, title: "Renewable diesel", body: "Fleets can switch to renewable diesel, with much lower lifecycle emissions, without changing engines." },
  ] satisfies Feature[],
  calculator: {
    eyebrow: "CO2 calculator",
    title: "Estimate your fleet's annual CO2 savings",
    intro:
      "Choose a fuel, then set the size of your fleet and how often each vehicle is fuelled. The calculator uses deliberately conservative factors per fueling, so your real savings are likely higher.",
  } satisfies SectionCopy,
  rewards: {
    title: "CO2 rewards program: coming soon",
    body: "We are building a rewards program that turns the emissions you avoid into credits and perks in the Fillway app. Leave your details below to hear when it launches.",
  },
  form: {
    title: "Talk to us about your emissions goals",
    intro: "Tell us about your fleet and we will estimate your savings with your real routes and volumes.",
  },
};

import { BatteryCharging, Building2, Leaf, MapPinned, Truck, Zap } from "lucide-react";
import { brand } from "~/copy/brand";
import { type Feature, type Illustration, type SectionCopy, art } from "./types";

/** One tab of the charging offer slider. */
export interface ChargeTab {
  id: string;
  label: string;
  title: string;
  body: string;
  points: string[];
  image: Illustration;
}

const charge = brand.charge.name;

export const chargeitup = {
  hero: {
    eyebrow: charge,
    intro: `${charge} brings to electric vehicles what ${brand.name} brought to fuel: the energy comes to you. Charging in the app, at work, at home and, soon, by robot, so your battery is never the thing you have to plan around.`,
    image: art("ev-charging", "An electric car plugged into a Fillway Charge station under a lightning bolt"),
  },
  launch: {
    title: "Coming soon",
    body: `${charge} launches soon, starting with our first six states: California, Colorado, Florida, Michigan, Texas and New York. Businesses that sign up now get priority installation.`,
  },
  offer: {
    eyebrow: "The offer",
    title: "Four ways to stay charged",
    intro: "One account and one app for every kind of charging.",
  } satisfies SectionCopy,
  tabs: [
    {
      id: "app",
      label: "The app",
      title: `The ${charge} app`,
      body: "Find a charger, start a session, watch the battery fill and pay, all from the same app you use for fuel deliveries.",
      points: ["Live availability of every charger on the map", "Start and stop sessions from your phone", "One monthly statement for fuel and charging"],
      image: art("app-charging", "The Fillway Charge app on a phone, showing a car charged to 82 percent"),
    },
    {
      id: "public-business",
      label: "Public and business stations",
      title: "Public and business stations",
      body: "Fast chargers at offices, shopping centres, hotels and fleet depots. We install, maintain and operate them; the site owner sets who can use them and at what price.",
      points: ["No upfront cost options for site owners", "Private charging for fleets, public charging for visitors", "Uptime monitored around the clock"],
      image: art("public-charging", "Three Fillway Charge stations in a row"),
    },
    {
      id: "home",
      label: "Home stations",
      title: "Home stations",
      body: "A wall charger at home, installed by a licensed electrician and connected to the app, so you can charge when electricity is cheapest.",
      points: ["Survey, installation and permits handled for you", "Scheduled charging at off-peak rates", "Usage reports for every vehicle"],
      image: art("home-charging", "A house with a wall charger connected to an electric car"),
    },
    {
      id: "robotic",
      label: "Robotic charging",
      title: "Robotic charging",
      body: "A robot arm that finds the charging port and plugs in by itself. Park, walk away, and come back charged: ideal for garages, fleets and drivers with limited mobility.",
      points: ["Hands-free plug-in and unplug", "Charges several parked vehicles in turn", "Built for parking garages and fleet depots"],
      image: art("robotic-charging", "A robot arm plugging a charger into an electric car"),
    },
  ] satisfies ChargeTab[],
  why: {
    eyebrow: `Why ${charge}`,
    title: "Charging that fits around your day",
  } satisfies SectionCopy,
  whyList: [
    { icon: MapPinned, title: "Where you already park", body: "Chargers at home, at work and at the places you visit, not at a detour." },
    { icon: Truck, title: "Built for fleets", body: "Depot charging, scheduling and reports for electric vans and trucks." },
    { icon: Building2, title: "For site owners", body: "A new amenity for tenants, guests and shoppers, operated by us." },
    { icon: Zap, title: "Fast where it matters", body: "DC fast charging at public sites; lower-cost AC charging at home and at work." },
    { icon: BatteryCharging, title: "Kind to batteries", body: "Charging schedules that respect each vehicle's recommended limits." },
    { icon: Leaf, title: "Cleaner energy", body: "Renewable electricity tariffs offered wherever the grid allows." },
  ] satisfies Feature[],
  fleets: {
    title: "Electrifying a fleet?",
    body: "Tell us about your vehicles and depots and we will quote charging alongside your fuel deliveries.",
  },
  form: {
    title: `Be first in line for ${charge}`,
    intro: "Drivers, site owners and fleets: tell us where you would like to charge.",
  },
};

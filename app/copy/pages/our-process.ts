import { BellRing, CalendarClock, Droplets, Fuel, Gauge, Leaf, Receipt, ShieldCheck, Smartphone } from "lucide-react";
import { type ComparisonSide, type Feature, type LinkCard, type SectionCopy, type Step, art } from "./types";

export const ourProcess = {
  hero: {
    eyebrow: "How Fillway works",
    intro:
      "We cut the gas station out of your week. You tell the app where the vehicle is parked, a certified fuel technician brings the fuel, and you get a receipt with the exact gallons. No detour, no queue, no pump handle.",
    image: art("supply-chain", "A Fillway fuel truck driving from a fuel terminal straight to a parked car"),
  },

  supplyChain: {
    heading: {
      eyebrow: "The supply chain",
      title: "Two fewer stops between the terminal and your tank",
      intro:
        "Fuel already travels by truck. The only question is where the truck stops. We send it to your vehicle instead of to an underground tank at a station.",
    } satisfies SectionCopy,
    traditional: {
      title: "The traditional way",
      summary: "Fuel waits in a station tank, and the driver has to come to it.",
      steps: [
        "Refinery and fuel terminal",
        "Tanker truck to a gas station",
        "Stored in the station's underground tank",
        "You drive there, often off your route",
        "Queue, pump, pay, drive back",
      ],
    } satisfies ComparisonSide,
    fillway: {
      title: "The Fillway way",
      summary: "Fuel comes straight from the terminal to wherever the vehicle is parked.",
      steps: ["Refinery and fuel terminal", "A metered Fillway truck, loaded daily", "Your parked vehicle: driveway, office lot or fleet yard"],
    } satisfies ComparisonSide,
  },

  onboarding: {
    heading: {
      eyebrow: "Getting started",
      title: "From download to first fill in four steps",
      intro: "Most customers finish setup in about five minutes. Fleets get a named account manager who does it with them.",
    } satisfies SectionCopy,
    steps: [
      {
        title: "Download the app",
        body: "Create your account on iPhone or Android with your e-mail and mobile number.",
      },
      {
        title: "Add vehicles and a card",
        body: "Enter the make, model, colour and plate of each vehicle, the fuel grade it takes and the card we charge after each delivery.",
      },
      {
        title: "Schedule a window",
        body: "Drop a pin where the vehicle will be parked, pick a delivery window and leave the fuel door unlocked.",
      },
      {
        title: "Relax",
        body: "A fuel technician fills up, the app shows the gallons pumped, and the receipt lands in your inbox.",
      },
    ] satisfies Step[],
  },

  benefits: {
    heading: {
      eyebrow: "Why customers stay",
      title: "What changes when the fuel comes to you",
    } satisfies SectionCopy,
    items: [
      {
        icon: CalendarClock,
        title: "Time back every week",
        body: "A station stop easily eats 15 minutes once you count the detour and the queue. We fuel while you sleep, work or shop.",
      },
      {
        icon: Smartphone,
        title: "Everything in the app",
        body: "Schedule, reschedule, track the technician on the map and see every past delivery in one place.",
      },
      {
        icon: Receipt,
        title: "Metered and receipted",
        body: "Every truck has a certified meter. You pay for the gallons that went into your tank, at the price shown before you confirm.",
      },
      {
        icon: ShieldCheck,
        title: "Safe by design",
        body: "Trained, certified technicians, vapor recovery, overflow protection and a kill switch on every truck.",
      },
      { icon: Gauge, title: "Tire pressure checks", body: "Add a tire check to any delivery, or get it included on the Gold and Platinum plans." },
      {
        icon: BellRing,
        title: "Notified at each step",
        body: "A message when the technician is on the way, another when the fill is done. Nothing to wait in for.",
      },
    ] satisfies Feature[],
  },

  fuels: {
    heading: {
      eyebrow: "What we deliver",
      title: "The right fuel for every vehicle",
      intro: "Our trucks carry separate, labelled compartments so every vehicle gets exactly the fuel it was built for.",
    } satisfies SectionCopy,
    cards: [
      {
        icon: Droplets,
        title: "Diesel and DEF",
        body: "Clear and off-road red diesel, plus diesel exhaust fluid, for trucks, vans, generators and heavy equipment.",
        to: "/diesel-on-demand",
        linkLabel: "Diesel on demand",
      },
      {
        icon: Fuel,
        title: "Gasoline",
        body: "Regular and premium unleaded for cars, SUVs and light fleets, delivered to the driveway or the office lot.",
        to: "/gasoline",
        linkLabel: "Gasoline delivery",
      },
      {
        icon: Leaf,
        title: "Renewable energy",
        body: "Renewable diesel made from waste fats and oils runs in any diesel engine and cuts lifecycle emissions. Ask for it with your diesel order.",
        to: "/diesel-on-demand",
        linkLabel: "Renewable diesel",
      },
    ] satisfies LinkCard[],
  },

  pricing: {
    eyebrow: "Plans",
    title: "Simple pricing for drivers and families",
    intro: "Pay per delivery, or subscribe for unlimited deliveries. Cancel a subscription any time from the app.",
  } satisfies SectionCopy,

  form: {
    title: "Questions about how it works?",
    intro: "Tell us where you park and what you drive, and we will confirm whether we deliver there today.",
  },
};

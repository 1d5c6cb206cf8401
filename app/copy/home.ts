import { brand } from "./brand";

/** Copy of the home page (spec 2.3), in page order. */
export const home = {
  hero: {
    eyebrow: "Gasoline · Diesel · DEF",
    intro: `${brand.name} brings the pump to you. Park at home, at work or in the yard, tap the app, and a certified fuel technician fills your tank while you get on with your day. Fleets get scheduled overnight fueling and a report for every gallon.`,
    quoteCta: "Get a Fleet Quote",
    appNote: "Order from the app, any time, day or night.",
    image: {
      src: "/media/hero-fuel-delivery.svg",
      alt: `A ${brand.name} fuel truck filling up a parked car through a hose`,
      width: 640,
      height: 480,
    },
    stats: [
      { value: "24/7", label: "deliveries, nights and weekends" },
      { value: "2017", label: "fueling customers since" },
      { value: "0 min", label: "spent at the pump" },
    ],
  },
  popup: {
    title: "How can we help you today?",
    licensing: {
      eyebrow: "For fuel sellers",
      title: "License our fuel-management software",
      body: `Run your own delivery business on ${brand.cloud.name}, the platform behind every ${brand.name} fill-up: orders, dispatch, geofencing and fleet tracking.`,
      cta: "Know More",
      to: "/saas/home",
    },
    fleets: {
      eyebrow: "For business and fleet owners",
      title: "Fuel your fleet where it parks",
      body: "Scheduled overnight fueling for trucks, vans and equipment, with per-vehicle reports and no fuel cards to chase.",
      cta: "Know More",
      /** In-page: the business benefits of the home page. */
      to: "#for-business",
    },
  },
  video: {
    eyebrow: "See it in action",
    title: "Your tank fills while you're busy",
    intro: "A technician arrives at the spot you pinned, fuels the vehicle and sends you the receipt. No detour, no line, no fumes on your hands.",
    label: `${brand.name} truck driving to parked cars on a city map and fueling them`,
  },
  stepper: {
    eyebrow: "How it works",
    title: "Three steps to a full tank",
    steps: [
      {
        id: "download",
        label: "Download",
        title: "Download the app",
        body: `Get ${brand.name} for iPhone or Android, add your vehicle's make, colour and plate, and save a payment card. It takes about two minutes.`,
      },
      {
        id: "schedule",
        label: "Schedule",
        title: "Schedule a delivery",
        body: "Pin where the car is parked, choose a delivery window and the fuel grade. Leave the fuel door unlocked and we take it from there.",
      },
      {
        id: "relax",
        label: "Relax",
        title: "Relax, it's handled",
        body: "A certified technician fills the tank, checks tire pressure on eligible plans, and the app sends a photo and receipt when it's done.",
      },
    ],
  },
  benefits: {
    eyebrow: "Who we fuel",
    title: "Built for fleets, loved by drivers",
    business: {
      title: "For business",
      intro: "Keep every vehicle ready for the next shift.",
      items: [
        "Overnight fueling in your yard, so crews start the day with full tanks",
        "Per-vehicle, per-gallon reports and telematics integration",
        "No fuel cards, no unauthorised fill-ups, no driver detours",
        "Diesel, gasoline and DEF from one supplier on one invoice",
        "Trained, certified technicians and fire-code compliant trucks",
      ],
    },
    consumer: {
      title: "For drivers",
      intro: "Get back the time you spend at the pump.",
      items: [
        "Fuel delivered at home, at work or wherever you park",
        "Book in seconds and track the technician in the app",
        "Plans from $4.99 a delivery or $9.99 a month, unlimited",
        "Tire pressure checks on Gold and Platinum plans",
        "Contactless: you don't even need to be there",
      ],
    },
  },
  map: {
    eyebrow: "Where we deliver",
    title: "Growing city by city",
    intro: `Ten metro areas today, ten more on the way, and the first ${brand.charge.name} sites for electric vehicles.`,
  },
  ev: {
    eyebrow: brand.charge.name,
    title: "Electric vehicle charging is coming soon",
    intro: `${brand.charge.name} brings the same "we come to you" service to electric vehicles, starting in six states.`,
    states: ["California", "Colorado", "Florida", "Michigan", "Texas", "New York"],
    more: { label: "View More", to: brand.charge.path },
  },
  more: [
    {
      eyebrow: "Our process",
      title: "From the app to a full tank",
      body: "See how an order travels from your phone to a certified technician, what our plans include, and why there's no fuel card to lose.",
      label: "Learn More",
      to: "/our-process",
    },
    {
      eyebrow: "Business fleets",
      title: "Trucking, construction and service fleets",
      body: "Overnight yard fueling, diesel and DEF on site, and telematics reports that reconcile every gallon with every vehicle.",
      label: "Read More",
      to: "/business-fleets-trucking-and-construction-companies",
    },
  ],
} as const;

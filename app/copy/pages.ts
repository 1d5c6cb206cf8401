import { brand } from "./brand";

/** Title, description and main heading of every page, by path (spec 2.1). */
export interface PageInfo {
  title: string;
  description: string;
  h1: string;
}

export const pages = {
  "/": {
    title: `Welcome to ${brand.name}`,
    description: brand.description,
    h1: "Fuel delivered to wherever you park",
  },
  "/edm-pa": {
    title: "Automated Fleet Fueling, Register Now",
    description: "Register your fleet for automated, scheduled fueling and see what you save on labor, fuel runs and downtime.",
    h1: "Automated fleet fueling, on your schedule",
  },
  "/automated-fleet": {
    title: "Automated Fleet Fueling",
    description: "Scheduled, hands-off fueling for fleets: no fuel cards, no detours, no idle drivers at the pump.",
    h1: "Automated fleet fueling that pays for itself",
  },
  "/saas/home": {
    title: `${brand.cloud.name}: Fuel Software for Fuel Sellers`,
    description: `License ${brand.cloud.name}, the software that runs our own deliveries: fuel management, geofencing and fleet management.`,
    h1: "Run your fuel business on our software",
  },
  "/saas/geofence": {
    title: `Geofencing, ${brand.cloud.name}`,
    description: "Draw delivery zones, verify every fill at the exact parked location and alert drivers automatically.",
    h1: "Geofencing for fuel delivery",
  },
  "/saas/fuelmanagement": {
    title: `Fuel Management, ${brand.cloud.name}`,
    description: "Orders, dispatch, inventory and invoicing for fuel sellers in one licensed platform.",
    h1: "Fuel management software",
  },
  "/saas/fleetmanagement": {
    title: `Fleet Management, ${brand.cloud.name}`,
    description: "Track trucks, technicians, meters and maintenance across your whole delivery fleet.",
    h1: "Fleet management software",
  },
  "/business-fleets-trucking-and-construction-companies": {
    title: "Fuel Delivery for Business Fleets, Trucking and Construction",
    description: "On-site diesel, gasoline and DEF for trucking, construction, healthcare, government and delivery fleets.",
    h1: "Fuel for fleets that can't stop",
  },
  "/corporate-and-college-campuses-stadiums-and-arenas": {
    title: "Fuel Delivery for Campuses, Stadiums and Arenas",
    description: "A fuel perk for employees and students, and on-site fueling for venue fleets and generators.",
    h1: "Campuses, stadiums and arenas",
  },
  "/retail-and-rurface-parking-lots": {
    title: "Fuel Delivery for Retail and Surface Parking Lots",
    description: "Give shoppers and commuters a full tank while they park, with no new infrastructure on your lot.",
    h1: "Retail and surface parking lots",
  },
  "/fuel-management-software": {
    title: "Telematics and Fuel Management Software",
    description: "Live fuel data, telematics integration and per-vehicle reports for every gallon we deliver.",
    h1: "Fuel management software with telematics",
  },
  "/gui-fleet": {
    title: "Our Fleet of Fueling Trucks",
    description: "Meet the trucks behind every delivery, from 400-gallon pickups to 5,000-gallon tankers.",
    h1: "Built to Get You Pumped Up",
  },
  "/geofencing": {
    title: "Geofencing Technology",
    description: "Geofencing guides each fuel technician to the exact parked vehicle and confirms every delivery.",
    h1: "Geofencing: the exact spot, every time",
  },
  "/diesel-on-demand": {
    title: "Diesel and DEF on Demand",
    description: "Clear and red diesel plus DEF delivered to your trucks and equipment overnight or on site.",
    h1: "Diesel and DEF on demand",
  },
  "/gasoline": {
    title: "Gasoline Delivery",
    description: "Regular and premium gasoline delivered to your car or fleet wherever it is parked.",
    h1: "Gasoline, delivered",
  },
  "/autonomous-fleet-equipment": {
    title: "Autonomous Fleet and Equipment Fueling",
    description: "Fueling for driverless trucks and autonomous equipment, built with an autonomous-trucking partner.",
    h1: "Fueling autonomous fleets",
  },
  "/our-fuel-techs-and-sefaty": {
    title: "Our Fuel Technicians and Safety",
    description: "Trained, certified fuel technicians and trucks built with vapor recovery, kill switches and overflow protection.",
    h1: "Our fuel techs and safety",
  },
  "/environmental-impact": {
    title: "Environmental Impact and CO2 Calculator",
    description: "See how much CO2 your fleet saves when the fuel comes to you instead of the other way round.",
    h1: "Environmental impact",
  },
  "/our-process": {
    title: "Our Process",
    description: "How Fillway works: download the app, schedule a delivery and relax. Plans from $4.99.",
    h1: "Our process",
  },
  "/leaderShip-team": {
    title: "Leadership Team",
    description: "The executives, leaders, board and advisers behind Fillway.",
    h1: "Leadership team",
  },
  "/fueling-the-future": {
    title: `${brand.foundation.name}: ${brand.foundation.motto}`,
    description: "Our foundation funds STEM education for the engineers and technicians of tomorrow.",
    h1: "Changing the future",
  },
  "/chargeitup": {
    title: `${brand.charge.name}: Electric Vehicle Charging`,
    description: "Mobile, home, public and robotic EV charging from Fillway Charge, coming in 2024.",
    h1: "Keep it Positive",
  },
  "/getafleet": {
    title: "Get a Fleet Quote",
    description: "Tell us about your fleet and get a fuel delivery quote from our sales team within one business day.",
    h1: "Get a Fleet Quote",
  },
  "/faq": {
    title: "Frequently Asked Questions",
    description: "Answers about deliveries, payments, the app, fleets, safety and our software.",
    h1: "Frequently asked questions",
  },
  "/careers": {
    title: "Careers",
    description: "Join Fillway as a fuel technician, engineer or operator and help change how the world fuels.",
    h1: "Careers at Fillway",
  },
  "/news": {
    title: "News",
    description: "Fillway in the press, on our blog and at upcoming events.",
    h1: "News",
  },
  "/investors": {
    title: "Investors",
    description: "Fillway's investor relations: our market, our model and how to reach us.",
    h1: "Investors",
  },
  "/blog": {
    title: "Blog",
    description: "Articles, news and events from the Fillway team.",
    h1: "Blog",
  },
  "/privacy-policy": {
    title: "Privacy Policy",
    description: "How Fillway collects, uses and protects personal information.",
    h1: "Privacy policy",
  },
  "/termsandcondition": {
    title: "Terms and Conditions",
    description: "The terms that govern the use of Fillway's app, website and services.",
    h1: "Terms and conditions",
  },
} as const satisfies Record<string, PageInfo>;

export type PagePath = keyof typeof pages;
export const pagePaths = Object.keys(pages) as PagePath[];

import { CalendarSync, CreditCard, FileChartColumn, Gauge, Moon, Satellite } from "lucide-react";
import { type Feature, type Figure, type SectionCopy, type Step, art } from "./types";

/**
 * The automated-fleet landing page, shared by its two variants (docs/deviations.md):
 * /automated-fleet (Register Now goes to the home page, form type 14) and /edm-pa, the
 * e-mail campaign landing page (Register Now scrolls to the form, form type 20).
 */
export const automatedFleet = {
  hero: {
    eyebrow: "Automated fleet fueling",
    intro:
      "Register your fleet once. From then on, every vehicle is fuelled on a schedule or when its telematics say it is running low, without a driver ever stopping at a pump, and every gallon is reported per vehicle.",
    image: art("automated-schedule", "A calendar of scheduled fills, a clock and a Fillway truck"),
  },
  figures: {
    eyebrow: "What changes",
    title: "The numbers behind automated fueling",
    intro: "A worked example for a fleet vehicle that is fuelled twice a week. Put your own fleet into the calculator below.",
  } satisfies SectionCopy,
  figureList: [
    {
      value: "78%",
      label: "less driver time spent on fueling",
      note: "A 23-minute detour to a station becomes a 5-minute walk-around to check the overnight fill: 18 of 23 minutes saved.",
    },
    {
      value: "52%",
      label: "lower cost per fill, fuel aside",
      note: "At $52 an hour, 23 minutes of driver time plus a 3-mile detour (8 mpg, $3.90 a gallon) cost about $21.40 a fill; 5 minutes plus an example $5.95 service fee cost about $10.28.",
    },
    {
      value: "10%",
      label: "less fuel burned on fueling days",
      note: "On a 60-mile daily route, a 6-mile round trip to the station is a tenth of the day's driving, and of its fuel.",
    },
  ] satisfies Figure[],
  figuresFootnote:
    "Illustrative examples using the assumptions stated, not measured results or a guarantee. Detours, wage rates and service fees vary by fleet and market; your quote states your actual fee.",
  how: {
    eyebrow: "How it works",
    title: "Set it up once, then stop thinking about fuel",
  } satisfies SectionCopy,
  steps: [
    { title: "Register your fleet", body: "Tell us your vehicles, where they park overnight and what they run on." },
    { title: "Choose the trigger", body: "A fixed schedule, a fuel-level threshold from your telematics, or both." },
    { title: "We fuel automatically", body: "Technicians fill every vehicle that needs it, usually overnight, without a request from you." },
    { title: "You get the data", body: "Gallons, cost and time per vehicle in the dashboard, and one invoice at the end of the month." },
  ] satisfies Step[],
  features: {
    eyebrow: "Included",
    title: "Everything automated fueling includes",
  } satisfies SectionCopy,
  featureList: [
    {
      icon: CalendarSync,
      title: "Recurring schedules",
      body: "Daily, alternate-day or weekly rounds for each site, adjusted whenever your operation changes.",
    },
    { icon: Satellite, title: "Telematics triggers", body: "Vehicles below the fuel level you set join the next round automatically." },
    { icon: Moon, title: "Overnight fills", body: "Vehicles are fuelled while parked, so they leave full at the start of the shift." },
    { icon: Gauge, title: "Tire and DEF checks", body: "Tire pressure and DEF levels checked on request during each visit." },
    { icon: FileChartColumn, title: "Per-vehicle reports", body: "Every fill recorded in the fuel management software, exportable for accounting and tax." },
    { icon: CreditCard, title: "No fuel cards", body: "One monthly invoice replaces fuel cards, receipts and expense claims." },
  ] satisfies Feature[],
  calculator: {
    eyebrow: "Savings calculator",
    title: "What could your fleet save?",
    intro: "Move the sliders, or type the numbers, to estimate what your fleet saves when drivers stop going to the pump.",
  } satisfies SectionCopy,
  form: {
    title: "Register your fleet",
    intro: "Tell us about your business and fleet, and we will set up automated fueling with you.",
  },
};

import { brand } from "./brand";

/**
 * The FAQ page (spec 2.4): about forty questions in groups. An answer is plain text (it
 * also feeds the FAQPage structured data) and may embed one of the site's shared pieces.
 */
export type FaqEmbed = "contact" | "map" | "store-badges" | "fleet-signup" | "zip-check";

export interface FaqItem {
  /** Stable anchor, so support can link to one answer (/faq#authorization-hold). */
  id: string;
  title: string;
  description: string[];
  embed?: FaqEmbed;
  links?: { label: string; to: string }[];
}

export interface FaqGroup {
  id: string;
  title: string;
  items: FaqItem[];
}

export const faqGroups: FaqGroup[] = [
  {
    id: "getting-started",
    title: "Getting started",
    items: [
      {
        id: "what-is-fillway",
        title: `What is ${brand.name}?`,
        description: [
          `${brand.name} delivers gasoline, diesel and diesel exhaust fluid (DEF) to vehicles where they are parked: at home, at work, in a parking lot or in a fleet yard. You book in the app, a certified fuel technician fills the vehicle, and you receive a receipt with the exact gallons.`,
          `We have been delivering fuel since ${brand.foundedYear}, to drivers, families and fleets of every size.`,
        ],
        links: [{ label: "How our process works", to: "/our-process" }],
      },
      {
        id: "where-do-you-deliver",
        title: "Where do you deliver?",
        description: [
          "We deliver in the cities marked as active on the map below, and we are expanding to the cities marked as coming soon. Within a city, we can deliver to any place where it is safe and permitted to fuel a vehicle, including most driveways, office lots and fleet yards.",
        ],
        embed: "map",
      },
      {
        id: "do-you-deliver-to-my-zip-code",
        title: "Do you deliver to my ZIP code?",
        description: [
          "Type your ZIP code below. Each of our cities has a service radius measured from its centre; if your ZIP code lies inside an active city's radius, we deliver there today. If it is in a city we are launching next, or not covered yet, leave your e-mail address and we will write to you when we arrive.",
        ],
        embed: "zip-check",
      },
      {
        id: "download-the-app",
        title: "How do I download the app?",
        description: [
          `The ${brand.name} app is free on the App Store for iPhone and on Google Play for Android. Create your account with your e-mail address and mobile number.`,
        ],
        embed: "store-badges",
      },
      {
        id: "schedule-a-delivery",
        title: "How do I schedule a delivery?",
        description: [
          "In the app, choose the vehicle, drop a pin where it will be parked, pick a delivery window and confirm. You can book a single delivery or set up a repeating schedule, and change or cancel a booking until the technician is on the way.",
        ],
      },
      {
        id: "do-i-need-to-be-there",
        title: "Do I need to be there when you deliver?",
        description: [
          "No. Leave the fuel door unlocked, or open if your vehicle needs it, and make sure the vehicle is where your pin says. The technician fuels it, closes the fuel door and the app tells you when the delivery is complete.",
        ],
      },
      {
        id: "delivery-hours",
        title: "What hours do you deliver?",
        description: [
          "We deliver around the clock, seven days a week. In the app you choose a four-hour window (for example midnight to 4 a.m. or 8 a.m. to noon); fleets can agree fixed windows for each site.",
        ],
      },
      {
        id: "how-far-in-advance",
        title: "How far in advance do I need to book?",
        description: [
          "Not long. The app shows every window still available at your location, which often includes the same evening or night. Repeating schedules are booked once and then run by themselves.",
        ],
      },
      {
        id: "bad-weather",
        title: "Do you deliver in bad weather?",
        description: [
          "Yes, in rain and cold. We pause deliveries during lightning, severe storms or when roads are unsafe, and the app tells you if your window has to move.",
        ],
      },
    ],
  },
  {
    id: "fuel-and-vehicles",
    title: "Fuel and vehicles",
    items: [
      {
        id: "what-fuels",
        title: "What fuels do you deliver?",
        description: [
          "Regular and premium unleaded gasoline, clear on-road diesel, red off-road diesel and diesel exhaust fluid (DEF). Fleets with emissions targets can also ask for renewable diesel where it is available.",
        ],
        links: [
          { label: "Gasoline", to: "/gasoline" },
          { label: "Diesel on demand", to: "/diesel-on-demand" },
        ],
      },
      {
        id: "which-vehicles",
        title: "Can you fuel any vehicle?",
        description: [
          "We fuel cars, SUVs, pickups, vans, box trucks, tractors, buses and most construction and agricultural equipment. Our trucks range from a 400-gallon pickup to a 5,000-gallon tanker, so we send the one that suits your site.",
        ],
        links: [{ label: "Our trucks", to: "/gui-fleet" }],
      },
      {
        id: "several-vehicles",
        title: "Can I register more than one vehicle?",
        description: [
          "Yes. Add as many vehicles as you like to your account, each with its plate, description and fuel grade. The Gold plan covers two vehicles and Platinum three; others are billed per delivery.",
        ],
      },
      {
        id: "finding-my-vehicle",
        title: "How do you find my vehicle in a big parking lot?",
        description: [
          "With geofencing. The pin you drop in the app sets a small zone around your parking spot; the technician is guided to it and sees your vehicle's make, colour and plate. A fill can only be started inside that zone.",
        ],
        links: [{ label: "How geofencing works", to: "/geofencing" }],
      },
      {
        id: "cannot-access",
        title: "What happens if you cannot reach my vehicle?",
        description: [
          "If the vehicle is not at the pin, the fuel door is locked or the lot is closed to us, the technician tries to contact you through the app. If we still cannot fuel it, we cancel the delivery and tell you why; you are not charged for fuel that was not delivered.",
        ],
      },
      {
        id: "equipment-and-generators",
        title: "Can you fuel generators, equipment or bulk tanks?",
        description: [
          "Yes, for business customers. We fill backup generators, construction equipment and on-site bulk tanks on a schedule or on request. Tell us about the equipment and the site, and we will confirm what is possible under your local fire code.",
        ],
      },
      {
        id: "tire-pressure",
        title: "Do you check tire pressure?",
        description: [
          "Yes. Add a tire pressure check to any delivery for $1.99 on the pay-as-you-go plan; it is included on the Gold and Platinum plans. The technician checks and inflates the tires to the pressure on your door placard.",
        ],
      },
    ],
  },
  {
    id: "pricing-and-payments",
    title: "Pricing and payments",
    items: [
      {
        id: "delivery-cost",
        title: "How much does delivery cost?",
        description: [
          "Pay as you go for $4.99 per delivery, or subscribe for unlimited deliveries: Silver at $9.99 a month for one vehicle, Gold at $14.99 for two vehicles and Platinum at $19.99 for three. Fleet pricing is quoted per account.",
        ],
        links: [{ label: "Compare the plans", to: "/our-process#plans" }],
      },
      {
        id: "fuel-price",
        title: "How is the fuel itself priced?",
        description: [
          "Fuel is billed per gallon at the local price shown in the app before you confirm, and you pay only for the gallons our certified meter records going into your tank. Fleet accounts can choose pricing linked to a published market index.",
        ],
      },
      {
        id: "authorization-hold",
        title: "Why is there an authorization hold on my card?",
        description: [
          "When you confirm a delivery, we ask your bank to hold an amount that covers the largest fill your vehicle could need at the price shown. This authorization hold is not a charge. After the delivery we charge only the actual amount and release the rest of the hold.",
          "Most banks remove a released hold within a few business days; how quickly it disappears from your statement depends on your bank, not on us.",
        ],
      },
      {
        id: "one-dollar-charge",
        title: "Why was I charged $1 when I added my card?",
        description: [
          "That is a $1 verification charge. When you add a card, we charge $1 to confirm that the card is valid and in your name, and then void it straight away. It may show as pending for a few days before it disappears; it is never collected.",
        ],
      },
      {
        id: "when-am-i-charged",
        title: "When is my card charged?",
        description: [
          "Fuel and any delivery fee are charged after the delivery is complete, to the payment method on file. Subscriptions are charged at the start of each monthly period. Sales and fuel taxes are shown on every receipt.",
        ],
      },
      {
        id: "refunds",
        title: "Can I get a refund?",
        description: [
          "Delivery and subscription fees are non-refundable, as our Terms and Conditions explain. But if something went wrong with a delivery, such as the wrong fuel grade, a missed window or the wrong vehicle, contact us and we will put it right.",
        ],
        links: [{ label: "Terms and Conditions", to: "/termsandcondition" }],
      },
      {
        id: "payment-methods",
        title: "Which payment methods do you accept?",
        description: [
          "The app accepts major credit and debit cards, processed by our payment provider; we never store your full card number. Business accounts can also pay monthly invoices by bank transfer.",
        ],
      },
      {
        id: "change-subscription",
        title: "How do I change or cancel my subscription?",
        description: [
          "In the app, open Account, then Plan. You can move to another plan or cancel at any time; the change takes effect at the end of the current monthly period, and you keep your deliveries until then.",
        ],
      },
    ],
  },
  {
    id: "safety",
    title: "Safety",
    items: [
      {
        id: "is-it-safe",
        title: "Is it safe to fuel a car in a parking lot?",
        description: [
          "Yes, when it is done properly. Our trucks have vapor recovery, overflow protection, emergency kill switches and grounding cables, and our technicians are trained and certified. We follow the fire code of each city we serve, and we never fuel where it is not allowed.",
        ],
        links: [{ label: "Our safety measures", to: "/our-fuel-techs-and-sefaty" }],
      },
      {
        id: "who-are-technicians",
        title: "Who are your fuel technicians?",
        description: [
          `Every technician is a ${brand.name} employee, background-checked, licensed for the truck they drive and certified in fuel handling and spill response. They wear protective equipment on every fill and work without contact with customers.`,
        ],
      },
      {
        id: "spills",
        title: "What happens if fuel is spilled?",
        description: [
          "Automatic shut-off nozzles make spills rare. If one happens, the technician stops the pump, contains and cleans it with the spill kit on the truck and reports it. We cover any damage we cause.",
        ],
      },
      {
        id: "local-rules",
        title: "Is mobile fueling allowed where I live?",
        description: [
          "Mobile fueling is regulated locally. We only operate where we hold the required approvals, and only at places where the local rules allow it. If your address is not eligible, the app will tell you before you book.",
        ],
      },
    ],
  },
  {
    id: "fleets-and-business",
    title: "Fleets and business",
    items: [
      {
        id: "fleet-scheduled-fueling",
        title: "How do I set up scheduled fueling for my fleet?",
        description: [
          "Sign up below with your company details and fleet size. A fleet specialist will call you to agree the sites, the vehicles and the schedule, and your first delivery can usually happen within a week.",
        ],
        embed: "fleet-signup",
      },
      {
        id: "fleet-billing",
        title: "How do you bill fleets?",
        description: [
          "Fleets receive one consolidated invoice each month, itemised by vehicle, site and cost centre, with the gallons, price and taxes of every fill. No fuel cards and no receipts to collect.",
        ],
      },
      {
        id: "telematics",
        title: "Can you connect to our telematics?",
        description: [
          "Yes. With your permission we read fuel levels and odometers from your telematics provider, queue vehicles that drop below your threshold and show the before and after levels next to every fill.",
        ],
        links: [{ label: "Fuel management software", to: "/fuel-management-software" }],
      },
      {
        id: "how-many-logins",
        title: "How many fuel management logins do we get?",
        description: [
          "As many as your administrator creates. Your account's administrator adds users in the fuel management software and chooses what each can see and do, so the number of logins always equals the number your administrator has created.",
        ],
      },
      {
        id: "campuses-and-lots",
        title: "Do you serve campuses, stadiums and parking lots?",
        description: [
          "Yes. We offer fuel delivery as a perk at corporate and college campuses, fuel venue fleets and generators at stadiums and arenas, and partner with retail and surface parking lots so their visitors can fill up while they are parked.",
        ],
        links: [
          { label: "Campuses, stadiums and arenas", to: "/corporate-and-college-campuses-stadiums-and-arenas" },
          { label: "Retail and parking lots", to: "/retail-and-rurface-parking-lots" },
        ],
      },
      {
        id: "supplier-diversity",
        title: "Are you a certified minority-owned supplier?",
        description: [
          `Yes. ${brand.name} is a certified minority-owned business. We provide our certificate and supplier diversity spend reports to procurement teams on request.`,
        ],
      },
      {
        id: "quote-speed",
        title: "How quickly will I get a fleet quote?",
        description: ["Within one business day of your request. The more you tell us about your vehicles, sites and weekly gallons, the firmer the quote."],
        links: [{ label: "Get a Fleet Quote", to: "/getafleet" }],
      },
    ],
  },
  {
    id: "software-ev-and-company",
    title: "Software, EV charging and the company",
    items: [
      {
        id: "license-software",
        title: "Can I license your software for my own fuel business?",
        description: [
          `Yes. ${brand.cloud.name} licenses the software we run on: fuel management, geofencing and fleet management. It is licensed per truck per month, with onboarding and training included.`,
        ],
        links: [{ label: brand.cloud.name, to: "/saas/home" }],
      },
      {
        id: "ev-charging",
        title: `When does ${brand.charge.name} launch?`,
        description: [
          `${brand.charge.name}, our electric vehicle charging service, is coming soon, with app-based, public, business, home and robotic charging.`,
        ],
        links: [{ label: brand.charge.name, to: "/chargeitup" }],
      },
      {
        id: "environment",
        title: "How does mobile fueling help the environment?",
        description: [
          "One truck on a planned route replaces many separate trips to gas stations, so fewer miles are driven and no vehicles idle in queues. Our trucks also capture fuel vapors during every fill.",
        ],
        links: [{ label: "Environmental impact and CO2 calculator", to: "/environmental-impact" }],
      },
      {
        id: "careers",
        title: "How do I join the team?",
        description: [
          "We hire fuel technicians, dispatchers, engineers and sales specialists. Our open roles and the application form are on our careers site.",
        ],
        links: [{ label: "Careers at Fillway", to: "/careers" }],
      },
      {
        id: "personal-data",
        title: "How do you protect my personal data?",
        description: [
          "We collect only what we need to deliver and bill, never sell personal information, and let you ask for your data to be deleted. Our Privacy Policy explains the details.",
        ],
        links: [{ label: "Privacy Policy", to: "/privacy-policy" }],
      },
      {
        id: "ask-a-question",
        title: "My question is not answered here. How do I reach you?",
        description: [`Send us your question with the form below, e-mail ${brand.email} or call ${brand.phone}. We reply within one business day.`],
        embed: "contact",
      },
    ],
  },
];

export const faqItems: FaqItem[] = faqGroups.flatMap((g) => g.items);

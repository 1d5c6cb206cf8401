import { Building2, Bus, GraduationCap, Leaf, PlugZap, Trophy, Zap } from "lucide-react";
import { brand } from "~/copy/brand";
import { type Block, type CheckColumn, type Feature, type SectionCopy, type Step, art } from "./types";

export const campuses = {
  hero: {
    eyebrow: "Who we fuel",
    intro:
      "Thousands of cars sit in your parking structures for eight hours a day. Turn that time into a perk: employees, students and visitors come back to a full tank, and your own campus vehicles never leave the grounds to refuel.",
    image: art("campus", "Office and campus buildings with cars driving past"),
  },
  audiences: {
    eyebrow: "Who it is for",
    title: "One service, three kinds of campus",
  } satisfies SectionCopy,
  audienceList: [
    {
      icon: Building2,
      title: "Corporate campuses",
      body: "A benefit employees use every week, at no cost to the employer. Add the fuelling of your shuttles and facility vehicles.",
    },
    {
      icon: GraduationCap,
      title: "College campuses",
      body: "Students, faculty and staff fuelled while they are in class. Campus police, maintenance and transit vehicles fuelled overnight.",
    },
    {
      icon: Trophy,
      title: "Stadiums and arenas",
      body: "Team buses, generators and operations vehicles fuelled on event days, and fan fill-ups in the lots during the game.",
    },
  ] satisfies Feature[],
  perk: {
    eyebrow: "The employee and student perk",
    title: "How it works on your campus",
  } satisfies SectionCopy,
  perkSteps: [
    { title: "We agree the details", body: "Which lots and garages, which hours, and any rules your security or facilities team needs us to follow." },
    { title: "You announce it", body: "We provide the announcement, posters and a sign-up link for your intranet or student portal." },
    { title: "People book in the app", body: "They drop a pin on their parking spot, choose a window and leave the fuel door unlocked." },
    { title: "We fuel on a schedule", body: "Technicians work through the lots on set days, with no queues, no pumps and no tanks on your property." },
  ] satisfies Step[],
  benefitsHeading: {
    eyebrow: "Benefits",
    title: "Good for the campus, good for the people on it",
  } satisfies SectionCopy,
  benefits: [
    {
      title: "For facility and venue managers",
      items: [
        "A popular perk with no infrastructure, permits or capital cost",
        "Campus fleets and generators fuelled on site",
        "Fewer cars leaving and re-entering at lunchtime",
        "Insurance certificates and safety plans provided up front",
      ],
    },
    {
      title: "For employees, students and fans",
      items: [
        "Come back to a full tank after work, class or the game",
        "Delivery from $4.99, or unlimited from $9.99 a month",
        "Tire pressure checks on request",
        "Everything booked and paid in the app",
      ],
    },
  ] satisfies CheckColumn[],
  venues: {
    eyebrow: "Stadiums and arenas",
    title: "Event days without fuel runs",
    paragraphs: [
      `As the official mobile fuel provider of ${brand.footballTeam}, we know what a game day asks of a venue's fleet: buses, shuttles, carts, light towers and backup generators that all need to be full before the gates open.`,
      "We fuel them on site on your schedule, and offer fans in the lots a fill-up while they watch the game.",
    ],
    image: art("stadium", "A floodlit stadium with a Fillway truck parked outside"),
  } satisfies Block,
  future: {
    eyebrow: "Looking ahead",
    title: "Ready for electric vehicles too",
  } satisfies SectionCopy,
  futureList: [
    {
      icon: PlugZap,
      title: "Fillway Charge",
      body: "Mobile and robotic EV charging for campuses is coming soon, on the same schedule and in the same app.",
    },
    { icon: Leaf, title: "Lower emissions", body: "One truck on a planned route replaces hundreds of individual trips to gas stations." },
    { icon: Bus, title: "Shuttles and transit", body: "Diesel, renewable diesel or charging: we fuel campus transit whatever it runs on." },
    { icon: Zap, title: "Backup power", body: "Generators kept full for the day the grid goes down." },
  ] satisfies Feature[],
  form: {
    title: "Bring Fillway to your campus",
    intro: "Tell us about your campus or venue, your parking and your vehicles.",
  },
};

import { Bot, Cpu, FlaskConical, GraduationCap, Wrench, Zap } from "lucide-react";
import { brand } from "~/copy/brand";
import { type Block, type Feature, type SectionCopy, art } from "./types";

export const fuelingTheFuture = {
  hero: {
    eyebrow: `${brand.foundation.name}: ${brand.foundation.motto}`,
    intro:
      "The engineers, technicians and scientists who will decarbonise transport are in school today. The Fillway Foundation exists to make sure they get the chance to find out what they are capable of.",
  },
  foundation: {
    eyebrow: brand.foundation.name,
    title: brand.foundation.motto,
    paragraphs: [
      "We started the Fillway Foundation because our own business depends on people who can wire a meter, write routing software and understand the chemistry of a fuel. Those skills start with a good science teacher and a lab that has the right equipment.",
      "The foundation works with schools and community organisations in the cities where our trucks run. It is funded by Fillway and governed by its own board, so its programmes do not depend on a good sales quarter.",
    ],
    image: art("foundation", "An atom, a graduation cap and a stack of books: symbols of science education"),
  } satisfies Block,
  stem: {
    eyebrow: "STEM education",
    title: "Where the foundation will focus",
    intro: "Four programmes, chosen with teachers, for students from middle school to community college.",
  } satisfies SectionCopy,
  programmes: [
    {
      icon: FlaskConical,
      title: "Classroom lab grants",
      body: "Equipment grants for science teachers at public schools in our delivery areas, from sensors and microscopes to robotics kits.",
    },
    {
      icon: GraduationCap,
      title: "Scholarships",
      body: "Scholarships for first-generation students entering engineering, computer science or applied technology programmes.",
    },
    {
      icon: Wrench,
      title: "Technician pathways",
      body: "Paid summer placements that show students how trucks, meters, pumps and safety systems actually work.",
    },
    {
      icon: Cpu,
      title: "Code and data clubs",
      body: "After-school clubs where our engineers teach programming with real, anonymised delivery data.",
    },
    {
      icon: Zap,
      title: "Clean energy projects",
      body: "Student projects on batteries, charging and renewable fuels, with mentors from our Fillway Charge team.",
    },
    {
      icon: Bot,
      title: "Robotics competitions",
      body: "Entry fees, parts and travel for school robotics teams, because building a robot teaches every STEM subject at once.",
    },
  ] satisfies Feature[],
  launch: {
    title: "Coming soon",
    body: "The first Fillway Foundation grants and scholarships open soon. Visit the foundation's site to sign up for the announcement, or write to us below if your school or organisation would like to take part.",
  },
  charge: {
    eyebrow: "Electric future",
    title: "The same future, on the road",
    paragraphs: [
      "The foundation teaches the next generation about clean energy. Fillway Charge puts it to work: mobile, home, public and robotic charging for electric vehicles.",
    ],
    image: art("ev-charging", "An electric car plugged into a Fillway Charge station"),
  } satisfies Block,
  form: {
    title: "Partner with the foundation",
    intro: "Teachers, schools, non-profits and sponsors: tell us what you have in mind.",
  },
};

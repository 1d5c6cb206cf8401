import type { SectionCopy } from "./types";

export const leadership = {
  hero: {
    eyebrow: "Who we are",
    intro:
      "Fillway was founded in Dallas in 2017 by people who had spent their careers moving fuel and freight. They are still here, joined by operators, engineers and safety specialists who want to change how the world fuels.",
  },
  mission: {
    eyebrow: "Our mission",
    title: "Put the fuel where the vehicles already are",
    intro:
      "Every trip to a gas station is time, fuel and attention taken from something that matters more. Our mission is to make refuelling something nobody has to think about, for one family car or a fleet of five hundred trucks, and to do it more safely and with less waste than the station down the road.",
  } satisfies SectionCopy,
  values: {
    eyebrow: "Our values",
    title: "Four values we hire, promote and decide by",
  } satisfies SectionCopy,
  form: {
    title: "Write to our leadership team",
    intro: "Partnership proposals, press enquiries or feedback for our executives: we read every message.",
  },
};

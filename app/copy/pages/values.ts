import { Handshake, Rocket, Scale, ShieldCheck } from "lucide-react";
import type { Feature } from "./types";

/** The four company values, shown on the leadership and careers pages. */
export const values: Feature[] = [
  {
    icon: Scale,
    title: "Integrity",
    body: "We meter every gallon, price it before you confirm and report what we did, including when something goes wrong.",
  },
  {
    icon: Handshake,
    title: "Trust",
    body: "Customers hand us the keys to their routine, and sometimes to their yard. We earn that with punctual, careful, repeatable work.",
  },
  {
    icon: ShieldCheck,
    title: "Safety",
    body: "No delivery is worth an incident. Any technician can stop a fill, at any time, without having to explain why.",
  },
  {
    icon: Rocket,
    title: "Disruptive",
    body: "The gas station has barely changed in a hundred years. We question every step between the terminal and the tank.",
  },
];

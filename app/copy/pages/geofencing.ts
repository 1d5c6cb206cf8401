import { Bell, Camera, Crosshair, Lock, MapPinned, Route } from "lucide-react";
import { type Block, type Feature, type SectionCopy, type Step, art } from "./types";

export const geofencing = {
  hero: {
    eyebrow: "Technology and insights",
    intro:
      "A street address is not enough to find one car in a 900-space lot. Geofencing lets you mark exactly where your vehicle is parked, guides the fuel technician to it and confirms the fill happened there.",
    image: art("geofence", "A map with a dashed delivery zone around a pin and a parked car"),
  },
  how: {
    eyebrow: "How it works",
    title: "From a pin on a map to a full tank",
  } satisfies SectionCopy,
  steps: [
    { title: "Drop a pin", body: "In the app, place the pin on your parking spot, or let the app use your phone's location when you park." },
    {
      title: "We draw the fence",
      body: "A virtual boundary is set around the pin, sized to the lot or garage level, so the technician knows the search area.",
    },
    { title: "Guided to the spot", body: "The technician's app navigates to the fence and shows your vehicle's make, colour, plate and pin." },
    { title: "Verified delivery", body: "The fill can only be started inside the fence, and its location and time are saved with your receipt." },
  ] satisfies Step[],
  features: {
    eyebrow: "What geofencing gives you",
    title: "Precision you can check",
  } satisfies SectionCopy,
  featureList: [
    { icon: Crosshair, title: "The exact vehicle", body: "Pin-level accuracy, plus the plate and description, so the right car gets the right fuel." },
    {
      icon: Bell,
      title: "Arrival and completion alerts",
      body: "You are notified when the technician enters the fence and again when your vehicle is fuelled.",
    },
    {
      icon: Camera,
      title: "Proof of delivery",
      body: "Each receipt carries the location, time and gallons of the fill, and a photo of the pump reading on request.",
    },
    { icon: Route, title: "Smarter routes", body: "Deliveries inside the same fence are grouped, so technicians spend their time fuelling, not driving." },
    { icon: MapPinned, title: "Saved places", body: "Save home, office and gym as favourite places, and schedule a delivery to any of them in two taps." },
    {
      icon: Lock,
      title: "Your location, your choice",
      body: "We use your location only to deliver and only when you allow it. You can switch it off in the app at any time.",
    },
  ] satisfies Feature[],
  business: {
    eyebrow: "For fleets and sites",
    title: "Fences around your whole yard",
    paragraphs: [
      "Fleet and site customers can draw their own fences around yards, depots, campuses and job sites. Every vehicle inside a fence is eligible for the next scheduled round, and every fill outside one is flagged.",
      "The same technology runs in Fillway Cloud, our software for fuel sellers, so other fuel businesses can offer the same precision.",
    ],
    image: art("fleet-routes", "A delivery route joining several geofenced sites on a map"),
  } satisfies Block,
  form: {
    title: "Ask us about geofenced delivery",
    intro: "Tell us where you park and we will check that we cover it.",
  },
};

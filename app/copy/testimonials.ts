/** Customer testimonials (spec section 3). People and companies are fictional. */
export interface Testimonial {
  body: string;
  /** The person's name. */
  title: string;
  designation: string;
  image: { src: string; alt: string };
}

const maria: Testimonial = {
  body: "We used to lose the first forty minutes of every shift to fuel runs. Now the trucks are full when the crews arrive at 6 a.m., and the per-vehicle report lands in my inbox before they leave the yard.",
  title: "Maria Delgado",
  designation: "Fleet Manager, Trinity Ridge Builders",
  image: { src: "/media/people/maria.svg", alt: "" },
};

const darnell: Testimonial = {
  body: "Our ambulances can't sit in a gas station queue. Fillway fuels them overnight in the bay, the tech checks tire pressure while he's there, and we haven't had a low-tank call-out since we switched.",
  title: "Darnell Brooks",
  designation: "Operations Director, North Texas Medical Transport",
  image: { src: "/media/people/darnell.svg", alt: "" },
};

const priya: Testimonial = {
  body: "I schedule a fill-up from the app on Sunday night and my car is ready for the Monday school run. It's the one errand I never think about anymore.",
  title: "Priya Raman",
  designation: "Gold member since 2021, Plano",
  image: { src: "/media/people/priya.svg", alt: "" },
};

/**
 * The four entries the home-type pages show. The first person appears twice (as the
 * spec describes) so that three-up layouts always have a full row as the loop wraps.
 */
export const testimonials: Testimonial[] = [maria, darnell, priya, maria];

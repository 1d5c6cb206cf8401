import type { LucideIcon } from "lucide-react";

/**
 * Shapes shared by the content modules of the pages. Copy stays plain text here; the
 * page modules decide the markup, so the same text can also feed structured data.
 */

/** One of our SVG illustrations under public/media/pages (all drawn on a 640 x 480 canvas). */
export interface Illustration {
  src: string;
  alt: string;
  width: number;
  height: number;
}

/** An illustration from public/media/pages by file name (without .svg). */
export function art(name: string, alt: string): Illustration {
  return { src: `/media/pages/${name}.svg`, alt, width: 640, height: 480 };
}

/** A card of a feature grid. */
export interface Feature {
  icon?: LucideIcon;
  title: string;
  body: string;
}

/** A text block beside an illustration. */
export interface Block {
  eyebrow?: string;
  title: string;
  paragraphs: string[];
  bullets?: string[];
  image: Illustration;
}

/** A heading with a list of short statements (benefits, checks, inclusions). */
export interface CheckColumn {
  title: string;
  items: string[];
}

/** A numbered step of a process. */
export interface Step {
  title: string;
  body: string;
}

/** A marketing figure, always with what it measures and where it comes from. */
export interface Figure {
  value: string;
  label: string;
  note: string;
}

/** An icon tile naming a place or situation we fuel. */
export interface Scenario {
  icon: LucideIcon;
  label: string;
}

/** A card that leads to another page. */
export interface LinkCard {
  icon?: LucideIcon;
  title: string;
  body: string;
  to: string;
  linkLabel: string;
}

/** The heading block of a section. */
export interface SectionCopy {
  eyebrow?: string;
  title: string;
  intro?: string;
}

/** One side of a supply-chain comparison. */
export interface ComparisonSide {
  title: string;
  summary: string;
  steps: string[];
}

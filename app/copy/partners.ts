/** Fictional partner and customer wordmarks (our own SVGs under public/media/logos). */
export interface LogoEntry {
  name: string;
  src: string;
  /** What the relationship is, for the partners list. */
  role?: string;
}

const logo = (slug: string, name: string, role?: string): LogoEntry => ({ name, src: `/media/logos/${slug}.svg`, role });

/** Logo artwork is 200 × 48. */
export const logoSize = { width: 200, height: 48 } as const;

export const partners: LogoEntry[] = [
  logo("northstar-telematics", "Northstar Telematics", "Telematics integration"),
  logo("copperline", "Copperline Energy", "Fuel supply"),
  logo("meridian-fleet", "Meridian Fleet", "Fleet software"),
  logo("redwing-couriers", "Redwing Couriers", "Delivery fleet"),
  logo("granite-arena", "Granite Arena", "Official fuel partner"),
  logo("lakeshore-rentals", "Lakeshore Rentals", "Rental fleet"),
];

export const trustedBy: LogoEntry[] = [
  logo("ironbark-freight", "Ironbark Freight"),
  logo("velora-health", "Velora Health"),
  logo("tidewell-hotels", "Tidewell Hotels"),
  logo("quarrystone", "Quarrystone Builders"),
  logo("skylark-cargo", "Skylark Air Cargo"),
  logo("halcyon-campus", "Halcyon Campus"),
  logo("pinecrest-transit", "Pinecrest Transit"),
  logo("brightmoor", "Brightmoor Schools"),
  logo("granite-arena", "Granite Arena"),
  logo("redwing-couriers", "Redwing Couriers"),
  logo("lakeshore-rentals", "Lakeshore Rentals"),
  logo("meridian-fleet", "Meridian Fleet"),
];

/**
 * Every brand fact of the site. Another company re-skins the site by editing this
 * file and the media under public/media.
 */
export const brand = {
  name: "Fillway",
  legalName: "Fillway, Inc.",
  tagline: "Mobile fuel delivery, around the clock",
  description: "Fillway delivers gasoline, diesel and DEF to parked vehicles and fleets, day and night, so drivers never queue at a pump again.",
  foundedYear: 2017,
  email: "hello@fillway.example",
  /** Where visitors ask us to stop calls and texts or to delete their data (the privacy policy). */
  privacyEmail: "privacy@fillway.example",
  phone: "+1 (214) 555-0147",
  phoneHref: "tel:+12145550147",
  address: "2100 Ross Avenue, Dallas, TX 75201",
  siteUrl: "https://www.fillway.example",
  charge: { name: "Fillway Charge", path: "/chargeitup" },
  foundation: {
    name: "Fillway Foundation",
    motto: "Fueling the Future",
    url: "https://foundation.fillway.example",
  },
  cloud: { name: "Fillway Cloud" },
  customerPanel: {
    loginUrl: "https://app.fillway.example/login",
    signUpUrl: "https://app.fillway.example/signup",
  },
  apps: {
    ios: "https://apps.apple.com/us/app/fillway/id0000000000",
    android: "https://play.google.com/store/apps/details?id=example.fillway",
  },
  careersUrl: "https://jobs.fillway.example",
  social: [
    { name: "LinkedIn", url: "https://www.linkedin.com/company/fillway-example" },
    { name: "Instagram", url: "https://www.instagram.com/fillway.example" },
    { name: "Facebook", url: "https://www.facebook.com/fillway.example" },
    { name: "Twitter", url: "https://twitter.com/fillway_example" },
    { name: "YouTube", url: "https://www.youtube.com/@fillway-example" },
    { name: "TikTok", url: "https://www.tiktok.com/@fillway.example" },
  ],
  footballTeam: "the Dallas Drovers",
} as const;

export type SocialName = (typeof brand.social)[number]["name"];

import { brand } from "~/copy/brand";
import type { LegalSection } from "./types";

/**
 * Terms and Conditions (spec 2.4 and the terms of section 9). Written in plain English
 * so a customer can read it in one sitting; it is not a substitute for counsel's review
 * of a real deployment.
 */
const co = brand.legalName;
const short = brand.name;

export const termsLastUpdated = "March 26, 2020";

export const termsIntro = [
  `These Terms and Conditions ("Terms") govern your use of the ${short} mobile app, website and fuel delivery services (together, the "Services") provided by ${co} ("${short}", "we", "us"). Please read them carefully: they include a limit on our liability and an agreement to resolve disputes by arbitration.`,
];

export const termsSections: LegalSection[] = [
  {
    id: "agreement",
    title: "Agreement and licence",
    paragraphs: [
      `By creating an account, booking a delivery or otherwise using the Services, you agree to these Terms, which form a binding agreement between you and ${short}. If you use the Services on behalf of a business, you confirm that you are authorised to accept these Terms for it. If you do not agree, do not use the Services.`,
      `Subject to these Terms, ${short} grants you a limited, non-exclusive, non-transferable, revocable licence to install and use the app on devices you own or control, for your own personal or internal business use. We may revoke this licence at any time. You may not copy, modify, resell, reverse engineer or build a competing service from the app or the website.`,
    ],
  },
  {
    id: "services-and-approvals",
    title: "The Services and local approvals",
    paragraphs: [
      "We deliver fuel to vehicles and equipment at locations you choose, within our service areas and delivery windows. Delivery windows are estimates, and availability depends on demand, weather, traffic and safety conditions.",
      "Mobile fueling is regulated locally. We provide the Services only where we hold the required local approvals, and only at locations where delivery is permitted. If you ask us to deliver on property you do not own or control, you confirm that you have the owner's or operator's permission, and that any approval the site needs from its owner, landlord or association has been obtained.",
    ],
  },
  {
    id: "fees-and-payment",
    title: "Fees, payment and taxes",
    paragraphs: [
      "You agree to pay the price of the fuel delivered, any delivery or service fee and any subscription fee, as shown in the app before you confirm. Fuel is charged by the gallons recorded by the meter on our truck.",
      "All fees are charged to the payment method on file in your account. You authorise us, and our payment processors, to charge that payment method, including any authorization hold and a small verification charge when a card is added. Fees are non-refundable, except where the law requires otherwise or where we decide, at our discretion, to give a credit.",
      "Prices do not include taxes unless stated. You are responsible for all sales, use, fuel and other taxes that apply to your purchase, and we will add them to your charge where we are required to collect them.",
    ],
  },
  {
    id: "your-information",
    title: "Your information and location",
    paragraphs: [
      "To deliver to your vehicle, the Services need its location. By using the Services you consent to our collecting and using the geolocation of your device and of the place you pin for a delivery, as described in our Privacy Policy. You can withdraw this consent in your device settings, but we may then be unable to deliver.",
      "You are responsible for the personal information and vehicle information you supply, including your name, contact details, payment details, the vehicle's make, model, colour, plate and fuel type, and its location. It must be accurate and kept up to date. We are not responsible for a delivery that fails or goes wrong because the information you supplied was wrong, for example the wrong fuel type or the wrong vehicle.",
    ],
  },
  {
    id: "access-and-safety",
    title: "Access to vehicles and safety",
    paragraphs: [
      "You agree to leave the vehicle at the pinned location with the fuel door accessible for the whole delivery window. Whether a vehicle can be safely and lawfully fuelled at a location is decided by our technician at the company's sole discretion. We may decline, pause or cancel any delivery, without liability, if the vehicle cannot be reached or identified, if the location or conditions appear unsafe, or if delivering would break any law or rule.",
    ],
  },
  {
    id: "disclaimer-and-liability",
    title: "Disclaimer and limitation of liability",
    paragraphs: [
      `Except as expressly stated in these Terms, the Services are provided "as is" and "as available". To the fullest extent permitted by law, ${short} disclaims all other warranties, express or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement, and does not warrant that the app will be uninterrupted or error-free.`,
      `To the fullest extent permitted by law, ${short} will not be liable for any indirect, incidental, special, consequential or punitive damages, or for lost profits, revenue or data. ${short}'s total liability for all claims arising out of or relating to the Services or these Terms is limited to the amounts you paid to ${short} in the three (3) months before the event giving rise to the cause of action.`,
      "Some jurisdictions do not allow certain of these exclusions or limits, so some of them may not apply to you.",
    ],
  },
  {
    id: "termination",
    title: "Suspension and termination",
    paragraphs: [
      `You may stop using the Services and close your account at any time. ${short} may suspend or terminate your account and your access to the Services, with notice where practical, if you commit a material breach of these Terms (including non-payment, misuse of the Services or endangering our technicians), or where required by law.`,
      "Sections that by their nature should survive termination, including fees owed, the disclaimer and limitation of liability, indemnity and dispute resolution, survive it.",
    ],
  },
  {
    id: "indemnity",
    title: "Indemnity",
    paragraphs: [
      `You agree to defend, indemnify and hold harmless ${short}, its officers, employees and agents from and against any claims, losses, damages, liabilities and expenses (including reasonable legal fees) arising out of your breach of these Terms, your violation of any law or the rights of a third party, or information you supplied that was inaccurate, including a request to deliver to a vehicle or property you were not authorised to have fuelled.`,
    ],
  },
  {
    id: "app-stores",
    title: "App store notice",
    paragraphs: [
      `If you downloaded the app from the Apple App Store or Google Play, these Terms are between you and ${short} only, not with Apple or Google. ${short}, not the app store, is responsible for the app, its content, its maintenance and support, and any claims relating to it. The app store has no obligation to provide support or maintenance for the app. You must also comply with the app store's own terms of service, and the app store and its subsidiaries are third-party beneficiaries of these Terms with the right to enforce them against you.`,
    ],
  },
  {
    id: "disputes-and-notices",
    title: "Disputes, governing law and notices",
    paragraphs: [
      "These Terms are governed by the laws of the State of New York, without regard to its conflict of laws rules. Any dispute arising out of or relating to these Terms or the Services will be resolved by binding arbitration in New York, New York, before a single arbitrator, and not in court, except that either party may bring an individual claim in small claims court. Claims may be brought only on an individual basis, not as part of a class or representative action.",
      `Notices under these Terms must be in writing and sent by certified mail or by e-mail. Our address for notices is ${brand.address}, and our e-mail address is ${brand.email}; we will send notices to the e-mail address or postal address in your account. A notice is effective twenty-four (24) hours after it is sent.`,
      "We may update these Terms from time to time. The date at the top shows when they last changed; if the change is material we will tell you in the app or by e-mail, and continuing to use the Services after that means you accept the updated Terms.",
    ],
  },
];

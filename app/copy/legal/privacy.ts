import { brand } from "~/copy/brand";
import { daysInWords, LEAD_RETENTION_DAYS_DEFAULT, WAITLIST_RETENTION_DAYS_DEFAULT } from "~/shared/retention";
import type { LegalSection } from "./types";

/** Privacy Policy (spec 2.4: its topics; spec 6: Customers, Team Members, Service Users). */
const co = brand.legalName;
const short = brand.name;
/** The periods the retention job keeps enquiries and waitlist entries by default (LEAD_RETENTION_DAYS, WAITLIST_RETENTION_DAYS). */
const enquiryKept = daysInWords(LEAD_RETENTION_DAYS_DEFAULT);
const waitlistKept = daysInWords(WAITLIST_RETENTION_DAYS_DEFAULT);

export const privacyEffective = "February 25th, 2019";

export const privacyIntro = [
  `This Privacy Policy explains how ${co} ("${short}", "we", "us") collects, uses, shares and protects information about the people who use our app, website and fuel delivery services (the "Services").`,
];

export const privacySections: LegalSection[] = [
  {
    id: "who-this-covers",
    title: "Who this policy covers",
    paragraphs: ["This policy applies to everyone who uses the Services. In it we refer to:"],
    list: [
      "Customers: people and businesses who book deliveries, subscribe to a plan or otherwise buy from us.",
      `Team Members: individuals authorised by ${short} to deliver our offerings, such as our fuel technicians and dispatchers, when they use our technician app and systems.`,
      "Service Users: Customers and Team Members together.",
    ],
    after: ["Visitors to our website who are not Service Users are covered by the sections on cookies, analytics and marketing."],
  },
  {
    id: "information-we-collect",
    title: "Information we collect",
    paragraphs: ["Personal data is information that identifies you or can reasonably be linked to you. We collect:"],
    list: [
      "Account information you give us: name, e-mail address, phone number, postal code and, for businesses, company details.",
      "Vehicle information: make, model, colour, licence plate and fuel type of the vehicles you register.",
      "Location information: the place you pin for a delivery and, with your permission, your device's location while you use the app. For Team Members, the location of their vehicle and device while on shift.",
      "Transaction information: deliveries, gallons, prices, fees and the last digits of the card used.",
      "Communications: messages, form submissions and support requests you send us.",
      "Device and usage information: device type, operating system, app version, IP address, browser type and the pages and features you use.",
    ],
    after: [
      "We also create aggregate data, such as the number of deliveries in a city or average gallons per vehicle, by combining and de-identifying information so that it no longer identifies anyone. Aggregate data is not personal data, and we may use and share it for any purpose, such as planning routes or publishing research on emissions.",
    ],
  },
  {
    id: "how-we-use-information",
    title: "How we use information",
    paragraphs: ["We use personal data to:"],
    list: [
      "Provide the Services: find your vehicle, deliver fuel, bill you and send receipts.",
      "Communicate with you about bookings, your account, and changes to our terms and policies.",
      "Keep people and property safe, prevent fraud and comply with the law.",
      "Understand how the Services are used and improve them.",
      "Send marketing: our newsletter only to an address that asked for it (see your choices below), and offers to Customers who have not opted out. A contact, quote or waitlist form on our website adds you to no mailing list.",
    ],
  },
  {
    id: "calls-and-texts",
    title: "Calls and texts after an enquiry",
    paragraphs: [
      `When you send us a contact, quote or fleet form with your phone number, our sales team may call you, text you or e-mail you about that enquiry: to answer it, to prepare a quote or to arrange a first delivery. Only ${short}'s own sales team does this; we do not give your number to anyone else to call or text you, and we never sell it. Our waitlist and our newsletter ask for your e-mail address only: we write to you, and never call or text you because of them.`,
      "You can stop this at any time, without giving a reason:",
    ],
    list: [
      "Texts: reply STOP to any text message from us. We send no more texts to that number.",
      `Calls: tell the person who calls you, or write to ${brand.privacyEmail} with the number and "Stop calls" as the subject. We stop calling that number about your enquiry within two business days.`,
      `E-mails about your enquiry: reply to any of them saying so, or write to ${brand.privacyEmail}.`,
      `Everything at once: write to ${brand.privacyEmail} with "Delete my data" as the subject, as described under retention and deletion. We then hold no number or address to contact you at.`,
    ],
  },
  {
    id: "cookies",
    title: "Cookies and similar technologies",
    paragraphs: [
      "Our website and app use cookies, local storage and similar technologies. Some are necessary for the Services to work, for example to remember your theme choice or keep you signed in. Others help us understand how the Services are used.",
      "You can block or delete cookies in your browser settings. If you block necessary cookies, parts of the Services may not work.",
      "When you send us a form on our website, we also note where your visit began: the first page you opened, the website that linked to it (its name only, not the full address) and any campaign tags in that first link (utm_source, utm_medium, utm_campaign, utm_term, utm_content). Your browser keeps this for the current tab only (session storage, no cookie) and forgets it when the tab is closed; we store it with your request, to learn which pages and campaigns bring enquiries, and delete it with your request. If your browser runs no scripts, we note only the page the form was on, the campaign tags in its address and the name of another website that sent you to it, when your browser tells us.",
    ],
  },
  {
    id: "analytics",
    title: "Analytics",
    paragraphs: [
      "Our website measures its own visits; no third party sees them, and it sets no cookie and stores nothing in your browser for this. For each page you view, your browser sends us the page's address, the name of the website that linked to it (not the full address), any campaign tags in the link (utm_source, utm_medium, utm_campaign) and the width of your screen; our forms add whether a form was seen, started, sent or stored, and the names (never the contents) of the fields you move into and of those that needed correcting; and we note how fast the page loaded and responded. From the request we keep only your browser's and system's family (for example Chrome on Android), never your internet address: a visitor is counted by a hash of the internet address and browser made with a secret that changes every day, so the same person cannot be recognised from one day to the next. Search engines and our own staff are not counted. We keep these records for 30 days and the daily totals made from them afterwards, and use them to learn which pages and campaigns bring enquiries and how the website performs. When you send a form, we can see the pages you viewed that day before sending it.",
    ],
  },
  {
    id: "payments",
    title: "Payments",
    paragraphs: [
      `Payments are processed by third-party payment vendors. When you add a card, your card details are sent directly to the payment vendor, which stores them under its own privacy policy and security standards. ${short} does not store full card numbers; we keep only a token and limited details, such as the card type and last four digits, to show you which card is on file.`,
    ],
  },
  {
    id: "sharing",
    title: "How we share information",
    paragraphs: ["We do not sell your personal data. We share it only:"],
    list: [
      "With service providers who work on our behalf, such as hosting, mapping, messaging, customer support and payment processing, under contracts that limit their use of it to providing services to us.",
      "With the business that set up your account, if you use the Services as part of a business or fleet account.",
      "With Team Members, who see what they need to complete a delivery, such as your vehicle's description and location.",
      "When the law requires it, or to protect the rights, property or safety of our Service Users, the public or us.",
      "As part of a merger, acquisition or sale of assets, in which case this policy continues to apply to the information transferred.",
    ],
  },
  {
    id: "retention-and-deletion",
    title: "Retention and deletion",
    paragraphs: [
      `We keep personal data for as long as your account is open and as long as needed to provide the Services, resolve disputes and meet our legal, tax and accounting obligations. You can ask us to delete your personal data at any time by e-mailing ${brand.email}. We will delete it, or de-identify it, unless we are required by law to keep it, in which case we will tell you what we keep and why.`,
    ],
    list: [
      `An enquiry you send through our website (a contact, quote or fleet form) that does not lead to you becoming a Customer is kept for ${enquiryKept} after you sent it, and a waitlist sign-up for ${waitlistKept} after you made it. If you send another or sign up again, the period runs from the latest. Then we delete everything our website holds about your e-mail address, automatically and as we would on request: what you sent, our notes on it and the e-mails about it. We keep it longer only while you still use it: a newsletter subscription you have not cancelled, a blog comment that is published, or your records as a Customer.`,
      `To have everything our website holds about you deleted sooner (the contact, quote and fleet forms you sent, your waitlist sign-ups, your newsletter subscriptions and your blog comments), write to ${brand.privacyEmail} from the e-mail address you used, with "Delete my data" as the subject. If you write from another address, tell us which address to delete and we will ask that address to confirm.`,
      "We delete it within 30 days and reply to confirm. A blog comment that others have answered is emptied and marked as removed, so their replies still make sense.",
      "Our records of the request keep only that a deletion was made and when, not what was deleted.",
    ],
  },
  {
    id: "your-choices",
    title: "Your choices: marketing and push notifications",
    paragraphs: [
      "You can opt out of marketing e-mails at any time by using the unsubscribe link in any of them or by writing to us. You can turn off push notifications in your device settings or in the app. We will still send messages that are necessary for the Services, such as delivery confirmations and receipts.",
    ],
    list: [
      "Our newsletter is sent only to an address that asked for it twice: once on our website, and once by pressing the button behind the link in the confirmation e-mail we send to that address. Until then it gets nothing else from us.",
      "For each sign-up we keep the e-mail address, the page it was made on, where the visit began (as described under cookies), a salted hash of the internet address it came from (never the address itself), and when it was made, confirmed and unsubscribed.",
      "Every newsletter has a link that unsubscribes you with one click, and your mail app may offer its own unsubscribe button, which does the same. After you unsubscribe we keep the record that you did, so we never send to that address again by mistake; to have it deleted as well, ask us as described under retention and deletion.",
    ],
  },
  {
    id: "children",
    title: "Children",
    paragraphs: [
      "The Services are not intended for children. You must be at least 13 years old to use them, and we do not knowingly collect personal data from children under 13. If we learn that we have, we will delete it. If you believe a child has given us personal data, please contact us.",
    ],
  },
  {
    id: "security",
    title: "Security",
    paragraphs: [
      "We protect personal data with administrative, technical and physical safeguards, including encryption in transit and access limited to the people who need it. No system is perfectly secure, so we cannot guarantee the security of information you send us.",
      "You have a part to play too. You are responsible for keeping your password confidential, for the security of the devices you use the Services on, and for telling us promptly at the address below if you suspect anyone has accessed your account without permission.",
    ],
  },
  {
    id: "do-not-track",
    title: "Do Not Track",
    paragraphs: [
      "Some browsers send a Do Not Track signal to the websites they visit. There is no common standard for how to respond to these signals, and the Services do not currently honour them. You can still control cookies as described above.",
    ],
  },
  {
    id: "changes",
    title: "Changes to this policy",
    paragraphs: [
      "We may update this policy from time to time. When we do, we will change the effective date above, and if the changes are significant we will give you notice in the app, by e-mail or on our website before they take effect.",
    ],
  },
  {
    id: "governing-law",
    title: "Governing law",
    paragraphs: ["This policy is governed by the laws of the State of New York, without regard to its conflict of laws rules."],
  },
  {
    id: "contact",
    title: "Contact us",
    paragraphs: [`If you have questions about this policy or want to exercise your choices, e-mail us at ${brand.email}, or write to ${co}, ${brand.address}.`],
  },
];

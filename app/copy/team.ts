/**
 * The people on the leadership page (spec 3, team member). Every person here is
 * fictional; avatars are drawn from initials, never from photos of real people.
 */
export interface TeamMember {
  name: string;
  designation: string;
  /** A second line under the title: a previous role, a committee, a location. */
  secondLine?: string;
  /** A professional profile, opened in a new tab. */
  profileUrl?: string;
}

export interface TeamGroup {
  id: string;
  title: string;
  intro: string;
  members: TeamMember[];
}

export const teamGroups: TeamGroup[] = [
  {
    id: "executive-team",
    title: "Executive team",
    intro: "The people accountable for every delivery, every dollar and every line of code.",
    members: [
      {
        name: "Marcus Adeyemi",
        designation: "Founder and Chief Executive Officer",
        secondLine: "Previously ran fuel logistics for a regional grocery chain",
        profileUrl: "https://www.linkedin.com/in/marcus-adeyemi-fillway-example",
      },
      {
        name: "Elena Vasquez",
        designation: "Chief Operating Officer",
        secondLine: "Owns field operations, safety and technician training",
        profileUrl: "https://www.linkedin.com/in/elena-vasquez-fillway-example",
      },
      {
        name: "Daniel Okafor",
        designation: "Chief Financial Officer",
        secondLine: "Twenty years in energy and transportation finance",
      },
      {
        name: "Hannah Lindqvist",
        designation: "Chief Technology Officer",
        secondLine: "Leads the app, routing and Fillway Cloud",
        profileUrl: "https://www.linkedin.com/in/hannah-lindqvist-fillway-example",
      },
    ],
  },
  {
    id: "leadership-team",
    title: "Leadership team",
    intro: "The leaders who run our markets, our trucks and our customer relationships day to day.",
    members: [
      { name: "Tomás Herrera", designation: "Vice President, Fleet Sales", secondLine: "Trucking, construction and government accounts" },
      { name: "Grace Whitfield", designation: "Vice President, Safety and Compliance", secondLine: "Certified Safety Professional" },
      { name: "Kwame Asante", designation: "Director of Field Operations", secondLine: "Texas and Oklahoma" },
      { name: "Mei Chen", designation: "Director of Product", secondLine: "Customer app and technician app" },
      { name: "Robert Kowalski", designation: "Director of Fleet Maintenance", secondLine: "Keeps every truck inspected and road-ready" },
      { name: "Aisha Rahman", designation: "Director of Customer Success", secondLine: "Onboarding and account management" },
    ],
  },
  {
    id: "board-members",
    title: "Board members",
    intro: "Our board holds us to our plan and to our values.",
    members: [
      { name: "Catherine Moreau", designation: "Chair of the Board", secondLine: "Former chief executive of a national logistics group" },
      { name: "Marcus Adeyemi", designation: "Director", secondLine: "Founder and Chief Executive Officer" },
      { name: "Samuel Brightwater", designation: "Independent Director", secondLine: "Chair of the Audit Committee" },
      { name: "Ingrid Solberg", designation: "Director", secondLine: "Partner at a growth-stage infrastructure fund" },
      { name: "Victor Mensah", designation: "Independent Director", secondLine: "Chair of the Safety Committee" },
    ],
  },
  {
    id: "advisory-board",
    title: "Advisory board",
    intro: "Specialists who lend us their experience in energy, safety, technology and public policy.",
    members: [
      { name: "Dr. Lena Petrov", designation: "Adviser, Energy Transition", secondLine: "Researcher in low-carbon transport fuels" },
      { name: "James Whitaker", designation: "Adviser, Fire and Hazmat Safety", secondLine: "Retired fire marshal" },
      { name: "Priyanka Sethi", designation: "Adviser, Autonomous Vehicles", secondLine: "Former autonomy programme lead" },
      { name: "Harold Jenkins", designation: "Adviser, Government Fleets", secondLine: "Former municipal fleet director" },
    ],
  },
];

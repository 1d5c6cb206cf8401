import type { DeskScreen } from "./desk-screen";

/** The staff feature's desk screens: signing in and out, passwords, accounts, the audit log. */
export const staffScreens: DeskScreen[] = [
  { path: "sign-in", file: "features/staff/routes/desk/sign-in.tsx", access: "public" },
  { path: "sign-out", file: "features/staff/routes/desk/sign-out.tsx", access: "staff" },
  { path: "set-password/:token", file: "features/staff/routes/desk/set-password.tsx", access: "public" },
  { path: "forgot-password", file: "features/staff/routes/desk/forgot-password.tsx", access: "public" },
  { path: "account", file: "features/staff/routes/desk/account.tsx", access: "staff" },
  { path: "accounts", file: "features/staff/routes/desk/accounts.tsx", access: ["admin"], nav: { label: "Accounts", order: 80 } },
  { path: "audit", file: "features/staff/routes/desk/audit.tsx", access: ["admin"], readOnly: true, nav: { label: "Audit log", order: 90 } },
];

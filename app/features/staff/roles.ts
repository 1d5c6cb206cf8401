/** The desk's roles; plain data, read by the server and by the desk's menu alike. */
export type Role = "admin" | "sales" | "editor";
export const ROLES: readonly Role[] = ["admin", "sales", "editor"];
export const isRole = (v: unknown): v is Role => typeof v === "string" && (ROLES as readonly string[]).includes(v);

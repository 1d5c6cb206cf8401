import type { Db } from "./db/db.server";
import type { Env } from "./env.server";
import type { Logger } from "./logger.server";

/**
 * What the server process owns and hands to the API handlers and, through the load
 * context, to route loaders and actions: one database connection for the whole process.
 */
export interface Services {
  env: Env;
  db: Db;
  log: Logger;
}

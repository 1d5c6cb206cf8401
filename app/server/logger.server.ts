import pino from "pino";

export type Logger = pino.Logger;

/** JSON-lines logs on stdout. */
export function createLogger(level: string): Logger {
  return pino({ level, base: { app: "fillway" }, timestamp: pino.stdTimeFunctions.isoTime });
}

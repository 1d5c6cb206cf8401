/**
 * Imported first by the server's entry (app/server/main.server.ts). V8 allocates objects straight in the old generation from an
 * allocation site most of whose objects outlived a young collection ("pretenuring"). The
 * CSV export from PostgreSQL trips it: a batch of rows stays alive while the next one is
 * awaited, the driver's row sites are marked, and from then on every row of a million went
 * to the old generation, which grew by 200-300 MB between full collections (RSS +118 to
 * +291 MB in bench:desk). A server's objects live for a request or for the process, and
 * neither needs the guess: without it the export's memory stays flat (+7 MB) and a row
 * costs less CPU, since young garbage is free to collect.
 */
import { setFlagsFromString } from "node:v8";

setFlagsFromString("--no-allocation-site-pretenuring");

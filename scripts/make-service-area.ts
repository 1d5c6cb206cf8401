/**
 * `npm run service-area`: writes app/features/service-area/service-area-table.json, the table the ZIP
 * check answers from in the browser, from the ZIP data and the markets of
 * app/copy/locations.ts. Run it after changing a market; a unit test fails while the
 * committed table is out of date.
 */
import { writeFileSync } from "node:fs";
import { buildServiceAreaTable } from "../app/features/service-area/service-area.server";
import { zipIndex } from "../app/features/service-area/zip-data.server";

const table = buildServiceAreaTable(await zipIndex());
const file = new URL("../app/features/service-area/service-area-table.json", import.meta.url);
writeFileSync(file, `${JSON.stringify(table)}\n`);
console.log(`service-area-table.json: ${table.near.length / 4} ZIP codes near a market, ${table.cities.length} cities`);

// Reads the shell blocks of docs/operations.md that the drill runs.
// A block is marked by an HTML comment on the line before its fence: <!-- drill: NAME -->
//   node scripts/drill/blocks.mjs FILE get NAME        prints the block's text
//   node scripts/drill/blocks.mjs FILE check SECTION…  fails if a section holds a shell
//                                                      block without a mark (or is missing)
import { readFileSync } from "node:fs";

const [file, command, ...args] = process.argv.slice(2);
const lines = readFileSync(file, "utf8").split("\n");
const blocks = [];
let section = "";
for (let i = 0; i < lines.length; i++) {
  const heading = /^##\s+(.*)$/.exec(lines[i]);
  if (heading) section = heading[1].trim();
  const fence = /^```(\w*)\s*$/.exec(lines[i]);
  if (!fence) continue;
  let end = i + 1;
  while (end < lines.length && !/^```\s*$/.test(lines[end])) end++;
  const mark = /^<!--\s*drill:\s*([\w-]+)\s*-->\s*$/.exec(lines[i - 1] ?? "");
  blocks.push({ section, lang: fence[1], line: i + 1, name: mark?.[1], text: lines.slice(i + 1, end).join("\n") });
  i = end;
}

if (command === "get") {
  const found = blocks.filter((b) => b.name === args[0]);
  if (found.length !== 1) {
    console.error(`${file}: ${found.length} blocks marked "<!-- drill: ${args[0]} -->" (want exactly 1)`);
    process.exit(1);
  }
  process.stdout.write(`${found[0].text}\n`);
} else if (command === "check") {
  let bad = 0;
  for (const name of args) {
    if (!lines.some((l) => l.trim() === `## ${name}`)) {
      console.error(`${file}: no section "## ${name}"`);
      bad++;
    }
    for (const b of blocks.filter((x) => x.section === name && /^(sh|bash|)$/.test(x.lang) && !x.name)) {
      console.error(`${file}:${b.line}: a shell block in "${name}" has no <!-- drill: NAME --> mark, so the drill does not run it`);
      bad++;
    }
  }
  process.exit(bad ? 1 : 0);
} else {
  console.error("usage: blocks.mjs FILE get NAME | check SECTION…");
  process.exit(2);
}

/**
 * A reply's text cut where the quoted history starts: the first "On … wrote:" line, an
 * "-----Original Message-----" line, a "From: …" header block of a forwarded message, or
 * the first line of a run of "> " lines that goes on to the end. What is above is what the
 * person wrote now (`fresh`); the rest is shown folded. Pure: the desk's pages use it.
 */
export function splitQuoted(text: string): { fresh: string; quoted: string } {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let cut = -1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? "";
    const next = lines[i + 1] ?? "";
    if (/^\s*-{2,}\s*Original Message\s*-{2,}\s*$/i.test(line)) cut = i;
    else if (/^On .{4,200}wrote:\s*$/.test(line) || (/^On .{4,200}$/.test(line) && /^.{0,200}wrote:\s*$/.test(next))) cut = i;
    else if (/^>/.test(line) && lines.slice(i).every((l) => /^>/.test(l) || l.trim() === "")) cut = i;
    else if (/^From: .+/.test(line) && /^(Sent|Date|To|Subject): /.test(next) && i > 0) cut = i;
    if (cut >= 0) break;
  }
  if (cut < 0) return { fresh: text.trim(), quoted: "" };
  return { fresh: lines.slice(0, cut).join("\n").trim(), quoted: lines.slice(cut).join("\n").trim() };
}

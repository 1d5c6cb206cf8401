/**
 * Text for a log line with every e-mail address in it replaced, as typed or URL-encoded
 * (`%40`): an SMTP error quotes the recipient ("550 <a@b.example>: no such user"), a desk
 * URL carries a search (`/desk/leads?q=a%40b.example`). Visitor addresses never reach a log.
 */
export const ADDRESS_IN_LOG = "[address]";

const ADDRESS = /[^\s@<>()[\]"',;:=&?/\\]+(?:@|%40)[^\s@<>()[\]"',;:=&?/\\]+/gi;

export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, ADDRESS_IN_LOG);
}

/** A request target for the log: the path as it is, addresses in the query string replaced. */
export function targetForLog(target: string): string {
  const q = target.indexOf("?");
  return q < 0 ? target : target.slice(0, q) + withoutAddresses(target.slice(q));
}

/**
 * Text for a log line with every e-mail address in it replaced, as typed or URL-encoded
 * (`%40`): an SMTP error quotes the recipient ("550 <a@b.example>: no such user"), and
 * visitor addresses never reach a log. Request targets are redacted by the logger itself.
 */
export const ADDRESS_IN_LOG = "[address]";

const ADDRESS = /[^\s@<>()[\]"',;:=&?/\\]+(?:@|%40)[^\s@<>()[\]"',;:=&?/\\]+/gi;

export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, ADDRESS_IN_LOG);
}

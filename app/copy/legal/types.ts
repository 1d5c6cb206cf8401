/** A numbered section of a legal document. */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs: string[];
  /** Points listed after the paragraphs. */
  list?: string[];
  /** Paragraphs after the list. */
  after?: string[];
}

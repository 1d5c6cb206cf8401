/** The messages of a failed parse (a desk form's, a query's), one per problem, each once. */
export function issueMessages(error: { issues: readonly { message: string }[] }): string[] {
  return [...new Set(error.issues.map((i) => i.message))];
}

/** Plain paragraphs of copy from a content module. */
export function Paragraphs({ text }: { text: string[] }) {
  return (
    <>
      {text.map((p) => (
        <p key={p}>{p}</p>
      ))}
    </>
  );
}

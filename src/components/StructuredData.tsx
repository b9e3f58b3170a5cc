// A JSON-LD block (lib/structured-data.ts): a data script the browser never runs, so the CSP needs nothing
// for it; nothing in the JSON may close the element.
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

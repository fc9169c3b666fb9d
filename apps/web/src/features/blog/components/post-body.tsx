import { Text } from '@mantine/core';

/** Splits plain text on blank lines into paragraphs; rendered as text, never as HTML. */
export function toParagraphs(body: string): string[] {
  return body
    .split(/\r?\n\s*\r?\n/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
}

export function PostBody({ body }: { body: string }) {
  return (
    <>
      {toParagraphs(body).map((paragraph, i) => (
        <Text key={i} mt="sm" style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ))}
    </>
  );
}

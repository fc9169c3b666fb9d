/**
 * A contract validation reason ("boş olamaz") as a sentence under a field ("Boş olamaz"), with
 * the Turkish capital of the first letter (i -> İ).
 */
export function sentenceCase(message: string): string;
export function sentenceCase(message: string | undefined): string | undefined;
export function sentenceCase(message: string | undefined): string | undefined {
  return message === undefined
    ? undefined
    : message.charAt(0).toLocaleUpperCase('tr-TR') + message.slice(1);
}

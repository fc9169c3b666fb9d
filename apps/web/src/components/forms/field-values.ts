/**
 * A Mantine NumberInput's value as a form keeps it: the number, or '' while the field is empty
 * or holds a partial entry ("-", "0,").
 */
export const toNumber = (v: string | number): number | '' => (typeof v === 'number' ? v : '');

/** Select options from a contract's label map (`{ value: key, label }`, in the map's order). */
export const labelOptions = (labels: Readonly<Record<string, string>>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

import {
  Autocomplete,
  Badge,
  MultiSelect,
  NumberInput,
  Select,
  TagsInput,
  createTheme,
} from '@mantine/core';
import { foldedOptionsFilter } from '../lib/options-filter.ts';

/**
 * The Mantine theme of the app (and of the component tests). A number field never changes what
 * the user typed: Mantine clamps a value outside min/max on blur by default (a holding period of
 * 0 became 1 and the run started); with `clampBehavior: 'none'` the value stays and the form's
 * schema shows the field error instead (issue 21, decision 0049).
 * A badge shows its whole text (issue 24, decision 0060): it never shrinks below its label in a
 * flex row or a narrow table cell ("TAMAM…", "HAZIR Ş…"); the row or cell makes room instead.
 * A searchable select finds its options as every search of the app does (`foldedOptionsFilter`:
 * "is" finds "İş", "dib" finds "DİBS"); a select that asks the API keeps its own filter.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: 'Inter, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  components: {
    NumberInput: NumberInput.extend({ defaultProps: { clampBehavior: 'none' } }),
    Select: Select.extend({ defaultProps: { filter: foldedOptionsFilter } }),
    MultiSelect: MultiSelect.extend({ defaultProps: { filter: foldedOptionsFilter } }),
    Autocomplete: Autocomplete.extend({ defaultProps: { filter: foldedOptionsFilter } }),
    TagsInput: TagsInput.extend({ defaultProps: { filter: foldedOptionsFilter } }),
    Badge: Badge.extend({
      styles: {
        root: { flexShrink: 0, maxWidth: 'none', overflow: 'visible' },
        label: { overflow: 'visible' },
      },
    }),
  },
});

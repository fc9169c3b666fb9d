import { useState } from 'react';
import { Button, Group, Modal, SegmentedControl, Stack, TextInput } from '@mantine/core';
import { MAPPING_KIND_LABELS, type MappingKind } from '@fonrisk/contracts';
import { SeriesSelect } from '../../../components/series-select/series-select.tsx';
import { toastStore } from '../../../lib/toast.ts';
import { useSaveTickerMapping } from '../api/save-ticker-mapping.ts';
import { MAPPER_MESSAGES as M } from '../messages.ts';

export interface MapTarget {
  readonly instrumentCode: string;
  readonly seriesTicker: string | null;
  readonly mappingKind: MappingKind;
  readonly note: string | null;
}

/** Map one instrument to a series, directly or through a proxy series, with an optional note. */
export function MapDialog({ target, onClose }: { target: MapTarget; onClose: () => void }) {
  const save = useSaveTickerMapping();
  const [ticker, setTicker] = useState<string | null>(target.seriesTicker);
  const [kind, setKind] = useState<MappingKind>(target.mappingKind);
  const [note, setNote] = useState(target.note ?? '');
  const [error, setError] = useState<string | undefined>();

  const submit = (): void => {
    if (ticker === null) {
      setError(M.seriesRequired);
      return;
    }
    save.mutate(
      {
        instrumentCode: target.instrumentCode,
        seriesTicker: ticker,
        mappingKind: kind,
        note: note.trim() === '' ? null : note.trim(),
      },
      {
        onSuccess: () => {
          toastStore.show('success', M.saved(target.instrumentCode));
          onClose();
        },
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title={M.mapTitle(target.instrumentCode)} size="lg">
      <Stack gap="sm">
        <SeriesSelect
          label={M.series}
          placeholder={M.seriesPlaceholder}
          value={ticker}
          onChange={setTicker}
          error={error}
          testId="map-series"
        />
        <SegmentedControl
          aria-label={M.mappingKind}
          value={kind}
          onChange={(v) => setKind(v as MappingKind)}
          data={(['direct', 'proxy'] as const).map((k) => ({
            value: k,
            label: MAPPING_KIND_LABELS[k],
          }))}
        />
        <TextInput label={M.note} value={note} onChange={(e) => setNote(e.currentTarget.value)} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {M.cancel}
          </Button>
          <Button onClick={submit} loading={save.isPending}>
            {M.save}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

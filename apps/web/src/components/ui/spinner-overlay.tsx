import { Loader } from '@mantine/core';
import { busyCounter, useBusy, type BusyCounter } from '../../lib/busy.ts';
import { LIB_MESSAGES } from '../../lib/messages.ts';
import './ui.css';

/** Full-screen spinner on a dark translucent backdrop while any call is in flight. */
export function SpinnerOverlay({ counter = busyCounter }: { counter?: BusyCounter }) {
  const busy = useBusy(counter);
  if (!busy) return null;
  return (
    <div className="fr-spinner" role="status" aria-live="assertive" data-testid="spinner-overlay">
      <Loader color="white" size="lg" />
      <span>{LIB_MESSAGES.loading}</span>
    </div>
  );
}

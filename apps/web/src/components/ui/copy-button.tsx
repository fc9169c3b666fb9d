import { useEffect, useRef, useState } from 'react';
import { Button, type ButtonProps } from '@mantine/core';
import { LIB_MESSAGES } from '../../lib/messages.ts';

/** How long the button says 'Kopyalandı' after copying (product-spec.md section 9). */
export const COPIED_MS = 3000;

interface CopyButtonProps {
  readonly value: string;
  readonly size?: ButtonProps['size'];
  readonly variant?: ButtonProps['variant'];
}

/** Copies `value` to the clipboard and shows 'Kopyalandı' for three seconds. */
export function CopyButton({ value, size = 'compact-sm', variant = 'light' }: CopyButtonProps) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const copy = async (): Promise<void> => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_MS);
  };

  const label =
    state === 'copied'
      ? LIB_MESSAGES.copied
      : state === 'failed'
        ? LIB_MESSAGES.copyFailed
        : LIB_MESSAGES.copy;
  return (
    <Button
      size={size}
      variant={variant}
      color={state === 'copied' ? 'teal' : undefined}
      onClick={() => void copy()}
    >
      {label}
    </Button>
  );
}

import { useState } from 'react';
import { ActionIcon, Popover, Stack, Text } from '@mantine/core';

const MESSAGES = {
  label: 'Kaynak bilgisi',
  source: 'Kaynak',
  noSource: 'Kaynak belirtilmemiş.',
  unconfirmed: 'Birincil kaynaktan (Tebliğ metninden) henüz teyit edilmedi.',
} as const;

/** "Tebliğ III-52.1 m.17 [ikincil kaynak: SPK soru bankası]" -> the text and the bracketed note. */
export function splitSourceNote(source: string): { text: string; note: string | null } {
  const match = /\s*\[([^\]]*)\]/.exec(source);
  if (!match) return { text: source.trim(), note: null };
  const text = `${source.slice(0, match.index)}${source.slice(match.index + match[0].length)}`;
  return { text: text.trim(), note: match[1]!.trim() };
}

/**
 * A small information marker beside a criterion or limit (issue 24, decision 0060): its source,
 * and whether it still awaits confirmation from the primary text, in a popover, never as an alarm
 * badge on the criterion.
 */
export function SourceNote({
  source,
  confirmed = true,
  testId,
}: {
  readonly source: string;
  readonly confirmed?: boolean;
  readonly testId?: string;
}) {
  const { text, note } = splitSourceNote(source);
  // Controlled, so that a click on the marker opens it without also clicking the row around it.
  const [opened, setOpened] = useState(false);
  return (
    <Popover width={300} position="top" withArrow shadow="md" opened={opened} onChange={setOpened}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="xs"
          radius="xl"
          aria-label={MESSAGES.label}
          data-testid={testId}
          data-confirmed={confirmed}
          onClick={(event) => {
            event.stopPropagation();
            setOpened((o) => !o);
          }}
        >
          <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
            <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
            <rect x="7.25" y="7" width="1.5" height="5" fill="currentColor" />
            <circle cx="8" cy="4.75" r="1" fill="currentColor" />
          </svg>
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={4}>
          <Text size="xs">
            <b>{MESSAGES.source}:</b> {text === '' ? MESSAGES.noSource : text}
          </Text>
          {note !== null && note !== '' && (
            <Text size="xs" c="dimmed">
              {note.charAt(0).toLocaleUpperCase('tr-TR') + note.slice(1)}
            </Text>
          )}
          {!confirmed && (
            <Text size="xs" c="dimmed">
              {MESSAGES.unconfirmed}
            </Text>
          )}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

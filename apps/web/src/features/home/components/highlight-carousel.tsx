import { useEffect, useState } from 'react';
import { ActionIcon, Group, Paper, Text, Title, UnstyledButton } from '@mantine/core';
import { HOME_MESSAGES } from '../messages.ts';

/** The carousel's interval: the widget default of product-spec.md section 9. */
export const CAROUSEL_INTERVAL_MS = 5000;

interface Slide {
  readonly title: string;
  readonly body: string;
}

/** Product highlights that advance every 5000 ms; arrows and dots move by hand and restart the timer. */
export function HighlightCarousel({ slides }: { slides: readonly Slide[] }) {
  const [index, setIndex] = useState(0);
  const count = slides.length;

  useEffect(() => {
    if (count < 2) return undefined;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [count, index]);

  const slide = slides[index];
  if (!slide) return null;
  return (
    <Paper
      radius="md"
      p="xl"
      aria-roledescription="carousel"
      aria-label={HOME_MESSAGES.highlightsLabel}
      style={{
        background: 'linear-gradient(120deg, #0b3d91 0%, #1971c2 60%, #15aabf 100%)',
        color: '#fff',
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="center">
        <ActionIcon
          variant="white"
          radius="xl"
          aria-label={HOME_MESSAGES.previous}
          onClick={() => setIndex((i) => (i - 1 + count) % count)}
        >
          ‹
        </ActionIcon>
        <div style={{ flex: 1, minHeight: 96 }} aria-live="polite" data-testid="carousel-slide">
          <Title order={3} c="white">
            {slide.title}
          </Title>
          <Text mt="xs" size="md" c="white" opacity={0.92}>
            {slide.body}
          </Text>
        </div>
        <ActionIcon
          variant="white"
          radius="xl"
          aria-label={HOME_MESSAGES.next}
          onClick={() => setIndex((i) => (i + 1) % count)}
        >
          ›
        </ActionIcon>
      </Group>
      <Group justify="center" gap={8} mt="md">
        {slides.map((s, i) => (
          <UnstyledButton
            key={s.title}
            aria-label={HOME_MESSAGES.goTo(i + 1)}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            style={{
              width: i === index ? 22 : 8,
              height: 8,
              borderRadius: 4,
              background: i === index ? '#fff' : 'rgba(255,255,255,0.5)',
              transition: 'width 200ms ease',
            }}
          />
        ))}
      </Group>
    </Paper>
  );
}

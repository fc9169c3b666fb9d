import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render, type RenderResult } from '@testing-library/react';
import { theme } from '../app/theme.ts';

export function withMantine(children: ReactNode): ReactElement {
  return <MantineProvider theme={theme}>{children}</MantineProvider>;
}

/** Renders inside the Mantine provider every component of the app expects. */
export function renderUi(ui: ReactElement): RenderResult {
  return render(ui, { wrapper: ({ children }) => withMantine(children) });
}

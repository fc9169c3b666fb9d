import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: '@fonrisk/contracts',
    environment: 'node',
    // Schemas and pure functions: the files share one module graph per worker
    // (docs/decisions/0072-ci-time.md), as the server workspaces do.
    isolate: false,
  },
});

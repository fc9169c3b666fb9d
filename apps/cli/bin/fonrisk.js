#!/usr/bin/env node
// Launcher for the `fonrisk` command: runs src/main.ts through tsx (no build step).
import { register } from 'tsx/esm/api';

register();
await import(new URL('../src/main.ts', import.meta.url).href);

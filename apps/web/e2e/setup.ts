// Set-up of every browser test file: the file's one Chromium is closed after its tests.
import { afterAll } from 'vitest';
import { closeChromium } from './support.ts';

afterAll(closeChromium);

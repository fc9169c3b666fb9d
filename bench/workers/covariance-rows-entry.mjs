// Worker threads do not inherit a process's `--import tsx` loader: register it, then load the
// TypeScript body.
import { register } from 'tsx/esm/api';

register();
await import('./covariance-rows.ts');

// `npm run audit:deps`: `npm audit --omit=dev` for the dependencies that ship (decision 0027).
// Exits 0 when there is no high or critical finding, 1 when there is one, and 2 when the
// registry's audit endpoint cannot be reached (this environment answers 405): that case is said
// plainly instead of passing silently or looking like a finding.
import { spawnSync } from 'node:child_process';
import process from 'node:process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const result = spawnSync(npm, ['audit', '--omit=dev', '--json'], { encoding: 'utf8' });
const output = `${result.stdout ?? ''}${result.stderr ?? ''}`;

/** Parses npm's JSON answer; null when npm printed no report (endpoint unreachable). */
function readReport(text) {
  try {
    const report = JSON.parse(text);
    return report && typeof report === 'object' ? report : null;
  } catch {
    return null;
  }
}

const report = readReport(result.stdout ?? '');
const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = /\b(405|404|ENOTFOUND|ECONNREFUSED|ETIMEDOUT|EAI_AGAIN|audit endpoint)\b/i.exec(
    output,
  );
  process.stdout.write(
    'npm audit --omit=dev: the registry audit endpoint is NOT REACHABLE' +
      (reason ? ` (${reason[0]})` : '') +
      '; no finding was checked. Run it where the registry answers (decision 0027).\n',
  );
  const detail = report?.message || report?.error?.summary;
  if (typeof detail === 'string') process.stdout.write(`npm said: ${detail}\n`);
  process.exit(2);
}

const high = (counts.high ?? 0) + (counts.critical ?? 0);
process.stdout.write(
  `npm audit --omit=dev: ${counts.critical ?? 0} critical, ${counts.high ?? 0} high, ` +
    `${counts.moderate ?? 0} moderate, ${counts.low ?? 0} low\n`,
);
for (const [name, entry] of Object.entries(report.vulnerabilities ?? {})) {
  if (entry.severity === 'high' || entry.severity === 'critical')
    process.stdout.write(`  ${entry.severity}: ${name} (${entry.range ?? ''})\n`);
}
process.exit(high > 0 ? 1 : 0);

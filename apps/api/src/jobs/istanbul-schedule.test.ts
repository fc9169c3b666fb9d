import { describe, expect, it } from 'vitest';
import {
  ISTANBUL_TIME_ZONE,
  syncIstanbulJobs,
  weekdayCron,
  type IstanbulBoss,
  type IstanbulJob,
} from './istanbul-schedule.ts';

/** pg-boss's scheduling calls, recorded; work handlers kept so that a test can fire a tick. */
function fakeBoss() {
  const calls: string[] = [];
  const schedules = new Map<string, string>();
  const handlers = new Map<string, () => unknown>();
  const boss: IstanbulBoss = {
    createQueue: (name) => Promise.resolve(void calls.push(`createQueue ${name}`)),
    schedule: (name, cron, _data, options) => {
      calls.push(`schedule ${name} ${cron} ${String(options?.tz)}`);
      schedules.set(name, cron);
      return Promise.resolve();
    },
    unschedule: (name) => {
      calls.push(`unschedule ${name}`);
      schedules.delete(name);
      return Promise.resolve();
    },
    getSchedules: () =>
      Promise.resolve([...schedules].map(([name, cron]) => ({ name, cron }) as never)),
    work: (name, _options, handler) => {
      calls.push(`work ${name}`);
      handlers.set(name, () => handler([]));
      return Promise.resolve(name);
    },
    offWork: (name) => {
      calls.push(`offWork ${name}`);
      handlers.delete(name);
      return Promise.resolve();
    },
  };
  return { boss, calls, schedules, handlers };
}

describe('the Istanbul scheduler', () => {
  it('turns HH:MM into a Monday-to-Friday cron', () => {
    expect(weekdayCron('07:30')).toBe('30 7 * * 1-5');
    expect(weekdayCron('19:00')).toBe('0 19 * * 1-5');
    expect(ISTANBUL_TIME_ZONE).toBe('Europe/Istanbul');
  });

  it('stores new and changed crons in Istanbul time, works each queue once, and drops what is no longer wanted', async () => {
    const { boss, calls, schedules, handlers } = fakeBoss();
    const ran: string[] = [];
    const job = (name: string, cron: string | null): IstanbulJob => ({
      name,
      cron,
      run: () => Promise.resolve(void ran.push(name)),
    });
    const owns = (name: string) => name.startsWith('t-');
    const working = new Set<string>();
    // Someone else's schedule is never touched.
    await boss.schedule('baska-is', '0 1 * * *');
    calls.length = 0;

    expect(
      await syncIstanbulJobs(boss, [job('t-1', '30 7 * * 1-5'), job('t-2', null)], owns, working),
    ).toEqual(new Map([['t-1', '30 7 * * 1-5']]));
    expect(calls).toEqual([
      'createQueue t-1',
      'schedule t-1 30 7 * * 1-5 Europe/Istanbul',
      'work t-1',
      'createQueue t-2',
      'work t-2',
    ]);
    calls.length = 0;
    await syncIstanbulJobs(boss, [job('t-1', '30 7 * * 1-5'), job('t-2', null)], owns, working);
    expect(calls, 'nothing changed: nothing done').toEqual([]);

    await handlers.get('t-2')!();
    expect(ran, 'a queue without a cron is still worked').toEqual(['t-2']);

    await syncIstanbulJobs(boss, [job('t-1', null), job('t-3', '0 8 * * 1-5')], owns, working);
    expect(calls).toEqual([
      'unschedule t-1',
      'offWork t-2',
      'createQueue t-3',
      'schedule t-3 0 8 * * 1-5 Europe/Istanbul',
      'work t-3',
    ]);
    expect([...schedules.keys()].sort()).toEqual(['baska-is', 't-3']);
    expect([...working].sort()).toEqual(['t-1', 't-3']);
  });

  it("tries a queue's creation again when another process's creation deadlocks it (a first start)", async () => {
    const { boss, calls } = fakeBoss();
    let deadlocks = 2;
    const racing: IstanbulBoss = {
      ...boss,
      createQueue: (name, options) => {
        if (deadlocks-- > 0)
          return Promise.reject(
            new Error('Failed query: SELECT pgboss.create_queue($1, $2)', {
              cause: Object.assign(new Error('deadlock detected'), { code: '40P01' }),
            }),
          );
        return boss.createQueue(name, options);
      },
    };
    const job: IstanbulJob = { name: 't-1', cron: null, run: () => Promise.resolve() };
    await syncIstanbulJobs(racing, [job], (name) => name.startsWith('t-'), new Set());
    expect(calls).toEqual(['createQueue t-1', 'work t-1']);
  });
});

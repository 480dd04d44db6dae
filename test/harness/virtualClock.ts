import { clock } from '../../nodes/shared/clock';
import { afterThisTurn, onTheirWay, watchRequests, whenAnswered } from './eventLoop';

/** The product's time, real or virtual: for a sandbox whose file has tests on either. */
export const productTime = (): number => clock.now();

/**
 * A clock for one test file, shared by the product (its door, gate and polls) and the sandbox
 * (`useSandbox({ clock: time.now })`): it stands still unless a test moves it, and a wait on it
 * takes no real time. Waits that overlap each wake at their own time, the earliest first.
 *
 * An HTTP answer takes no time on it: it stands still while a request is on its way (sent and
 * not yet read), so that how far it moves never depends on how fast the machine answers. A
 * request the sandbox holds on purpose is not on its way: its delays pass on this clock too
 * with `useSandbox({ clock: time.now, sleep: time.sleep })`.
 */
export function useVirtualClock(start: number) {
	let now = start;
	const sleepers: Array<{ at: number; wake: () => void }> = [];
	let advancing = false;

	// Once this turn and its promises are done, and no request is on its way: the time moves to
	// the earliest wake-up. Not after a timer, which takes a millisecond at least, many more on a
	// busy machine: a test of thousands of wake-ups would wait out real time, seconds of it.
	const advance = () => {
		advancing = false;
		if (sleepers.length === 0) return;
		if (onTheirWay()) {
			advancing = true;
			return whenAnswered(() => {
				advancing = false;
				scheduleAdvance();
			});
		}
		sleepers.sort((a, b) => a.at - b.at);
		now = Math.max(now, sleepers[0].at);
		while (sleepers.length && sleepers[0].at <= now) sleepers.shift()!.wake();
		scheduleAdvance();
	};
	const scheduleAdvance = () => {
		if (advancing || sleepers.length === 0) return;
		advancing = true;
		afterThisTurn(advance);
	};

	const time = {
		now: () => now,
		set: (at: number) => (now = at),
		/** Moves the clock on, so that timestamps differ on purpose. */
		tick: (ms = 1) => (now += ms),
		sleep: async (ms: number) =>
			await new Promise<void>((wake) => {
				sleepers.push({ at: now + Math.max(0, ms), wake });
				scheduleAdvance();
			}),
	};

	const real = { ...clock };
	let stopWatching = () => {};
	beforeAll(() => {
		Object.assign(clock, { now: time.now, sleep: time.sleep });
		stopWatching = watchRequests();
	});
	afterAll(() => {
		Object.assign(clock, real);
		stopWatching();
	});
	return time;
}

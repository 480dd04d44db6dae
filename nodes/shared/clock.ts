import { sleep } from 'n8n-workflow';

/** The time the door, the gate and the polls read and wait on: real, unless a test sets another. */
export const clock = {
	now: (): number => Date.now(),
	sleep: async (ms: number): Promise<void> => await sleep(ms),
};

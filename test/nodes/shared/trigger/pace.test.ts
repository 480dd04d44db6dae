import { WorkspaceRecordsTrigger } from '../../../../nodes/WorkspaceRecordsTrigger/WorkspaceRecordsTrigger.node';
import { byId, PEOPLE } from '../../../harness/fixtures';
import { activeTrigger } from '../../../harness/pollTrigger';
import { useSandbox } from '../../../harness/sandbox';
import { useVirtualClock } from '../../../harness/virtualClock';

// Behind a strict rate limit the watch reads at the pace the service accepts, poll after poll,
// instead of paying a refusal and its Retry-After for every page. On one virtual clock.
const time = useVirtualClock(Date.parse('2026-11-22T09:00:00.000Z'));
const env = useSandbox({ clock: time.now });

test.each([
	['no burst', 1, 2],
	['a burst of 2', 2, 8],
])(
	'2 requests a second, %s: each poll of 25 s reads at least 45 pages once the pace is learnt',
	async (_, burst, refused) => {
		// More than three polls read: none of them ends the pass early.
		env.sandbox.reset({ people: 16_000 });
		const trigger = activeTrigger(
			new WorkspaceRecordsTrigger(),
			{ event: 'recordUpdated', collectionId: byId(PEOPLE) },
			env.credentials,
		);
		env.sandbox.rateLimit({ rate: 2, burst });
		const pages: number[] = [];
		const refusals: number[] = [];
		for (let poll = 0; poll < 3; poll++) {
			const before = env.sandbox.requests.length;
			await trigger.pollItems();
			const requests = env.sandbox.requests.slice(before);
			pages.push(requests.filter((r) => r.status === 200).length);
			refusals.push(requests.filter((r) => r.status === 429).length);
			time.tick(60_000);
		}
		// The first poll learns the pace from the service's refusals (a burst lets it overshoot).
		expect(pages[0]).toBeGreaterThanOrEqual(40);
		expect(Math.min(...pages.slice(1))).toBeGreaterThanOrEqual(45);
		// Learnt once: later polls start at the pace the service accepts, a refusal now and then.
		expect(Math.max(...refusals.slice(1))).toBeLessThanOrEqual(refused);
	},
	60_000,
);

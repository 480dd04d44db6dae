// Benchmark 6: 10,000 input items to Record Create with default settings, our node against
// the HTTP Request node with a Header Auth credential: time, peak memory, connections open at
// once. Rows of the timed comparisons' table.
import { ms, range, ratio, row, spread } from '../rig/measure.mjs';
import { compare, execute } from '../rig/setup.mjs';

/** Runs of each variant of benchmark 6 (10,000 creates, about half a minute a run). */
const RUNS_10K = Number(process.env.BENCH_RUNS_10K ?? 3);

/** Benchmark 6: 10,000 creates, our node against HTTP Request with a credential; its rows. */
export async function createTenThousand(bench) {
	const run = (name, options) => execute(bench, name, options);
	bench.section(
		`6. 10,000 input items → Record Create, default settings (${RUNS_10K} runs each)`,
		6,
	);
	const s = await compare(
		{
			'(a) our node, Map Each Attribute Below + expression': () =>
				run('a-below-create-10000', { empty: true }),
			"(b') HTTP Request, Header Auth": () => run('b-http-auth-create-10000', { empty: true }),
		},
		RUNS_10K,
	);
	const [a, b2] = Object.values(s);
	const measures = (list) =>
		`peak RSS ${range(list.map((x) => Math.round(x.peakRssKb / 1024)))} MB; peak open connections ${range(list.map((x) => x.peakConnections))}; ${range(list.map((x) => x.items - x.errorItems))} created`;
	return [
		row(
			'6. 10,000 items → Record Create',
			`(a) our node, Map Each Attribute Below + expression; ${measures(a)}`,
			a[0].requests,
			a[0].items,
			spread(a.map((x) => x.ms)),
			`a/b' ${ratio(ms(a), ms(b2))}`,
			"a/b' < 1, connections ≤ 10",
		),
		row(
			'',
			`(b') HTTP Request, Header Auth credential; ${measures(b2)}`,
			b2[0].requests,
			b2[0].items,
			spread(b2.map((x) => x.ms)),
			'',
			'',
		),
	];
}

// Benchmark 2: 1,000 input items to Record Create, with each way our node maps them, against
// the HTTP Request node (plain headers, and a Header Auth credential); every expression n8n
// evaluates is counted. Rows of the timed comparisons' table.
import { MAPPINGS } from '../make-workflows.mjs';
import { median, ms, ratio, row, spread } from '../rig/measure.mjs';
import { RUNS } from '../rig/settings.mjs';
import { compare, execute } from '../rig/setup.mjs';

/** Benchmark 2: each mapping of our node against HTTP Request, timed, expressions counted; its rows. */
export async function createThousand(bench) {
	const run = (name, options) => execute(bench, name, options);
	const lines = [];
	bench.section(`2. 1,000 input items → Record Create (${RUNS} runs each)`, 2);
	const ours = Object.fromEntries(
		Object.entries(MAPPINGS).map(([mapping, { label }]) => [
			`(a) our node, ${label}`,
			() => run(`a-${mapping}-create-1000`, { empty: true }),
		]),
	);
	const s = await compare({
		...ours,
		'(b) HTTP Request, plain headers': () => run('b-http-create-1000', { empty: true }),
		"(b') HTTP Request, Header Auth": () => run('b-http-auth-create-1000', { empty: true }),
	});
	const b = s['(b) HTTP Request, plain headers'];
	const b2 = s["(b') HTTP Request, Header Auth"];
	const perItem = (list) =>
		`${(median(list.map((x) => x.expressions)) / list[0].items).toFixed(1)} expressions/item, ${median(list.map((x) => x.connections))} connections`;
	const targets = {
		json: "a/b' ≤ 1.3",
		below: "a/b' ≤ 1.3",
		auto: "a/b' ≤ 1.0, a/b ≤ 1.4, 0 expressions/item",
	};
	Object.keys(MAPPINGS).forEach((mapping, i) => {
		const label = Object.keys(ours)[i];
		const a = s[label];
		lines.push(
			row(
				i === 0 ? '2. 1,000 items → Record Create' : '',
				`${label} (${perItem(a)})`,
				a[0].requests,
				a[0].items,
				spread(a.map((x) => x.ms)),
				`a/b ${ratio(ms(a), ms(b))}, a/b' ${ratio(ms(a), ms(b2))}`,
				targets[mapping],
			),
		);
	});
	lines.push(
		row(
			'',
			`(b) HTTP Request, plain headers (${perItem(b)})`,
			b[0].requests,
			b[0].items,
			spread(b.map((x) => x.ms)),
			'',
			'',
		),
		row(
			'',
			`(b') HTTP Request, Header Auth credential (${perItem(b2)})`,
			b2[0].requests,
			b2[0].items,
			spread(b2.map((x) => x.ms)),
			'',
			'',
		),
	);
	return lines;
}

// Benchmark 1: Return All over 10,000 records, our node against the HTTP Request node with
// Split Out (plain headers, and a Header Auth credential) and a bare axios loop; rows of the
// timed comparisons' table.
import axios from 'axios';

import { sandboxHeaders, SEED_IDS } from '../../test/rig/sandbox.mjs';
import { ms, ratio, row, spread } from '../rig/measure.mjs';
import { RUNS, version } from '../rig/settings.mjs';
import { compare, execute } from '../rig/setup.mjs';

const { PEOPLE } = SEED_IDS;

/** The same requests as the node, in a plain loop, outside n8n: the physical limit here. */
async function bareLoop({ sandbox }) {
	sandbox.clearRequests();
	const started = performance.now();
	const records = [];
	for (let offset = 0; ; offset += 100) {
		const { data } = await axios.post(
			`${sandbox.url}/api/v1/collection-records/${PEOPLE}/query`,
			{ sort: [{ attribute: 'createdAt', direction: 'asc' }], limit: 100, offset },
			{ headers: sandboxHeaders(sandbox.config) },
		);
		records.push(...data.data);
		if (data.data.length < 100) break;
	}
	return {
		ms: performance.now() - started,
		items: records.length,
		requests: sandbox.requests.length,
	};
}

/** Benchmark 1: our node against HTTP Request and a bare loop, timed; its rows. */
export async function returnAll(bench) {
	const run = (name, options) => execute(bench, name, options);
	bench.section(`1. Return All, 10,000 records (n8n ${version}, ${RUNS} runs each)`, 1);
	const s = await compare({
		'(a) our node': () => run('a-get-all'),
		'(b) HTTP Request, plain headers': () => run('b-http-get-all'),
		"(b') HTTP Request, Header Auth": () => run('b-http-auth-get-all'),
		'(c) bare loop': () => bareLoop(bench),
	});
	const [a, b, b2, c] = Object.values(s);
	return [
		row(
			'1. Return All, 10,000 records',
			'(a) our node',
			a[0].requests,
			a[0].items,
			spread(a.map((x) => x.ms)),
			'',
			'',
		),
		row(
			'',
			'(b) HTTP Request + Split Out, plain headers',
			b[0].requests,
			b[0].items,
			spread(b.map((x) => x.ms)),
			`a/b ${ratio(ms(a), ms(b))}`,
			'a/b ≤ 1.0',
		),
		row(
			'',
			"(b') HTTP Request + Split Out, Header Auth credential",
			b2[0].requests,
			b2[0].items,
			spread(b2.map((x) => x.ms)),
			`a/b' ${ratio(ms(a), ms(b2))}`,
			"a/b' ≤ 1.0",
		),
		row(
			'',
			'(c) bare axios loop',
			c[0].requests,
			c[0].items,
			spread(c.map((x) => x.ms)),
			`a/c ${ratio(ms(a), ms(c))}`,
			'a/c ≤ 1.15',
		),
	];
}

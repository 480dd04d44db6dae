// Benchmark 3: the memory of Return All over 100,000 records, against a bare Node process
// holding the same records. Rows of the memory and package table.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

import { root } from '../../test/rig/n8n.mjs';
import { sandboxHeaders, SEED_IDS } from '../../test/rig/sandbox.mjs';
import { ratio, row } from '../rig/measure.mjs';
import { execute } from '../rig/setup.mjs';

const { PEOPLE } = SEED_IDS;

/** A child process that pages through every record with axios, keeps them, and prints its RSS growth in MB. */
const BARE_MEMORY_SCRIPT = `
const axios = require('axios');
(async () => {
	const before = process.memoryUsage.rss();
	const records = [];
	for (let offset = 0; ; offset += 100) {
		const { data } = await axios.post(process.argv[1], { sort: [{ attribute: 'createdAt', direction: 'asc' }], limit: 100, offset },
			{ headers: JSON.parse(process.argv[2]) });
		records.push(...data.data);
		if (data.data.length < 100) break;
	}
	global.gc?.();
	process.stdout.write(String((process.memoryUsage.rss() - before) / 2 ** 20));
})();
`;

/** Benchmark 3: the memory of Return All over 100,000 records, against a bare process holding them; rows. */
export async function memoryOfReturnAll(bench) {
	const { sandbox } = bench;
	bench.section('3. Return All, 100,000 records: memory', 3);
	sandbox.reset({ people: 100_000 });
	const baseline = await execute(bench, 'a-get-one');
	const big = await execute(bench, 'a-get-all');
	const growthMb = (big.fetchPeakKb - baseline.peakRssKb) / 1024;
	const wholeRunMb = (big.peakRssKb - baseline.peakRssKb) / 1024;
	const jsonMb = big.queryBytes / 1024 / 1024;

	// The same 100,000 records parsed and held by a bare Node process: the cost of the data itself.
	// (Asynchronously: the sandbox answering it runs in this process.)
	const { stdout: bareOutput } = await promisify(execFile)(
		process.execPath,
		[
			'-e',
			BARE_MEMORY_SCRIPT,
			`${sandbox.url}/api/v1/collection-records/${PEOPLE}/query`,
			JSON.stringify(sandboxHeaders(sandbox.config)),
		],
		{ cwd: root },
	);
	const bareGrowthMb = Number(bareOutput);
	return [
		row(
			'3. Return All, 100,000 records',
			'(a) our node',
			big.requests,
			big.items,
			`${big.ms} ms`,
			`RSS growth while fetching ${growthMb.toFixed(0)} MB / JSON ${jsonMb.toFixed(0)} MB = ${ratio(growthMb, jsonMb)}`,
			'≤ 2',
		),
		row(
			'',
			'(c) bare loop holding the records',
			'',
			'',
			'',
			`RSS growth ${bareGrowthMb.toFixed(0)} MB / JSON ${jsonMb.toFixed(0)} MB = ${ratio(bareGrowthMb, jsonMb)}`,
			'',
		),
		row(
			'',
			'(a), the same run to its end',
			'',
			'',
			'',
			`RSS growth ${wholeRunMb.toFixed(0)} MB, with n8n printing the run`,
			'',
		),
	];
}

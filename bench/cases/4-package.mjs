// Benchmark 4: what `npm pack` of the build ships. Rows of the memory and package table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { root } from '../../test/rig/n8n.mjs';
import { row } from '../rig/measure.mjs';

/** Benchmark 4: what npm pack of the build ships; rows. */
export function packageSize({ pack, section }) {
	section('4. Package', 4);
	const { size, files } = pack;
	// What ships besides the compiled nodes, credentials, icons and codex files: anything else is an accident.
	const extra = new Map();
	for (const file of files.filter(
		(f) => f.path.startsWith('dist/') && !/^dist\/(nodes|credentials|icons)\//.test(f.path),
	)) {
		const key =
			file.path.split('/').length > 2
				? `${file.path.split('/').slice(0, 2).join('/')}/`
				: file.path;
		extra.set(key, (extra.get(key) ?? 0) + file.size);
	}
	const extras = [...extra]
		.map(([path, bytes]) => `${path} ${(bytes / 1024).toFixed(0)} KB`)
		.join(', ');
	const dependencies = Object.keys(
		JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {},
	).length;
	return [
		row(
			'4. Package',
			'npm pack of the build measured',
			'',
			'',
			'',
			`${(size / 1024).toFixed(1)} KB packed, ${files.length} files, ${dependencies} runtime dependencies${extras ? `; besides nodes, credentials and icons it ships ${extras} (unpacked)` : ''}`,
			'≤ 100 KB, 0',
		),
	];
}

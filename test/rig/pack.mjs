// The package as npm publishes it: `npm pack` into a folder of its own, unpacked beside the
// tarball. The scanner's tarball leg, the packaging test and every suite that installs the
// package into n8n (installPackage in n8n.mjs) read a tarball packed here, so what they check
// is what users get.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const PACKAGE = 'n8n-nodes-workspace-records';

function run(command, args, cwd) {
	const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
	if (result.status !== 0)
		throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr || result.stdout}`);
	return result.stdout;
}

/** Every file under `dir`, as paths relative to it, sorted. */
export function filesUnder(dir) {
	const walk = (folder) =>
		readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
			const path = join(folder, entry.name);
			return entry.isDirectory() ? walk(path) : [relative(dir, path)];
		});
	return walk(dir).sort();
}

/**
 * Packs the built package. Returns the tarball's path and size (bytes, as npm wrote it), and
 * `dir`, the folder it unpacks to (`package/`, as npm installs it). Refuses to pack without
 * dist/: a tarball of README and package.json alone would pass every check on nothing.
 */
export function pack() {
	if (!existsSync(join(root, 'dist', 'nodes')))
		throw new Error('dist/ is missing: run `npm run build` first, then this again.');
	const folder = mkdtempSync(join(tmpdir(), 'workspace-records-pack-'));
	const [{ filename }] = JSON.parse(
		run('npm', ['pack', '--json', '--silent', '--pack-destination', folder], root),
	);
	const tarball = join(folder, filename);
	const dir = join(folder, 'unpacked');
	mkdirSync(dir);
	run('tar', ['-xzf', tarball, '-C', dir], root);
	return { tarball, size: statSync(tarball).size, dir: join(dir, 'package') };
}

let packed;
/** The tarball of this build, packed once a process (a suite installs it in every user folder). */
export const packOnce = () => (packed ??= pack());

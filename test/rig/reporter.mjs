// The one reporter of the suites: a line `ok   …` or `FAIL …` for each check, notes under it,
// and at the end the tally alone on a line, `N passed, M failed`, which CI reads.

const INDENT = '       ';

export function createReporter({ write = (text) => process.stdout.write(text) } = {}) {
	const results = [];
	// After an abort (a signal, a deadline) nothing more is reported: a check cut short says
	// nothing about the package.
	let silent = false;
	const line = (text) => write(`${text}\n`);
	const passed = () => results.filter(Boolean).length;
	const failed = () => results.length - passed();

	const reporter = {
		/** A line as it is, unless the run was aborted. */
		say(text) {
			if (!silent) line(text);
		},
		/** A note under the last check, indented. */
		note(text) {
			if (!silent && text) line(text.replace(/^/gm, INDENT));
		},
		pass(title, note) {
			if (silent) return true;
			results.push(true);
			line(`ok   ${title}`);
			reporter.note(note);
			return true;
		},
		fail(title, message) {
			if (silent) return false;
			results.push(false);
			line(`FAIL ${title}${message ? `: ${message}` : ''}`);
			return false;
		},
		/** pass or fail by `ok`, with `detail` after the title. */
		check(title, ok, detail = '') {
			if (silent) return ok;
			results.push(ok);
			line(`${ok ? 'ok  ' : 'FAIL'} ${title}${detail ? `: ${detail}` : ''}`);
			return ok;
		},
		/**
		 * Runs `check()`, timed: it passes unless it throws; what it returns is noted under it.
		 * `describeFailure(error)` gives the failure's message (by default the error's own).
		 */
		async run(title, check, { describeFailure = (error) => error.message } = {}) {
			const started = Date.now();
			const seconds = () => ((Date.now() - started) / 1000).toFixed(1);
			try {
				const note = await check();
				return reporter.pass(`${title} (${seconds()}s)`, note);
			} catch (error) {
				const message = await describeFailure(error);
				return reporter.fail(`${title} (${seconds()}s)`, message);
			}
		},
		/** The run stops here: one failure for it, then silence. */
		abort(message) {
			if (silent) return;
			reporter.fail(message);
			silent = true;
		},
		get aborted() {
			return silent;
		},
		get anyFailed() {
			return failed() > 0;
		},
		/** Prints the tally; the exit code it means (1 on any failure). */
		tally() {
			line(`${passed()} passed, ${failed()} failed`);
			return failed() === 0 ? 0 : 1;
		},
	};
	return reporter;
}

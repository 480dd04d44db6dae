// Preloaded into `n8n execute` by the benchmark (NODE_OPTIONS=--require): counts the
// expressions n8n evaluates, every "={{ … }}" string it resolves, whoever asks, and writes the
// count to BENCH_EXPRESSION_COUNT_FILE when the process exits. Counted, not estimated.
const { writeFileSync } = require('node:fs');
const { dirname } = require('node:path');

// n8n's own copy of n8n-workflow, found from the n8n binary being run (process.argv[1]).
const { Expression } = require(
	require.resolve('n8n-workflow', { paths: [dirname(process.argv[1])] }),
);
const resolve = Expression.prototype.resolveSimpleParameterValue;
let evaluations = 0;
Expression.prototype.resolveSimpleParameterValue = function (value, ...rest) {
	if (typeof value === 'string' && value.startsWith('=')) evaluations += 1;
	return resolve.call(this, value, ...rest);
};
process.on('exit', () =>
	writeFileSync(process.env.BENCH_EXPRESSION_COUNT_FILE, String(evaluations)),
);

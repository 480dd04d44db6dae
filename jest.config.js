/** @type {import('jest').Config} */
// n8n-core logs every node error through its own logger; the tests read errors themselves.
process.env.N8N_LOG_LEVEL = 'silent';

module.exports = {
	testEnvironment: 'node',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'test/tsconfig.json' }] },
	testTimeout: 30000,
	// On two cores jest would run one file at a time; half the suite waits on its sandbox, so two overlap well.
	maxWorkers: 2,
};

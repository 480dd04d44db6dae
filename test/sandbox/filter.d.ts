// Types of the sandbox's filter and sort (filter.js) for the TypeScript tests.
type Row = { [key: string]: unknown };

/** Whether `record` meets a query filter (docs/api.md §4.7). */
export function matches(record: Row, filter: unknown): boolean;

/** The records in the order of a query's `sort`. */
export function sortRecords<T extends Row>(
	records: T[],
	sort: Array<{ attribute: string; direction: 'asc' | 'desc' }> | undefined,
): T[];

// Types of the sandbox's seed (seed.js) for the TypeScript tests.
export const SEED_IDS: Readonly<{
	PEOPLE: string;
	COMPANIES: string;
	HOT_LEADS: string;
	PIPELINE: string;
	ADA_RECORD: string;
	FIRST_COMPANY: string;
	FIRST_ACTIVITY: string;
	FIRST_ENTRY: string;
	OWNER_MEMBER: string;
	LIFECYCLE_CUSTOMER: string;
	ACTIVITY_STATUS_DONE: string;
	LIFECYCLE_ATTRIBUTE: string;
	NICKNAME_ATTRIBUTE: string;
}>;

/** The seed workspace: `records` by collection id. */
export function buildSeed(options?: { people?: number }): {
	records: Record<string, Array<{ [key: string]: unknown }>>;
};

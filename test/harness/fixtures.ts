import type { INode, INodeParameters } from 'n8n-workflow';

import { SEED_IDS } from '../sandbox/seed';

/** Ids of the sandbox's seed data, from the one table in test/sandbox/seed.js. */
export const {
	PEOPLE,
	COMPANIES,
	HOT_LEADS,
	PIPELINE,
	ADA_RECORD,
	FIRST_COMPANY,
	FIRST_ACTIVITY,
	FIRST_ENTRY,
	OWNER_MEMBER,
	ACTIVITY_STATUS_DONE,
	LIFECYCLE_CUSTOMER,
	LIFECYCLE_ATTRIBUTE,
	NICKNAME_ATTRIBUTE,
} = SEED_IDS;

/** A resource locator value "By ID", as n8n stores it in a workflow. */
export const byId = (value: string): INodeParameters[string] => ({ __rl: true, mode: 'id', value });

/** The request headers the records credential must put on every request (docs/api.md §5.1). */
export const recordsAuthHeaders = {
	'x-api-key': 'wr_test_key',
	'x-workspace-id': 'ws_sandbox',
	authorization: 'Bearer wr_test_key',
};

/** The resource mapper's value as the editor stores it, with the schema it loaded (none by default). */
export const mapperValue = (
	mappingMode: 'defineBelow' | 'autoMapInputData',
	value: object | null,
	matchingColumns: string[] = [],
	schema: object[] = [],
) => ({
	mappingMode,
	value,
	matchingColumns,
	schema,
	attemptToConvertTypes: false,
	convertFieldsToString: false,
});

/** The messaging seed (test/sandbox/messaging/seed.js): the first WhatsApp account, and a message sent before. */
export const WHATSAPP_ACCOUNT = '104898309288724';
export const SENT_REQUEST_ID = 'f8df74d1-11fa-4485-b164-b9a65358f4fc';

/** A picker value chosen "From List", as the editor stores it. */
export const fromList = (value: string, cachedResultName = value): INodeParameters[string] => ({
	__rl: true,
	mode: 'list',
	value,
	cachedResultName,
});

/** A node as n8n hands it to a run, for tests of what names it (the door's errors, a trigger). */
export const nodeOfType = (
	type: string,
	parameters: INodeParameters = {},
	name = 'Node',
): INode => ({
	id: name.replace(/\W/g, '-').toLowerCase(),
	name,
	type: `n8n-nodes-workspace-records.${type}`,
	typeVersion: 1,
	position: [0, 0],
	parameters,
});

import type { INodeParameters } from 'n8n-workflow';

/** Ids of the sandbox's seed data (test/sandbox/seed.js). */
export const PEOPLE = 'a00000000000000000000001';
export const COMPANIES = 'a00000000000000000000002';
export const HOT_LEADS = 'a10000000000000000000001';
export const PIPELINE = 'a10000000000000000000002';
export const ADA_RECORD = 'f00000000000000000000001';
export const FIRST_COMPANY = 'f10000000000000000000001';
export const FIRST_ACTIVITY = 'f40000000000000000000001';
export const FIRST_ENTRY = 'f50000000000000000000001';
export const OWNER_MEMBER = 'e00000000000000000000001';
export const ACTIVITY_STATUS_DONE = 'c40000000000000000000003';
export const NICKNAME_ATTRIBUTE = 'd00000000000000000000011';

/** A resource locator value "By ID", as n8n stores it in a workflow. */
export const byId = (value: string): INodeParameters[string] => ({ __rl: true, mode: 'id', value });

/** The request headers the records credential must put on every request (spec §5.1). */
export const recordsAuthHeaders = {
	'x-api-key': 'wr_test_key',
	'x-workspace-id': 'ws_sandbox',
	authorization: 'Bearer wr_test_key',
};

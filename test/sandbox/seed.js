'use strict';
// Deterministic seed data in the shapes of docs/api.md §2. The same options always give the
// same workspace, so tests can name ids and the benchmark can ask for 100,000 people.

const FIRST_NAMES = [
	'Ada',
	'Grace',
	'Alan',
	'Edsger',
	'Barbara',
	'Donald',
	'Frances',
	'Ken',
	'Margaret',
	'Linus',
];
const LAST_NAMES = [
	'Lovelace',
	'Hopper',
	'Turing',
	'Dijkstra',
	'Liskov',
	'Knuth',
	'Allen',
	'Thompson',
	'Hamilton',
	'Torvalds',
];
const JOB_TITLES = ['Engineer', 'Founder', 'Designer', 'Analyst', 'Director'];

/** 24 hex digits, like the service's ids: two for the kind, the rest a counter. */
const objectId = (kind, n) => kind + n.toString(16).padStart(22, '0');

const option = (kind, n, name, color, order) => ({
	_id: objectId(kind, n),
	color,
	name,
	isArchived: false,
	order,
});

const status = (kind, n, name, color, order) => ({
	_id: objectId(kind, n),
	name,
	color,
	order,
	isArchived: false,
	celebrationEnabled: name === 'Won' || name === 'Done',
	statusType: 'normal',
	timeInStatus: null,
});

const MEMBERS = [
	{
		userId: objectId('e0', 1),
		fullName: 'Ada Lovelace',
		email: 'ada@example.com',
		phone: '441234567890',
		userType: 'OWNER',
		userStatus: 'ACTIVE',
		timezone: 'Europe/London',
		deactivated: false,
	},
	{
		userId: objectId('e0', 2),
		fullName: 'Grace Hopper',
		email: 'grace@example.com',
		phone: '12025550143',
		userType: 'ADMIN',
		userStatus: 'INVITED',
		timezone: 'America/New_York',
		deactivated: false,
	},
	{
		userId: objectId('e0', 3),
		fullName: 'Alan Turing',
		email: 'alan@example.com',
		phone: '441234500000',
		userType: 'MEMBER',
		userStatus: 'SUSPENDED',
		timezone: 'Europe/London',
		deactivated: true,
	},
];

const userObject = (member) => ({
	_id: member.userId,
	name: member.fullName,
	avatar: '',
	email: member.email,
});

const OPTIONS = {
	emailValidation: [
		option('b1', 1, 'Valid', '#22c55e', 0),
		option('b1', 2, 'Invalid', '#ef4444', 1),
	],
	source: [
		option('b2', 1, 'Website', '#3b82f6', 0),
		option('b2', 2, 'Referral', '#a855f7', 1),
		option('b2', 3, 'Event', '#f59e0b', 2),
	],
	timezone: [
		option('b3', 1, 'Europe/London', '#64748b', 0),
		option('b3', 2, 'America/New_York', '#64748b', 1),
	],
	industry: [option('b4', 1, 'Software', '#0ea5e9', 0), option('b4', 2, 'Finance', '#14b8a6', 1)],
	priority: [option('b5', 1, 'High', '#ef4444', 0), option('b5', 2, 'Low', '#84cc16', 1)],
};

const STATUSES = {
	lifecycle: [
		status('c1', 1, 'Lead', '#94a3b8', 0),
		status('c1', 2, 'Customer', '#22c55e', 1),
		status('c1', 3, 'Churned', '#ef4444', 2),
	],
	deal: [
		status('c2', 1, 'Open', '#3b82f6', 0),
		status('c2', 2, 'Won', '#22c55e', 1),
		status('c2', 3, 'Lost', '#ef4444', 2),
	],
	project: [status('c3', 1, 'Planned', '#94a3b8', 0), status('c3', 2, 'Running', '#3b82f6', 1)],
	activity: [
		status('c4', 1, 'To Do', '#94a3b8', 0),
		status('c4', 2, 'In Progress', '#3b82f6', 1),
		status('c4', 3, 'Done', '#22c55e', 2),
	],
};

let attributeCounter = 0;
/**
 * An attribute definition in the vendor's shape (docs/api.md §2.9): `apiKeyName` and
 * `inputType`. `options` (select, multiselect, status) and `target` (record references) are
 * the sandbox's own bookkeeping: the server serves the options from their own endpoints
 * (docs/api.md §4.6) and never in the attribute object.
 */
function attribute(
	apiKeyName,
	name,
	inputType,
	{ readOnly = false, isMultiple = false, isRequired = false, ...extra } = {},
) {
	attributeCounter += 1;
	return {
		_id: objectId('d0', attributeCounter),
		apiKeyName,
		inputType,
		name,
		config: {
			currencyDisplayType: null,
			currencyCode: null,
			recordReference: extra.target ? [extra.target] : [],
			aiWizard: null,
			dateDisplayType: null,
		},
		defaultValue: null,
		description: '',
		isEditable: !readOnly,
		isMultiSelect: isMultiple,
		isRequired,
		isUnique: false,
		validation: 'none',
		isSystem: false,
		...extra,
	};
}
const system = (key, name, type, extra = {}) =>
	attribute(key, name, type, { isSystem: true, ...extra });

function buildAttributes() {
	attributeCounter = 0;
	return {
		people: [
			system('name', 'Name', 'text', { isRequired: true }),
			system('firstName', 'First Name', 'text'),
			system('lastName', 'Last Name', 'text'),
			system('jobTitle', 'Job Title', 'text'),
			system('description', 'Description', 'text'),
			system('emails', 'Emails', 'email-address', { isMultiple: true, isUnique: true }),
			system('phoneNumbers', 'Phone Numbers', 'phone-number', { isMultiple: true }),
			system('company', 'Company', 'record-reference', { target: 'company' }),
			system('owner', 'Owner', 'actor-reference'),
			system('emailValidation', 'Email Validation', 'select', { options: OPTIONS.emailValidation }),
			system('source', 'Source', 'select', { options: OPTIONS.source }),
			system('timezone', 'Timezone', 'select', { options: OPTIONS.timezone }),
			system('lastInteraction', 'Last Interaction', 'timestamp'),
			system('createdAt', 'Created At', 'timestamp', { readOnly: true }),
			attribute('leadScore', 'Lead Score', 'number'),
			attribute('lifecycle', 'Lifecycle', 'status', { options: STATUSES.lifecycle }),
			attribute('nickname', 'Nickname', 'text'),
			attribute('newsletter', 'Newsletter', 'checkbox'),
		],
		company: [
			system('name', 'Name', 'text'),
			system('domains', 'Domains', 'domain', { isMultiple: true }),
			system('owner', 'Owner', 'actor-reference'),
			system('createdAt', 'Created At', 'timestamp', { readOnly: true }),
			attribute('employees', 'Employees', 'number'),
			attribute('industry', 'Industry', 'select', { options: OPTIONS.industry }),
		],
		deals: [
			system('name', 'Name', 'text'),
			system('value', 'Value', 'currency'),
			system('stage', 'Stage', 'status', { options: STATUSES.deal }),
			system('company', 'Company', 'record-reference', { target: 'company' }),
			system('owner', 'Owner', 'actor-reference'),
			system('createdAt', 'Created At', 'timestamp', { readOnly: true }),
		],
		custom: [
			system('name', 'Name', 'text'),
			system('createdAt', 'Created At', 'timestamp', { readOnly: true }),
			attribute('budget', 'Budget', 'number'),
			attribute('phase', 'Phase', 'status', { options: STATUSES.project }),
		],
		activity: [
			system('name', 'Name', 'text'),
			system('scheduleAt', 'Schedule At', 'timestamp'),
			system('description', 'Description', 'text'),
			system('associated', 'Associated', 'record-reference'),
			system('assignee', 'Assignee', 'actor-reference'),
			system('status', 'Status', 'status', { options: STATUSES.activity }),
			system('createdAt', 'Created At', 'timestamp', { readOnly: true }),
		],
		hotLeads: [
			attribute('priority', 'Priority', 'select', { options: OPTIONS.priority }),
			attribute('note', 'Note', 'text'),
		],
		pipeline: [attribute('dealSize', 'Deal Size', 'number')],
	};
}

const SEED_START = Date.parse('2026-01-01T00:00:00.000Z');
const HOUR = 3600 * 1000;

/**
 * The seed workspace. `people` sets how many people records there are (the
 * benchmark's size knob); everything else is small and fixed.
 */
function buildSeed({ people = 30 } = {}) {
	const attributes = buildAttributes();
	const collections = {
		people: { _id: objectId('a0', 1), collectionType: 'people', name: 'People', slug: 'people' },
		company: {
			_id: objectId('a0', 2),
			collectionType: 'company',
			name: 'Companies',
			slug: 'companies',
		},
		deals: { _id: objectId('a0', 3), collectionType: 'deals', name: 'Deals', slug: 'deals' },
		custom: {
			_id: objectId('a0', 4),
			collectionType: 'custom',
			name: 'Projects',
			slug: 'projects',
		},
	};
	const owner = (i) => userObject(MEMBERS[i % MEMBERS.length]);
	const createdAt = (i) => new Date(SEED_START + i * HOUR).toISOString();

	const companies = [
		'Analytical Engines',
		'Cobol Works',
		'Enigma Labs',
		'Structured Systems',
		'Kernel Co',
		'Halt Industries',
		'Lambda Ltd',
		'Turing Trust',
	].map((name, i) => ({
		_id: objectId('f1', i + 1),
		name,
		domains: [`${name.toLowerCase().replace(/\s+/g, '')}.example`],
		owner: owner(i),
		createdAt: createdAt(i),
		employees: 10 * (i + 1),
		industry: OPTIONS.industry[i % 2],
	}));

	const peopleRecords = [];
	for (let i = 0; i < people; i++) {
		const firstName = FIRST_NAMES[i % FIRST_NAMES.length];
		const lastName = LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length];
		const company = companies[i % companies.length];
		peopleRecords.push({
			_id: objectId('f0', i + 1),
			name: `${firstName} ${lastName}`,
			firstName,
			lastName,
			jobTitle: JOB_TITLES[i % JOB_TITLES.length],
			description: i % 3 === 0 ? '' : `Met at event ${i % 7}`,
			emails: [`${firstName}.${lastName}${i}@example.com`.toLowerCase()],
			phoneNumbers: i % 4 === 0 ? [] : [`4420${String(7000000 + i)}`],
			company: { _id: company._id, name: company.name, avatar: '' },
			owner: owner(i),
			emailValidation: OPTIONS.emailValidation[i % 5 === 0 ? 1 : 0],
			source: OPTIONS.source[i % 3],
			timezone: OPTIONS.timezone[i % 2],
			share: [],
			lastInteraction: createdAt(i + 24),
			createdAt: createdAt(i),
			leadScore: (i * 7) % 100,
			lifecycle: STATUSES.lifecycle[i % 3],
			nickname: i % 2 === 0 ? `${firstName.toLowerCase()}${i}` : '',
			newsletter: i % 2 === 1,
		});
	}

	const deals = [
		'Engine upgrade',
		'Compiler licence',
		'Codebreaking',
		'Kernel support',
		'Moon landing',
	].map((name, i) => ({
		_id: objectId('f2', i + 1),
		name,
		value: 5000 * (i + 1),
		stage: STATUSES.deal[i % 3],
		company: { _id: companies[i]._id, name: companies[i].name, avatar: '' },
		owner: owner(i),
		createdAt: createdAt(i),
	}));

	const projects = ['Difference Engine', 'Harvard Mark I', 'Bombe'].map((name, i) => ({
		_id: objectId('f3', i + 1),
		name,
		createdAt: createdAt(i),
		budget: 1000 * (i + 1),
		phase: STATUSES.project[i % 2],
	}));

	const activities = [];
	for (let i = 0; i < 12; i++) {
		const done = i % 4 === 3;
		activities.push({
			_id: objectId('f4', i + 1),
			name: ['Call', 'Meeting', 'Follow-up email', 'Coffee'][i % 4] + ` #${i + 1}`,
			scheduleAt: new Date(SEED_START + (i + 48) * HOUR).toISOString(),
			description: `Seeded activity ${i + 1}`,
			associated: peopleRecords.length ? peopleRecords[i % peopleRecords.length]._id : null,
			assignee: i % 3 === 2 ? null : owner(i),
			status: STATUSES.activity[done ? 2 : i % 2],
			sourceDetails: 'api',
			source: OPTIONS.source[0],
			createdBy: owner(0),
			completedTime: done ? new Date(SEED_START + (i + 50) * HOUR).toISOString() : false,
			activityLostReason: null,
			createdAt: createdAt(i),
			iconType: 'interaction',
			iconValue: 'call',
		});
	}

	const lists = [
		{
			_id: objectId('a1', 1),
			name: 'Hot Leads',
			slug: 'hot-leads',
			emoji: '🔥',
			collectionId: collections.people._id,
			duplicationAllowed: false,
			collection: collections.people,
			attributesKey: 'hotLeads',
		},
		{
			_id: objectId('a1', 2),
			name: 'Enterprise Pipeline',
			slug: 'enterprise-pipeline',
			emoji: '🏢',
			collectionId: collections.company._id,
			duplicationAllowed: true,
			collection: collections.company,
			attributesKey: 'pipeline',
		},
	];

	const entries = [];
	const entry = (list, record, kind, i, data) => ({
		_id: objectId('f5', entries.length + 1),
		listId: list._id,
		peopleId: kind === 'people' ? record._id : null,
		companyId: kind === 'company' ? record._id : null,
		dealId: null,
		recordId: record._id,
		owner: MEMBERS[0].userId,
		createdAt: createdAt(i),
		updatedAt: createdAt(i),
		__v: 0,
		...data,
	});
	peopleRecords.slice(0, 6).forEach((person, i) =>
		entries.push(
			entry(lists[0], person, 'people', i, {
				priority: OPTIONS.priority[i % 2],
				note: `Lead ${i + 1}`,
			}),
		),
	);
	companies
		.slice(0, 3)
		.forEach((company, i) =>
			entries.push(entry(lists[1], company, 'company', i, { dealSize: 1000 * (i + 1) })),
		);

	return {
		members: MEMBERS.map((m) => ({ workspaceId: 'ws_sandbox', avatar: '', ...m })),
		collections,
		attributes,
		records: {
			[collections.people._id]: peopleRecords,
			[collections.company._id]: companies,
			[collections.deals._id]: deals,
			[collections.custom._id]: projects,
			'activity-list': activities,
		},
		lists,
		entries,
	};
}

/**
 * The ids of the default seed that tests name, in one place: every suite (jest, e2e, ui,
 * queue, mcp, bench) imports them from here.
 */
const SEED_IDS = Object.freeze({
	PEOPLE: objectId('a0', 1),
	COMPANIES: objectId('a0', 2),
	HOT_LEADS: objectId('a1', 1),
	PIPELINE: objectId('a1', 2),
	ADA_RECORD: objectId('f0', 1),
	FIRST_COMPANY: objectId('f1', 1),
	FIRST_ACTIVITY: objectId('f4', 1),
	FIRST_ENTRY: objectId('f5', 1),
	OWNER_MEMBER: objectId('e0', 1),
	LIFECYCLE_CUSTOMER: objectId('c1', 2),
	ACTIVITY_STATUS_DONE: objectId('c4', 3),
	LIFECYCLE_ATTRIBUTE: objectId('d0', 0x10),
	NICKNAME_ATTRIBUTE: objectId('d0', 0x11),
});

module.exports = { buildSeed, objectId, userObject, MEMBERS, OPTIONS, SEED_IDS, STATUSES };
